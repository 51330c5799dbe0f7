"""The arena: one bot level against another in duplicate Hearts, on the pure engine
(the method: benchmarks/README.md, "Bot strength").

    python -m bots.arena --challenger hard --field medium --deals 400 --seed 1 [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from games.duplicate import deal_of, gains, mean_ci95
from games.engine import (
    Event,
    PassDirection,
    Phase,
    RuleSet,
    Seat,
    bot_table,
    seat_view,
    step,
)
from games.engine.decider import shuffled_deal
from games.engine.events import HandScored, TrickTaken

from .strategies import DEFAULT_BUDGET_MS, LEVELS, SEARCHING_LEVELS, choose_command
from .strategies.effort import PACE
from .strategies.expert import calibrate
from .strategies.memory import is_moon_run


@dataclass
class TableResult:
    """One play of a deal: points by seat, the moon shooter, who broke a moon, each seat's
    decision times (CPU and wall, ms) other than forced plays, and the hand's events."""

    points: tuple[int, ...]
    moon_shooter: Seat | None
    moon_breakers: tuple[Seat, ...]
    decision_cpu_ms: tuple[list[float], ...]
    decision_ms: tuple[list[float], ...]
    events: tuple[Event, ...]


@dataclass
class DealResult:
    """A deal played by the field alone and with the challenger in each seat."""

    field_table: TableResult
    challenger_tables: list[TableResult]  # index = the challenger's seat


def play_table(deal_seed: int, direction: PassDirection, levels: Sequence[str],
               budget_ms: float, *, work: int | None = None) -> TableResult:
    """Play one hand of the deal ``deal_seed`` with ``levels[seat]`` in each seat, a
    searching level with ``work`` units a decision, else ``budget_ms`` at the pace."""
    state, events = bot_table(RuleSet(pass_rotation=(direction,)), shuffled_deal(deal_seed), levels)
    moves = [0, 0, 0, 0]
    timings: dict[Seat, list[float]] = {seat: [] for seat in Seat}
    cpu_timings: dict[Seat, list[float]] = {seat: [] for seat in Seat}
    while state.phase in (Phase.PASSING, Phase.PLAYING):
        seat = state.to_act[0]
        rng = random.Random(f"{deal_seed}:{seat}:{moves[seat]}")
        moves[seat] += 1
        view = seat_view(state, seat)
        start, cpu_start = time.perf_counter(), time.process_time()
        command = choose_command(levels[seat], view, rng, budget_ms=budget_ms, work=work)
        if state.phase is Phase.PASSING or len(view.legal_cards) > 1:
            cpu_timings[seat].append((time.process_time() - cpu_start) * 1e3)
            timings[seat].append((time.perf_counter() - start) * 1e3)
        new, state = step(state, command)
        events += new
    scored = next(event for event in events if isinstance(event, HandScored))
    return TableResult(scored.points, scored.moon_shooter, _moon_breakers(events),
                       tuple(cpu_timings[seat] for seat in Seat),
                       tuple(timings[seat] for seat in Seat), tuple(events))


def _moon_breakers(events: Sequence[Event]) -> tuple[Seat, ...]:
    """Seats that took a point from a seat on a moon run (``memory.is_moon_run``)."""
    points = [0, 0, 0, 0]
    has_heart = [False, False, False, False]
    runner: Seat | None = None
    breakers: list[Seat] = []
    for event in events:
        if not isinstance(event, TrickTaken):
            continue
        if runner is not None and event.winner != runner and event.points:
            breakers.append(event.winner)
        points[event.winner] += event.points
        has_heart[event.winner] |= event.points not in (0, 13)  # 13 alone is QS
        runner = next((seat for seat in Seat if is_moon_run(points, has_heart, seat, event.number)),
                      None)
    return tuple(breakers)


