"""The expert's inference from the pass: the weights of the deals its search samples."""

from __future__ import annotations

from random import Random

from bots.strategies import expert
from bots.strategies.expert.inference import pass_model
from games.engine import PassDirection, RuleSet, Seat, seat_view
from games.engine.kernel import DIAMONDS

from ..engine.helpers import Table

N, E, S, W = Seat
LEFT = RuleSet(pass_rotation=(PassDirection.LEFT,))

# West passes North (on its left) all three of its diamonds; the hard bot passes a short
# minor suit whole, so West is likely void in diamonds, which a uniform deal rarely makes it.
DEAL = """
N: AKQ.5432.AKQ.AKQ
E: JT9.JT9.JT9.JT98
S: 876.876.876.7654
W: 5432.AKQ.5432.32
"""


def north_after_the_pass() -> expert.Knowledge:
    table = Table(DEAL, rules=LEFT)
    table.pass_cards(N, "AS KS QS")
    table.pass_cards(E, "JC 10C 9C")
    table.pass_cards(S, "7H 6H 5H")
    table.pass_cards(W, "AD KD QD")
    return expert.Knowledge(seat_view(table.now, N))


def test_a_seat_that_passed_a_whole_short_suit_weighs_as_likely_void_in_it():
    knowledge = north_after_the_pass()
    rng = Random(3)
    deals = [knowledge.sample(rng) for _ in range(2000)]
    weights = [knowledge.weight(world) for world in deals]
    void = [not world[W] & DIAMONDS for world in deals]
    uniform_share = sum(void) / len(deals)
    weighted_share = sum(w for w, v in zip(weights, void, strict=True) if v) / sum(weights)
    assert uniform_share < 0.1
    assert weighted_share > 3 * uniform_share  # about 0.2 with the committed model


def test_no_weights_after_a_hand_without_a_pass():
    table = Table(DEAL)  # HOLD: nothing passed
    knowledge = expert.Knowledge(seat_view(table.now, N))
    assert knowledge.ratios is None
    assert knowledge.weight(knowledge.sample(Random(1))) == 1.0


def test_the_model_weighs_lengths_only_for_the_other_seats():
    ratios = pass_model().ratios(N, PassDirection.LEFT, sent=0b111, received=0b111 << 13)
    assert all(r == 1.0 for by_length in ratios[N] for r in by_length)
    assert all(r > 0 for seat in (E, S, W) for by_length in ratios[seat] for r in by_length)

