"""How much a searching bot may search: its time budget turned into units of work.

The expert's search counts its work (``expert.WORK_PER_…``: deals, each try at one and
the cards it dealt, cards played in play-outs and the play-outs, nodes and leaves of the
exact endgame search), never the clock, so a decision is a pure function of the view,
the generator and the work allowed: a run is reproducible when the rate is fixed.
``Pace`` turns a budget of CPU milliseconds into work at a rate in work per CPU
millisecond:

- pinned (``pin``): a fixed rate, for reproducible runs (the arena's ``--rate``, the
  tests, the daily's bots through ``reference_work``);
- otherwise measured: ``calibrate`` times the search on fixed positions when a process
  starts (a worker, the arena's processes), and ``observe`` follows each decision's
  measured CPU time, so the budget holds when the machine is slower or busier than at
  the start; a measured pace aims at ``AIM`` of the budget. Until either, the rate is
  ``REFERENCE_WORK_PER_MS``.

Budgets are CPU time (the searching thread's, ``time.thread_time``), not wall time: a
decision spends its budget however many other processes share the machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable

REFERENCE_WORK_PER_MS = 250.0
"""The pinned rate of the tests and of ``reference_work``, in work per CPU millisecond:
what the reference machine measured with both cores busy on 2026-11-29, before the units
were refitted. Machines of its kind have measured 377 to 1,016 since (benchmarks/README.md),
so at this rate a budget buys less search than a worker's calibrated pace gives."""

SMOOTHING = 0.2
"""Weight of the newest decision in the measured rate (an exponential moving average)."""

MIN_OBSERVED_MS = 2.0
"""Decisions shorter than this say too little about the rate to count."""

AIM = 0.93
"""The share of a budget a measured pace plans to spend. The same decision, timed twice
on a shared machine, can take 1.4 times as long the second time (benchmarks/README.md,
"The expert's time"), so a pace aiming at the whole budget puts its slowest decisions past
1.5 times it; aiming a little under keeps the median within 15% of the budget and the
tail within 1.5 times."""


class Pace:
    """The rate (work per CPU millisecond) a process searches at; see the module docstring."""

    def __init__(self) -> None:
        self.work_per_ms = REFERENCE_WORK_PER_MS
        self.pinned = False

    def pin(self, work_per_ms: float) -> None:
        """Search at ``work_per_ms`` from now on, whatever the clock says. Raises
        ``ValueError`` unless it is positive."""
        if not work_per_ms > 0:
            raise ValueError("a rate must be positive")
        self.work_per_ms = float(work_per_ms)
        self.pinned = True

    def unpin(self, work_per_ms: float = REFERENCE_WORK_PER_MS) -> None:
        """Measure the rate again, starting from ``work_per_ms``."""
        self.work_per_ms = work_per_ms
        self.pinned = False

    def work_for(self, budget_ms: float) -> int:
        """The work a decision with ``budget_ms`` CPU milliseconds may do (at least 1): at
        the pinned rate, or ``AIM`` of the budget at the measured one."""
        rate = self.work_per_ms if self.pinned else self.work_per_ms * AIM
        return max(1, round(budget_ms * rate))

    def observe(self, work: int, cpu_ms: float) -> None:
        """Fold one decision's ``work`` and the CPU milliseconds it took into the rate
        (unless pinned, or too short to measure)."""
        if self.pinned or cpu_ms < MIN_OBSERVED_MS:
            return
        self.work_per_ms += SMOOTHING * (work / cpu_ms - self.work_per_ms)

    def calibrate(self, search: Callable[[int], int], *, work: int) -> float:
        """Set the rate from timing ``search(work)`` (which returns the work it did) once
        (after one untimed run to warm caches), unless pinned; returns the rate."""
        if self.pinned:
            return self.work_per_ms
        search(work // 4)
        start = time.thread_time()
        done = search(work)
        elapsed_ms = (time.thread_time() - start) * 1e3
        self.work_per_ms = done / max(elapsed_ms, 1e-3)
        return self.work_per_ms


PACE = Pace()
"""This process's pace: the one the expert's ``budget_ms`` goes through."""


def reference_work(budget_ms: float) -> int:
    """The work of ``budget_ms`` at ``REFERENCE_WORK_PER_MS``: the same on every machine
    (the daily's bots play alike for every player of the day)."""
    return max(1, round(budget_ms * REFERENCE_WORK_PER_MS))

