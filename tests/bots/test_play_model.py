"""The expert's model of the other seats' plays (``bots.strategies.expert.play_model``)."""

from __future__ import annotations

import statistics
from random import Random

import pytest

from bots.arena import play_table
from bots.strategies import hard
from bots.strategies.expert.knowledge import Knowledge
from bots.strategies.expert.play_model import NOISE, RULED_OUT, TEMPER, PlayModel
from bots.strategies.expert.work import WORK_PER_MODELLED_PLAY, WORK_PER_REPLAYED_PLAY
from games.engine import (
    NEW_MATCH,
    PassDirection,
    PlayCard,
    RuleSet,
    Seat,
    evolve_all,
    legal_cards,
    seat_view,
    step,
)
from games.engine.events import CardPlayed
from games.engine.kernel import cards_of
from games.engine.tables import bot_table


def positions(count: int):
    """``(view, true deal)`` before a play of a hand four hard bots play, at trick 2 to 11."""
    for index in range(count):
        direction = list(PassDirection)[index % 4]
        table = play_table(700 + index, direction, ["hard"] * 4, 0)
        events = list(table.events)
        plays = [i for i, event in enumerate(events) if isinstance(event, CardPlayed)]
        at = plays[4 + index * 7 % 40]
        state = evolve_all(NEW_MATCH, events[:at])
        seat = state.hand.trick.to_play
        yield seat_view(state, seat), [mask_of_holding(state, s) for s in Seat]


def mask_of_holding(state, seat):
    return sum(1 << card.index for card in state.hand.holdings[seat])


def replayed(view, world, played_by):
    """The plays' likelihood by replaying the hand on ``world`` with the hard bot choosing
    each play of another seat: the reference the model must equal."""
    start = tuple(tuple(cards_of(world[s] | played_by[s])) for s in range(4))
    state = bot_table(RuleSet(pass_rotation=(PassDirection.HOLD,)), start, ["hard"] * 4)[0]
    likelihood = 1.0
    for trick in (*view.tricks, view.trick):
        for seat, card in trick.plays:
            legal = legal_cards(state, seat)
            if card not in legal:
                return RULED_OUT ** TEMPER
            if seat != view.seat and len(legal) > 1:
                hit = hard.choose_play(seat_view(state, seat), Random(0)) == card
                likelihood *= (1 - NOISE if hit else 0.0) + NOISE / len(legal)
            state = step(state, PlayCard(seat, card))[1]
    return likelihood ** TEMPER


def test_each_deals_likelihood_is_the_hard_bots_choices_replayed_on_it():
    compared = 0
    for view, _ in positions(12):
        knowledge = Knowledge(view)
        model = PlayModel(view, knowledge.played_by)
        rng = Random(view.hand_number)
        for _ in range(8):
            world = knowledge.sample(rng)
            likelihood = model.likelihood(world)
            if model.decisions == []:  # no deal tried could replay the plays: left unweighed
                break
            assert likelihood == pytest.approx(replayed(view, world, knowledge.played_by), rel=1e-12)
            compared += 1
    assert compared >= 80


def test_the_true_deal_is_more_likely_than_most_deals_the_search_samples():
    above = []
    for view, truth in positions(30):
        knowledge = Knowledge(view)
        model = PlayModel(view, knowledge.played_by)
        rng = Random(1)
        sampled = [model.likelihood(knowledge.sample(rng)) for _ in range(20)]
        true = model.likelihood(truth)
        assert true > RULED_OUT ** TEMPER
        above.append(true >= statistics.median(sampled))
    assert sum(above) >= 0.8 * len(above)


def test_the_plays_are_replayed_once_and_each_answer_charged_once():
    view, truth = next(positions(1))
    model = PlayModel(view, Knowledge(view).played_by)
    model.likelihood(truth)
    assert model.decisions and model.seen
    assert model.work == (len(model.plays) * WORK_PER_REPLAYED_PLAY
                          + len(model.seen) * WORK_PER_MODELLED_PLAY + len(model.decisions))
    before = model.work
    model.likelihood(truth)
    assert model.work - before == len(model.decisions)


def test_deals_the_plays_rule_out_weigh_almost_nothing_and_three_in_a_row_end_the_weighing():
    for view, truth in positions(40):
        knowledge = Knowledge(view)
        shown = [(seat, void) for seat, void in enumerate(knowledge.voids)
                 if void and seat != view.seat]
        swaps = [(seat, bit, other, spare)
                 for seat, void in shown for other in range(4) if other not in (seat, view.seat)
                 for bit in cards_of(truth[other] & void) for spare in cards_of(truth[seat])]
        if swaps:
            break
    seat, card, other, spare = swaps[0]  # ``seat`` showed out of ``card``'s suit: give it one
    ruled_out = list(truth)
    ruled_out[seat] = truth[seat] & ~(1 << spare.index) | 1 << card.index
    ruled_out[other] = truth[other] & ~(1 << card.index) | 1 << spare.index
    model = PlayModel(view, knowledge.played_by)
    assert [model.likelihood(ruled_out) for _ in range(3)] == [RULED_OUT ** TEMPER] * 3
    assert model.decisions == [] and model.likelihood(truth) == 1.0
    assert PlayModel(view, knowledge.played_by).likelihood(truth) > RULED_OUT ** TEMPER
