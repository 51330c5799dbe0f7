"""The rules for callers that hold ``Card`` objects and ``Seat`` values.

Each function here converts to card sets and calls the one implementation in
``kernel``; the variants (``RuleSet`` and its choices) are in ``variants``. Both
are re-exported, so ``games.engine.rules`` is the whole rule book at card level.
"""

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
    """The seat that receives ``seat``'s pass (``kernel.pass_target``). Raises
    ``ValueError`` on a hold hand."""
    return Seat(kernel.pass_target(seat, direction))


def pass_source(seat: Seat, direction: PassDirection) -> Seat:
    """The seat whose pass ``seat`` receives (``kernel.pass_source``). Raises
    ``ValueError`` on a hold hand."""
    return Seat(kernel.pass_source(seat, direction))


def legal_plays(
    holding: Iterable[Card],
    led_suit: Suit | None,
    *,
    is_first_trick: bool,
    hearts_broken: bool,
    rules: RuleSet,
) -> list[Card]:
    """The cards of ``holding`` that may be played now, in the holding's order
    (``kernel.legal_play``); ``led_suit`` is None when the seat leads."""
    cards = list(holding)
    legal, _ = kernel.legal_play(mask_of(cards), 0 if led_suit is None else SUIT_MASKS[led_suit],
                                 is_first_trick, hearts_broken, rules.first_trick_points)
    return [card for card in cards if legal >> card.index & 1]


def trick_winner(leader: Seat, cards: Sequence[Card]) -> Seat:
    """The seat whose card wins a trick led by ``leader`` (``kernel.winning_position``);
    ``cards`` are in play order, the leader's first (so far, for a trick in progress)."""
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
    """``(seat, total, place)`` for every seat, lowest total first; tied seats share a
    place (``kernel.standings``)."""
    return [(Seat(seat), total, place) for seat, total, place in kernel.standings(totals)]