def seat_tables(deal_seed: int, direction: PassDirection, level: str, field_level: str,
                budget_ms: float) -> list[TableResult]:
    """The deal played four times, ``level`` in one seat (the list's index) and
    ``field_level`` in the other three."""
    tables = []
    for seat in Seat:
        levels = [field_level] * 4
        levels[seat] = level
        tables.append(play_table(deal_seed, direction, levels, budget_ms))
    return tables


def play_deal(task: tuple[int, int, str, str, float]) -> DealResult:
    """Play deal ``index`` of the run seeded ``seed``: the field's table and four more."""
    seed, index, challenger, field_level, budget_ms = task
    deal_seed, direction = deal_of(seed, index)
    field_table = play_table(deal_seed, direction, [field_level] * 4, budget_ms)
    return DealResult(field_table, seat_tables(deal_seed, direction, challenger, field_level,
                                               budget_ms))


@dataclass
class ArenaReport:
    """The figures of a run; ``advantage`` > 0 means the challenger takes fewer points."""

    challenger: str
    field: str
    deals: int
    challenger_mean: float
    field_mean: float
    advantage: float
    ci95_low: float
    ci95_high: float
    moons: dict[str, int]
    decision_cpu_ms_p50: dict[str, float]
    decision_cpu_ms_p99: dict[str, float]
    decision_ms_p50: dict[str, float]
    decision_ms_p99: dict[str, float]
    work_per_ms: float | None  # the pinned rate (--rate), None when measured
    budget_ms: float


