"""How closely the expert's units of work follow its CPU time, and how much the machine adds.

    python benchmarks/work_units.py [--budget-ms 200] [--decisions 400] [--seed 7] [--json]

The pace (``bots/strategies/effort.py``) turns a budget into units of work at one rate,
so a decision's CPU time stays near its budget only if every kind of work costs about
the same CPU per unit (``expert.WORK_PER_…``). The expert in North plays hands against
three hard bots (passing left, right, across and hold in turn), each of its decisions
(forced plays left out) given the work of ``--budget-ms`` at ``REFERENCE_WORK_PER_MS``
(``effort.reference_work``); each is timed in CPU (``time.thread_time``) and divided by
the units it reports, then searched a second time, identically (same view, generator and
work: the same choice and units, which the script checks). It prints, for passes, play
searches and exact endgames, the median and 99th percentile of CPU per unit relative to
the median of all decisions (the units' own error), and the 1st and 99th percentiles of
the second timing over the first (the machine's noise, which no choice of units can
remove).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.strategies import choose_command, expert  # noqa: E402
from bots.strategies.effort import REFERENCE_WORK_PER_MS, reference_work  # noqa: E402
from games.duplicate import ROTATION  # noqa: E402
from games.engine import (  # noqa: E402
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    bot_table,
    seat_view,
    step,
)
from games.engine.decider import shuffled_deal  # noqa: E402

LEVELS = ["expert" if seat is Seat.NORTH else "hard" for seat in Seat]  # by seat


def timed(search, view, seed: str, work: int) -> tuple[object, float, int]:
    """``(choice, CPU ms, work done)`` of one search."""
    start = time.thread_time()
    choice, done = search(view, Random(seed), work)
    return choice, (time.thread_time() - start) * 1e3, done


def decision_kind(view) -> str:
    """``"pass"``, ``"exact endgame"`` (as ``expert.search_play`` decides) or
    ``"play search"``."""
    if view.status is Phase.PASSING:
        return "pass"
    if sum(expert.Knowledge(view).counts) <= expert.ENDGAME_CARDS:
        return "exact endgame"
    return "play search"


def measure(budget_ms: float, decisions: int, seed: int) -> list[dict]:
    """Per expert decision: its kind, CPU ms per unit, and the second timing's ratio."""
    work = reference_work(budget_ms)
    rows: list[dict] = []
    deal = 0
    while len(rows) < decisions:
        rules = RuleSet(pass_rotation=(ROTATION[deal % len(ROTATION)],))
        state, _ = bot_table(rules, shuffled_deal(seed * 100_003 + deal), LEVELS)
        while state.phase in (Phase.PASSING, Phase.PLAYING):
            seat = state.to_act[0]
            view = seat_view(state, seat)
            key = f"{deal}:{len(rows)}"
            passing = state.phase is Phase.PASSING
            if seat is Seat.NORTH and (passing or len(view.legal_cards) > 1):
                search = expert.search_pass if passing else expert.search_play
                choice, ms, done = timed(search, view, key, work)
                choice_again, again, done_again = timed(search, view, key, work)
                if (choice_again, done_again) != (choice, done):
                    raise AssertionError("the same search chose or counted differently")
                rows.append({"kind": decision_kind(view), "ms_per_unit": ms / done,
                             "again": again / ms})
                command = PassCards(seat, tuple(choice)) if passing else PlayCard(seat, choice)
            else:
                command = choose_command(LEVELS[seat], view, Random(key))
            _, state = step(state, command)
        deal += 1
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget-ms", type=float, default=200.0)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    options = parser.parse_args()
    if options.decisions < 2:
        parser.error("--decisions must be at least 2")
    rows = measure(options.budget_ms, options.decisions, options.seed)
    overall = statistics.median(row["ms_per_unit"] for row in rows)
    figures = {}
    print(f"{'decisions':<14}{'count':>6}{'CPU per unit p50':>18}{'p99':>7}")
    for kind in ("pass", "play search", "exact endgame", "all"):
        chosen = [row["ms_per_unit"] / overall for row in rows if kind in ("all", row["kind"])]
        if len(chosen) < 2:
            continue
        p99 = statistics.quantiles(chosen, n=100, method="inclusive")[98]
        figures[kind] = {"count": len(chosen), "p50": statistics.median(chosen), "p99": p99}
        print(f"{kind:<14}{len(chosen):>6}{figures[kind]['p50']:>18.2f}{p99:>7.2f}")
    again = statistics.quantiles([row["again"] for row in rows], n=100, method="inclusive")
    figures["timed again"] = {"p1": again[0], "p50": again[49], "p99": again[98]}
    print(f"the same decision timed again, over the first: p1 {again[0]:.2f}, "
          f"p50 {again[49]:.2f}, p99 {again[98]:.2f}")
    print(f"{options.budget_ms:g} ms at {REFERENCE_WORK_PER_MS:g} work/ms; CPU per unit "
          f"relative to the median of all decisions ({overall * 1e3:.2f} us a unit)")
    if options.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
