"""Every RuleSet variant of docs/rules.md ("Variants") with known-right values, driven through
``decide``/``evolve`` on explicit deals; and the end of the match under each variant.

test_rules.py already pins the score_hand arithmetic of each moon mode, the worked checks
(the moon by the seat on 80, the 40s tie, five extra hands, share) and the sun on D4-a;
the tests here complement them with whole hands and whole matches. Expected values are
worked out by hand from docs/rules.md; the arithmetic is in the comments.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from games.engine import (
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    RuleSetError,
    Seat,
    parse_card,
    parse_deal,
)
from games.engine.events import CardsExchanged, HandDealt, HandScored, MatchEnded, TrickTaken
from games.engine.rules import EndedBy, MoonScoring, TiePolicy
from games.engine.state import Deal

from .helpers import (
    D1,
    D2,
    D4,
    D4_A,
    D4_CONTROL,
    D4_CONTROL_SCRIPT,
    E,
    N,
    S,
    Table,
    W,
    cards,
    codes,
    moon_hand,
    view_json,
)

LEFT, RIGHT, ACROSS, HOLD = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS,
                             PassDirection.HOLD)


def hold_rules(**variants: object) -> RuleSet:
    """Every hand a hold hand (a fixture deal is the hands at the start of play), plus variants."""
    return RuleSet(pass_rotation=(HOLD,), **variants)  # type: ignore[arg-type]


# --- deals of this module --------------------------------------------------------------------

# A plain hand with the points split and JD in a known place. N: seven low clubs and the six
# top diamonds (JD among them); E: the six top clubs and seven low diamonds; S every spade; W
# every heart. E wins the six club tricks (6 hearts: 6 points); from trick 7 N wins every
# trick (QS + 7 hearts: 20 points) and takes its own JD on trick 10.
SPLIT_20_6 = """
N: 8765432.AKQJT9.-.-
E: AKQJT9.8765432.-.-
S: -.-.AKQJT98765432.-
W: -.-.-.AKQJT98765432
"""
SPLIT_20_6_SCRIPT = (
    "N 2C, E AC, S 2S, W 2H",  # E 1 (W holds only hearts: any heart on trick 1)
    "E KC, S 3S, W 3H, N 3C",  # E 1
    "E QC, S 4S, W 4H, N 4C",  # E 1
    "E JC, S 5S, W 5H, N 5C",  # E 1
    "E 10C, S 6S, W 6H, N 6C",  # E 1
    "E 9C, S 7S, W 7H, N 7C",  # E 1 -> E 6
    "E 2D, S QS, W 8H, N AD",  # N 14
    "N KD, E 3D, S 8S, W 9H",  # N 1
    "N QD, E 4D, S 9S, W 10H",  # N 1
    "N JD, E 5D, S 10S, W JH",  # N 1, and N takes JD
    "N 10D, E 6D, S JS, W QH",  # N 1
    "N 9D, E 7D, S KS, W KH",  # N 1
    "N 8C, E 8D, S AS, W AH",  # N 1 -> N 14 + 6 = 20
)

# E05's control hand (W takes all 13 hearts and QS, N wins trick 4 with QD) with S dropping
# JD under N's QD on trick 4 (and 9D on trick 6 instead): W shoots the moon, N takes JD.
MOON_JD_ELSEWHERE_SCRIPT = (
    *D4_CONTROL_SCRIPT[:3],
    "W 4D, N QD, E 5D, S JD",  # N wins with QD: 0 points, and JD
    "N 2D, E 6D, S 10D, W AD",
    "W KD, N 3D, E 7D, S 9D",
    *D4_CONTROL_SCRIPT[6:],
)


def scored(events: Sequence[object]) -> HandScored:
    found = [event for event in events if isinstance(event, HandScored)]
    assert len(found) == 1, events
    return found[0]


def ended(events: Sequence[object]) -> MatchEnded | None:
    return next((event for event in events if isinstance(event, MatchEnded)), None)


def play_hands(before: tuple[int, int, int, int], hands: Sequence[tuple[Deal, Sequence[str]]],
               rules: RuleSet) -> tuple[list[tuple[int, ...]], MatchEnded | None, Table]:
    """Start from match totals ``before`` and play each ``(deal, script)`` as one hand.

    Returns the totals after each hand, the MatchEnded event (None if the match goes on)
    and the table; asserts the match does not end before the last hand.
    """
    table = Table(*(deal for deal, _ in hands), rules=rules)
    table.set_totals(*before)
    totals: list[tuple[int, ...]] = []
    end = None
    for number, (_, script) in enumerate(hands, start=1):
        if number > 1:
            table.deal()
        events = table.play(*script)
        totals.append(scored(events).totals)
        end = ended(events)
        assert end is None or number == len(hands), f"the match ended after hand {number}"
    return totals, end, table


def moons(*shooters: Seat) -> list[tuple[Deal, tuple[str, ...]]]:
    """One D4-a moon hand per shooter: the shooter 0, every other seat +26."""
    return [moon_hand(shooter) for shooter in shooters]


def standings(end: MatchEnded) -> list[tuple[Seat, int, int]]:
    return list(end.result.standings)


# --- target_score ---------------------------------------------------------------------------


@pytest.mark.parametrize("target", [30, 100])
def test_a_total_of_exactly_the_target_ends_the_match_and_lowest_wins(target):
    # SPLIT_20_6 scores N 20, E 6: (target-20, 5, 1, 0) -> (target, 11, 1, 0); W alone lowest.
    table = Table(SPLIT_20_6, rules=hold_rules(target_score=target))
    table.set_totals(target - 20, 5, 1, 0)
    events = table.play(*SPLIT_20_6_SCRIPT)
    assert scored(events) == HandScored(1, (20, 6, 0, 0), (target, 11, 1, 0))
    end = ended(events)
    assert end is not None and end.result.winners == (W,) and not end.result.is_shared
    assert standings(end) == [(W, 0, 1), (S, 1, 2), (E, 11, 3), (N, target, 4)]
    assert table.now.phase is Phase.FINISHED


@pytest.mark.parametrize("target", [30, 100])
def test_a_total_one_short_of_the_target_does_not_end_the_match(target):
    # (target-21, 5, 1, 0) + (20, 6, 0, 0) = (target-1, 11, 1, 0): nobody has reached it.
    table = Table(SPLIT_20_6, rules=hold_rules(target_score=target))
    table.set_totals(target - 21, 5, 1, 0)
    events = table.play(*SPLIT_20_6_SCRIPT)
    assert scored(events).totals == (target - 1, 11, 1, 0)
    assert ended(events) is None
    assert table.now.phase is Phase.DEALING and table.now.end_started_after is None


def test_target_score_1_ends_the_match_after_the_first_hand_with_any_points():
    # From 0s: (20, 6, 0, 0); S and W tie at 0 for lowest, so play_on would go on: share ends it.
    table = Table(SPLIT_20_6, rules=hold_rules(target_score=1, tie_policy=TiePolicy.SHARE))
    end = ended(table.play(*SPLIT_20_6_SCRIPT))
    assert end is not None and end.result.winners == (S, W) and end.result.is_shared
    assert end.result.hands_played == 1


# --- pass_rotation --------------------------------------------------------------------------


def play_rotation(rotation: tuple[PassDirection, ...], hands: int) -> list[dict]:
    """Play ``hands`` shuffled hands under ``rotation``; for each, what the engine reported
    and where North's pass went (None on a hold hand, where a pass is refused)."""
    table = Table(rules=RuleSet(pass_rotation=rotation, target_score=10_000), deal_now=False)
    records = []
    for number in range(1, hands + 1):
        dealt = next(e for e in table.deal(seed=number) if isinstance(e, HandDealt))
        record = {"hand": dealt.hand_number, "dealt": dealt.pass_direction,
                  "phase": table.now.phase,
                  "view": view_json(table.now, N)["pass_direction"]}
        if table.now.phase is Phase.PASSING:
            given = table.now.hand.holdings[N][:3]
            table.do(PassCards(N, given))
            for seat in (E, S, W):
                events = table.do(PassCards(seat, table.now.hand.holdings[seat][:3]))
            exchanged = events[-1]
            assert isinstance(exchanged, CardsExchanged)
            record["exchanged"] = exchanged.pass_direction
            record["north_pass_with"] = next(
                seat for seat in Seat if set(given) <= set(table.now.hand.holdings[seat]))
        else:
            record["refusal"] = table.refuse(
                PassCards(N, table.now.hand.holdings[N][:3])).code
            record["north_pass_with"] = None
        records.append(record)
        table.play_out_hand()
    return records


