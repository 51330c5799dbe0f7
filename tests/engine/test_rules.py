"""The rules as pure functions, and each of the "Worked checks" at the end of docs/rules.md."""

import dataclasses

import pytest

from games.engine import (
    DealHand,
    PassDirection,
    Phase,
    RuleSet,
    Seat,
    Suit,
    evolve,
    parse_deal,
    seat_view,
)
from games.engine.events import CardPlayed, HandScored, MatchEnded, TrickTaken
from games.engine.rules import (
    EndedBy,
    MoonScoring,
    TiePolicy,
    legal_plays,
    match_ends,
    pass_direction,
    pass_source,
    pass_target,
    penalty_points,
    score_hand,
    standings,
    trick_winner,
)
from games.engine.state import MatchResult, Trick
from games.engine.variants import HAND_CAP

from .helpers import (
    ALL_HEARTS,
    D1,
    D2V,
    D4,
    D4_A,
    HOLD,
    SPLIT_2_24,
    E,
    N,
    S,
    Table,
    W,
    cards,
    codes,
    moon_hand,
)


def first_trick_follow(holding: str) -> list[str]:
    return codes(legal_plays(cards(holding), Suit.CLUBS, is_first_trick=True, hearts_broken=False,
                             rules=RuleSet()))


def lead_unbroken(holding: str) -> list[str]:
    return codes(legal_plays(cards(holding), None, is_first_trick=False, hearts_broken=False,
                             rules=RuleSet()))


# --- worked checks: tricks and legal plays -------------------------------------------------


def test_trick_of_2h_8h_qs_5c_carries_15_penalty_points():
    assert penalty_points(cards("2H 8H QS 5C")) == 15


def test_two_of_clubs_beats_ace_of_hearts_on_a_club_lead():
    assert trick_winner(N, cards("2C AH KD AS")) == N


def test_spade_cannot_win_a_diamond_lead():
    assert trick_winner(N, cards("2D AS 3D KS")) == S


def test_club_void_seat_holding_only_hearts_and_queen_may_play_any_card_on_first_trick():
    west = "QS 2H 6H 9H JH AH"
    assert first_trick_follow(west) == codes(west)


def test_club_void_seat_holding_hearts_and_one_diamond_must_play_the_diamond_on_first_trick():
    assert first_trick_follow("9D 2H 6H 9H JH AH") == ["9D"]


def test_unbroken_leader_holding_queen_of_spades_and_hearts_may_lead_only_the_queen():
    assert lead_unbroken("QS 3H 7H KH") == ["QS"]


def test_unbroken_leader_holding_only_hearts_may_lead_any_heart():
    assert lead_unbroken("3H 7H KH") == ["3H", "7H", "KH"]


def test_first_trick_points_variant_lets_a_club_void_seat_play_points_on_trick_one():
    rules = RuleSet(first_trick_points=True)
    assert codes(legal_plays(cards("9D QS 2H"), Suit.CLUBS, is_first_trick=True,
                             hearts_broken=False, rules=rules)) == ["9D", "QS", "2H"]


@pytest.mark.parametrize(("queen_breaks_hearts", "broken"), [(False, False), (True, True)])
def test_queen_of_spades_on_a_diamond_lead_breaks_hearts_only_with_the_variant(
    queen_breaks_hearts, broken
):
    rules = RuleSet(pass_rotation=(PassDirection.HOLD,), queen_breaks_hearts=queen_breaks_hearts)
    table = Table(D2V, rules=rules)
    table.play("N 2C, E 7D, S 10C, W KC", "W KD, N 2D, E QS")
    assert table.now.hand.hearts_broken is broken


# --- worked checks: totals and the end of the match -----------------------------------------


def test_hand_taking_totals_98_60_99_70_to_98_62_99_94_does_not_end_the_match():
    table = Table(SPLIT_2_24)  # E takes 24 and S takes 2: E is the 70 seat, S the 60 seat
    table.set_totals(98, 70, 60, 99)
    events = table.play_out_hand()
    assert events[-1] == HandScored(1, (0, 24, 2, 0), (98, 94, 62, 99))
    assert table.now.phase is Phase.DEALING
    assert table.now.end_started_after is None and table.now.result is None


