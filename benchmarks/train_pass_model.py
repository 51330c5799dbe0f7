"""Fit the expert's pass model (``bots/strategies/expert/pass_model.json``) and print its fit.

    python benchmarks/train_pass_model.py [--hands 30000] [--seed 2026] [--check 10000] [--write]

Random deals (the default rules) are passed by the hard bot (``hard.choose_pass``), left,
right and across in turn. From each seat's side, each other seat's number of cards of each
suit when play begins (its length) is counted against what the seat knows of it: how
many of the suit it passed to this seat (-1 if it passed elsewhere) and how many this seat
passed to it (-1 likewise); and again with the cards this seat cannot see dealt at
random, as the expert's search deals them. The model is the two histograms for each
direction, suit and those two counts.

The fit is measured on ``--check`` other deals: the mean log2 of the ratio, hard's
histogram (mixed with the random deal's as ``inference.NOISE`` says) over the random
deal's, at the lengths each seat's three opponents hold, summed over their suits: the bits
a seat gains on where the cards are. ``--write`` stores the model (the fit is printed
either way).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from random import Random
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.strategies import hard  # noqa: E402
from bots.strategies.expert import inference  # noqa: E402
from games.engine import RuleSet  # noqa: E402
from games.engine.cards import DECK  # noqa: E402
from games.engine.kernel import SUIT_MASK_BY_ORDER, pass_target  # noqa: E402
from games.engine.variants import PassDirection  # noqa: E402

DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)



def deal_and_pass(rng: Random, direction: PassDirection) -> tuple[list[int], list[int]]:
    """(passed, after): each seat's three cards passed by ``hard.choose_pass`` and its
    holding after the exchange, as masks."""
    cards = list(DECK)
    rng.shuffle(cards)
    rules = RuleSet()
    hands = [cards[seat * 13:(seat + 1) * 13] for seat in range(4)]
    passed = []
    for hand in hands:
        view = SimpleNamespace(hand=tuple(hand), pass_direction=direction, rules=rules)
        passed.append(sum(1 << card.index for card in hard.choose_pass(view, rng)))
    after = [sum(1 << card.index for card in hand) & ~passed[seat] for seat, hand in enumerate(hands)]
    for seat in range(4):
        after[pass_target(seat, direction)] |= passed[seat]
    return passed, after


def dealt_as_sampled(rng: Random, seat: int, passed: list[int], after: list[int],
                     direction: PassDirection) -> list[int]:
    """``after`` with the cards ``seat`` cannot see dealt again at random (the cards it
    passed stay with the seat it passed them to), as the expert's search deals them."""
    target = pass_target(seat, direction)
    world = [0, 0, 0, 0]
    world[seat] = after[seat]
    world[target] = passed[seat]
    hidden = [1 << i for i in range(52) if not (1 << i) & (after[seat] | passed[seat])]
    rng.shuffle(hidden)
    for other in range(4):
        if other != seat:
            need = 13 - world[other].bit_count()
            world[other] |= sum(hidden[:need])
            hidden = hidden[need:]
    return world


def features(seat: int, passed: list[int], direction: PassDirection):
    """(other, suit order, received + 1, sent + 1): what ``seat`` knows of each other seat's
    pass in each suit: the cards it received from it, those it sent to it (-1: none)."""
    for other in range(4):
        if other == seat:
            continue
        for order, suit in enumerate(SUIT_MASK_BY_ORDER):
            received = (passed[other] & suit).bit_count() if pass_target(other, direction) == seat else -1
            sent = (passed[seat] & suit).bit_count() if pass_target(seat, direction) == other else -1
            yield other, order, received + 1, sent + 1


def fit(hands: int, rng: Random) -> dict[str, list]:
    """The model: counts[direction][suit][received + 1][sent + 1][length], ``"hard"`` of the
    lengths held, ``"sampled"`` of the lengths of the same deals as the search deals them."""
    model = {name: [[[[[0] * 14 for _ in range(5)] for _ in range(5)] for _ in range(4)]
                    for _ in DIRECTIONS] for name in ("hard", "sampled")}
    for index in range(hands):
        d = index % 3
        passed, after = deal_and_pass(rng, DIRECTIONS[d])
        for seat in range(4):
            sampled = dealt_as_sampled(rng, seat, passed, after, DIRECTIONS[d])
            for other, order, received, sent in features(seat, passed, DIRECTIONS[d]):
                suit = SUIT_MASK_BY_ORDER[order]
                model["hard"][d][order][received][sent][(after[other] & suit).bit_count()] += 1
                model["sampled"][d][order][received][sent][(sampled[other] & suit).bit_count()] += 1
    return model


def check(model: dict[str, list], hands: int, rng: Random) -> float:
    """Mean bits per seat (three opponents, four suits) the model gains on the lengths held
    (the ratios untempered: ``inference.TEMPER`` is the search's choice, not the model's)."""
    passes = inference.PassModel(model)
    bits = 0.0
    for index in range(hands):
        direction = DIRECTIONS[index % 3]
        passed, after = deal_and_pass(rng, direction)
        for seat in range(4):
            received = next(passed[o] for o in range(4) if pass_target(o, direction) == seat)
            ratios = passes.ratios(seat, direction, passed[seat], received)
            bits += sum(math.log2(ratios[other][order][(after[other] & suit).bit_count()])
                        for other in range(4) if other != seat
                        for order, suit in enumerate(SUIT_MASK_BY_ORDER))
    return bits / (hands * 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--check", type=int, default=10000)
    parser.add_argument("--write", action="store_true")
    options = parser.parse_args()
    model = fit(options.hands, Random(options.seed))
    bits = check(model, options.check, Random(options.seed + 1))
    print(f"{options.hands} deals fitted (seed {options.seed}); on {options.check} others: "
          f"{bits:.3f} bits a seat, the lengths held {2 ** bits:.2f} times as likely as uniform")
    if options.write:
        inference.MODEL_PATH.write_text(json.dumps({"seed": options.seed, "hands": options.hands,
                                                    **model}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