@pytest.mark.parametrize(("rotation", "expected"), [
    # rotation[(n-1) % len]: a one-direction rotation repeats every hand.
    ((ACROSS,), [ACROSS] * 5),
    ((RIGHT, HOLD), [RIGHT, HOLD, RIGHT, HOLD, RIGHT]),
    ((HOLD, ACROSS, LEFT), [HOLD, ACROSS, LEFT, HOLD, ACROSS]),
], ids=["across", "right_hold", "hold_across_left"])
def test_custom_pass_rotation_cycles_as_listed_and_each_hand_reports_its_direction(
    rotation, expected
):
    records = play_rotation(rotation, 5)
    assert [r["hand"] for r in records] == [1, 2, 3, 4, 5]
    assert [r["dealt"] for r in records] == expected
    assert [r["view"] for r in records] == [d.value for d in expected]
    # left = s+1, right = s+3, across = s+2: North's cards go to east, west, south.
    receiver = {LEFT: E, RIGHT: W, ACROSS: S, HOLD: None}
    assert [r["north_pass_with"] for r in records] == [receiver[d] for d in expected]
    for record, direction in zip(records, expected, strict=True):
        if direction is HOLD:
            assert record["phase"] is Phase.PLAYING and record["refusal"] == "wrong_phase"
        else:
            assert record["phase"] is Phase.PASSING and record["exchanged"] is direction