def test_moon_by_the_seat_on_80_ends_the_match_and_that_seat_wins():
    table = Table(D4)  # W shoots the moon
    table.set_totals(90, 85, 70, 80)
    events = table.play(*D4_A)
    scored, ended = events[-2:]
    assert scored == HandScored(1, (26, 26, 26, 0), (116, 111, 96, 80), W, False)
    assert isinstance(ended, MatchEnded)
    assert ended.result.winners == (W,) and not ended.result.is_shared
    assert ended.result.standings == ((W, 80, 1), (S, 96, 2), (E, 111, 3), (N, 116, 4))
    assert ended.result.ended_by is EndedBy.TARGET_SCORE
    assert table.now.phase is Phase.FINISHED


def test_a_match_ends_after_hand_200_whatever_the_totals_sharing_a_tie():
    # Built at hand 199 rather than played there: D4 (W moons) then leaves all four at 26.
    table = Table(D4, rules=dataclasses.replace(HOLD, target_score=500), deal_now=False)
    table.state = dataclasses.replace(table.now, hands_played=HAND_CAP - 1, totals=(0, 0, 0, 26))
    table.do(DealHand(holdings=parse_deal(D4)))
    scored, ended = table.play(*D4_A)[-2:]
    assert scored == HandScored(200, (26, 26, 26, 0), (26, 26, 26, 26), W, False)
    assert ended == MatchEnded(MatchResult(
        standings=((N, 26, 1), (E, 26, 1), (S, 26, 1), (W, 26, 1)), winners=(N, E, S, W),
        is_shared=True, hands_played=200, moons=((200, W),), ended_by=EndedBy.HAND_CAP))
    assert table.now.phase is Phase.FINISHED


@pytest.mark.parametrize(("hand_number", "rules", "totals", "ended_by"), [
    (199, RuleSet(target_score=500), (20, 20, 41, 12), None),
    (200, RuleSet(target_score=500), (20, 20, 41, 12), EndedBy.HAND_CAP),
    # The target reached with a tie for the lowest: play_on would deal a tiebreak hand.
    (200, RuleSet(target_score=40), (40, 12, 41, 12), EndedBy.HAND_CAP),
    (4, RuleSet(target_score=500, max_hands=4), (20, 20, 41, 12), EndedBy.MAX_HANDS),
    (4, RuleSet(target_score=40, max_hands=4), (40, 20, 41, 12), EndedBy.TARGET_SCORE),
    (4, RuleSet(target_score=40), (40, 20, 41, 12), EndedBy.TARGET_SCORE),
], ids=["hand_199", "hand_200", "hand_200_tied_past_target", "max_hands",
        "target_at_max_hands", "target"])
def test_the_end_names_the_target_first_then_max_hands_then_the_hand_cap(
        hand_number, rules, totals, ended_by):
    assert match_ends(totals, rules, hand_number=hand_number,
                      end_started_after=None) is ended_by


def play_moons(before: tuple[int, ...], shooters: tuple[Seat, ...], rules: RuleSet = HOLD):
    """Start from totals ``before`` and play one moon hand per shooter, in order.

    Returns the totals after each hand, the MatchEnded event (or None), and the table.
    """
    hands = [moon_hand(shooter) for shooter in shooters]
    table = Table(*(deal for deal, _ in hands), rules=rules)
    table.set_totals(*before)
    totals, ended = [], None
    for number, (_, script) in enumerate(hands, start=1):
        if number > 1:
            table.deal()
        events = table.play(*script)
        totals.append(next(e.totals for e in events if isinstance(e, HandScored)))
        ended = next((e for e in events if isinstance(e, MatchEnded)), None)
        assert ended is None or number == len(hands), f"match ended early, after hand {number}"
    return totals, ended, table


def test_tie_at_40_for_lowest_after_a_total_reaches_100_plays_on_until_one_40_is_alone_lowest():
    # Hand 1 (W moons): 100, 40, 40, 75. Hand 2 (W again): E and S still tied, play on.
    # Hand 3 (E moons): E alone lowest, the match ends.
    totals, ended, table = play_moons((74, 14, 14, 75), (W, W, E))
    assert totals == [(100, 40, 40, 75), (126, 66, 66, 75), (152, 66, 92, 101)]
    assert ended.result.winners == (E,) and not ended.result.is_shared
    assert ended.result.hands_played == 3
    assert table.now.end_started_after == 1


