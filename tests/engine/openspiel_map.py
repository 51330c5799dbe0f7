"""Our engine's names for OpenSpiel's Hearts: card numbers, pass directions, game parameters.

Used by the differential test (tests/engine/test_openspiel_differential.py, whose
docstring explains each mapping and checks it against OpenSpiel) and by
benchmarks/ismcts_duplicate.py. Imports no OpenSpiel: only the numbers and names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import DECK, Card, PassDirection, RuleSet, Suit
from games.engine.variants import MoonScoring

# OpenSpiel's suit numbers (hearts.h, ``enum class Suit``).
_OPENSPIEL_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
# OpenSpiel's card (= action) number for each of our cards, indexed by ``Card.index``.
OPENSPIEL_CARD = [(card.rank - 2) * 4 + _OPENSPIEL_SUIT[card.suit] for card in DECK]
CARD_OF_OPENSPIEL = {number: card for card, number in zip(DECK, OPENSPIEL_CARD, strict=True)}
# OpenSpiel's pass-direction chance action (hearts.h, ``enum class PassDir``): player p
# passes to (p + action) % 4, as ours passes to the seat that many places clockwise.
OPENSPIEL_PASS_DIRECTION = {
    PassDirection.HOLD: 0, PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3,
}


def openspiel_parameters(rules: RuleSet) -> dict[str, Any]:
    """The OpenSpiel game parameters of ``rules``' hands, every one of them set.

    Raises ``ValueError`` for rules OpenSpiel has no counterpart of (``pass_count`` other
    than 3, ``shoot_the_sun``, a moon scored other than ``add_to_others``); totals,
    target and ties do not matter, as an OpenSpiel game is one hand.
    """
    is_passing = any(direction is not PassDirection.HOLD for direction in rules.pass_rotation)
    if ((is_passing and rules.pass_count != 3) or rules.shoot_the_sun
            or rules.moon_scoring is not MoonScoring.ADD_TO_OTHERS):
        raise ValueError(f"OpenSpiel's Hearts has no counterpart of {rules}")
    return {
        "pass_cards": is_passing,
        "no_pts_on_first_trick": not rules.first_trick_points,
        "jd_bonus": rules.jack_of_diamonds == -10,
        "qs_breaks_hearts": rules.queen_breaks_hearts,
        "must_break_hearts": True,
        "can_lead_any_club": False,
        "can_lead_hearts_instead_of_qs": False,
        "avoid_all_tricks_bonus": False,
    }


def openspiel_deal_actions(holdings: Sequence[Sequence[Card]]) -> list[int]:
    """The 52 chance actions dealing ``holdings`` (seat s's cards, s = OpenSpiel's player
    s): OpenSpiel deals its k-th card to player k % 4."""
    return [OPENSPIEL_CARD[holdings[k % 4][k // 4].index] for k in range(52)]
