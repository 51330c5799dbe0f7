"""Perft counts that pin the move generator: how many card sequences the first trick of
each fixture deal allows, and how many distinct passes 13 cards give.

The numbers are worked out by hand from the rules (docs/rules.md, "A hand", steps 3 to
5) and pinned. On trick 1 the 2C holder leads 2C and clubs are led, so each follower's
choices do not depend on the others' and the count is the product of three numbers of
cards: a follower holding clubs plays one of them; a follower void in clubs plays any
card but hearts and QS (all of them when it holds nothing else, or with
``first_trick_points``). Two enumerations count the sequences: ``decide`` on the
immutable path, offered every card of the pack at every turn, and ``PlayoutHand`` on
the bit-mask path, from its ``legal`` masks; both must find the pinned number, and the
same sequences.
"""

from __future__ import annotations

from itertools import product

import pytest

from games.engine import (
    DECK,
    Card,
    Command,
    IllegalMove,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    decide,
    evolve,
    parse_deal,
)
from games.engine.kernel import cards_of, mask_of
from games.engine.playout import PlayoutHand

from .helpers import (
    D1,
    D1_ROTATED,
    D2,
    D2V,
    D3,
    D4,
    D4_CONTROL,
    D5,
    HOLD,
    R10_DEAL,
    SPLIT_2_24,
    N,
    Table,
)

FIRST_TRICK_POINTS = RuleSet(pass_rotation=(PassDirection.HOLD,), first_trick_points=True)

# deal: (sequences, sequences with first_trick_points), each the three followers' choices
# in play order.
FIRST_TRICKS = {
    # E void in clubs: 6D 7D 8D 2S 3S (of 13); S void: seven spades (of 13); W: four clubs.
    "D1": (D1, 5 * 7 * 4, 13 * 13 * 4),
    # D1 a seat on: W leads, and N, E, S have D1's E, S and W cards.
    "D1_ROTATED": (D1_ROTATED, 5 * 7 * 4, 13 * 13 * 4),
    # E holds only QS and hearts: any of 13; S and W three clubs each.
    "D2": (D2, 13 * 3 * 3, 13 * 3 * 3),
    # E void in clubs, holding 7D and QS and hearts: 7D alone (of 13).
    "D2V": (D2V, 1 * 3 * 3, 13 * 3 * 3),
    # E four clubs; S only hearts: any of 13; W five clubs.
    "D3": (D3, 4 * 13 * 5, 4 * 13 * 5),
    # Three clubs each.
    "D4": (D4, 3 * 3 * 3, 3 * 3 * 3),
    "D4_CONTROL": (D4_CONTROL, 3 * 3 * 3, 3 * 3 * 3),
    # N holds every club; E's six diamonds, S's three diamonds and five spades, W's four
    # diamonds and seven spades (of 13 each).
    "D5": (D5, 6 * 8 * 11, 13 * 13 * 13),
    # E six clubs, S and W three each.
    "R10_DEAL": (R10_DEAL, 6 * 3 * 3, 6 * 3 * 3),
    # E and S three clubs each, W five.
    "SPLIT_2_24": (SPLIT_2_24, 3 * 3 * 5, 3 * 3 * 5),
}


def _after(state: MatchState, command: Command) -> MatchState | None:
    """The state after ``command``, or None when ``decide`` refuses it."""
    try:
        events = decide(state, command)
    except IllegalMove:
        return None
    for event in events:
        state = evolve(state, event)
    return state


def first_tricks_by_decide(state: MatchState) -> set[tuple[Card, ...]]:
    """Every first trick ``decide`` accepts from ``state``: each of the 52 cards offered to
    the seat on turn, each accepted one followed until the trick is taken."""
    hand = state.hand
    assert hand is not None and hand.trick is not None
    if hand.trick.number > 1:
        return {()}
    seat = state.to_act[0]
    found: set[tuple[Card, ...]] = set()
    for card in DECK:
        after = _after(state, PlayCard(seat, card))
        if after is not None:
            found |= {(card, *rest) for rest in first_tricks_by_decide(after)}
    return found


def first_tricks_by_playout(playout: PlayoutHand) -> set[tuple[Card, ...]]:
    """Every first trick of ``PlayoutHand``, each card of its ``legal`` mask in turn."""
    if playout.trick_number > 1:
        return {()}
    found: set[tuple[Card, ...]] = set()
    for card in cards_of(playout.legal()):
        branch = playout.copy()
        branch.play(1 << card.index)
        found |= {(card, *rest) for rest in first_tricks_by_playout(branch)}
    return found


@pytest.mark.parametrize("rules", [HOLD, FIRST_TRICK_POINTS], ids=["standard", "first_trick_points"])
@pytest.mark.parametrize("name", FIRST_TRICKS)
def test_first_trick_sequences_of_each_fixture_deal(name: str, rules: RuleSet) -> None:
    text, standard, with_points = FIRST_TRICKS[name]
    expected = with_points if rules.first_trick_points else standard
    by_decide = first_tricks_by_decide(Table(text, rules=rules).now)
    by_playout = first_tricks_by_playout(PlayoutHand([mask_of(h) for h in parse_deal(text)], rules))
    assert len(by_decide) == expected
    assert by_playout == by_decide


@pytest.mark.parametrize(("pass_count", "ordered", "distinct"), [
    (1, 13, 13),
    (2, 13 * 12, 78),
    (3, 13 * 12 * 11, 286),
    (4, 13 * 12 * 11 * 10, 715),
])
def test_passes_of_13_cards(pass_count: int, ordered: int, distinct: int) -> None:
    """Every list of ``pass_count`` cards of the holding, repeats included, offered to
    ``decide``: it accepts exactly those naming distinct cards, C(13, pass_count) sets."""
    state = Table(D1, rules=RuleSet(pass_rotation=(PassDirection.LEFT,), pass_count=pass_count)).now
    assert state.phase is Phase.PASSING and state.hand is not None
    accepted = [cards for cards in product(state.hand.holdings[N], repeat=pass_count)
                if _after(state, PassCards(N, cards)) is not None]
    assert len(accepted) == ordered
    assert len({frozenset(cards) for cards in accepted}) == distinct
