"""The expert's pass search: the cards with the best mean result over deals (ADR 51)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
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
    """``(cards, work done)``: of ``pass_options``, the one with the best mean utility over
    deals of the other cards, if it beats the hard bot's by ``PASS_CONFIDENCE`` standard
    errors; searched with ``work`` units (at least one deal)."""
    options = pass_options(view, rng)
    value = Valuation(view)
    # Each option's results less the hard bot's pass's, deal by deal.
    sums = [0.0] * len(options)
    squares = [0.0] * len(options)
    done = deals = 0
    for hands in passed_hands(view, options, rng):
        results = [value.utility(hand) for hand in hands]
        for i, result in enumerate(results):
            gain = result - results[0]
            sums[i] += gain
            squares[i] += gain * gain
        done += pass_deal_work(len(options))
        deals += 1
        if done >= work:
            break
    best = max(range(len(options)), key=sums.__getitem__)
    if deals > 1:
        mean = sums[best] / deals
        spread = max(0.0, squares[best] / deals - mean * mean) ** 0.5
        if mean <= PASS_CONFIDENCE * spread / (deals - 1) ** 0.5:
            best = 0
    else:
        best = 0
    return cards_of(options[best]), done


def pass_options(view: SeatView, rng: Random) -> list[int]:
    """Every choice (a mask) of ``pass_count`` cards among the hard bot's pass and
    ``PASS_EXTRA`` more (``most_dangerous`` first), the hard bot's own pass first."""
    holding = mask_of(view.hand)
    count = view.rules.pass_count
    pool = cards_as_bits(mask_of(hard.choose_pass(view, rng)))
    while len(pool) < count + PASS_EXTRA:
        pool.append(most_dangerous(holding & ~sum(pool)))
    return [sum(cards) for cards in itertools.combinations(pool, count)]


def passed_hands(view: SeatView, options: Sequence[int], rng: Random) -> Iterator[list[PlayoutHand]]:
    """Endlessly, a deal of the cards the seat cannot see (the others passing
    ``quick_pass``) and, for each of ``options`` passed, the hand played out with
    ``avoid_policy``."""
    assert view.seat is not None and view.pass_direction is not None
    seat, direction = int(view.seat), view.pass_direction
    holding = mask_of(view.hand)
    count = view.rules.pass_count
    out = cards_as_bits(ALL_CARDS & ~holding)
    others = [s for s in range(4) if s != seat]
    while True:
        rng.shuffle(out)
        world = [0, 0, 0, 0]
        for k, other in enumerate(others):
            world[other] = sum(out[13 * k:13 * k + 13])
        world[seat] = holding
        passes = [quick_pass(cards, count) for cards in world]
        hands = []
        for option in options:
            passes[seat] = option
            hand = PlayoutHand(exchange(world, passes, direction), view.rules)
            hand.play_out(avoid_policy)
            hands.append(hand)
        yield hands


def pass_deal_work(options: int) -> int:
    """The work of one deal of ``passed_hands`` with ``options`` options."""
    return 39 * WORK_PER_CARD_DEALT + WORK_PER_DEAL + options * (52 * WORK_PER_CARD_PLAYED
                                                                  + WORK_PER_PLAY_OUT)


def most_dangerous(mask: int) -> int:
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
