"""The expert bot: what its seat knows, the deals it samples, and the moves search finds."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from bots.strategies import expert
from bots.strategies.endgame import distinct
from bots.strategies.expert.knowledge import Knowledge
from bots.strategies.expert.play_model import PlayModel
from bots.strategies.policies import avoid_policy
from games.engine import PassDirection, RuleSet, Seat, seat_view
from games.engine.kernel import ALL_CARDS, cards_of, mask_of
from games.engine.playout import PlayoutHand
from games.engine.variants import MoonScoring

from ..engine.helpers import HOLD, Table, cards
from .positions import RIGHT, position

N, E, S, W = Seat

# North wins ten tricks on clubs while the others, void, throw it QS and eleven hearts;
# East, South and West keep three cards each, West the last heart out (2H).
COLD_MOON = """
N: AKQJT98765.2.-.AK
E: 432.-.Q5432.76543
S: -.JT9876543.-.JT98
W: -.AKQ.AKJT9876.Q2
"""
COLD_MOON_TRICKS = (
    "E 2C, S 6D, W QD, N AC", "N KC, E 3C, S 7D, W KD", "N QC, E 4C, S 8D, W AD",
    "N JC, E QS, S 9D, W 8S", "N 10C, E 3H, S 10D, W 9S", "N 9C, E 4H, S JD, W 10S",
    "N 8C, E 5H, S 8H, W JS", "N 7C, E 6H, S 9H, W KS", "N 6C, E 7H, S 10H, W AS",
    "N 5C, E 2S, S JH, W QH",
)


def cold_moon_table() -> Table:
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS)
    return table


def test_cold_moon_position_leaves_north_with_23_points_and_the_lead():
    state = cold_moon_table().now
    assert state.hand.points_taken() == (23, 0, 0, 0)
    assert state.to_act == [N]


def test_expert_takes_a_moon_it_holds_cold():
    # Leading a heart pulls West's 2H: all 26 points, so North scores 0 and the others 26.
    # Leading 2D lets South win and West throw 2H on it: North keeps 25.
    view = seat_view(cold_moon_table().now, N)
    card = expert.choose_play(view, Random(1), budget_ms=30)
    assert str(card) in {"AH", "KH"}


def test_knowledge_places_voids_counts_and_hidden_cards_from_the_view():
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:4])  # South and West show out of clubs on trick one
    knowledge = expert.Knowledge(seat_view(table.now, N))
    clubs = mask_of(cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"))
    assert knowledge.voids[S] & clubs == clubs and knowledge.voids[W] & clubs == clubs
    assert knowledge.voids[E] & clubs == clubs  # East threw QS on a club lead in trick four
    assert knowledge.counts == [9, 9, 9, 9]
    assert knowledge.hidden.bit_count() == 27
    assert knowledge.holding == mask_of(cards("10C 9C 8C 7C 6C 5C AH KH 2D"))


def test_sampled_deals_respect_voids_counts_and_the_cards_in_view():
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:4])
    knowledge = expert.Knowledge(seat_view(table.now, N))
    rng = Random(5)
    for _ in range(200):
        world = knowledge.sample(rng)
        assert world[N] == knowledge.holding
        assert [holding.bit_count() for holding in world] == [9, 9, 9, 9]
        assert sum(world) == knowledge.hidden | knowledge.holding  # disjoint, all placed
        for seat in (E, S, W):
            assert not world[seat] & knowledge.voids[seat]


def test_cards_passed_are_placed_with_the_seat_they_went_to():
    table = Table(COLD_MOON, rules=RuleSet(pass_rotation=(PassDirection.LEFT,)))
    for seat, given in ((N, "AH KH 2D"), (E, "3H 4H 5H"), (S, "8H 9H 10H"), (W, "QD KD AD")):
        table.pass_cards(seat, given)
    knowledge = expert.Knowledge(seat_view(table.now, N))  # east leads 2C; north waits
    passed = mask_of(cards("AH KH 2D"))
    assert knowledge.known[E] == passed
    assert not knowledge.hidden & passed
    assert all(knowledge.sample(Random(seed))[E] & passed == passed for seed in range(50))


def test_expert_is_deterministic_for_a_seed():
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:3])
    view = seat_view(table.now, N)
    first = expert.choose_play(view, Random(9), budget_ms=20)
    assert all(expert.choose_play(view, Random(9), budget_ms=20) == first for _ in range(3))


def test_hidden_cards_go_to_seats_in_proportion_to_the_cards_they_still_hold():
    # After trick one and east's 3C to trick two, east holds 11 cards, south and west 12.
    # South and west showed out of clubs, so the hidden 4C is east's; of the other 34
    # hidden cards east holds 10: AS is east's in 10 deals of 34, not one in three.
    table = Table(COLD_MOON, rules=HOLD)
    table.play(COLD_MOON_TRICKS[0], "N KC, E 3C")
    knowledge = expert.Knowledge(seat_view(table.now, N))
    assert knowledge.counts == [11, 11, 12, 12]
    ace_of_spades = mask_of(cards("AS"))
    rng = Random(2)
    deals = 30_000
    east = sum(1 for _ in range(deals) if knowledge.sample(rng)[E] & ace_of_spades)
    assert abs(east / deals - 10 / 34) < 0.01


def test_the_exact_dealer_keeps_every_void_and_count():
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:4])
    knowledge = expert.Knowledge(seat_view(table.now, N))
    for seed in range(30):
        world = knowledge._exact_sample(Random(seed))
        assert [holding.bit_count() for holding in world] == [9, 9, 9, 9]
        assert sum(world) == knowledge.hidden | knowledge.holding
        assert all(not world[seat] & knowledge.voids[seat] for seat in (E, S, W))
    assert knowledge.dealing_work == 30 * expert.WORK_PER_EXACT_DEAL


def test_dealing_is_charged_for_every_try_at_a_deal_the_dead_ends_too():
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:4])
    knowledge = expert.Knowledge(seat_view(table.now, N))
    knowledge.sample(Random(1))  # no hidden club: nothing to dead-end on, one try
    assert knowledge.dealing_work == expert.WORK_PER_TRY + 27 * expert.WORK_PER_CARD_DEALT
    knowledge.voids[E] = ALL_CARDS  # East may hold nothing: the 19th card finds no seat
    assert knowledge._try_sample(Random(1)) is None
    dealt = 27 + 18
    assert knowledge.dealing_work == 2 * expert.WORK_PER_TRY + dealt * expert.WORK_PER_CARD_DEALT


def test_a_play_search_counts_the_deal_the_dealing_and_each_play_out():
    # North leads trick five holding every point: its clubs are alike (every other club is
    # played) and 2D, so two cards are tried under two plans (avoiding and the moon's),
    # each played out over the 36 cards left, after one try at dealing the 27 hidden and
    # the other seats' plays weighed on that deal.
    table = Table(COLD_MOON, rules=HOLD)
    table.play(*COLD_MOON_TRICKS[:4])
    view = seat_view(table.now, N)
    _, done = expert.search_play(view, Random(1), 1)  # one deal
    play_outs = 2 * 2 * (36 * expert.WORK_PER_CARD_PLAYED + expert.WORK_PER_PLAY_OUT)
    dealing = expert.WORK_PER_TRY + 27 * expert.WORK_PER_CARD_DEALT
    knowledge = Knowledge(view)
    model = PlayModel(view, knowledge.played_by)
    model.likelihood(knowledge.sample(Random(1)))
    assert model.work > 0
    assert done == expert.WORK_PER_DEAL + dealing + model.work + play_outs


def test_play_out_policy_never_wins_a_trick_with_its_own_queen_when_it_can_help_it():
    # Spades led, 5S and 10S down, the third seat void: west with JS and QS wins with JS.
    from games.engine.playout import PlayoutHand

    holdings = [mask_of(cards("2C 3D")), mask_of(cards("4C 4D")), mask_of(cards("5C 5D")),
                mask_of(cards("JS QS"))]
    hand = PlayoutHand.at(holdings, RuleSet(), trick_number=12, leader=N,
                          trick_cards=[mask_of(cards("5S")), mask_of(cards("10S")),
                                       mask_of(cards("6D"))],
                          taken=[0, 0, 0, 0], tricks_won=[11, 0, 0, 0], hearts_broken=False)
    assert hand.to_play == W
    assert avoid_policy(hand, hand.legal()) == mask_of(cards("JS"))


# Trick 8, North to lead. West has taken six tricks and every point (QS, 5H to JH), North
# trick 7 without points: E 2C S 3C W AC N 4C, W AD N 2D E 3D S 4D, W KD N 5D E 6D S 7D,
# W QD N 8D E 9D S 7H, W JH N 5H E 6H S QS, W 10H N 8H E 9H S 2S, W 5C N KC E 6C S 7C.
MOON_RUN_HOLDINGS = {N: "AH 2H 8C 10D 3S 4S", E: "KH 3H 9C JD 5S 6S", S: "10C JC 7S 8S 9S 10S",
                     W: "QH 4H QC JS KS AS"}


def moon_run_lead(**swap: str) -> int:
    """North's lead in the play-outs with West on a moon run (``MOON_RUN_HOLDINGS``, with
    ``swap``'s holdings in place of those seats')."""
    holdings = [mask_of(cards(swap.get(seat.label, MOON_RUN_HOLDINGS[seat]))) for seat in Seat]
    north_took = mask_of(cards("5C 6C 7C KC"))
    west_took = ALL_CARDS & ~sum(holdings) & ~north_took
    hand = PlayoutHand.at(holdings, RuleSet(), trick_number=8, leader=N, trick_cards=[],
                          taken=[north_took, 0, 0, west_took], tricks_won=[1, 0, 0, 6],
                          hearts_broken=True)
    return avoid_policy(hand, hand.legal())


def test_play_out_policy_leads_the_top_heart_against_a_moon_run_or_no_heart():
    # AH takes a heart from West's moon; else no heart lead to feed it, the lowest card (3S).
    assert moon_run_lead() == mask_of(cards("AH"))
    assert moon_run_lead(north="KH 2H 8C 10D 3S 4S", east="AH 3H 9C JD 5S 6S") == mask_of(cards("3S"))


def test_the_pass_search_keeps_the_hard_bots_pass_when_one_deal_cannot_tell():
    from bots.strategies import hard
    from games.engine import Phase

    view = expert.calibration_views()[0]
    assert view.status is Phase.PASSING and view.pass_direction is PassDirection.LEFT
    hards = sorted(hard.choose_pass(view, Random(1)))
    # One deal says nothing clearly: the hard bot's pass.
    cards_passed, done = expert.search_pass(view, Random(1), 1)
    assert sorted(cards_passed) == hards and done > 1
    # With many deals it may differ, but always three cards of its own hand.
    searched, _ = expert.search_pass(view, Random(1), 60_000)
    assert len(set(searched)) == 3 and set(searched) <= set(view.hand)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_the_pass_search_passes_the_matchs_number_of_cards(count):
    view = dataclasses.replace(expert.calibration_views()[0],
                               rules=RuleSet(pass_count=count,
                                             pass_rotation=(PassDirection.LEFT,)))
    for work in (1, 30_000):
        passed, _ = expert.search_pass(view, Random(3), work)
        assert len(set(passed)) == count and set(passed) <= set(view.hand)


# Totals all under the target (100), North and East tied lowest; where the end has begun,
# a total reached 100 after hand 1 and a moon taken off its shooter in hand 2 took it
# down again (West, 121 to 95). A hand in which North takes 2H 3H and East 4H 5H 6H
# leaves North alone lowest on 52.
SUBTRACT = dataclasses.replace(HOLD, moon_scoring=MoonScoring.SUBTRACT_FROM_SHOOTER)
TIED_UNDER_TARGET = (50, 50, 90, 95)


def _finished_hand(taken: dict[Seat, str]) -> PlayoutHand:
    hand = PlayoutHand([0, 0, 0, 0], SUBTRACT, leader=0)  # no cards left: a finished hand
    hand.taken = [mask_of(cards(taken.get(seat, ""))) for seat in Seat]
    hand.tricks_won = [5, 4, 2, 2]
    return hand


@pytest.mark.parametrize(("end_started_after", "won"), [
    (None, 0.0),  # nobody has reached 100: the match goes on
    (1, expert.MATCH_WEIGHT),  # the end began after hand 1: North alone lowest wins
])
def test_the_valuation_counts_the_match_won_only_once_its_end_has_begun(end_started_after, won):
    table = cold_moon_table()
    table.set_totals(*TIED_UNDER_TARGET)
    view = dataclasses.replace(seat_view(table.now, N), rules=SUBTRACT, hand_number=3,
                               end_started_after=end_started_after)
    hand = _finished_hand({N: "2H 3H", E: "4H 5H 6H"})
    # The hand's own part: the others' mean (1) less North's 2 points (= -1).
    assert expert.Valuation(view).utility(hand) == pytest.approx(-1.0 + won)


def test_the_valuation_shares_the_win_of_a_tie_that_survives_the_last_tiebreak_hand():
    table = cold_moon_table()
    table.set_totals(*TIED_UNDER_TARGET)
    hand = _finished_hand({S: "2H", W: "3H"})  # North and East stay tied on 50
    # The end began after hand 1; hand 6 is the fifth and last tiebreak hand (the default).
    last = dataclasses.replace(seat_view(table.now, N), rules=SUBTRACT, hand_number=6,
                               end_started_after=1)
    before_last = dataclasses.replace(last, hand_number=5)
    # The hand's own part: the others' mean, 2/3, less North's 0. After the last tiebreak
    # hand the match ends and North shares the win with East; before it, it plays on.
    assert expert.Valuation(last).utility(hand) == pytest.approx(2 / 3 + expert.MATCH_WEIGHT / 2)
    assert expert.Valuation(before_last).utility(hand) == pytest.approx(2 / 3)


# Passing right, East passed North AD KD 4D, its only diamonds, and kept QS. North won the
# first trick with AC and leads. A diamond lead high enough to win lets East, void, drop
# the queen on it; with the queen out and East, having passed three diamonds, likely
# void, a careful player leads low. The search alone, dealing the hidden cards as if no
# other seat had passed, led KD.
LOW_LEAD_HOLDING = "AD KD 4D 2D 7C 8C 9C 2H 3H 4H KS AS"
LOW_LEAD_TRICKS = ("W 2C, N AC, E 3C, S 4C",)
LOW_LEAD_EAST = "QS 2S 3S 4S 5S 6S 5H 6H 7H"  # the filler adds no diamond


def low_lead_view(holding: str = LOW_LEAD_HOLDING, rules: RuleSet = RIGHT):
    return position(N, holding, LOW_LEAD_TRICKS, known={E: LOW_LEAD_EAST}, rules=rules,
                    passed="QH KH AH")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_expert_leads_low_in_the_minors_while_the_queen_is_out(seed):
    view = low_lead_view()
    assert str(expert.choose_play(view, Random(seed), work=20_000)) in {"2D", "7C", "8C", "9C"}


def lead_options(view) -> set[str]:
    knowledge = expert.Knowledge(view)
    legal = mask_of(view.legal_cards)
    tried = distinct(legal, ALL_CARDS & ~knowledge.holding & ~knowledge.played)
    return {str(card) for bit in expert.low_minor_leads(tried, knowledge)
            for card in cards_of(bit)}


def test_the_low_lead_rule_keeps_the_lowest_club_and_diamond_and_the_spades():
    # Hearts are not broken; AS and KS, with no card between them, are one option (KS).
    assert lead_options(low_lead_view()) == {"7C", "2D", "KS"}


def test_the_low_lead_rule_keeps_high_diamonds_while_the_jack_of_diamonds_scores_and_is_out():
    jack = dataclasses.replace(RIGHT, jack_of_diamonds=-10)
    assert lead_options(low_lead_view(rules=jack)) == {"7C", "2D", "4D", "KD", "KS"}


def test_the_low_lead_rule_keeps_the_lowest_diamond_only_once_the_jack_is_in_hand():
    jack = dataclasses.replace(RIGHT, jack_of_diamonds=-10)
    view = low_lead_view(LOW_LEAD_HOLDING.replace("4D", "JD"), rules=jack)
    assert lead_options(view) == {"7C", "2D", "KS"}


def test_the_low_lead_rule_leaves_every_lead_while_north_holds_the_queen():
    holding = LOW_LEAD_HOLDING.replace("KS", "QS")
    east = LOW_LEAD_EAST.replace("QS", "KS")
    view = position(N, holding, LOW_LEAD_TRICKS, known={E: east}, rules=RIGHT,
                    passed="QH KH AH")
    assert lead_options(view) == {"7C", "2D", "4D", "KD", "QS", "AS"}
