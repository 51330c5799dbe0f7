"""A change to the expert measured against the expert as it is: a paired A/B on the same deals.

    python benchmarks/expert_ab.py VARIANT [--field hard] [--deals 200] [--seed 31]
                                          [--budget-ms 50] [--rate 250] [--processes N]
                                          [--json]

``VARIANT`` is a copy of the ``bots/strategies/expert/`` package with the change to measure. It
is loaded as a package of ``bots.strategies`` (its relative imports work) and offered as
one more bot level for the run only. The change must live in the copy: the modules it
imports (``policies``, ``memory``, ``endgame``, ...) serve the expert too, and some the
field, so a play-out policy to try is copied into it and changed there. Each deal of the
arena's run of that seed (``games.duplicate.deal_of``: the same cards and pass direction) is
played at four tables by the expert, one seat each, the field in the other three seats
(``bots.arena.seat_tables``), and again by the variant. A deal's gain is the mean over
its four seats of the expert's points minus the variant's (positive: the variant takes
fewer), reported with its normal 95% interval over deals. Both sides play the same
tables, so the card luck cancels without the field's own table (the arena's fifth), and a
variant changes only the seat-hands in which it plays differently: the run prints in how
many the points changed.

Both sides search at the pinned rate ``--rate`` (work per CPU millisecond,
``bots.strategies.effort``), so a run reproduces exactly and a variant identical to the
expert gains exactly 0 with no seat-hand's points changed. At 50 ms and 200 deals each
side takes about two minutes on two cores (seven at 200 ms). benchmarks/README.md ("Bot
strength") holds the changes measured so far. With ``--json`` the last line holds the
figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import strategies  # noqa: E402
from bots.arena import seat_tables, set_pace  # noqa: E402
from games.duplicate import deal_of, mean_ci95  # noqa: E402
from games.engine import Seat  # noqa: E402

VARIANT = "variant"  # the variant's bot level for the run
BASE = "expert"


def load_variant(path: Path) -> None:
    """Register the strategy package at ``path`` as the searching level ``VARIANT``
    (``strategies.LEVELS`` and ``SEARCHING_LEVELS``, in this process and the ones it forks).
    Raises ``ValueError`` when ``path`` is not a package directory (and whatever its code
    raises)."""
    init = path / "__init__.py"
    spec = importlib.util.spec_from_file_location(f"bots.strategies.{VARIANT}", init,
                                                  submodule_search_locations=[str(path)])
    if spec is None or spec.loader is None or not init.is_file():
        raise ValueError(f"{path} is not a Python package")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    strategies.LEVELS[VARIANT] = module
    strategies.SEARCHING_LEVELS = strategies.SEARCHING_LEVELS | {VARIANT}


def seat_points(task: tuple[str, str, int, int, float]) -> list[int]:
    """The points ``level`` takes in each seat of deal ``index`` of the run seeded ``seed``,
    the ``field`` level in the other three seats."""
    level, field, seed, index, budget_ms = task
    tables = seat_tables(*deal_of(seed, index), level, field, budget_ms)
    return [table.points[seat] for seat, table in zip(Seat, tables, strict=True)]


def play(level: str, options: argparse.Namespace) -> list[list[int]]:
    """``seat_points`` of every deal of the run for ``level``, on ``--processes`` cores."""
    tasks = [(level, options.field, options.seed, index, options.budget_ms)
             for index in range(options.deals)]
    with multiprocessing.get_context("fork").Pool(
            options.processes, initializer=set_pace, initargs=(options.rate, True)) as pool:
        return pool.map(seat_points, tasks, chunksize=1)


def compare(base: list[list[int]], variant: list[list[int]]) -> dict[str, float | int]:
    """The figures of a run: both sides' mean points per seat-hand, the variant's gain per
    hand with its 95% interval over deals, and how many seat-hands differ."""
    gains = [statistics.fmean(b) - statistics.fmean(v) for b, v in zip(base, variant, strict=True)]
    gain, low, high = mean_ci95(gains)
    return {
        "deals": len(gains),
        "base_mean": statistics.fmean(p for points in base for p in points),
        "variant_mean": statistics.fmean(p for points in variant for p in points),
        "gain": gain, "ci95_low": low, "ci95_high": high,
        "seat_hands_changed": sum(b != v for bs, vs in zip(base, variant, strict=True)
                                  for b, v in zip(bs, vs, strict=True)),
    }


def main() -> None:
    """Run both sides and print the figures (``--json``: a last line of JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", type=Path, help="a changed copy of bots/strategies/expert/")
    parser.add_argument("--field", default="hard", choices=sorted(strategies.LEVELS))
    parser.add_argument("--deals", type=int, default=200, help="at least 2 (default 200)")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--budget-ms", type=float, default=50.0,
                        help="CPU ms per decision at the pinned rate (default 50)")
    parser.add_argument("--rate", type=float, default=250.0,
                        help="work per CPU ms, pinned for both sides (default 250)")
    parser.add_argument("--processes", type=int, default=None, help="default: one per core")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if options.deals < 2:
        parser.error("--deals must be at least 2 (the interval needs two)")
    if not options.rate > 0:
        parser.error("--rate must be positive")
    if options.processes is not None and options.processes < 1:
        parser.error("--processes must be at least 1")
    try:
        load_variant(options.variant)
    except ValueError as error:
        parser.error(str(error))
    results = {}
    for level in (BASE, VARIANT):
        start = time.perf_counter()
        results[level] = play(level, options)
        print(f"{level}: {options.deals} deals in {time.perf_counter() - start:.0f} s", flush=True)
    figures = compare(results[BASE], results[VARIANT])
    print(f"{options.variant} against the expert, each in one seat of four tables against "
          f"{options.field}, {options.deals} deals, seed {options.seed}, "
          f"{options.budget_ms:g} ms at {options.rate:g} work/ms")
    print(f"mean points per seat-hand: expert {figures['base_mean']:.3f}, "
          f"variant {figures['variant_mean']:.3f}")
    print(f"variant's gain (expert's points minus the variant's, per hand): "
          f"{figures['gain']:+.3f}, 95% CI [{figures['ci95_low']:+.3f}, {figures['ci95_high']:+.3f}]; "
          f"seat-hands changed: {figures['seat_hands_changed']} of {4 * options.deals}")
    if options.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
