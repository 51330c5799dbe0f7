"""The ``kernel``'s rules for callers holding ``Card``s and ``Seat``s, with the variants re-exported."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import kernel
from .cards import Card, Seat, Suit
from .kernel import (
    SUIT_MASKS,
    EndedBy,
    HandScore,
    end_begins,
    mask_of,
    match_ends,
    pass_direction,
)
from .variants import MoonScoring, PassDirection, RuleSet, RuleSetError, TiePolicy

__all__ = [
    "EndedBy", "HandScore", "MoonScoring", "PassDirection", "RuleSet", "RuleSetError", "TiePolicy",
    "end_begins", "legal_plays", "match_ends", "pass_direction", "pass_source", "pass_target",
    "penalty_points", "score_hand", "standings", "trick_winner",
]


def pass_target(seat: Seat, direction: PassDirection) -> Seat:
    """``kernel.pass_target`` for a ``Seat``."""
    return Seat(kernel.pass_target(seat, direction))


def pass_source(seat: Seat, direction: PassDirection) -> Seat:
    """``kernel.pass_source`` for a ``Seat``."""
    return Seat(kernel.pass_source(seat, direction))


def legal_plays(
    holding: Iterable[Card],
    led_suit: Suit | None,
    *,
    is_first_trick: bool,
    hearts_broken: bool,
    rules: RuleSet,
) -> list[Card]:
    """``kernel.legal_play``'s cards, in the holding's order; ``led_suit`` None on a lead."""
    cards = list(holding)
    legal, _ = kernel.legal_play(mask_of(cards), 0 if led_suit is None else SUIT_MASKS[led_suit],
                                 is_first_trick, hearts_broken, rules.first_trick_points)
    return [card for card in cards if legal >> card.index & 1]


def trick_winner(leader: Seat, cards: Sequence[Card]) -> Seat:
    """The seat winning (so far) a trick led by ``leader`` with ``cards`` in play order."""
    return leader.next(kernel.winning_position([1 << card.index for card in cards]))


def penalty_points(cards: Iterable[Card]) -> int:
    """Penalty points in ``cards`` (``kernel.penalty_points_of``)."""
    return kernel.penalty_points_of(mask_of(cards))


def score_hand(
    taken: Sequence[Iterable[Card]],
    tricks_won: Sequence[int],
    totals: Sequence[int],
    rules: RuleSet,
    *,
    hand_number: int,
    end_started_after: int | None,
) -> HandScore:
    """Score a hand from the cards each seat took (``kernel.score_hand``)."""
    return kernel.score_hand([mask_of(cards) for cards in taken], tricks_won, totals, rules,
                             hand_number=hand_number, end_started_after=end_started_after)


def standings(totals: Sequence[int]) -> list[tuple[Seat, int, int]]:
    """``kernel.standings`` with ``Seat``s."""
    return [(Seat(seat), total, place) for seat, total, place in kernel.standings(totals)]
