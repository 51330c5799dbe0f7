"""How likely a deal of the hidden cards is, given the pass: the weights of the search's deals.

The pass model (``pass_model.json``, fitted by ``benchmarks/train_pass_model.py``) holds,
for each pass direction and suit, by the cards of that suit another seat passed to the
searching seat and those the searching seat passed to it, how often that seat holds each
length of the suit when play begins: after the hard bot's pass, and as the search deals
the cards it cannot see. A deal's weight is the product over the other seats and suits of
the ratio of the two, the hard bot's mixed with the dealt one by ``NOISE``, to the power
``TEMPER`` (docs/adr/0112-pass-inference.md).
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from games.engine.kernel import SUIT_MASK_BY_ORDER, pass_target
from games.engine.variants import PassDirection

MODEL_PATH = Path(__file__).with_name("pass_model.json")
NOISE = 0.25  # the share of other passers than hard in the model
TEMPER = 0.5  # the power of a deal's weight: its suits' lengths are not independent
_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)
Ratios = list[list[list[float]]]  # by seat, suit, length
Counts = list[list[list[list[list[int]]]]]  # by direction, suit, received + 1, sent + 1, length


class PassModel:
    """Counts of a seat's length in a suit when play begins, by ``[direction][suit]
    [received + 1][sent + 1][length]``: ``"hard"`` after hard's pass, ``"sampled"`` as the
    search deals it (``received``: the cards of the suit it passed to the searching seat,
    ``sent``: those it got from it; -1 where it passed elsewhere, got none)."""

    def __init__(self, counts: dict[str, Counts]) -> None:
        self.hard = counts["hard"]
        self.sampled = counts["sampled"]

    def ratios(self, seat: int, direction: PassDirection, sent: int, received: int) -> Ratios:
        """For each seat (``seat``'s own: all 1.0) and suit, the weight of each length it may
        hold when play begins, ``seat`` having passed ``sent`` and received ``received``
        (masks)."""
        d = _DIRECTIONS.index(direction)
        ratios = []
        for other in range(4):
            by_suit = []
            for order, suit in enumerate(SUIT_MASK_BY_ORDER):
                if other == seat:
                    by_suit.append([1.0] * 14)
                    continue
                got = (received & suit).bit_count() if pass_target(other, direction) == seat else -1
                gave = (sent & suit).bit_count() if pass_target(seat, direction) == other else -1
                hard = _frequencies(self.hard[d][order][got + 1][gave + 1])
                sampled = _frequencies(self.sampled[d][order][got + 1][gave + 1])
                by_suit.append([(1 - NOISE) * h / s + NOISE for h, s in zip(hard, sampled, strict=True)])
            ratios.append(by_suit)
        return ratios


def _frequencies(counts: list[int]) -> list[float]:
    """Counts by length as frequencies, each length given half a count more (none is 0)."""
    total = sum(counts) + len(counts) / 2
    return [(count + 0.5) / total for count in counts]


@cache
def pass_model() -> PassModel:
    """The fitted model, read once a process."""
    return PassModel(json.loads(MODEL_PATH.read_text()))


@lru_cache(maxsize=64)
def pass_ratios(seat: int, direction: PassDirection, sent: int, received: int) -> Ratios:
    """``pass_model().ratios``, computed once a hand (the result is shared: not to be changed)."""
    return pass_model().ratios(seat, direction, sent, received)


def weight(ratios: Ratios, world: list[int], played_by: list[int]) -> float:
    """A deal's weight: the product of ``ratios`` at the lengths each seat held when play
    began (``world``'s holdings with the cards it has played this hand, ``played_by``), to
    the power ``TEMPER``."""
    product = 1.0
    for seat_ratios, holding, played in zip(ratios, world, played_by, strict=True):
        at_start = holding | played
        for by_length, suit in zip(seat_ratios, SUIT_MASK_BY_ORDER, strict=True):
            product *= by_length[(at_start & suit).bit_count()]
    return float(product ** TEMPER)
