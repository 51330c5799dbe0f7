"""The expert under each variant: positions where the right card changes with the rule.

Each position is late in the hand (or, for the first-trick rule, on trick one with the
choice plain), and the right card is worked out by hand in its comment, for the rule on
and for the rule off, so the search has one answer and a small budget finds it. A seat
taking JD, a moon or a sun is scored by ``kernel.score_hand``; the match totals are set
where the answer turns on whether the hand ends the match (target 100).

Deals are written clubs.diamonds.spades.hearts, ranks high to low (``parse_deal``).
"""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from bots.strategies import expert
from games.engine import RuleSet, Seat, SeatView, seat_view
from games.engine.variants import MoonScoring

from ..engine.helpers import HOLD, Table

N, E, S, W = Seat
SEEDS = range(1, 6)
BUDGET_MS = 30


def rules(**changes: object) -> RuleSet:
    return dataclasses.replace(HOLD, **changes)


def view_after(deal: str, script: tuple[str, ...], ruleset: RuleSet, seat: Seat,
               totals: tuple[int, int, int, int] | None = None) -> SeatView:
    table = Table(deal, rules=ruleset)
    if totals is not None:
        table.set_totals(*totals)
    table.play(*script)
    view = seat_view(table.now, seat)
    assert view.is_your_turn
    return view


def plays(view: SeatView, budget_ms: float = BUDGET_MS) -> set[str]:
    """The expert's card for each of several seeds: a set of one card when the search
    finds the answer whatever the deals it samples."""
    return {str(expert.choose_play(view, Random(seed), budget_ms=budget_ms)) for seed in SEEDS}


# --- jack_of_diamonds ------------------------------------------------------------------------
# Trick 12: N leads 5D, E plays JD, S (void in diamonds since trick 5) throws 3H; West holds
# AD and 2D. The three cards West cannot see (KD, TD, AC) carry no points, so trick 13 is
# worth nothing whoever holds them; everything turns on trick 12 (JD and 3H).
# - JD worth -10: AD takes JD + 3H, -9 for West (and E does not get the -9). Right: AD.
# - JD worth 0: AD takes one point for nothing; 2D ducks under JD (E takes the 3H). Right: 2D.
# No moon is possible: N has QS and three hearts, S four hearts, W five.
JD_DEAL = """
N: Q72.K875.K83.A94
E: K83.JT93.T94.KT5
S: AT94.4.J65.QJ632
W: J65.AQ62.AQ72.87
"""
JD_SCRIPT = (
    "N 2C, E 3C, S 4C, W 5C", "W 6C, N 7C, E 8C, S 9C", "S 10C, W JC, N QC, E KC",
    "E 3D, S 4D, W 6D, N 7D", "N 8D, E 9D, S 2H, W QD", "W 2S, N 3S, E 4S, S 5S",
    "S 6S, W 7S, N 8S, E 9S", "E 10S, S JS, W QS, N KS", "N 4H, E 5H, S 6H, W 7H",
    "W 8H, N 9H, E 10H, S JH", "S QH, W AS, N AH, E KH", "N 5D, E JD, S 3H",
)


@pytest.mark.parametrize(("jack", "right"), [(-10, "AD"), (0, "2D")])
def test_expert_takes_the_jack_of_diamonds_only_when_it_scores(jack, right):
    view = view_after(JD_DEAL, JD_SCRIPT, rules(jack_of_diamonds=jack), W)
    assert plays(view) == {right}


# --- first_trick_points ----------------------------------------------------------------------
# Trick 1: N leads 2C, E plays AC, S 5C; West, void in clubs, holds QS (its only spade), AD,
# 2D and the ten hearts 2H-JH. West cannot win the trick, so whatever it throws goes to E.
# - Points allowed on trick one: QS, 13 points to E at no risk. Kept, the bare QS would have
#   to be played the first time spades are led and take the trick unless KS or AS falls.
#   Right: QS (a heart would give E one point and keep the queen).
# - No points on trick one: only AD and 2D are legal. Both are diamonds, so keeping 2D is
#   at least as good as keeping AD in every deal (it can duck wherever AD would win); West,
#   without AH, KH or QH, has no moon to keep a winner for. Right: AD.
# With 39 cards unseen on trick one, this search gets the largest budget here (50 ms: AD in
# 100 seeds of 100 at 30 ms when written).
FIRST_TRICK_DEAL = """
N: 6432.6543.5432.Q
E: A987.T987.9876.K
S: KQJT5.KQJ.AKJT.A
W: -.A2.Q.JT98765432
"""
FIRST_TRICK_SCRIPT = ("N 2C, E AC, S 5C",)


@pytest.mark.parametrize(("allowed", "right"), [(True, "QS"), (False, "AD")])
def test_expert_dumps_the_queen_on_trick_one_only_when_points_are_allowed(allowed, right):
    view = view_after(FIRST_TRICK_DEAL, FIRST_TRICK_SCRIPT, rules(first_trick_points=allowed), W)
    assert plays(view, budget_ms=50) == {right}


