"""A searching bot's budget of CPU milliseconds as units of work, at a ``Pace`` (ADR 0050)."""

from __future__ import annotations

import time
from collections.abc import Callable

DEFAULT_BUDGET_MS = 200.0  # a searching decision's CPU milliseconds unless told
REFERENCE_WORK_PER_MS = 250.0  # the pinned rate of the tests and of ``reference_work``
SMOOTHING = 0.2  # weight of the newest decision in the measured rate (moving average)
MIN_OBSERVED_MS = 2.0  # decisions shorter than this do not count towards the rate
AIM = 0.93  # the share of a budget a measured pace plans to spend


class Pace:
    """Work per CPU millisecond: pinned (``pin``) or measured (``calibrate``, ``observe``)."""

    def __init__(self) -> None:
        self.work_per_ms = REFERENCE_WORK_PER_MS
        self.pinned = False

    def pin(self, work_per_ms: float) -> None:
        """Search at ``work_per_ms`` from now on. Raises ``ValueError`` unless it is positive."""
        if not work_per_ms > 0:
            raise ValueError("a rate must be positive")
        self.work_per_ms = float(work_per_ms)
        self.pinned = True

    def unpin(self, work_per_ms: float = REFERENCE_WORK_PER_MS) -> None:
        """Measure the rate again, starting from ``work_per_ms``."""
        self.work_per_ms = work_per_ms
        self.pinned = False

    def work_for(self, budget_ms: float) -> int:
        """The work (at least 1) of ``budget_ms``; ``AIM`` of it at a measured rate."""
        rate = self.work_per_ms if self.pinned else self.work_per_ms * AIM
        return max(1, round(budget_ms * rate))

    def observe(self, work: int, cpu_ms: float) -> None:
        """Fold one decision's ``work`` and CPU milliseconds into the measured rate."""
        if self.pinned or cpu_ms < MIN_OBSERVED_MS:
            return
        self.work_per_ms += SMOOTHING * (work / cpu_ms - self.work_per_ms)

    def calibrate(self, search: Callable[[int], int], *, work: int) -> float:
        """Unless pinned, the rate from timing ``search(work)`` (the work done) after a warm-up."""
        if self.pinned:
            return self.work_per_ms
        search(work // 4)
        start = time.thread_time()
        done = search(work)
        elapsed_ms = (time.thread_time() - start) * 1e3
        self.work_per_ms = done / max(elapsed_ms, 1e-3)
        return self.work_per_ms


PACE = Pace()  # this process's


def reference_work(budget_ms: float) -> int:
    """The work of ``budget_ms`` at ``REFERENCE_WORK_PER_MS``: the same on every machine."""
    return max(1, round(budget_ms * REFERENCE_WORK_PER_MS))

