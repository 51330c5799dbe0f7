"""The expert's pass search: the cards with the best mean result over deals (ADR 51)."""

from __future__ import annotations

import itertools
from random import Random

from games.engine import Card, SeatView
from games.engine.kernel import (
    ALL_CARDS,
    QUEEN_OF_SPADES_BIT,
    SUIT_MASK_BY_ORDER,
    cards_as_bits,
    cards_of,
    exchange,
    mask_of,
)
from games.engine.playout import PlayoutHand

from .. import hard
from ..policies import HIGH_SPADES, avoid_policy, quick_pass
from .valuation import Valuation
from .work import WORK_PER_CARD_DEALT, WORK_PER_CARD_PLAYED, WORK_PER_DEAL, WORK_PER_PLAY_OUT

PASS_EXTRA = 3  # cards beyond the hard bot's pass that the pass search may pass instead
PASS_CONFIDENCE = 2.0  # standard errors by which a pass must beat the hard bot's


def search_pass(view: SeatView, rng: Random, work: int) -> tuple[list[Card], int]:
    """``(cards, work done)``: of every choice of ``pass_count`` cards among the hard bot's
    pass and ``PASS_EXTRA`` more, the one with the best mean utility over deals of the other
    cards, if it beats the hard bot's by ``PASS_CONFIDENCE`` standard errors; searched with
    ``work`` units (at least one deal)."""
    assert view.seat is not None and view.pass_direction is not None
    seat, direction = int(view.seat), view.pass_direction
    holding = mask_of(view.hand)
    count = view.rules.pass_count
    first = mask_of(hard.choose_pass(view, rng))
    pool = cards_as_bits(first)
    while len(pool) < count + PASS_EXTRA:
        pool.append(_most_dangerous(holding & ~sum(pool)))
    # The first option is the hard bot's own pass.
    options = [sum(cards) for cards in itertools.combinations(pool, count)]
    value = Valuation(view)
    out = cards_as_bits(ALL_CARDS & ~holding)
    # Each option's results less the hard bot's pass's, deal by deal.
    sums = [0.0] * len(options)
    squares = [0.0] * len(options)
    results = [0.0] * len(options)
    done = deals = 0
    while done < work or not deals:
        rng.shuffle(out)
        world = [0, 0, 0, 0]
        others = [s for s in range(4) if s != seat]
        for k, other in enumerate(others):
            world[other] = sum(out[13 * k:13 * k + 13])
        world[seat] = holding
        passes = [quick_pass(cards, count) for cards in world]
        for i, option in enumerate(options):
            passes[seat] = option
            hand = PlayoutHand(exchange(world, passes, direction), view.rules)
            hand.play_out(avoid_policy)
            results[i] = value.utility(hand)
        for i, result in enumerate(results):
            gain = result - results[0]
            sums[i] += gain
            squares[i] += gain * gain
        done += (len(out) * WORK_PER_CARD_DEALT + WORK_PER_DEAL
                 + len(options) * (52 * WORK_PER_CARD_PLAYED + WORK_PER_PLAY_OUT))
        deals += 1
    best = max(range(len(options)), key=sums.__getitem__)
    if deals > 1:
        mean = sums[best] / deals
        spread = max(0.0, squares[best] / deals - mean * mean) ** 0.5
        if mean <= PASS_CONFIDENCE * spread / (deals - 1) ** 0.5:
            best = 0
    else:
        best = 0
    return cards_of(options[best]), done


def _most_dangerous(mask: int) -> int:
    """The card of ``mask`` a pass sheds first after the hard bot's three: QS, AS, KS,
    then the highest rank (hearts first among equals)."""
    for bit in (QUEEN_OF_SPADES_BIT, *cards_as_bits(HIGH_SPADES)[::-1]):
        if mask & bit:
            return bit
    best, best_rank = 0, -1
    for suit in reversed(SUIT_MASK_BY_ORDER):
        cards = mask & suit
        if cards:
            high = 1 << (cards.bit_length() - 1)
            rank = (high.bit_length() - 1) % 13
            if rank > best_rank:
                best, best_rank = high, rank
    return best
