"""Exact search of the last tricks of one deal whose every card is known.

*Paranoid* alpha-beta (Sturtevant): the searching seat plays for the best utility, the
other three together for the worst, over every distinct legal card to the end of the hand.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.kernel import JACK_OF_DIAMONDS_BIT, QUEEN_OF_SPADES_BIT, SUIT_MASK_BY_ORDER
from games.engine.playout import PlayoutHand

Utility = Callable[[PlayoutHand], float]
_SPECIAL = QUEEN_OF_SPADES_BIT | JACK_OF_DIAMONDS_BIT  # never equivalent to a neighbour


def distinct(legal: int, others: int) -> list[int]:
    """The cards of ``legal`` worth trying, lowest first: of cards of a suit with no card of
    ``others`` between them, only the lowest (QS and JD always count as their own)."""
    kept = []
    for suit in SUIT_MASK_BY_ORDER:
        cards = legal & suit
        previous = 0
        while cards:
            bit = cards & -cards
            cards ^= bit
            between = others & (bit - 1) & ~((previous << 1) - 1)
            if not previous or between or bit & _SPECIAL or previous & _SPECIAL:
                kept.append(bit)
            previous = bit
    return kept


class Solver:
    """Paranoid alpha-beta for ``seat`` with ``utility`` at the end of the hand; ``nodes`` and
    ``leaves`` count the positions visited and the finished hands scored."""

    def __init__(self, seat: int, utility: Utility) -> None:
        self.seat = seat
        self.utility = utility
        self.nodes = 0
        self.leaves = 0

    def value(self, hand: PlayoutHand, alpha: float = float("-inf"),
              beta: float = float("inf")) -> float:
        """The utility ``hand`` (not changed) ends with under best play: ``seat`` for
        itself, the others against it."""
        self.nodes += 1
        if hand.trick_number > 13:
            self.leaves += 1
            return self.utility(hand)
        holdings = hand.holdings
        others = sum(holdings) - holdings[hand.to_play]
        if hand.led_suit_mask:  # (leading, trick_cards is the last trick's, taken)
            others |= hand.trick_cards
        maximizing = hand.to_play == self.seat
        for bit in distinct(hand.legal(), others):
            child = hand.copy()
            child.play(bit)
            value = self.value(child, alpha, beta)
            if maximizing:
                if value > alpha:
                    alpha = value
            elif value < beta:
                beta = value
            if alpha >= beta:
                break
        return alpha if maximizing else beta
