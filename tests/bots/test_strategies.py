"""Bot strategies: always legal, and the easy bot's habits."""

from __future__ import annotations

from random import Random

import pytest

from bots.strategies import LEVELS, choose_command
from games.engine import (
    DealHand,
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    legal_cards,
    parse_cards,
    seat_view,
)

from ..engine.helpers import D1, HOLD, Table

N, E, S, W = Seat


# Legality does not depend on how long the expert searches: keep its moves quick here.
SEARCH_BUDGET_MS = 1.0


class NeverRandom(Random):
    """A generator whose ``random()`` is always high: the easy bot never picks at random."""

    def random(self) -> float:
        return 0.99


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_move_is_legal_over_whole_matches(level: str) -> None:
    decisions = 0
    for seed in range(6):
        rng = Random(seed)
        table = Table(rules=RuleSet(), deal_now=False)
        table.deal(seed)
        while (state := table.now).phase is not Phase.FINISHED:
            if state.phase is Phase.DEALING:
                table.do(DealHand(rng.getrandbits(63)))
                continue
            seat = state.to_act[0]
            view = seat_view(state, seat)
            command = choose_command(level, view, rng, budget_ms=SEARCH_BUDGET_MS)
            if isinstance(command, PassCards):
                assert len(set(command.cards)) == 3
                assert set(command.cards) <= set(state.hand.holdings[seat])
            else:
                assert isinstance(command, PlayCard)
                assert command.card in legal_cards(state, seat)
            assert command.seat == seat
            table.do(command)
            decisions += 1
    assert decisions > 2000


def test_easy_passes_its_three_highest_cards() -> None:
    table = Table(D1, rules=RuleSet())
    command = choose_command("easy", seat_view(table.now, W), NeverRandom())
    assert command == PassCards(W, tuple(parse_cards(["AS", "AD", "AC"])))


def test_easy_follows_with_its_lowest_card_of_the_suit_led() -> None:
    table = Table(D1, rules=HOLD)
    table.play("N 2C, E 8D, S 4S")
    command = choose_command("easy", seat_view(table.now, W), NeverRandom())
    assert command == PlayCard(W, parse_cards(["JC"])[0])


def test_easy_discards_its_highest_card_when_void() -> None:
    table = Table(D1, rules=HOLD)
    table.play("N 2C")
    # East is void in clubs; on the first trick only 6D 7D 8D 2S 3S are legal: highest is 8D.
    command = choose_command("easy", seat_view(table.now, E), NeverRandom())
    assert command == PlayCard(E, parse_cards(["8D"])[0])


def test_easy_leads_its_lowest_legal_card() -> None:
    table = Table(D1, rules=HOLD)
    table.play("N 2C, E 8D, S 10S, W JC")
    # West won trick 1 and leads; hearts are unbroken, its lowest card is 9D.
    command = choose_command("easy", seat_view(table.now, W), NeverRandom())
    assert command == PlayCard(W, parse_cards(["9D"])[0])


def test_easy_plays_a_random_card_about_one_time_in_four() -> None:
    table = Table(D1, rules=HOLD)
    table.play("N 2C")
    view = seat_view(table.now, E)
    rng = Random(7)
    habit = PlayCard(E, parse_cards(["8D"])[0])
    off_habit = sum(choose_command("easy", view, rng) != habit for _ in range(4000))
    # A random pick is one of 5 legal cards, 4 of them off habit: expect 4000 * 0.25 * 0.8.
    assert 650 < off_habit < 950


def test_a_bot_refuses_to_move_when_its_seat_has_nothing_to_do() -> None:
    table = Table(D1, rules=HOLD)
    with pytest.raises(ValueError):
        choose_command("easy", seat_view(table.now, E), Random(1))
