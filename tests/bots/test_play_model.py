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
    """``(view, true deal)`` before a play of a hand four hard bots play, at trick 2 to 12."""
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
                return RULED_OUT
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
        assert true > RULED_OUT
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


def test_the_first_lead_of_a_hand_weighs_nothing_and_costs_nothing():
    state, _ = bot_table(RuleSet(pass_rotation=(PassDirection.HOLD,)),
                         tuple(tuple(cards_of(0x1FFF << 13 * s)) for s in range(4)), ["hard"] * 4)
    view = seat_view(state, state.hand.trick.to_play)
    model = PlayModel(view, [0, 0, 0, 0])
    assert model.likelihood([0x1FFF << 13 * s for s in range(4)]) == 1.0 and model.work == 0