# --- pass_count -----------------------------------------------------------------------------

# D1 as the deal before passing; each seat passes the first ``count`` cards of its list.
PASS_ORDER = {N: "10C 9C 5D 4D", E: "QS 8H 7H 6H", S: "AH KH QH JH", W: "AS KS AD KD"}


def first(text: str, count: int) -> str:
    return " ".join(text.split()[:count])


@pytest.mark.parametrize(("count", "direction", "after"), [
    # Left, one card each: N 10C -> E, E QS -> S, S AH -> W, W AS -> N.
    (1, LEFT, {N: "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D AS",
               E: "10C 6D 7D 8D 2S 3S 2H 3H 4H 5H 6H 7H 8H",
               S: "4S 5S 6S 7S 8S 9S 10S QS 9H 10H JH QH KH",
               W: "JC QC KC AC 9D 10D JD QD KD AD JS KS AH"}),
    # Right, two each: N 10C 9C -> W, E QS 8H -> N, S AH KH -> E, W AS KS -> S.
    (2, RIGHT, {N: "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D QS 8H",
                E: "6D 7D 8D 2S 3S 2H 3H 4H 5H 6H 7H KH AH",
                S: "4S 5S 6S 7S 8S 9S 10S KS AS 9H 10H JH QH",
                W: "9C 10C JC QC KC AC 9D 10D JD QD KD AD JS"}),
    # Across, four each: N <-> S, E <-> W.
    (4, ACROSS, {N: "2C 3C 4C 5C 6C 7C 8C 2D 3D JH QH KH AH",
                 E: "6D 7D 8D KD AD 2S 3S KS AS 2H 3H 4H 5H",
                 S: "9C 10C 4D 5D 4S 5S 6S 7S 8S 9S 10S 9H 10H",
                 W: "JC QC KC AC 9D 10D JD QD JS QS 6H 7H 8H"}),
])
def test_pass_count_passes_exactly_that_many_cards_to_the_receiving_seat(count, direction, after):
    table = Table(D1, rules=RuleSet(pass_rotation=(direction,), pass_count=count))
    for seat, text in PASS_ORDER.items():
        events = table.pass_cards(seat, first(text, count))
    exchanged = events[-1]
    assert isinstance(exchanged, CardsExchanged)
    assert [len(given) for given in exchanged.passes] == [count] * 4
    assert {seat: table.holding(seat) for seat in Seat} == {
        seat: codes(text) for seat, text in after.items()}
    giver = {LEFT: W, RIGHT: E, ACROSS: S}[direction]  # who passes to North
    north = view_json(table.now, N)["pass"]
    assert north["given"] == codes(first(PASS_ORDER[N], count))
    assert north["received"] == codes(first(PASS_ORDER[giver], count))
    assert table.now.phase is Phase.PLAYING and table.now.to_act == [N]  # N kept 2C


