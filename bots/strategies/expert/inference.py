"""Weights of the search's deals from the pass: how likely each other seat's suit lengths
are after the hard bot's pass against the search's uniform deal (docs/adr/0112)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from games.engine.kernel import SUIT_MASK_BY_ORDER, pass_target
from games.engine.variants import PassDirection

MODEL_PATH = Path(__file__).with_name("pass_model.json")
NOISE = 0.25  # the share of other passers than hard in the model
TEMPER = 0.5  # the power of a deal's weight: its suits' lengths are not independent
_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)
Ratios = list[list[list[float]]]  # by seat, suit, length
Counts = list[list[list[list[list[int]]]]]  # direction, suit, received + 1, sent + 1, length


class PassModel:
    """Counts of a seat's length in a suit when play begins, ``"hard"`` and ``"sampled"``
    (the search's deal), by ``Counts``' indexes (-1: no cards passed that way)."""

    def __init__(self, counts: dict[str, Counts]) -> None:
        self.hard = counts["hard"]
        self.sampled = counts["sampled"]

    def ratios(self, seat: int, direction: PassDirection, sent: int, received: int) -> Ratios:
        """Weights by seat, suit and length when play begins (``seat``'s own all 1.0), given
        the masks ``seat`` passed (``sent``) and ``received``."""
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
    """``pass_model().ratios``, cached (shared: not to be changed)."""
    return pass_model().ratios(seat, direction, sent, received)


def weight(ratios: Ratios, world: Sequence[int], played_by: Sequence[int]) -> float:
    """The product of ``ratios`` at each seat's lengths when play began (``world`` and
    ``played_by``), to the power ``TEMPER``."""
    product = 1.0
    for seat_ratios, holding, played in zip(ratios, world, played_by, strict=True):
        at_start = holding | played
        for by_length, suit in zip(seat_ratios, SUIT_MASK_BY_ORDER, strict=True):
            product *= by_length[(at_start & suit).bit_count()]
    return float(product ** TEMPER)
