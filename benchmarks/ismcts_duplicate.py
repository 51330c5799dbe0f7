"""Our expert bot against OpenSpiel's IS-MCTS in duplicate Hearts, at equal CPU per decision.

    python benchmarks/ismcts_duplicate.py [--deals 100] [--seed 1] [--budget-ms 200]
                                          [--cpu-factor 1 | --simulations N] [--uct-c 2.0]
                                          [--processes N] [--rate R] [--json]

Each deal (one hand, its cards and pass direction those of the arena's deal of that seed
and index, ``games.duplicate.deal_of``) is played at two tables: A with the expert north and
south and IS-MCTS (``pyspiel.ISMCTSBot``) east and west, B the other way round. Every
seat's 13 cards are so played once by each bot, against one copy of its own kind and two
of the other, and card luck cancels: the expert's advantage in a deal is IS-MCTS's mean
points per seat-hand minus the expert's (positive: the expert takes fewer points),
reported with its normal 95% interval over deals, as ``bots.arena`` does. (The arena's
design, one bot in a field of three of the other, needs a fifth table for the field's own
points in each seat; two tables give each bot the same four seat-hands of a deal at 2/5
of the CPU.)

The game runs in OpenSpiel's Hearts (the state IS-MCTS searches) and in our engine in
lockstep (``step``, the same deal given to both as the differential test
gives it, ``tests.engine.openspiel_map``), so that the expert sees a real ``SeatView``;
they must agree on the seat to act, the legal cards, the holdings after passing and the
score. The rules are our defaults, mapped to OpenSpiel's parameters by that module.

OpenSpiel's Hearts resamples worlds wrongly during passing: it replays the true cards
passed to the searching seat into the sampled deal before that seat can know them, so
the world's passer may pass cards it was never dealt (a corrupt state). IS-MCTS
therefore passes in a fresh state of its own: the same holdings rotated so that its seat
is player 0, the same direction, nobody yet passed. Player 0 passes first in OpenSpiel, so
no true pass exists to replay, and the information it has is exactly what it has at the
real table (its cards and the direction; passes are simultaneous). It chooses its three
cards there one per step (OpenSpiel passes card by card). In the play phase the
resampler is right. Before every IS-MCTS step one world is resampled as the search does
and checked (the seat's holding, every holding's size, the unplayed cards and the
information state as the truth's); a bad world stops the run.

Equal CPU: each decision is timed with ``time.process_time()`` (a pass is one decision,
three steps for IS-MCTS; a play with one legal card is made by the harness, for both bots,
and not counted). Unless ``--simulations`` is given, IS-MCTS's simulations per play are
calibrated first, in the main process: both bots decide at ``--calibration-positions``
positions (one from each of as many hands played by the ``hard`` bot: random cards give
positions on which IS-MCTS is some 10% cheaper than in the run), and the count (probed
at 200, then at the estimate, and scaled) is the one at which IS-MCTS's median CPU per
play is the expert's median times ``--cpu-factor``. Its pass, one decision, takes three
steps of a third as many simulations each (the expert's pass costs about a play, and so
does one pass step of IS-MCTS at a play's count). The run prints both bots' CPU per play,
per pass and per decision (median, 99th percentile) and the ratio of the play medians. IS-MCTS: UCT c
``--uct-c``, one random rollout per leaf, a fresh world for every simulation, the most
visited card played.

The expert's draws are seeded by the seed, the deal, the table, the seat and its move;
IS-MCTS's by the deal, table and seat, but it is not reproducible for a seed (it breaks
ties between children by hash order), so runs of one seed differ. ``--rate`` pins the
expert's work per CPU millisecond (``bots.strategies.effort``); without it each process
measures its own, as the arena's do. With ``--json`` the last line holds the figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import pyspiel  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - no wheel for the platform
    sys.exit("OpenSpiel (PyPI open-spiel) is not installed")

from bots.arena import set_pace  # noqa: E402
from bots.strategies import DEFAULT_BUDGET_MS, choose_command  # noqa: E402
from games.duplicate import ROTATION, deal_of, mean_ci95  # noqa: E402
from games.engine import (  # noqa: E402
    Card,
    Command,
    MatchState,
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    bot_table,
    legal_cards,
    seat_view,
    step,
)
from games.engine.decider import shuffled_deal  # noqa: E402
from games.engine.events import HandScored  # noqa: E402
from games.engine.state import Deal  # noqa: E402
from tests.engine.openspiel_map import (  # noqa: E402
    CARD_OF_OPENSPIEL,
    OPENSPIEL_CARD,
    OPENSPIEL_PASS_DIRECTION,
    openspiel_deal_actions,
    openspiel_parameters,
)

EXPERT, ISMCTS = "expert", "ismcts"
TABLES = ((EXPERT, ISMCTS, EXPERT, ISMCTS), (ISMCTS, EXPERT, ISMCTS, EXPERT))  # A, B by seat
PASS_COUNT = 3  # OpenSpiel's kNumCardsInPass


def pass_simulations(simulations: int) -> int:
    """IS-MCTS's simulations per card of a pass: a third of a play's, as a pass is one
    decision in three steps (a step of the pass costs about a play's step)."""
    return max(1, round(simulations / PASS_COUNT))
PROBE_SIMULATIONS = 200
CALIBRATION_LEVEL = "hard"


@functools.cache
def _game() -> Any:
    return pyspiel.load_game("hearts", openspiel_parameters(RuleSet()))


class Table:
    """One hand of a deal in OpenSpiel (``theirs``) and in our engine (``ours``) in lockstep."""

    def __init__(self, deal: Deal, direction: PassDirection) -> None:
        self.direction = direction
        self.ours, self.events = bot_table(RuleSet(pass_rotation=(direction,)), deal, [EXPERT] * 4)
        self.theirs = _deal(deal, direction)

    def _do(self, command: Command) -> None:
        new, self.ours = step(self.ours, command)
        self.events.extend(new)

    @property
    def is_over(self) -> bool:
        return bool(self.theirs.is_terminal())

    def seat_to_act(self) -> Seat:
        seat = Seat(self.theirs.current_player())
        assert seat in self.ours.to_act, (seat, self.ours.to_act)
        return seat

    def legal(self, seat: Seat) -> list[Card]:
        """The seat's legal cards (the same in both engines; when passing, its holding)."""
        ours = legal_cards(self.ours, seat)
        if self.ours.phase is Phase.PLAYING:
            assert sorted(OPENSPIEL_CARD[card.index] for card in ours) == self.theirs.legal_actions()
        return ours

    def pass_cards(self, seat: Seat, cards: Sequence[Card]) -> None:
        for card in cards:
            self.theirs.apply_action(OPENSPIEL_CARD[card.index])
        self._do(PassCards(seat, tuple(cards)))
        if self.ours.phase is Phase.PLAYING:
            assert self.ours.hand is not None
            hands = self.theirs.to_struct().hands
            assert all(sorted(hands[s]) == sorted(map(str, self.ours.hand.holdings[s])) for s in Seat)

    def play(self, seat: Seat, card: Card) -> None:
        self.theirs.apply_action(OPENSPIEL_CARD[card.index])
        self._do(PlayCard(seat, card))

    def scored(self) -> HandScored:
        """The hand's score, the same in both engines (OpenSpiel's return is 26 - points)."""
        scored = next(event for event in self.events if isinstance(event, HandScored))
        assert self.is_over and scored.points == tuple(26 - round(r) for r in self.theirs.returns()), (
            scored, self.theirs.returns())
        return scored


def _deal(holdings: Sequence[Sequence[Card]], direction: PassDirection) -> Any:
    """A new OpenSpiel state: passing in ``direction``, player p dealt ``holdings[p]``."""
    state = _game().new_initial_state()
    state.apply_action(OPENSPIEL_PASS_DIRECTION[direction])
    for action in openspiel_deal_actions(holdings):
        state.apply_action(action)
    return state


def check_world(state: Any, player: int, rng: random.Random) -> None:
    """Resample one world from ``player``'s information state, as IS-MCTS does, and check
    that it could be the truth."""
    world = state.resample_from_infostate(player, rng.random)
    truth, hands = state.to_struct().hands, world.to_struct().hands
    if not (sorted(hands[player]) == sorted(truth[player])
            and [len(h) for h in hands] == [len(h) for h in truth]
            and sorted(sum(hands, [])) == sorted(sum(truth, []))
            and world.information_state_string(player) == state.information_state_string(player)):
        raise AssertionError(f"a corrupt world for player {player}: {hands} against {truth}")


class IsmctsSeat:
    """IS-MCTS in one seat of a table."""

    def __init__(self, simulations: int, uct_c: float, seed: int) -> None:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.play_bot, self.pass_bot = (
            pyspiel.ISMCTSBot(seed, evaluator, uct_c, count, -1,
                              pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
            for count in (simulations, pass_simulations(simulations)))
        self.check_rng = random.Random(seed)
        self.worlds_checked = 0

    def step(self, bot: Any, state: Any) -> tuple[int, float]:
        """``bot``'s action in ``state`` (a checked world first) and its CPU ms."""
        check_world(state, state.current_player(), self.check_rng)
        self.worlds_checked += 1
        start = time.process_time()
        action = bot.step(state)
        return action, (time.process_time() - start) * 1e3

    def choose_pass(self, table: Table, seat: Seat) -> tuple[list[Card], float]:
        """Its pass, chosen in a fresh state with its seat as player 0 (module docstring)."""
        assert table.ours.hand is not None
        holdings = table.ours.hand.holdings
        state = _deal([holdings[(player + seat) % 4] for player in range(4)], table.direction)
        cards, cpu_ms = [], 0.0
        for _ in range(PASS_COUNT):
            assert state.current_player() == 0
            action, ms = self.step(self.pass_bot, state)
            state.apply_action(action)
            cards.append(CARD_OF_OPENSPIEL[action])
            cpu_ms += ms
        return cards, cpu_ms

    def choose_play(self, table: Table) -> tuple[Card, float]:
        action, cpu_ms = self.step(self.play_bot, table.theirs)
        return CARD_OF_OPENSPIEL[action], cpu_ms


def expert_decision(table: Table, seat: Seat, rng: random.Random,
                    budget_ms: float) -> tuple[PassCards | PlayCard, float]:
    """The expert's command for ``seat`` and its CPU ms."""
    view = seat_view(table.ours, seat)
    start = time.process_time()
    command = choose_command(EXPERT, view, rng, budget_ms=budget_ms)
    return command, (time.process_time() - start) * 1e3


@dataclass
class TableResult:
    """One play of a deal: points by seat, the moon shooter, CPU ms by bot and decision."""

    points: tuple[int, ...]
    moon_shooter: int | None
    cpu_ms: dict[str, dict[str, list[float]]]
    worlds_checked: int


def play_table(deal_seed: int, direction: PassDirection, table_index: int, simulations: int,
               uct_c: float, budget_ms: float) -> TableResult:
    """Play deal ``deal_seed`` at table ``table_index`` (``TABLES``)."""
    kinds = TABLES[table_index]
    table = Table(shuffled_deal(deal_seed), direction)
    ismcts = {seat: IsmctsSeat(simulations, uct_c,
                               random.Random(f"{deal_seed}:{table_index}:{seat}").getrandbits(31))
              for seat in Seat if kinds[seat] == ISMCTS}
    cpu: dict[str, dict[str, list[float]]] = {kind: {"pass": [], "play": []} for kind in (EXPERT, ISMCTS)}
    moves = [0, 0, 0, 0]
    while not table.is_over:
        seat = table.seat_to_act()
        kind = kinds[seat]
        passing = table.ours.phase is Phase.PASSING
        legal = table.legal(seat)
        if not passing and len(legal) == 1:
            table.play(seat, legal[0])
            continue
        if kind == EXPERT:
            rng = random.Random(f"{deal_seed}:{table_index}:{seat}:{moves[seat]}")
            command, ms = expert_decision(table, seat, rng, budget_ms)
            if isinstance(command, PassCards):
                table.pass_cards(seat, command.cards)
            else:
                table.play(seat, command.card)
        elif passing:
            cards, ms = ismcts[seat].choose_pass(table, seat)
            table.pass_cards(seat, cards)
        else:
            card, ms = ismcts[seat].choose_play(table)
            table.play(seat, card)
        moves[seat] += 1
        cpu[kind]["pass" if passing else "play"].append(ms)
    scored = table.scored()
    return TableResult(scored.points, scored.moon_shooter, cpu,
                       sum(bot.worlds_checked for bot in ismcts.values()))


def play_deal(task: tuple[int, int, int, float, float]) -> list[TableResult]:
    """Deal ``index`` of the run seeded ``seed`` at both tables."""
    seed, index, simulations, uct_c, budget_ms = task
    deal_seed, direction = deal_of(seed, index)
    return [play_table(deal_seed, direction, table_index, simulations, uct_c, budget_ms)
            for table_index in range(len(TABLES))]


# --- calibration --------------------------------------------------------------------------


@dataclass
class Position:
    """A play decision with more than one legal card, in both engines."""

    ours: MatchState
    theirs: Any
    seat: Seat


def calibration_positions(seed: int, count: int) -> list[Position]:
    """One position from each of ``count`` hands played by the ``hard`` bot in all four
    seats (fast, and closer to the run's positions than random cards), at a play drawn
    uniformly from the hand's decisions with a choice."""
    positions = []
    for index in range(count):
        rng = random.Random(f"{seed}:calibration:{index}")
        table = Table(shuffled_deal(rng.getrandbits(63)), ROTATION[index % len(ROTATION)])
        candidates = []
        while not table.is_over:
            seat = table.seat_to_act()
            if table.ours.phase is Phase.PLAYING and len(table.legal(seat)) > 1:
                candidates.append(Position(table.ours, table.theirs.clone(), seat))
            command = choose_command(CALIBRATION_LEVEL, seat_view(table.ours, seat), rng)
            if isinstance(command, PassCards):
                table.pass_cards(seat, command.cards)
            else:
                table.play(seat, command.card)
        positions.append(rng.choice(candidates))
    return positions


def _ismcts_median_ms(positions: Sequence[Position], simulations: int, uct_c: float) -> float:
    bot = IsmctsSeat(simulations, uct_c, 1)
    return statistics.median(bot.step(bot.play_bot, position.theirs)[1] for position in positions)


@dataclass
class Calibration:
    positions: int
    expert_play_ms_p50: float
    target_ms: float
    probes: list[tuple[int, float]]  # (simulations, IS-MCTS median CPU ms per play)
    simulations: int


def calibrate(seed: int, count: int, budget_ms: float, cpu_factor: float, uct_c: float) -> Calibration:
    """The IS-MCTS simulations per step whose median CPU per play is the expert's times
    ``cpu_factor``, over the same ``count`` positions."""
    positions = calibration_positions(seed, count)
    expert_ms = []
    for index, position in enumerate(positions):
        view = seat_view(position.ours, position.seat)
        rng = random.Random(f"{seed}:calibration-expert:{index}")
        start = time.process_time()
        choose_command(EXPERT, view, rng, budget_ms=budget_ms)
        expert_ms.append((time.process_time() - start) * 1e3)
    expert_p50 = statistics.median(expert_ms)
    target = expert_p50 * cpu_factor
    probes = [(PROBE_SIMULATIONS, _ismcts_median_ms(positions, PROBE_SIMULATIONS, uct_c))]
    estimate = max(1, round(PROBE_SIMULATIONS * target / probes[0][1]))
    probes.append((estimate, _ismcts_median_ms(positions, estimate, uct_c)))
    simulations = max(1, round(estimate * target / probes[1][1]))
    return Calibration(count, expert_p50, target, probes, simulations)


# --- the run ------------------------------------------------------------------------------


@dataclass
class Report:
    """The figures of a run; ``advantage`` > 0 means the expert takes fewer points."""

    deals: int
    seed: int
    budget_ms: float
    rate: float | None
    rate_pinned: bool
    cpu_factor: float | None
    uct_c: float
    simulations: int
    calibration: Calibration | None
    expert_mean: float
    ismcts_mean: float
    advantage: float
    ci95_low: float
    ci95_high: float
    moons: dict[str, int]
    cpu_ms: dict[str, dict[str, float]]
    cpu_ratio_play_p50: float
    worlds_checked: int
    reproducible: bool = field(default=False)  # IS-MCTS breaks ties by hash order


def _percentile(values: Sequence[float], percent: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def summarize(results: Sequence[list[TableResult]], **settings: Any) -> Report:
    per_deal, expert_points, ismcts_points = [], [], []
    moons = {EXPERT: 0, ISMCTS: 0}
    cpu: dict[str, dict[str, list[float]]] = {kind: {"pass": [], "play": []} for kind in (EXPERT, ISMCTS)}
    worlds = 0
    for tables in results:
        points: dict[str, list[int]] = {EXPERT: [], ISMCTS: []}
        for kinds, table in zip(TABLES, tables, strict=True):
            for seat in Seat:
                points[kinds[seat]].append(table.points[seat])
            if table.moon_shooter is not None:
                moons[kinds[table.moon_shooter]] += 1
            for kind, decisions in table.cpu_ms.items():
                for decision, ms in decisions.items():
                    cpu[kind][decision].extend(ms)
            worlds += table.worlds_checked
        expert_points.extend(points[EXPERT])
        ismcts_points.extend(points[ISMCTS])
        per_deal.append(statistics.fmean(points[ISMCTS]) - statistics.fmean(points[EXPERT]))
    advantage, low, high = mean_ci95(per_deal)
    for decisions in cpu.values():
        decisions["all"] = decisions["pass"] + decisions["play"]
    cpu_ms = {kind: {f"{decision}_{name}": _percentile(ms, percent)
                     for decision, ms in decisions.items()
                     for name, percent in (("p50", 50), ("p99", 99))}
              for kind, decisions in cpu.items()}
    return Report(
        deals=len(results), expert_mean=statistics.fmean(expert_points),
        ismcts_mean=statistics.fmean(ismcts_points), advantage=advantage,
        ci95_low=low, ci95_high=high, moons=moons,
        cpu_ms=cpu_ms, cpu_ratio_play_p50=cpu_ms[ISMCTS]["play_p50"] / cpu_ms[EXPERT]["play_p50"],
        worlds_checked=worlds, **settings)


def format_report(r: Report) -> str:
    rate = (f", rate pinned at {r.rate:g} work/ms" if r.rate_pinned
            else ", rate measured in each process")
    if r.calibration is None:
        sims = f"{r.simulations} (given)"
    else:
        c = r.calibration
        probes = ", ".join(f"{ms:.1f} ms at {n}" for n, ms in c.probes)
        sims = (f"{r.simulations} (calibrated on {c.positions} positions: expert median "
                f"{c.expert_play_ms_p50:.1f} ms x {r.cpu_factor:g} = {c.target_ms:.1f} ms; "
                f"IS-MCTS median {probes})")
    e, i = r.cpu_ms[EXPERT], r.cpu_ms[ISMCTS]
    rows = [
        f"Expert vs OpenSpiel IS-MCTS, {r.deals} duplicate deals (2 tables each), seed {r.seed}, "
        f"expert budget {r.budget_ms:g} ms{rate}",
        f"IS-MCTS: uct_c {r.uct_c:g}, simulations per play {sims}, per pass card "
        f"{pass_simulations(r.simulations)}",
        f"{'':38}{'expert':>12}{'IS-MCTS':>12}",
        f"{'mean points per hand':38}{r.expert_mean:12.3f}{r.ismcts_mean:12.3f}",
        f"{'moons shot':38}{r.moons[EXPERT]:12d}{r.moons[ISMCTS]:12d}",
        f"{'CPU ms per play, median':38}{e['play_p50']:12.2f}{i['play_p50']:12.2f}",
        f"{'CPU ms per play, 99th percentile':38}{e['play_p99']:12.2f}{i['play_p99']:12.2f}",
        f"{'CPU ms per pass, median':38}{e['pass_p50']:12.2f}{i['pass_p50']:12.2f}",
        f"{'CPU ms per pass, 99th percentile':38}{e['pass_p99']:12.2f}{i['pass_p99']:12.2f}",
        f"{'CPU ms per decision, median':38}{e['all_p50']:12.2f}{i['all_p50']:12.2f}",
        f"{'CPU ms per decision, 99th percentile':38}{e['all_p99']:12.2f}{i['all_p99']:12.2f}",
        f"CPU per play, ratio of medians IS-MCTS / expert: {r.cpu_ratio_play_p50:.2f}",
        f"advantage (IS-MCTS minus expert, points per hand): {r.advantage:+.3f}, "
        f"95% CI [{r.ci95_low:+.3f}, {r.ci95_high:+.3f}]",
        f"resampled worlds checked: {r.worlds_checked}, all valid. IS-MCTS is not reproducible "
        "for a seed (ties broken by hash order): runs of the same seed differ.",
    ]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="at least 2 (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS,
                        help="the expert's CPU ms per decision (default %(default)s)")
    effort = parser.add_mutually_exclusive_group()
    effort.add_argument("--cpu-factor", type=float, default=1.0,
                        help="IS-MCTS's median CPU per play over the expert's (default %(default)s)")
    effort.add_argument("--simulations", type=int, default=None,
                        help="IS-MCTS's simulations per play (a third per pass card); no calibration")
    parser.add_argument("--calibration-positions", type=int, default=48)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rate", type=float, default=None,
                        help="pin the expert's work per CPU ms (default: measured in each "
                             "process, bots.strategies.effort)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON holding the figures")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2 (the interval needs two)")

    set_pace(args.rate, True)
    pinned = args.rate is not None
    calibration = None
    simulations = args.simulations
    if simulations is None:
        calibration = calibrate(args.seed, args.calibration_positions, args.budget_ms,
                                args.cpu_factor, args.uct_c)
        simulations = calibration.simulations
    tasks = [(args.seed, index, simulations, args.uct_c, args.budget_ms) for index in range(args.deals)]
    if args.processes == 1:
        results = [play_deal(task) for task in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(args.processes, initializer=set_pace,
                                                      initargs=(args.rate, True)) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    report = summarize(results, seed=args.seed, budget_ms=args.budget_ms, rate=args.rate,
                       rate_pinned=pinned, cpu_factor=None if args.simulations else args.cpu_factor,
                       uct_c=args.uct_c, simulations=simulations, calibration=calibration)
    print(format_report(report))
    if args.json:
        print(json.dumps(asdict(report)))


if __name__ == "__main__":
    main()
