"""Whether the expert spends the CPU time it is given: per decision, against its budget.

    python benchmarks/think_time.py [--budgets 50 200 1000] [--processes 1 2]
                                    [--decisions 120] [--seed 1] [--json]

For each budget and each number of processes (1: the machine otherwise idle; 2: two
processes searching at once, as the arena and a two-process worker run), every process
does what a worker process does (``expert.calibrate`` when it starts, then each
decision at ``effort.PACE``, which follows the measured CPU time) and makes at least
``--decisions`` decisions: the expert in North, the hard bot in the other seats, deals
passing left, right, across and hold in turn. A decision's time is its CPU time
(``time.process_time``), forced plays left out. It prints the median and 99th percentile
over all processes, each as a fraction of the budget (the goal: median within 15% of it,
the 99th percentile at most 1.5 times it), and the pace the processes ended at.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.strategies import choose_command  # noqa: E402
from bots.strategies.effort import PACE  # noqa: E402
from bots.strategies.expert import calibrate  # noqa: E402
from games.duplicate import ROTATION  # noqa: E402
from games.engine import (  # noqa: E402
    Phase,
    RuleSet,
    Seat,
    bot_table,
    seat_view,
    step,
)
from games.engine.decider import shuffled_deal  # noqa: E402

LEVELS = tuple("expert" if seat is Seat.NORTH else "hard" for seat in Seat)  # by seat


def decision_times(task: tuple[float, int, int]) -> tuple[list[float], float]:
    """The expert's CPU milliseconds per decision over ``decisions`` decisions at
    ``budget_ms``, in a process that calibrates first (deals from ``seed``), and the
    process's pace at the end (work per CPU ms)."""
    budget_ms, decisions, seed = task
    PACE.unpin()
    calibrate()
    times: list[float] = []
    deal = 0
    while len(times) < decisions:
        rules = RuleSet(pass_rotation=(ROTATION[deal % len(ROTATION)],))
        state, _ = bot_table(rules, shuffled_deal(seed * 100_003 + deal), LEVELS)
        while state.phase in (Phase.PASSING, Phase.PLAYING):
            seat = state.to_act[0]
            view = seat_view(state, seat)
            level = LEVELS[seat]
            start = time.process_time()
            command = choose_command(level, view, Random(f"{deal}:{len(times)}"),
                                     budget_ms=budget_ms)
            if level == "expert" and (state.phase is Phase.PASSING or len(view.legal_cards) > 1):
                times.append((time.process_time() - start) * 1e3)
            _, state = step(state, command)
        deal += 1
    return times, PACE.work_per_ms


def measure(budget_ms: float, processes: int, decisions: int, seed: int) -> dict[str, float]:
    """The figures for one budget with ``processes`` processes searching at once."""
    tasks = [(budget_ms, decisions, seed + k) for k in range(processes)]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        results = pool.map(decision_times, tasks)
    times = [ms for chunk, _ in results for ms in chunk]
    p50 = statistics.median(times)
    p99 = statistics.quantiles(times, n=100, method="inclusive")[98]
    return {"budget_ms": budget_ms, "processes": processes, "decisions": len(times),
            "cpu_ms_p50": p50, "cpu_ms_p99": p99,
            "p50_over_budget": p50 / budget_ms, "p99_over_budget": p99 / budget_ms,
            "work_per_ms": statistics.fmean(rate for _, rate in results)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", type=float, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--decisions", type=int, default=120,
                        help="at least this many per process and budget (default 120)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    options = parser.parse_args()
    rows = []
    print(f"{'budget ms':>10}{'processes':>10}{'decisions':>10}{'CPU p50':>9}{'CPU p99':>9}"
          f"{'p50/budget':>11}{'p99/budget':>11}{'work/ms':>9}")
    for budget in options.budgets:
        for processes in options.processes:
            # Fewer decisions at long budgets keep the run short; each still counts.
            decisions = max(30, round(options.decisions * min(1.0, 200 / budget)))
            row = measure(budget, processes, decisions, options.seed)
            rows.append(row)
            print(f"{budget:10g}{processes:10d}{row['decisions']:10d}{row['cpu_ms_p50']:9.1f}"
                  f"{row['cpu_ms_p99']:9.1f}{row['p50_over_budget']:11.2f}"
                  f"{row['p99_over_budget']:11.2f}{row['work_per_ms']:9.0f}", flush=True)
    if options.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
