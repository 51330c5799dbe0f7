"""Fast card-playing policies on bit masks, for the expert's play-outs.

A policy is ``policy(hand, legal) -> bit``: the card (a one-bit mask) the seat on turn in
``hand`` plays from ``legal``, using only what that seat could know. ``quick_pass`` passes.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.kernel import (
    HEARTS,
    JACK_OF_DIAMONDS_BIT,
    PENALTY_CARDS,
    QUEEN_OF_SPADES_BIT,
    SPADES,
    cards_as_bits,
    mask_of,
    penalty_points_of,
)
from games.engine.playout import PlayoutHand

from . import memory
from .medium import QUEEN_GUARDS
from .memory import MOON_RUN_POINTS, MOON_RUN_TRICKS

Policy = Callable[[PlayoutHand, int], int]

HIGH_SPADES = mask_of(memory.HIGH_SPADES)  # AS, KS
LOW_SPADES = SPADES & (QUEEN_OF_SPADES_BIT - 1)  # 2S..JS: the queen's guards
HIGH_HEARTS = HEARTS & ~((1 << 48) - 1)  # 10H..AH (hearts are bits 39..51)


def _highest(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


def _ranks(mask: int) -> int:
    """The ranks present in ``mask`` in any suit, as a 13-bit mask (bit 0: a two)."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF


def _lowest_ranked(mask: int) -> int:
    """The card of lowest rank in a non-empty ``mask`` (clubs first between equal ranks)."""
    low = _ranks(mask)
    low &= -low
    for shift in (0, 13, 26, 39):
        if mask & low << shift:
            return low << shift
    raise ValueError("no card")


def _highest_ranked(mask: int) -> int:
    """The card of highest rank in a non-empty ``mask`` (hearts first between equal ranks)."""
    high = 1 << (_ranks(mask).bit_length() - 1)
    for shift in (39, 26, 13, 0):
        if mask & high << shift:
            return high << shift
    raise ValueError("no card")


def avoid_policy(hand: PlayoutHand, legal: int) -> int:
    """A point-avoiding play with the hard bot's habits: lead to flush the queen or low (not
    QS, AS, KS); duck under the winner, else win with the highest but QS (the lowest when
    points lie in an unfinished trick); void, dump QS, high spades, high hearts; against
    another seat's moon run (``_moon_runner``), lead the top heart or no heart, and beat the
    runner to tricks giving it no points. Never throws JD under its variant."""
    led = hand.led_suit_mask
    if not led:
        runner = _moon_runner(hand)
        if runner >= 0 and runner != hand.to_play:
            holdings = hand.holdings
            hearts_out = (holdings[0] | holdings[1] | holdings[2] | holdings[3]) & HEARTS
            top_heart = _highest(hearts_out) if hearts_out else 0
            if legal & top_heart:
                return top_heart
            legal = legal & ~HEARTS or legal
        taken = hand.taken
        if not (taken[0] | taken[1] | taken[2] | taken[3] | legal) & QUEEN_OF_SPADES_BIT:
            # The queen is out elsewhere: holding no AS or KS, flush her with a spade.
            low_spades = legal & LOW_SPADES
            if low_spades and not hand.holdings[hand.to_play] & HIGH_SPADES:
                return _highest(low_spades)
        safe = legal & ~(HIGH_SPADES | QUEEN_OF_SPADES_BIT)
        return _lowest_ranked(safe or legal)
    runner = _moon_runner(hand)
    defending = runner >= 0 and runner != hand.to_play and hand.winner == runner
    following = legal & led
    if following:
        if defending:
            above = following & ~((hand.winning_bit << 1) - 1)
            if above:
                return above & -above
        below = following & (hand.winning_bit - 1)
        if hand.jack_of_diamonds and below & JACK_OF_DIAMONDS_BIT:
            below &= ~JACK_OF_DIAMONDS_BIT
            if below:
                return _highest(below)
            return _highest(following)  # JD would go to the winner: win over it instead
        if below:
            return _highest(below)
        if hand.trick_cards.bit_count() == 3 or not hand.trick_cards & PENALTY_CARDS:
            # Winning anyway: with the highest card, but never with its own queen.
            return _highest(following & ~QUEEN_OF_SPADES_BIT or following)
        return following & -following
    if hand.jack_of_diamonds:
        legal = legal & ~JACK_OF_DIAMONDS_BIT or legal
    if defending:
        return _highest_ranked(legal & ~PENALTY_CARDS or legal)
    if legal & QUEEN_OF_SPADES_BIT:
        return QUEEN_OF_SPADES_BIT
    high_spades = legal & HIGH_SPADES
    holdings = hand.holdings
    if high_spades and (holdings[0] | holdings[1] | holdings[2] | holdings[3]) & QUEEN_OF_SPADES_BIT:
        return _highest(high_spades)
    if legal & HEARTS:
        return _highest(legal & HEARTS)
    return _highest_ranked(legal)


def _moon_runner(hand: PlayoutHand) -> int:
    """The seat on a moon run (``memory.is_moon_run``, read off the masks), or -1."""
    if hand.trick_number <= MOON_RUN_TRICKS:  # the common case, cheaply
        return -1
    taken = hand.taken
    points = (taken[0] | taken[1] | taken[2] | taken[3]) & PENALTY_CARDS
    if not points & HEARTS or penalty_points_of(points) < MOON_RUN_POINTS:
        return -1
    for seat in range(4):
        if taken[seat] & points == points:
            return seat
    return -1


def shoot_policy(hand: PlayoutHand, legal: int) -> int:
    """A fast moon-shooting play: lead and follow high to win every trick with points,
    and keep the points in hand when it cannot win."""
    led = hand.led_suit_mask
    if not led:
        return _highest_ranked(legal)
    following = legal & led
    if following:
        return _highest(following)
    return _lowest_ranked(legal & ~PENALTY_CARDS or legal)


def quick_pass(holding: int, count: int) -> int:
    """``count`` cards to pass from ``holding`` (a mask): QS, AS, KS unless ``QUEEN_GUARDS``
    low spades guard them, then hearts 10H and up (highest first), then the highest-ranked."""
    chosen = 0
    if (holding & LOW_SPADES).bit_count() < QUEEN_GUARDS:
        for bit in (QUEEN_OF_SPADES_BIT, *reversed(cards_as_bits(holding & HIGH_SPADES))):
            if holding & bit and chosen.bit_count() < count:
                chosen |= bit
    hearts = holding & HIGH_HEARTS & ~chosen
    while chosen.bit_count() < count and hearts:
        top = _highest(hearts)
        chosen |= top
        hearts ^= top
    while chosen.bit_count() < count:
        chosen |= _highest_ranked(holding & ~chosen)
    return chosen