@pytest.mark.parametrize(("count", "wrong"), [
    (1, ""), (1, "10C 9C"), (1, "10C 9C 5D"),
    (2, "10C"), (2, "10C 9C 5D"),
    (4, "10C 9C 5D"), (4, "10C 9C 5D 4D 3D"),
])
def test_pass_of_other_than_pass_count_cards_is_wrong_pass_count(count, wrong):
    table = Table(D1, rules=RuleSet(pass_rotation=(LEFT,), pass_count=count))
    refusal = table.refuse(PassCards(N, cards(wrong) if wrong else ()))
    assert refusal.code == "wrong_pass_count"
    assert refusal.legal_cards == list(parse_deal(D1)[N])  # all 13 of N's cards
    table.pass_cards(N, first(PASS_ORDER[N], count))  # the right count is accepted
    assert len(table.now.hand.passes[N]) == count


@pytest.mark.parametrize(("count", "twice"), [(2, "9C 9C"), (4, "9C 9C 10C 5D")])
def test_pass_of_pass_count_cards_naming_one_twice_is_duplicate_cards(count, twice):
    table = Table(D1, rules=RuleSet(pass_rotation=(LEFT,), pass_count=count))
    assert table.refuse(PassCards(N, cards(twice))).code == "duplicate_cards"


# --- first_trick_points ---------------------------------------------------------------------


def test_first_trick_points_lets_club_void_seats_drop_the_queen_and_hearts_on_trick_one():
    table = Table(D1, rules=hold_rules(first_trick_points=True))
    assert table.legal(N) == ["2C"]  # the first lead is still 2C
    table.play("N 2C")
    assert table.legal(E) == table.holding(E) and len(table.legal(E)) == 13  # QS and hearts too
    table.play("E QS")
    assert table.legal(S) == table.holding(S)
    table.play("S AH")
    assert table.legal(W) == codes("JC QC KC AC")  # following suit still comes first
    events = table.play("W AC")
    assert events[-1] == TrickTaken(1, W, 14)  # QS 13 + AH 1
    assert table.now.hand.hearts_broken is True