# --- queen_breaks_hearts ---------------------------------------------------------------------
# Trick 10, N to lead with 2H 3H 4H AD. Nine tricks of clubs, diamonds and spades have been
# played, no heart yet; S played QS to N's KS on trick 9. E, S and W have each shown out of
# diamonds; between them they hold the ten hearts 5H-AH and two black aces.
# - QS breaks hearts: a low heart (2H, 3H or 4H alike) takes nothing. Every other seat holds
#   at least two hearts (12 cards, only two not hearts), all above 4H, so N's heart loses; N
#   never wins a trick after it: its hearts are the three lowest and nobody can lead a
#   diamond to its AD. Leading AD instead wins the trick, and the three discards, from 12
#   cards of which only two are not hearts, hold at least one heart. Right: a low heart.
# - QS does not break hearts: hearts are unbroken and N holds a diamond, so AD is the only
#   legal lead. Right: AD.
QUEEN_DEAL = """
N: K92.AKQJ72.K.432
E: AT83.983.J74.765
S: J74.4.AQ8532.T98
W: Q65.T65.T96.AKQJ
"""
QUEEN_SCRIPT = (
    "N 2C, E 3C, S 4C, W 5C", "W 6C, N 9C, E 8C, S 7C", "N KC, E 10C, S JC, W QC",
    "N 2D, E 3D, S 4D, W 5D", "W 6D, N 7D, E 8D, S 2S", "E 9D, S 3S, W 10D, N JD",
    "N QD, E 4S, S 5S, W 6S", "N KD, E 7S, S 8S, W 9S", "N KS, E JS, S QS, W 10S",
)


@pytest.mark.parametrize(("breaks", "right"), [(True, {"2H", "3H", "4H"}), (False, {"AD"})])
def test_expert_leads_a_low_heart_once_the_queen_has_broken_hearts(breaks, right):
    view = view_after(QUEEN_DEAL, QUEEN_SCRIPT, rules(queen_breaks_hearts=breaks), N)
    assert view.hearts_broken is breaks
    assert plays(view) <= right


# --- shoot_the_sun and moon_scoring ----------------------------------------------------------
# One position for both: N has won all eleven tricks (AC, then ten club leads on which the
# others threw 4H-KH: 10 points) and leads trick 12 with AH 2H. Unseen: 3H, QS and four
# pointless cards (2D 3D 2S 3S), two to each other seat. Match totals before the hand:
# N 60, E 30, S 74, W 50 (target 100).
# - AH first: whoever holds 3H must follow with it, so 2H is the last heart and wins trick
#   13 too. N takes all 13 tricks and all 26 points, QS included: a moon, and a sun when
#   shoot_the_sun is on.
# - 2H first: the holder of 3H must play it and wins; N's AH can then never win (no heart
#   is left to lead), so N ends the hand on 10 points and the others share 16, none of them
#   reaching 100 (S at most 90). The match goes on: N 70, E 30-46, S 74-90, W 50-66.
# Which is right depends on how the moon or sun is scored:
# - moon, add_to_others: E 56, S 100, W 76, N 60: the match ends and E wins. N loses the
#   match at once; after 2H it is still alive. Right: 2H.
# - sun (shoot_the_sun on, add_to_others): each other seat scores 52: E 82, S 126, W 102,
#   N 60 alone lowest: N wins the match. Right: AH.
# - moon, subtract_from_shooter: N 34, the others unchanged, nobody at 100: N gains 26 on
#   every seat, against losing 10 less what each other seat takes after 2H. Right: AH.
# - moon, shooters_choice: adding would end the match with N not lowest (as above), so N
#   subtracts: as subtract_from_shooter. Right: AH.
SHOOT_DEAL = """
N: AKQJT987654.-.-.A2
E: 2.JT987652.-.6543
S: 3.AKQ3.Q7654.987
W: -.4.AKJT9832.KQJT
"""
SHOOT_SCRIPT = (
    "E 2C, S 3C, W 4D, N AC",
    "N KC, E 4H, S 7H, W 10H", "N QC, E 5H, S 8H, W JH", "N JC, E 6H, S 9H, W QH",
    "N 10C, E 5D, S QD, W KH", "N 9C, E 6D, S KD, W 8S", "N 8C, E 7D, S AD, W 9S",
    "N 7C, E 8D, S 4S, W 10S", "N 6C, E 9D, S 5S, W JS", "N 5C, E 10D, S 6S, W KS",
    "N 4C, E JD, S 7S, W AS",
)
SHOOT_TOTALS = (60, 30, 74, 50)


def shoot_view(ruleset: RuleSet) -> SeatView:
    view = view_after(SHOOT_DEAL, SHOOT_SCRIPT, ruleset, N, totals=SHOOT_TOTALS)
    assert view.hand_points == (10, 0, 0, 0) and view.scores == SHOOT_TOTALS
    return view


@pytest.mark.parametrize(("sun", "right"), [(True, "AH"), (False, "2H")])
def test_expert_shoots_the_sun_that_wins_the_match_and_not_the_moon_that_loses_it(sun, right):
    assert plays(shoot_view(rules(shoot_the_sun=sun))) == {right}


@pytest.mark.parametrize(("scoring", "right"), [
    (MoonScoring.ADD_TO_OTHERS, "2H"),
    (MoonScoring.SUBTRACT_FROM_SHOOTER, "AH"),
    (MoonScoring.SHOOTERS_CHOICE, "AH"),
])
def test_expert_shoots_the_moon_only_when_its_scoring_does_not_lose_the_match(scoring, right):
    assert plays(shoot_view(rules(moon_scoring=scoring))) == {right}