# Hand 1 (W moons) reaches the target with E and S tied lowest at 26; in each later hand
# N moons, so E and S stay tied (and lowest) whatever the number of extra hands.
TIED_BEFORE, TIED_SHOOTERS = (174, 0, 0, 190), (W, N, N, N, N, N)


def test_tie_for_lowest_that_survives_five_extra_hands_is_a_shared_result():
    totals, ended, _ = play_moons(TIED_BEFORE, TIED_SHOOTERS)
    assert totals[0] == (200, 26, 26, 190) and totals[-1] == (200, 156, 156, 320)
    assert ended.result.winners == (E, S) and ended.result.is_shared
    assert ended.result.hands_played == 6
    assert ended.result.standings == ((E, 156, 1), (S, 156, 1), (N, 200, 3), (W, 320, 4))


def test_a_tie_for_lowest_is_not_settled_before_the_fifth_extra_hand():
    _, ended, table = play_moons(TIED_BEFORE, TIED_SHOOTERS[:5])  # asserts no early end
    assert ended is None and table.now.phase is Phase.DEALING
    assert table.now.end_started_after == 1 and table.now.hands_played == 5


def views_say(table: Table) -> set[int | None]:
    """``end_started_after`` as every seat's view and a spectator's give it."""
    return {seat_view(table.now, seat).end_started_after for seat in (*Seat, None)}


def test_every_seat_view_says_after_which_hand_the_end_began():
    _, _, table = play_moons(TIED_BEFORE, TIED_SHOOTERS[:1])
    assert table.now.phase is Phase.DEALING and views_say(table) == {1}  # between hands
    table.deal()
    assert table.now.phase is Phase.PLAYING and table.now.hand.number == 2  # a tiebreak hand
    assert views_say(table) == {1}
    before_any_deal = Table(moon_hand(W)[0], rules=HOLD, deal_now=False)
    assert before_any_deal.now.hand is None and views_say(before_any_deal) == {None}
    fresh = Table(moon_hand(W)[0], rules=HOLD)
    assert fresh.now.phase is Phase.PLAYING and views_say(fresh) == {None}


def test_tie_policy_share_ends_the_match_at_once_with_a_shared_win():
    rules = RuleSet(pass_rotation=(PassDirection.HOLD,), tie_policy=TiePolicy.SHARE)
    totals, ended, _ = play_moons((74, 14, 14, 75), (W,), rules)
    assert totals == [(100, 40, 40, 75)]
    assert ended.result.winners == (E, S) and ended.result.is_shared
    assert ended.result.standings == ((E, 40, 1), (S, 40, 1), (W, 75, 3), (N, 100, 4))


def test_tie_that_is_not_for_the_lowest_total_does_not_delay_the_end():
    totals, ended, _ = play_moons((74, 14, 49, 49), (W,))
    assert totals == [(100, 40, 75, 49)]
    assert ended.result.winners == (E,)
    totals, ended, _ = play_moons((74, 14, 75, 49), (W,))
    assert totals == [(100, 40, 101, 49)] and ended.result.winners == (E,)


def test_extra_hands_continue_after_a_variant_brings_every_total_under_the_target():
    # subtract_from_shooter: hand 1 (W moons) 100, 40, 40, 75; hand 2 (N moons) all under
    # 100 but E and S still tied, so play on; hand 3 (S moons) S alone lowest: the end.
    rules = RuleSet(pass_rotation=(PassDirection.HOLD,),
                    moon_scoring=MoonScoring.SUBTRACT_FROM_SHOOTER)
    totals, ended, _ = play_moons((100, 40, 40, 101), (W, N, S), rules)
    assert totals == [(100, 40, 40, 75), (74, 40, 40, 75), (74, 40, 14, 75)]
    assert ended.result.winners == (S,)


# --- R04: trick resolution, every leader x winner position ----------------------------------

# Leader's card first. The winner's KS is played at each position in turn, with off-suit
# aces elsewhere: the highest card of the led suit wins, whatever else is higher.
_TRICKS = {0: "KS AH 2S AD", 1: "3S KS AH 2S", 2: "3S AH KS 2S", 3: "3S AH 2S KS"}
_WINNERS = {  # leader -> winner for winning position 0, 1, 2, 3
    N: (N, E, S, W),
    E: (E, S, W, N),
    S: (S, W, N, E),
    W: (W, N, E, S),
}


