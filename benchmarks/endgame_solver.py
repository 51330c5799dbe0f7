"""The expert's exact endgame solver: its nodes and CPU per solve by cards left in the hand.

    python benchmarks/endgame_solver.py [--positions 40] [--cards 8 12 16 20] [--seed 5] [--json]

For each number of cards left (in all four hands), ``--positions`` random deals are played
by the play-out policy (``policies.avoid_policy``) until that many cards are left, then
every distinct legal card of the seat on turn is solved exactly (``endgame.Solver``, with
the utility of a match's first hand) as the expert's search does for one deal. It prints,
per number of cards, the median and 90th percentile of the CPU time (``time.thread_time``)
and of the nodes a position's solve took, and the nodes per second over all of them.
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

from bots.strategies.endgame import Solver, distinct  # noqa: E402
from bots.strategies.policies import avoid_policy  # noqa: E402
from games.engine import RuleSet  # noqa: E402
from games.engine.kernel import ALL_CARDS, score_hand  # noqa: E402
from games.engine.playout import PlayoutHand  # noqa: E402


def position(rng: Random, cards_left: int) -> PlayoutHand:
    """A random deal played by ``avoid_policy`` until ``cards_left`` cards are in the hands."""
    cards = [1 << i for i in range(52)]
    rng.shuffle(cards)
    hand = PlayoutHand([sum(cards[seat::4]) for seat in range(4)], RuleSet())
    while sum(h.bit_count() for h in hand.holdings) > cards_left:
        hand.play(avoid_policy(hand, hand.legal()))
    return hand


def utility_for(seat: int):
    """The others' mean points minus ``seat``'s, at match totals of zero."""
    rules = RuleSet()

    def utility(hand: PlayoutHand) -> float:
        points = score_hand(hand.taken, hand.tricks_won, (0, 0, 0, 0), rules,
                            hand_number=1, end_started_after=None).points
        return sum(points) / 3 - points[seat] * 4 / 3
    return utility


def solve(hand: PlayoutHand) -> tuple[float, int]:
    """(CPU seconds, nodes) to solve each distinct legal card of the seat on turn."""
    others = ALL_CARDS & ~hand.holdings[hand.to_play] & (sum(hand.holdings) | hand.trick_cards)
    start = time.thread_time()
    solver = Solver(hand.to_play, utility_for(hand.to_play))
    for bit in distinct(hand.legal(), others):
        child = hand.copy()
        child.play(bit)
        solver.value(child)
    return time.thread_time() - start, solver.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--cards", type=int, nargs="+", default=[8, 12, 16, 20])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    print("| cards left | solve ms p50 / p90 | nodes p50 / p90 | nodes per s |")
    print("|---|---|---|---|")
    for cards_left in args.cards:
        rng = Random(args.seed * 1000 + cards_left)
        runs = [solve(position(rng, cards_left)) for _ in range(args.positions)]
        seconds = sorted(s for s, _ in runs)
        nodes = sorted(n for _, n in runs)
        p90 = int(len(runs) * 0.9)
        row = {"cards_left": cards_left, "ms_p50": statistics.median(seconds) * 1e3,
               "ms_p90": seconds[p90] * 1e3, "nodes_p50": statistics.median(nodes),
               "nodes_p90": nodes[p90], "nodes_per_s": sum(nodes) / sum(seconds)}
        rows.append(row)
        print(f"| {cards_left} | {row['ms_p50']:.2f} / {row['ms_p90']:.2f} | "
              f"{row['nodes_p50']:.0f} / {row['nodes_p90']} | {row['nodes_per_s']:,.0f} |",
              flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
