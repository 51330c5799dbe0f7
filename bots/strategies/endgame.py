"""Exact search of the last tricks of one deal whose every card is known.

Once few cards are left, the expert stops playing each sampled deal out with a policy
and solves it: every seat's every distinct legal card, to the end of the hand. It is
*paranoid* search (Sturtevant's term): the searching seat takes the card with the best
utility for itself, and the other three together the card with the worst, by alpha-beta.
Pessimistic where opponents are not allies, but exact where a policy errs: it sees the
one card that stops a moon, or the squeeze that lands the queen elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.kernel import JACK_OF_DIAMONDS_BIT, QUEEN_OF_SPADES_BIT, SUIT_MASK_BY_ORDER
from games.engine.playout import PlayoutHand

Utility = Callable[[PlayoutHand], float]
_SPECIAL = QUEEN_OF_SPADES_BIT | JACK_OF_DIAMONDS_BIT  # never equivalent to a neighbour


def distinct(legal: int, others: int) -> list[int]:
    """The cards of ``legal`` worth trying, lowest first: of cards in one suit with no card
    of ``others`` (the cards still held by any other seat or on the open trick) ranked
    between them, only the lowest, since they win and lose the same tricks (QS and JD,
    which score, always count as their own)."""
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
    """Paranoid alpha-beta for ``seat`` with ``utility`` at the end of the hand.
    ``nodes`` counts the positions visited and ``leaves`` the finished hands scored
    (the search's work)."""

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