@pytest.mark.parametrize("leader", list(Seat))
@pytest.mark.parametrize("position", [0, 1, 2, 3])
def test_trick_winner_is_the_seat_that_played_the_highest_card_of_the_led_suit(leader, position):
    assert trick_winner(leader, cards(_TRICKS[position])) == _WINNERS[leader][position]


def test_r04_east_leads_4s_and_south_wins_with_as_taking_13_points():
    trick = cards("4S AS QS 2S")  # E, S, W, N
    assert trick_winner(E, trick) == S
    assert penalty_points(trick) == 13


def test_r04_west_leads_5d_and_south_wins_with_kd_in_fourth_place_taking_0_points():
    trick = cards("5D 9D 2S KD")  # W, N, E, S
    assert trick_winner(W, trick) == S
    assert penalty_points(trick) == 0


# --- R11: moon detection by the cards taken -------------------------------------------------

R11_A = ("2H 3H 4H 5H 6H 7H 8H 9H 10H 2C 3C 4C", "JH QH KH QS 5C 6C 7C 8C", "", "AH 9C 10C JC")
R11_B = ("2C 3C 4C 5C", ALL_HEARTS + " QS", "6C 7C", "8C 9C 10C JC")
R11_C = ("QS 2C 3C 4C", ALL_HEARTS, "5C 6C", "7C 8C 9C 10C")


STANDARD = RuleSet()


def score(taken: tuple[str, ...], rules: RuleSet = STANDARD, tricks_won=(3, 4, 2, 4),
          totals=(0, 0, 0, 0)):
    return score_hand([cards(t) for t in taken], tricks_won, totals, rules,
                      hand_number=1, end_started_after=None)


def test_r11_a_nine_hearts_for_north_and_queen_plus_three_for_east_is_no_moon():
    result = score(R11_A)
    assert result.points == (9, 16, 0, 1) and result.moon_shooter is None


def test_r11_b_east_taking_all_hearts_and_the_queen_shoots_the_moon():
    result = score(R11_B)
    assert result.points == (26, 0, 26, 26)
    assert result.moon_shooter == E and not result.is_sun


def test_r11_c_all_hearts_without_the_queen_is_no_moon():
    result = score(R11_C)
    assert result.points == (13, 13, 0, 0) and result.moon_shooter is None


def test_moon_is_found_by_cards_taken_when_jack_of_diamonds_shifts_the_shooters_points():
    rules = RuleSet(jack_of_diamonds=-10)
    moon = score((R11_B[0], R11_B[1] + " JD", R11_B[2], R11_B[3]), rules)
    assert moon.points == (26, -10, 26, 26) and moon.moon_shooter == E
    no_moon = score((R11_C[0], R11_C[1] + " JD", R11_C[2], R11_C[3]), rules)
    assert no_moon.points == (13, 3, 0, 0) and no_moon.moon_shooter is None


def test_moon_with_subtract_from_shooter_scores_minus_26_for_the_shooter_only():
    result = score(R11_B, RuleSet(moon_scoring=MoonScoring.SUBTRACT_FROM_SHOOTER))
    assert result.points == (0, -26, 0, 0) and result.moon_shooter == E


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ((10, 50, 10, 10), (26, 0, 26, 26)),  # match goes on: add to others
        ((90, 80, 85, 70), (26, 0, 26, 26)),  # match ends with the shooter alone lowest
        ((80, 95, 85, 40), (0, -26, 0, 0)),  # adding would end it with W lowest: subtract
        # Adding leaves E tied lowest with W: under play_on the match goes on, so add.
        ((90, 70, 85, 44), (26, 0, 26, 26)),
    ],
)
def test_shooters_choice_subtracts_only_when_adding_would_end_the_match_against_the_shooter(
    totals, points
):
    rules = RuleSet(moon_scoring=MoonScoring.SHOOTERS_CHOICE)
    assert score(R11_B, rules, totals=totals).points == points


