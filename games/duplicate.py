"""Duplicate Hearts, the arenas' method (benchmarks/README.md, "Bot strength"): a run's deals
and pass directions from its seed, and the challenger's advantage over the field."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from .engine import PassDirection, Seat

ROTATION = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


def deal_of(seed: int, index: int) -> tuple[int, PassDirection]:
    """Deal ``index`` of the run seeded ``seed``: its ``shuffled_deal`` seed and its pass
    direction (left, right, across and hold by index)."""
    return random.Random(f"{seed}:{index}").getrandbits(63), ROTATION[index % len(ROTATION)]


def gains(field_points: Sequence[int], challenger_points: Sequence[int]) -> list[int]:
    """By seat: the points the field took at its own table minus the challenger's in that
    seat (``challenger_points[seat]``, from the table where the challenger held it)."""
    return [field_points[seat] - challenger_points[seat] for seat in Seat]


def mean_ci95(per_deal: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)`` of per-deal figures, with the normal 95% interval (infinite for one)."""
    mean = statistics.fmean(per_deal)
    half_width = (statistics.NormalDist().inv_cdf(0.975) * statistics.stdev(per_deal)
                  / len(per_deal) ** 0.5) if len(per_deal) > 1 else float("inf")
    return mean, mean - half_width, mean + half_width