def run(challenger: str, field_level: str, deals: int, seed: int, *,
        budget_ms: float = DEFAULT_BUDGET_MS, processes: int | None = None,
        rate: float | None = None) -> ArenaReport:
    """Play ``deals`` duplicate deals on ``processes`` cores (default: all) and report;
    searching bots at the pinned ``rate`` (work per CPU ms), else at a measured one."""
    tasks = [(seed, index, challenger, field_level, budget_ms) for index in range(deals)]
    processes = processes or os.cpu_count() or 1
    searching = bool({challenger, field_level} & SEARCHING_LEVELS)
    if processes == 1:
        set_pace(rate, searching)
        results = [play_deal(task) for task in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(
                processes, initializer=set_pace, initargs=(rate, searching)) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    return summarize(challenger, field_level, results, rate=rate, budget_ms=budget_ms)


def set_pace(rate: float | None, searching: bool) -> None:
    """Pin this process's pace at ``rate``, or else calibrate it when a searching bot plays."""
    if rate is not None:
        PACE.pin(rate)
    elif searching:
        PACE.unpin()
        calibrate()


def summarize(challenger: str, field_level: str, results: Sequence[DealResult], *,
              rate: float | None = None, budget_ms: float = DEFAULT_BUDGET_MS) -> ArenaReport:
    """The report of ``results`` (one per deal)."""
    per_deal, challenger_points, field_points = [], [], []
    moons = {"challenger_shot": 0, "field_shot": 0, "challenger_broke": 0, "field_broke": 0}
    times: dict[str, list[float]] = {challenger: [], field_level: []}
    cpu_times: dict[str, list[float]] = {challenger: [], field_level: []}
    for result in results:
        seat_gains = gains(result.field_table.points, [
            table.points[seat] for seat, table in zip(Seat, result.challenger_tables, strict=True)])
        for seat_times in result.field_table.decision_ms:
            times[field_level].extend(seat_times)
        for seat_times in result.field_table.decision_cpu_ms:
            cpu_times[field_level].extend(seat_times)
        moons["field_shot"] += result.field_table.moon_shooter is not None
        moons["field_broke"] += len(result.field_table.moon_breakers)
        for seat, table in zip(Seat, result.challenger_tables, strict=True):
            challenger_points.append(table.points[seat])
            field_points.append(result.field_table.points[seat])
            moons["challenger_shot"] += table.moon_shooter == seat
            moons["challenger_broke"] += table.moon_breakers.count(seat)
            times[challenger].extend(table.decision_ms[seat])
            cpu_times[challenger].extend(table.decision_cpu_ms[seat])
        per_deal.append(statistics.fmean(seat_gains))
    advantage, low, high = mean_ci95(per_deal)
    return ArenaReport(
        challenger, field_level, len(results), statistics.fmean(challenger_points),
        statistics.fmean(field_points), advantage, low, high, moons,
        {level: _percentile(ms, 50) for level, ms in cpu_times.items()},
        {level: _percentile(ms, 99) for level, ms in cpu_times.items()},
        {level: _percentile(ms, 50) for level, ms in times.items()},
        {level: _percentile(ms, 99) for level, ms in times.items()},
        rate, budget_ms,
    )


def _percentile(values: Sequence[float], percent: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def format_report(report: ArenaReport) -> str:
    """The report as a table for people."""
    r = report
    rows = [
        f"Arena: {r.challenger} (challenger) vs {r.field} (field), {r.deals} duplicate deals",
        f"{'':34}{'challenger':>12}{'field':>12}",
        f"{'mean points per hand':34}{r.challenger_mean:12.3f}{r.field_mean:12.3f}",
        f"{'moons shot':34}{r.moons['challenger_shot']:12d}{r.moons['field_shot']:12d}",
        f"{'moon runs broken':34}{r.moons['challenger_broke']:12d}{r.moons['field_broke']:12d}",
        f"{'decision CPU ms, median':34}{r.decision_cpu_ms_p50[r.challenger]:12.3f}"
        f"{r.decision_cpu_ms_p50[r.field]:12.3f}",
        f"{'decision CPU ms, 99th percentile':34}{r.decision_cpu_ms_p99[r.challenger]:12.3f}"
        f"{r.decision_cpu_ms_p99[r.field]:12.3f}",
        f"{'decision wall ms, median':34}{r.decision_ms_p50[r.challenger]:12.3f}"
        f"{r.decision_ms_p50[r.field]:12.3f}",
        f"{'decision wall ms, 99th percentile':34}{r.decision_ms_p99[r.challenger]:12.3f}"
        f"{r.decision_ms_p99[r.field]:12.3f}",
        f"advantage (field minus challenger, points per hand): {r.advantage:+.3f}, "
        f"95% CI [{r.ci95_low:+.3f}, {r.ci95_high:+.3f}]",
    ]
    if {r.challenger, r.field} & SEARCHING_LEVELS:
        rows.insert(-1, f"search budget {r.budget_ms:g} CPU ms per decision, at "
                    + (f"a pinned {r.work_per_ms:g} work/ms (reproducible)" if r.work_per_ms
                       else "a rate measured in each process (not reproducible; --rate pins it)"))
    return "\n".join(rows)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's options, for ``main`` and for ``manage.py bot_arena``."""
    parser.add_argument("--challenger", required=True, choices=sorted(LEVELS))
    parser.add_argument("--field", required=True, choices=sorted(LEVELS))
    parser.add_argument("--deals", type=int, default=100, help="at least 2 (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS,
                        help="CPU time per decision for searching bots (default %(default)s)")
    parser.add_argument("--rate", type=float, default=None,
                        help="pin searching bots at this much work per CPU ms, so the run is "
                             "reproducible (default: measured in each process)")
    parser.add_argument("--processes", type=int, default=None, help="default: one per core")
    parser.add_argument("--json", action="store_true",
                        help="end with one line of JSON holding the figures")


def report_text(options: dict[str, Any]) -> str:
    """Run the arena for parsed ``options`` and return what it prints."""
    if options["deals"] < 2:
        raise ValueError("--deals must be at least 2 (the interval needs two)")
    report = run(options["challenger"], options["field"], options["deals"], options["seed"],
                 budget_ms=options["budget_ms"], processes=options["processes"],
                 rate=options["rate"])
    text = format_report(report)
    return text + "\n" + json.dumps(asdict(report)) if options["json"] else text


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m bots.arena``: print the table (and with ``--json`` a last line of JSON)."""
    parser = argparse.ArgumentParser(prog="python -m bots.arena", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    options = vars(parser.parse_args(argv))
    try:
        print(report_text(options))
    except ValueError as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