def test_shooters_choice_counts_the_jack_of_diamonds_when_judging_the_end():
    # North shoots; East took JD. Adding gives 90/96/76/86 with JD -10: nobody reaches 100.
    rules = RuleSet(moon_scoring=MoonScoring.SHOOTERS_CHOICE, jack_of_diamonds=-10)
    taken = (ALL_HEARTS + " QS", "JD 2C", "3C", "4C")
    assert score(taken, rules, totals=(90, 80, 50, 60)).points == (0, 16, 26, 26)


def test_shooters_choice_subtracts_when_a_shared_tie_would_end_the_match():
    rules = RuleSet(moon_scoring=MoonScoring.SHOOTERS_CHOICE, tie_policy=TiePolicy.SHARE)
    assert score(R11_B, rules, totals=(90, 70, 85, 44)).points == (0, -26, 0, 0)


def test_sun_variant_scores_52_to_each_other_seat_when_one_seat_takes_all_13_tricks():
    result = score(R11_B, RuleSet(shoot_the_sun=True), tricks_won=(0, 13, 0, 0))
    assert result.points == (52, 0, 52, 52) and result.moon_shooter == E and result.is_sun


def test_sun_variant_without_all_13_tricks_leaves_a_plain_moon():
    result = score(R11_B, RuleSet(shoot_the_sun=True), tricks_won=(1, 12, 0, 0))
    assert result.points == (26, 0, 26, 26) and not result.is_sun


# --- passing and standings ------------------------------------------------------------------


def test_pass_rotation_cycles_left_right_across_hold_by_default():
    directions = [pass_direction(RuleSet(), number).value for number in range(1, 10)]
    assert directions == ["left", "right", "across", "hold"] * 2 + ["left"]


@pytest.mark.parametrize(
    ("direction", "targets"),
    [
        (PassDirection.LEFT, (E, S, W, N)),
        (PassDirection.RIGHT, (W, N, E, S)),
        (PassDirection.ACROSS, (S, W, N, E)),
    ],
)
def test_pass_target_follows_the_scenarios_notation(direction, targets):
    assert tuple(pass_target(seat, direction) for seat in Seat) == targets


def test_nobody_passes_on_a_hold_hand():
    with pytest.raises(ValueError):
        pass_target(N, PassDirection.HOLD)


def test_standings_list_lowest_first_and_tied_seats_share_a_place():
    assert standings((100, 40, 40, 75)) == [(E, 40, 1), (S, 40, 1), (W, 75, 3), (N, 100, 4)]


# --- evolve's direct constructors keep every field ----------------------------------------


def test_evolve_of_a_card_and_a_trick_changes_only_what_they_decide():
    table = Table(D1)
    table.play("N 2C, E 8D, S 10S")
    before = table.now
    played = CardPlayed(W, cards("JC")[0])
    after = evolve(before, played)
    hand = before.hand
    expected_hand = dataclasses.replace(
        hand, holdings=tuple(h if seat != W else tuple(c for c in h if c != played.card)
                             for seat, h in enumerate(hand.holdings)),
        trick=dataclasses.replace(hand.trick, cards=hand.trick.cards + (played.card,)))
    assert after == dataclasses.replace(before, hand=expected_hand)
    taken = evolve(after, TrickTaken(1, W, 0))
    done = dataclasses.replace(after.hand.trick, winner=W, points=0)
    assert taken == dataclasses.replace(after, hand=dataclasses.replace(
        after.hand, trick=Trick(2, W), tricks=(done,),
        taken=tuple(done.cards if seat == W else () for seat in Seat)))
    assert all(getattr(taken, f.name) == getattr(after, f.name)
               for f in dataclasses.fields(taken) if f.name != "hand")


@pytest.mark.parametrize("direction", [PassDirection.LEFT, PassDirection.RIGHT,
                                       PassDirection.ACROSS])
def test_a_seat_receives_from_the_seat_that_passes_to_it(direction):
    receivers = {seat: pass_target(seat, direction) for seat in Seat}
    assert sorted(receivers.values()) == list(Seat)  # each seat receives one pass
    for seat in Seat:
        assert pass_source(receivers[seat], direction) == seat
    assert pass_source(N, PassDirection.LEFT) == W and pass_source(N, PassDirection.RIGHT) == E
    with pytest.raises(ValueError):
        pass_source(N, PassDirection.HOLD)
