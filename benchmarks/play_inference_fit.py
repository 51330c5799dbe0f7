"""How much the other seats' plays say about their cards under the expert's play model.

    python benchmarks/play_inference_fit.py [--hands 200] [--seed 2026] [--deals 60]
                                            [--tricks 3 6 9] [--noise 0.05 0.2 0.5]

Hands of four hard bots, the arena's deals (cards and pass direction from ``--seed`` and the
hand's index). From one seat's side (the hand's index mod 4), before its play in each trick
of ``--tricks``, the cards it cannot see are dealt ``--deals`` times as the expert's search
deals them (``Knowledge.sample``: uniform over what it knows), and the true deal is
weighed beside them by the expert's ``PlayModel`` (each play of another seat as the hard bot
would choose it, with noise ``e``), untempered.

Printed for each noise: the bits the model gains on the true deal (the mean over positions
of log2 of its likelihood over the mean likelihood of the sampled deals: 0 for a model that
says nothing), and the probability the weighted deals put on each hidden card's true seat,
against the uniform deals' (the mean over positions and hidden cards; QS alone also).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.arena import play_table  # noqa: E402
from bots.strategies.expert.knowledge import Knowledge  # noqa: E402
from bots.strategies.expert.play_model import PlayModel  # noqa: E402
from games.duplicate import deal_of  # noqa: E402
from games.engine import NEW_MATCH, evolve, seat_view  # noqa: E402
from games.engine.events import CardPlayed  # noqa: E402
from games.engine.kernel import QUEEN_OF_SPADES_BIT, cards_as_bits, mask_of  # noqa: E402


def position_figures(knowledge: Knowledge, truth: list[int], rng: Random, deals: int,
                     noise: float, figures: dict[str, list[float]]) -> None:
    """Add one position's figures at ``noise`` (``truth``: the holdings by seat)."""
    model = PlayModel(knowledge.view, knowledge.played_by, noise=noise, temper=1.0)
    worlds = [knowledge.sample(rng) for _ in range(deals)]
    weights = [model.likelihood(world) for world in worlds]
    figures["bits"].append(math.log2(model.likelihood(truth) / statistics.fmean(weights)))
    for bit in cards_as_bits(knowledge.hidden):
        owner = next(seat for seat in range(4) if truth[seat] & bit)
        held = [bool(world[owner] & bit) for world in worlds]
        weighted = sum(w for w, h in zip(weights, held, strict=True) if h) / sum(weights)
        for suffix in ("", " QS") if bit == QUEEN_OF_SPADES_BIT else ("",):
            figures["weighted" + suffix].append(weighted)
            figures["uniform" + suffix].append(statistics.fmean(held))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--tricks", type=int, nargs="+", default=[3, 6, 9])
    parser.add_argument("--noise", type=float, nargs="+", default=[0.05, 0.2, 0.5])
    options = parser.parse_args(argv)
    figures: dict[float, dict[str, list[float]]] = {
        e: {key: [] for key in ("bits", "weighted", "weighted QS", "uniform", "uniform QS")}
        for e in options.noise}
    for index in range(options.hands):
        table = play_table(*deal_of(options.seed, index), ["hard"] * 4, 0)
        observer = index % 4
        state, plays = NEW_MATCH, 0
        for event in table.events:
            if isinstance(event, CardPlayed):
                if event.seat == observer and plays // 4 + 1 in options.tricks:
                    knowledge = Knowledge(seat_view(state, event.seat))
                    assert state.hand is not None
                    truth = [mask_of(holding) for holding in state.hand.holdings]
                    for e in options.noise:
                        position_figures(knowledge, truth, Random(f"{index}:{plays}"),
                                         options.deals, e, figures[e])
                plays += 1
            state = evolve(state, event)
    print(f"{options.hands} hands, seed {options.seed}, {options.deals} deals a position, "
          f"tricks {options.tricks}, {len(figures[options.noise[0]]['bits'])} positions")
    for e, by_name in figures.items():
        print(f"noise {e}: {statistics.fmean(by_name['bits']):+.2f} bits on the true deal; "
              f"P(true seat) {statistics.fmean(by_name['weighted']):.3f} "
              f"(uniform {statistics.fmean(by_name['uniform']):.3f}), "
              f"QS {statistics.fmean(by_name['weighted QS']):.3f} "
              f"(uniform {statistics.fmean(by_name['uniform QS']):.3f})")


if __name__ == "__main__":
    main()