def test_first_trick_points_off_refuses_the_queen_that_the_variant_allows():
    # SPLIT_20_6 trick 1: S (void in clubs, holding QS and twelve other spades) on the 2C lead.
    variant = Table(SPLIT_20_6, rules=hold_rules(first_trick_points=True))
    variant.play("N 2C, E AC")
    assert variant.legal(S) == codes("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    events = variant.play("S QS, W 2H")
    assert events[-1] == TrickTaken(1, E, 14)
    standard = Table(SPLIT_20_6, rules=hold_rules())
    standard.play("N 2C, E AC")
    assert standard.legal(S) == codes("2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS")
    assert standard.refuse(PlayCard(S, parse_card("QS"))).code == "no_points_on_first_trick"


# --- queen_breaks_hearts --------------------------------------------------------------------


def test_queen_breaks_hearts_lets_the_next_leader_lead_a_heart():
    # D2-a trick 1: E drops QS, S wins with AC. With the variant hearts are broken, so S may
    # lead AH (the default refuses it: test_scenarios E04).
    table = Table(D2, rules=hold_rules(queen_breaks_hearts=True))
    events = table.play("N 2C, E QS, S AC, W KC")
    assert events[-1] == TrickTaken(1, S, 13)
    assert table.now.hand.hearts_broken is True
    assert table.legal(S) == codes("10C JC 8D 9D 10D JD QD 2S 3S 4S 5S AH")
    table.play("S AH")
    assert table.now.hand.trick.cards == (parse_card("AH"),)


def test_queen_breaks_hearts_when_led_as_well_as_when_discarded():
    # D4-a trick 9: W leads QS. Default: still unbroken (E03); with the variant: broken.
    table = Table(D4, rules=hold_rules(queen_breaks_hearts=True))
    table.play(*D4_A[:8])
    assert table.now.hand.hearts_broken is False
    table.play("W QS")
    assert table.now.hand.hearts_broken is True


# --- shoot_the_sun and moon_scoring on whole hands ------------------------------------------


@pytest.mark.parametrize(("variants", "points"), [
    # W takes every trick of D4-a, so all 26 points and also JD (S plays it on trick 6).
    ({}, (26, 26, 26, 0)),
    ({"jack_of_diamonds": -10}, (26, 26, 26, -10)),  # 0 - 10
    ({"moon_scoring": MoonScoring.SUBTRACT_FROM_SHOOTER}, (0, 0, 0, -26)),
    ({"moon_scoring": MoonScoring.SUBTRACT_FROM_SHOOTER, "jack_of_diamonds": -10},
     (0, 0, 0, -36)),  # -26 - 10
    # From totals 0 nobody reaches 100 when adding: shooters_choice adds.
    ({"moon_scoring": MoonScoring.SHOOTERS_CHOICE}, (26, 26, 26, 0)),
    ({"shoot_the_sun": True}, (52, 52, 52, 0)),
    ({"shoot_the_sun": True, "jack_of_diamonds": -10}, (52, 52, 52, -10)),  # 0 - 10
], ids=["moon", "moon_jd", "subtract", "subtract_jd", "choice_adds", "sun", "sun_jd"])
def test_west_taking_every_trick_of_d4a_is_scored_by_the_variants(variants, points):
    table = Table(D4, rules=hold_rules(**variants))
    result = scored(table.play(*D4_A))
    assert result == HandScored(1, points, points, W, variants.get("shoot_the_sun", False))


@pytest.mark.parametrize("sun", [False, True])
def test_jack_of_diamonds_taken_by_another_seat_does_not_stop_a_moon(sun):
    # W takes all 13 hearts and QS but N wins trick 4 (QD over S's JD): a moon, not a sun.
    # N 26 - 10 = 16, E and S 26, W 0.
    table = Table(D4_CONTROL, rules=hold_rules(jack_of_diamonds=-10, shoot_the_sun=sun))
    events = table.play(*MOON_JD_ELSEWHERE_SCRIPT)
    assert table.now.hand.tricks_won() == (1, 0, 0, 12)
    assert scored(events) == HandScored(1, (16, 26, 26, 0), (16, 26, 26, 0), W, False)


@pytest.mark.parametrize(("jack", "points"), [(0, (20, 6, 0, 0)), (-10, (10, 6, 0, 0))])
def test_jack_of_diamonds_adds_its_value_to_its_takers_hand_score(jack, points):
    # No moon: N took QS and 7 hearts (20) and JD; E took 6 hearts. -10: N 20 - 10 = 10.
    table = Table(SPLIT_20_6, rules=hold_rules(jack_of_diamonds=jack))
    events = table.play(*SPLIT_20_6_SCRIPT)
    assert scored(events) == HandScored(1, points, points)


# --- the end of the match: moons ------------------------------------------------------------

SHOOTER_LOSES = (50, 80, 60, 95)  # W on 95 shoots; N on 50
SHOOTER_WINS = (90, 85, 70, 80)  # docs/rules.md, "Worked checks": W on 80 shoots


@pytest.mark.parametrize(("mode", "before", "after", "winner"), [
    # Adding: 76, 106, 86, 95. E passed 100; N (76) alone lowest wins, the shooter does not.
    (MoonScoring.ADD_TO_OTHERS, SHOOTER_LOSES, (76, 106, 86, 95), N),
    # Adding would end it with N lowest, not W: subtract instead, W 95 - 26 = 69; all < 100.
    (MoonScoring.SHOOTERS_CHOICE, SHOOTER_LOSES, (50, 80, 60, 69), None),
    (MoonScoring.SUBTRACT_FROM_SHOOTER, SHOOTER_LOSES, (50, 80, 60, 69), None),
    # Adding: 116, 111, 96, 80 ends with W alone lowest, so shooters_choice adds.
    (MoonScoring.SHOOTERS_CHOICE, SHOOTER_WINS, (116, 111, 96, 80), W),
    # subtract_from_shooter subtracts whatever adding would have done: 80 - 26 = 54.
    (MoonScoring.SUBTRACT_FROM_SHOOTER, SHOOTER_WINS, (90, 85, 70, 54), None),
], ids=["add_shooter_loses", "choice_subtracts", "subtract", "choice_adds", "subtract_anyway"])
def test_moon_at_the_end_of_the_match_under_each_moon_scoring(mode, before, after, winner):
    totals, end, table = play_hands(before, moons(W), hold_rules(moon_scoring=mode))
    assert totals == [after]
    if winner is None:
        assert end is None and table.now.phase is Phase.DEALING
    else:
        assert end is not None and end.result.winners == (winner,)
        assert end.result.moons == ((1, W),)


def test_moon_that_leaves_the_shooter_losing_under_add_to_others_ranks_the_shooter_third():
    _, end, _ = play_hands(SHOOTER_LOSES, moons(W), hold_rules())
    assert standings(end) == [(N, 76, 1), (S, 86, 2), (W, 95, 3), (E, 106, 4)]


def test_shooters_choice_subtraction_can_itself_be_followed_by_a_winning_moon():
    # Hand 1 (W, choice subtracts): 50, 80, 60, 69. Hand 2 (W again): adding gives 76, 106,
    # 86, 69 with W alone lowest, so the match ends and W wins.
    totals, end, _ = play_hands(SHOOTER_LOSES, moons(W, W),
                                hold_rules(moon_scoring=MoonScoring.SHOOTERS_CHOICE))
    assert totals == [(50, 80, 60, 69), (76, 106, 86, 69)]
    assert end.result.winners == (W,) and end.result.moons == ((1, W), (2, W))


def test_sun_pushing_the_others_past_the_target_ends_the_match_for_the_shooter():
    # 50 + 52 = 102, 40 + 52 = 92, 30 + 52 = 82, W stays on 60: N passed 100, W lowest.
    totals, end, _ = play_hands((50, 40, 30, 60), moons(W), hold_rules(shoot_the_sun=True))
    assert totals == [(102, 92, 82, 60)]
    assert end.result.winners == (W,) and end.result.moons == ((1, W),)


# --- the end of the match: ties, tie_policy and max_tiebreak_hands --------------------------

# Target 1000. Hand 1 (W moons): 974 + 26 = 1000 for N, E and S tied lowest on 26. Every later
# hand N moons: E and S +26 each, so they stay tied (and lowest while under N's 1000).
TIE_BEFORE = (974, 0, 0, 990)


@pytest.mark.parametrize("extra", [0, 2, 10])
def test_tie_that_survives_max_tiebreak_hands_extra_hands_is_shared(extra):
    rules = hold_rules(target_score=1000, max_tiebreak_hands=extra)
    totals, end, table = play_hands(TIE_BEFORE, moons(W, *[N] * extra), rules)
    tied = 26 * (1 + extra)  # E and S: 26 from hand 1 and 26 per extra hand
    assert totals[0] == (1000, 26, 26, 990) and totals[-1] == (1000, tied, tied, 990 + 26 * extra)
    assert end.result.winners == (E, S) and end.result.is_shared
    assert end.result.hands_played == 1 + extra
    assert standings(end)[:2] == [(E, tied, 1), (S, tied, 1)]
    assert table.now.end_started_after == 1


def test_max_tiebreak_hands_0_shares_a_tie_at_once_like_share():
    _, end, _ = play_hands(TIE_BEFORE, moons(W), hold_rules(target_score=1000,
                                                            max_tiebreak_hands=0))
    assert standings(end) == [(E, 26, 1), (S, 26, 1), (W, 990, 3), (N, 1000, 4)]


def test_tie_is_not_shared_before_the_last_of_max_tiebreak_hands():
    # max 2: after hand 1 (tie, target reached) and hand 2 (extra hand 1) the match goes on.
    totals, end, table = play_hands(TIE_BEFORE, moons(W, N),
                                    hold_rules(target_score=1000, max_tiebreak_hands=2))
    assert totals == [(1000, 26, 26, 990), (1000, 52, 52, 1016)]
    assert end is None and table.now.phase is Phase.DEALING


def test_tie_broken_in_the_last_extra_hand_gives_a_single_winner():
    # max 2: hand 2 (N moons) 1000, 52, 52, 1016; hand 3 (E moons) 1026, 52, 78, 1042.
    totals, end, _ = play_hands(TIE_BEFORE, moons(W, N, E),
                                hold_rules(target_score=1000, max_tiebreak_hands=2))
    assert totals[-1] == (1026, 52, 78, 1042)
    assert end.result.winners == (E,) and not end.result.is_shared
    assert end.result.hands_played == 3


def test_share_ends_a_tie_at_once_whatever_max_tiebreak_hands_says():
    _, end, _ = play_hands(TIE_BEFORE, moons(W), hold_rules(target_score=1000,
                                                            tie_policy=TiePolicy.SHARE,
                                                            max_tiebreak_hands=10))
    assert end.result.winners == (E, S) and end.result.is_shared
    assert end.result.hands_played == 1


def test_three_way_tie_for_lowest_under_share_is_shared_by_all_three():
    # S moons from 74, 0, 26, 0: 100, 26, 26, 26. E, S and W share the win at 26.
    _, end, _ = play_hands((74, 0, 26, 0), moons(S), hold_rules(tie_policy=TiePolicy.SHARE))
    assert end.result.winners == (E, S, W) and end.result.is_shared
    assert standings(end) == [(E, 26, 1), (S, 26, 1), (W, 26, 1), (N, 100, 4)]


def test_extra_hands_continue_the_pass_rotation():
    # Rotation hold, across. Hand 1 (hold, W moons): 100, 40, 40, 75: a tie for lowest under
    # play_on, so hand 2 is dealt, and it passes across as rotation[1] says.
    deal, script = moon_hand(W)
    table = Table(deal, rules=RuleSet(pass_rotation=(HOLD, ACROSS)))
    table.set_totals(74, 14, 14, 75)
    assert scored(table.play(*script)).totals == (100, 40, 40, 75)
    dealt = table.deal(seed=7)
    assert isinstance(dealt[0], HandDealt)
    assert (dealt[0].hand_number, dealt[0].pass_direction) == (2, ACROSS)
    assert table.now.phase is Phase.PASSING and table.now.end_started_after == 1


# --- the variants survive the log ---------------------------------------------------------


def test_rules_round_trip_through_json_with_every_field_changed():
    rules = RuleSet(target_score=30, pass_rotation=(RIGHT, HOLD), pass_count=2,
                    first_trick_points=True, queen_breaks_hearts=True, shoot_the_sun=True,
                    moon_scoring=MoonScoring.SHOOTERS_CHOICE, jack_of_diamonds=-10,
                    tie_policy=TiePolicy.SHARE, max_tiebreak_hands=0, max_hands=4)
    assert rules.to_json() == {
        "target_score": 30, "pass_rotation": ["right", "hold"], "pass_count": 2,
        "first_trick_points": True, "queen_breaks_hearts": True, "shoot_the_sun": True,
        "moon_scoring": "shooters_choice", "jack_of_diamonds": -10, "tie_policy": "share",
        "max_tiebreak_hands": 0, "max_hands": 4}
    assert RuleSet.from_json(rules.to_json()) == rules


def test_max_hands_unset_is_left_out_of_the_stored_form():
    # Stored rules written before max_hands existed write back byte for byte.
    assert "max_hands" not in RuleSet().to_json()
    assert RuleSet.from_json(RuleSet().to_json()) == RuleSet()
    assert RuleSet.from_json({"max_hands": None}) == RuleSet()


@pytest.mark.parametrize("value", [0, 101, "4", 4.5, True])
def test_max_hands_out_of_range_or_not_an_integer_is_refused(value):
    with pytest.raises(RuleSetError) as refused:
        RuleSet.from_json({"max_hands": value})
    assert refused.value.errors == {"max_hands": "must be null or an integer from 1 to 100"}


def test_max_hands_ends_the_match_after_that_hand_whatever_the_totals():
    # 4 hands of N moons from 0: 0, 26, 26, 26 after hand 1, ... 0, 104, 104, 104 after
    # hand 4: far from the target of 1000, so only max_hands ends it.
    totals, end, table = play_hands((0, 0, 0, 0), moons(N, N, N, N),
                                    hold_rules(target_score=1000, max_hands=4))
    assert totals == [(0, 26, 26, 26), (0, 52, 52, 52), (0, 78, 78, 78), (0, 104, 104, 104)]
    assert end.result.winners == (N,) and end.result.hands_played == 4
    assert end.result.ended_by is EndedBy.MAX_HANDS
    assert table.now.phase is Phase.FINISHED


def test_max_hands_shares_a_tie_at_the_last_hand_with_no_tiebreak_hand():
    # Hand 1 N moons (0, 26, 26, 26), hand 2 E moons (26, 26, 52, 52): N and E tied lowest,
    # which play_on would break with extra hands; max_hands shares it at once.
    totals, end, _ = play_hands((0, 0, 0, 0), moons(N, E),
                                hold_rules(target_score=1000, max_hands=2))
    assert totals == [(0, 26, 26, 26), (26, 26, 52, 52)]
    assert end.result.winners == (N, E) and end.result.is_shared
    assert standings(end) == [(N, 26, 1), (E, 26, 1), (S, 52, 3), (W, 52, 3)]
    assert end.result.hands_played == 2


def test_max_hands_not_yet_reached_lets_the_match_go_on():
    totals, end, table = play_hands((0, 0, 0, 0), moons(N, N, N),
                                    hold_rules(target_score=1000, max_hands=4))
    assert totals[-1] == (0, 78, 78, 78) and end is None
    assert table.now.phase is Phase.DEALING


@pytest.mark.parametrize(("data", "fields"), [
    ({"target_scor": 50}, {"target_scor"}),
    ({"target_score": 0}, {"target_score"}),
    ({"target_score": "30"}, {"target_score"}),
    ({"target_score": True}, {"target_score"}),
    ({"pass_rotation": []}, {"pass_rotation"}),
    ({"pass_rotation": ["up"]}, {"pass_rotation"}),
    ({"pass_rotation": "left"}, {"pass_rotation"}),
    ({"pass_count": 0}, {"pass_count"}),
    ({"pass_count": 5}, {"pass_count"}),
    ({"first_trick_points": 1}, {"first_trick_points"}),
    ({"moon_scoring": "x"}, {"moon_scoring"}),
    ({"jack_of_diamonds": -5}, {"jack_of_diamonds"}),
    ({"tie_policy": "SHARE"}, {"tie_policy"}),
    ({"max_tiebreak_hands": 11}, {"max_tiebreak_hands"}),
    ({"max_tiebreak_hands": -1}, {"max_tiebreak_hands"}),
    ({"pass_count": 5, "moon_scoring": "x", "colour": "red"},
     {"pass_count", "moon_scoring", "colour"}),
])
def test_ruleset_from_json_names_every_unknown_field_and_bad_value(data, fields):
    with pytest.raises(RuleSetError) as error:
        RuleSet.from_json(data)
    assert set(error.value.errors) == fields


@pytest.mark.parametrize(("data", "field", "value"), [
    ({"target_score": 1}, "target_score", 1),
    ({"pass_count": 1}, "pass_count", 1),
    ({"pass_count": 4}, "pass_count", 4),
    ({"max_tiebreak_hands": 0}, "max_tiebreak_hands", 0),
    ({"max_tiebreak_hands": 10}, "max_tiebreak_hands", 10),
    ({"jack_of_diamonds": -10}, "jack_of_diamonds", -10),
    ({"pass_rotation": ["hold"]}, "pass_rotation", (HOLD,)),
])
def test_ruleset_from_json_accepts_the_bounds_and_defaults_the_rest(data, field, value):
    rules = RuleSet.from_json(data)
    assert getattr(rules, field) == value
    assert rules == dataclasses.replace(RuleSet(), **{field: value})
