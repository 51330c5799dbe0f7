"""Bot strategies: always legal, and the easy bot's habits."""

from __future__ import annotations

from random import Random

import pytest

from bots.strategies import LEVELS, choose_command
from games.engine import (
    CreateMatch,
    DealHand,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    TakeSeat,
    decide,
    evolve,
    legal_cards,
    parse_cards,
    seat_view,
)
from games.engine.decider import check_deal


class NeverRandom(Random):
    """A generator whose ``random()`` is always high: the easy bot never picks at random."""

    def random(self) -> float:
        return 0.99


STANDARD = RuleSet()


def start(rules: RuleSet = STANDARD, deals: tuple = (), seed: int = 1) -> MatchState:
    state = evolve(None, decide(None, CreateMatch(rules, deals))[0])
    for seat in Seat:
        (event,) = decide(state, TakeSeat(seat, bot_level="easy"))
        state = evolve(state, event)
    for event in decide(state, DealHand(seed)):
        state = evolve(state, event)
    return state


def run(state: MatchState, command) -> MatchState:
    for event in decide(state, command):
        state = evolve(state, event)
    return state


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_move_is_legal_over_whole_matches(level: str) -> None:
    decisions = 0
    for seed in range(6):
        rng = Random(seed)
        state = start(seed=seed)
        while state.phase is not Phase.FINISHED:
            if state.phase is Phase.DEALING:
                state = run(state, DealHand(rng.getrandbits(63)))
                continue
            seat = state.to_act[0]
            view = seat_view(state, seat)
            command = choose_command(level, view, rng)
            if isinstance(command, PassCards):
                assert len(set(command.cards)) == 3
                assert set(command.cards) <= set(state.hand.holdings[seat])
            else:
                assert isinstance(command, PlayCard)
                assert command.card in legal_cards(state, seat)
            assert command.seat == seat
            state = run(state, command)
            decisions += 1
    assert decisions > 2000


DEAL = check_deal([parse_cards(h.split()) for h in (
    "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D",
    "6D 7D 8D 2S 3S QS 2H 3H 4H 5H 6H 7H 8H",
    "4S 5S 6S 7S 8S 9S 10S 9H 10H JH QH KH AH",
    "JC QC KC AC 9D 10D JD QD KD AD JS KS AS",
)])
N, E, S, W = Seat


def test_easy_passes_its_three_highest_cards() -> None:
    state = start(deals=(DEAL,))
    command = choose_command("easy", seat_view(state, W), NeverRandom())
    assert command == PassCards(W, tuple(parse_cards(["AS", "AD", "AC"])))


def test_easy_follows_with_its_lowest_card_of_the_suit_led() -> None:
    state = start(RuleSet(pass_rotation=(PassDirection.HOLD,)), deals=(DEAL,))
    state = run(state, PlayCard(N, parse_cards(["2C"])[0]))
    state = run(state, PlayCard(E, parse_cards(["8D"])[0]))
    state = run(state, PlayCard(S, parse_cards(["4S"])[0]))
    command = choose_command("easy", seat_view(state, W), NeverRandom())
    assert command == PlayCard(W, parse_cards(["JC"])[0])


def test_easy_discards_its_highest_card_when_void() -> None:
    state = start(RuleSet(pass_rotation=(PassDirection.HOLD,)), deals=(DEAL,))
    state = run(state, PlayCard(N, parse_cards(["2C"])[0]))
    # East is void in clubs; on the first trick only 6D 7D 8D 2S 3S are legal: highest is 8D.
    command = choose_command("easy", seat_view(state, E), NeverRandom())
    assert command == PlayCard(E, parse_cards(["8D"])[0])


def test_easy_leads_its_lowest_legal_card() -> None:
    state = start(RuleSet(pass_rotation=(PassDirection.HOLD,)), deals=(DEAL,))
    for play in (("2C", N), ("8D", E), ("10S", S), ("JC", W)):
        state = run(state, PlayCard(play[1], parse_cards([play[0]])[0]))
    # West won trick 1 and leads; hearts are unbroken, its lowest card is 9D.
    command = choose_command("easy", seat_view(state, W), NeverRandom())
    assert command == PlayCard(W, parse_cards(["9D"])[0])


def test_easy_plays_a_random_card_about_one_time_in_four() -> None:
    state = start(RuleSet(pass_rotation=(PassDirection.HOLD,)), deals=(DEAL,))
    state = run(state, PlayCard(N, parse_cards(["2C"])[0]))
    view = seat_view(state, E)
    rng = Random(7)
    habit = PlayCard(E, parse_cards(["8D"])[0])
    off_habit = sum(choose_command("easy", view, rng) != habit for _ in range(4000))
    # A random pick is one of 5 legal cards, 4 of them off habit: expect 4000 * 0.25 * 0.8.
    assert 650 < off_habit < 950


def test_a_bot_refuses_to_move_when_its_seat_has_nothing_to_do() -> None:
    state = start(RuleSet(pass_rotation=(PassDirection.HOLD,)), deals=(DEAL,))
    with pytest.raises(ValueError):
        choose_command("easy", seat_view(state, E), Random(1))
