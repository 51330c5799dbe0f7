"""Weighing a decision (``bots.appraisal``) and analysing a played hand (``bots.analysis``)."""

from __future__ import annotations

import dataclasses
import statistics
from random import Random

from bots.analysis import analyse, choices
from bots.appraisal import appraise
from bots.arena import play_table
from bots.strategies import choose_command, hard
from games.bot_levels import BLUNDER_POINTS, BOT_LEVELS
from games.duplicate import deal_of, mean_ci95
from games.engine import PassCards, Seat, seat_view
from games.engine.events import CardPlayed

from ..engine.helpers import cards
from .positions import passing_view, position
from .test_expert import cold_moon_table

N, E, S, W = Seat


def test_a_cold_moon_is_worth_nothing_to_its_shooter_and_breaking_it_costs_points():
    # North holds AH KH 2D with 23 points taken: a heart lead takes the last heart (West's
    # 2H), then KH and the lead; whoever wins 2D, North has all 26 points: 0 for it.
    appraisal = appraise(seat_view(cold_moon_table().now, N), Random(1), 20_000)
    by_card = {str(option.cards[0]): option for option in appraisal.options}
    assert list(by_card) == ["2D", "KH", "AH"]
    assert by_card["AH"].expected_points == by_card["KH"].expected_points == 0.0
    assert by_card["AH"].moon_against == 0.0
    assert by_card["2D"].expected_points > 0
    assert str(appraisal.best.cards[0]) in {"KH", "AH"}


def test_dropping_the_queen_under_the_ace_of_spades_is_worth_more_than_keeping_it():
    # East leads AS; South holds QS and 2S. Dropped now, the queen is East's; kept alone,
    # a spade lead may make South win it.
    view = position(S, "QS 2S 5C 6C 7C 8C 4D 5D 6D 7H 8H",
                    ["N 2C, E 3C, S 9C, W 4C", "S 3D, W 2D, N KD, E AD", "E AS"])
    appraisal = appraise(view, Random(2), 30_000)
    queen, low = appraisal.option(cards("QS")), appraisal.option(cards("2S"))
    assert queen is not None and low is not None
    assert queen.expected_points < low.expected_points
    assert appraisal.best.cards == tuple(cards("QS"))


def test_every_legal_card_is_weighed_and_equivalent_cards_are_worth_the_same():
    view = position(S, "QS 2S 3D 4D 5D 6D 7D 8D 9D TD JD QD", ["N 2C, E 3C, S AC, W 4C"])
    appraisal = appraise(view, Random(3), 10_000)
    assert [option.cards[0] for option in appraisal.options] == list(view.legal_cards)
    touching = [appraisal.option(cards(card)) for card in ("3D", "4D", "5D")]
    assert len({(o.expected_points, o.moon_against) for o in touching if o}) == 1
    assert appraisal.best.expected_points == min(o.expected_points for o in appraisal.options)


def test_a_pass_weighs_the_hard_bots_choices_and_the_passes_asked_for():
    view = passing_view(N, "AS KS QS 2H 3H 4H 5C 6C 7C 8D 9D TD JD")
    odd = tuple(cards("5C 6C 7C"))
    appraisal = appraise(view, Random(4), 20_000, also=[odd])
    weighed = {frozenset(option.cards) for option in appraisal.options}
    assert frozenset(hard.choose_pass(view, Random(4))) in weighed
    assert frozenset(odd) in weighed
    assert all(len(option.cards) == 3 for option in appraisal.options)
    # Keeping AS KS QS with no low spade to guard them costs points.
    assert appraisal.option(odd).expected_points > appraisal.best.expected_points  # type: ignore[union-attr]


def test_an_analysis_is_the_same_each_time_and_its_loss_is_against_the_best():
    table = play_table(*deal_of(7, 0), ["random", "hard", "hard", "hard"], 200, work=2_000)
    decisions = [analyse(view, played, seed="x", work=5_000)
                 for view, played in choices(table.events, N)]
    again = [analyse(view, played, seed="x", work=5_000)
             for view, played in choices(table.events, N)]
    assert decisions == again
    assert decisions[0].kind == "pass" and decisions[0].trick is None
    assert all(d.kind == "play" for d in decisions[1:])
    assert all(d.loss >= 0 and d.blunder == (d.loss >= BLUNDER_POINTS) for d in decisions)
    assert all(d.loss == 0 for d in decisions if d.played == d.best)


def test_forced_plays_and_a_stand_ins_moves_are_not_the_seats_decisions():
    table = play_table(*deal_of(7, 1), ["hard"] * 4, 200)
    seen = list(choices(table.events, E))
    assert isinstance(seen[0][1], tuple) and seen[0][0].status.value == "passing"
    assert all(len(view.legal_cards) > 1 for view, _ in seen[1:])
    last = [e for e in table.events if isinstance(e, CardPlayed) and e.seat == E][-1]
    assert (last.card,) not in [played for _, played in seen]  # one card left: forced
    events = list(table.events)
    stood_in = next(e for e in events if isinstance(e, CardPlayed) and e.seat == E
                    and (e.card,) == seen[1][1])
    events[events.index(stood_in)] = dataclasses.replace(stood_in, auto=True)
    assert [played for _, played in choices(events, E)] == [seen[0][1], *(p for _, p in seen[2:])]


def test_the_analysis_ranks_the_levels_from_random_to_expert():
    # Every level decides at the same positions (of medium bots' hands); each decision's
    # loss is read off one appraisal of all its options. Each weaker level loses more than
    # the next, clear of zero at 95%.
    losses: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    for index in range(64):
        seat = Seat(index % 4)
        table = play_table(*deal_of(2, index), ["medium"] * 4, 200)
        for k, (view, _) in enumerate(choices(table.events, seat)):
            chosen = {}
            for level in BOT_LEVELS:
                command = choose_command(level, view, Random(f"{index}:{k}"), work=10_000)
                chosen[level] = command.cards if isinstance(command, PassCards) else (command.card,)
            appraisal = appraise(view, Random(f"{index}:{k}"), 10_000, also=list(chosen.values()))
            for level, played in chosen.items():
                option = appraisal.option(played)
                assert option is not None
                losses[level].append(option.expected_points - appraisal.best.expected_points)
    means = [statistics.fmean(losses[level]) for level in BOT_LEVELS]
    assert means == sorted(means, reverse=True)
    for weaker, stronger in zip(BOT_LEVELS, BOT_LEVELS[1:], strict=False):
        gaps = [a - b for a, b in zip(losses[weaker], losses[stronger], strict=True)]
        assert mean_ci95(gaps)[1] > 0, (weaker, stronger)
