"""Exact search of the last tricks of one deal whose every card is known.

*Paranoid* alpha-beta (Sturtevant): the searching seat plays for the best utility, the
other three together for the worst, over every distinct legal card to the end of the hand,
with a transposition table at each trick's start keyed by the position up to rank
equivalence (docs/adr/0111-endgame-transpositions.md).
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.kernel import (
    DIAMONDS,
    HEARTS,
    JACK_OF_DIAMONDS_BIT,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    SUIT_MASK_BY_ORDER,
)
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


Key = tuple[int, ...]


def position_key(hand: PlayoutHand) -> Key:
    """``hand`` at a trick's start, up to rank equivalence: for each suit, which seat holds
    each of its cards still out, in rank order; where QS and JD lie among them; the seat to
    lead; whether hearts are broken; each seat's hearts, QS and JD taken; and the seat that
    has won every trick so far (what ``kernel.score_hand`` can tell apart)."""
    h0, h1, h2, _ = holdings = hand.holdings
    out = h0 | h1 | h2 | holdings[3]
    key = [hand.to_play, hand.hearts_broken,
           (out & SPADES & (QUEEN_OF_SPADES_BIT - 1)).bit_count() if out & QUEEN_OF_SPADES_BIT else -1,
           (out & DIAMONDS & (JACK_OF_DIAMONDS_BIT - 1)).bit_count() if out & JACK_OF_DIAMONDS_BIT else -1]
    for suit in SUIT_MASK_BY_ORDER:
        cards = out & suit
        owners = 1
        while cards:
            bit = cards & -cards
            cards ^= bit
            owners = owners << 2 | (0 if h0 & bit else 1 if h1 & bit else 2 if h2 & bit else 3)
        key.append(owners)
    for taken in hand.taken:
        key.append((taken & HEARTS).bit_count() << 2 | bool(taken & QUEEN_OF_SPADES_BIT) << 1
                   | bool(taken & JACK_OF_DIAMONDS_BIT))
    tricks = hand.trick_number - 1
    key.append(hand.tricks_won.index(tricks) if tricks in hand.tricks_won else -1)
    return tuple(key)


class Solver:
    """Paranoid alpha-beta for ``seat`` with ``utility`` at the end of the hand (a function
    of what ``kernel.score_hand`` reads: the penalty cards and tricks each seat took);
    ``nodes`` and ``leaves`` count the positions visited and the finished hands scored. Its
    table of bounds serves the positions of any deal under one set of rules (which the key
    leaves out, as it does the utility)."""

    def __init__(self, seat: int, utility: Utility) -> None:
        self.seat = seat
        self.utility = utility
        self.nodes = 0
        self.leaves = 0
        self.table: dict[Key, tuple[float, float]] = {}

    def value(self, hand: PlayoutHand, alpha: float = float("-inf"),
              beta: float = float("inf")) -> float:
        """The utility ``hand`` (not changed) ends with under best play: ``seat`` for
        itself, the others against it; outside ``(alpha, beta)`` a bound on that side."""
        self.nodes += 1
        if hand.trick_number > 13:
            self.leaves += 1
            return self.utility(hand)
        key = None
        low, high = float("-inf"), float("inf")
        if not hand.led_suit_mask:
            key = position_key(hand)
            low, high = self.table.get(key, (low, high))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        holdings = hand.holdings
        others = sum(holdings) - holdings[hand.to_play]
        if hand.led_suit_mask:  # (leading, trick_cards is the last trick's, taken)
            others |= hand.trick_cards
        maximizing = hand.to_play == self.seat
        for bit in reversed(distinct(hand.legal(), others)):  # the highest first: fewer nodes
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
        value = alpha if maximizing else beta
        if key is not None:  # within the window exact, else a bound on the side it fell
            if value > window[0]:
                low = max(low, value)
            if value < window[1]:
                high = min(high, value)
            self.table[key] = low, high
        return value
