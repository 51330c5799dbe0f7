"""The engine-level scenarios of scenarios.md, on its fixture deals D1..D5."""

import random
from dataclasses import dataclass

import pytest

from games.engine import (
    PassCards,
    PassDirection,
    Phase,
    PlayCard,
    RuleSet,
    Seat,
    legal_cards,
    parse_card,
    parse_cards,
)
from games.engine.events import CardsExchanged, CardsPassed, HandDealt, HandScored, TrickTaken
from games.engine.rules import pass_target

from .helpers import (
    ALL_HEARTS,
    D1,
    D1_A,
    D1_ROTATED,
    D2,
    D2_A,
    D2V,
    D2V_QS_DISCARD,
    D3,
    D3_W_MOON,
    D4,
    D4_A,
    D4_A_POINTS,
    D4_CONTROL,
    D4_CONTROL_SCRIPT,
    D5,
    R10_DEAL,
    R10_SCRIPT,
    E,
    N,
    S,
    Table,
    W,
    cards,
    codes,
    event_json,
    moon_hand,
    view_json,
)

DEFAULT = RuleSet()


def assert_refused(table: Table, seat: Seat, text: str, code: str) -> None:
    """Every card of ``text`` played by ``seat`` now is refused with rule ``code``."""
    for card in cards(text):
        refusal = table.refuse(PlayCard(seat, card))
        assert refusal.code == code, card
        assert codes(refusal.legal_cards) == table.legal(seat), card


# --- R01, R02, R03: the first trick ----------------------------------------------------------


def test_r01_r02b_club_void_followers_on_trick_one_may_not_play_hearts_or_queen():
    table = Table(D1)
    table.play("N 2C")
    assert table.legal(E) == codes("6D 7D 8D 2S 3S")
    assert_refused(table, E, "QS 2H 3H 4H 5H 6H 7H 8H", "no_points_on_first_trick")
    table.play("E 8D")
    assert table.legal(S) == codes("4S 5S 6S 7S 8S 9S 10S")
    assert_refused(table, S, "9H 10H JH QH KH AH", "no_points_on_first_trick")
    table.play("S 10S")
    assert table.legal(W) == codes("JC QC KC AC")
    assert_refused(table, W, "9D AS", "must_follow_suit")


def test_r02a_first_lead_is_the_two_of_clubs_alone_and_only_from_its_holder():
    table = Table(D1)
    assert table.now.to_act == [N]
    assert table.legal(N) == ["2C"]
    assert_refused(table, N, "3C 10C 5D", "must_lead_two_of_clubs")
    for seat, card in ((E, "6D"), (S, "4S"), (W, "JC")):
        assert table.refuse(PlayCard(seat, parse_card(card))).code == "not_your_turn"


def test_r02c_e04_club_void_seat_with_one_non_point_card_must_play_it_on_trick_one():
    table = Table(D2V)
    table.play("N 2C")
    assert table.legal(E) == ["7D"]
    assert_refused(table, E, "QS 3H KH", "no_points_on_first_trick")


def test_r03_first_trick_ban_holds_for_every_follower_including_the_fourth():
    table = Table(D5)
    table.play("N 2C")
    assert table.legal(E) == codes("2D 3D 4D 5D 6D 7D")
    table.play("E 7D")
    assert table.legal(S) == codes("8D 9D 10D 2S 3S 4S 5S 6S")
    table.play("S 6S")
    assert table.legal(W) == codes("JD QD KD AD 7S 8S 9S 10S JS KS AS")
    assert_refused(table, W, "KH AH", "no_points_on_first_trick")


def test_r03_only_club_wins_trick_one_and_the_ban_ends_after_it():
    table = Table(D5)
    events = table.play("N 2C, E 7D, S 6S, W AS")
    assert events[-1] == TrickTaken(1, N, 0)
    assert table.now.to_act == [N]
    assert table.legal(N) == codes("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    table.play("N 3C")
    assert table.legal(E) == codes("2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H")


def test_r03_after_trick_one_void_seats_may_discard_queen_and_ace_of_hearts():
    table = Table(D1)
    table.play(D1_A[0], "W AC, N 3C")
    assert "QS" in table.legal(E) and table.legal(E) == table.holding(E)
    table.play("E QS")
    assert "AH" in table.legal(S) and table.legal(S) == table.holding(S)


# --- R05: points to the right seat, turn order ----------------------------------------------


def test_r05_d1a_trick_two_gives_west_14_points_in_every_seats_view():
    table = Table(D1)
    events = table.play(*D1_A)
    assert [e for e in events if isinstance(e, TrickTaken)] == [
        TrickTaken(1, W, 0), TrickTaken(2, W, 14)
    ]
    assert table.now.hand.points_taken() == (0, 0, 0, 14)
    for seat in Seat:
        view = view_json(table.now, seat)
        assert view["hand_points"] == {"north": 0, "east": 0, "south": 0, "west": 14}
        assert [trick["winner"] for trick in view["tricks"]] == ["west", "west"]


def test_r05_west_is_norths_right_easts_across_and_souths_left():
    assert pass_target(N, PassDirection.RIGHT) == W
    assert pass_target(E, PassDirection.ACROSS) == W
    assert pass_target(S, PassDirection.LEFT) == W


def test_r05_play_from_south_while_north_is_on_turn_is_refused_and_changes_nothing():
    table = Table(D1)
    table.play(D1_A[0], "W AC")
    assert table.now.to_act == [N]
    assert table.refuse(PlayCard(S, parse_card("4S"))).code == "not_your_turn"


# --- R06, E08: pass directions over two cycles, hold hands ------------------------------------

MARKERS = cards("AS KS QS")


@dataclass(frozen=True)
class HandRecord:
    direction: str
    phase_after_deal: Phase
    markers_with: Seat  # who holds N's marker cards when play starts
    dealt_equals_play_start: bool
    pass_refusal: str | None  # the code of N's pass attempt, if refused
    first_to_act: list[Seat]
    north_view: dict


def play_hands(count: int) -> list[HandRecord]:
    """``count`` hands of the default rotation; N holds and (when it may) passes AS KS QS.

    The target is out of reach so that the match lasts; nothing else in the rules changes.
    """
    deal, _ = moon_hand(N)
    table = Table(*[deal] * count, rules=RuleSet(target_score=10_000), deal_now=False)
    records = []
    for _ in range(count):
        dealt = next(e for e in table.deal() if isinstance(e, HandDealt))
        phase = table.now.phase
        refusal = None
        if phase is Phase.PASSING:
            table.do(PassCards(N, MARKERS))
            for seat in (E, S, W):
                table.do(PassCards(seat, table.now.hand.holdings[seat][:3]))
        else:
            refusal = table.refuse(PassCards(N, MARKERS)).code
        hand = table.now.hand
        records.append(HandRecord(
            direction=dealt.pass_direction.value,
            phase_after_deal=phase,
            markers_with=next(s for s in Seat if set(MARKERS) <= set(hand.holdings[s])),
            dealt_equals_play_start=hand.holdings == dealt.holdings,
            pass_refusal=refusal,
            first_to_act=table.now.to_act,
            north_view=view_json(table.now, N),
        ))
        table.play_out_hand()
    return records


@pytest.fixture(scope="module")
def twelve_hands() -> list[HandRecord]:
    return play_hands(12)


def test_r06_directions_of_hands_1_to_12_are_l_r_a_hold_three_times(twelve_hands):
    assert [r.direction for r in twelve_hands] == ["left", "right", "across", "hold"] * 3


def test_r06_norths_pass_lands_east_west_south_in_each_cycle(twelve_hands):
    expected = [E, W, S, N] * 3
    assert [r.markers_with for r in twelve_hands] == expected
    assert [r.phase_after_deal for r in twelve_hands[4:7]] == [Phase.PASSING] * 3


def test_e08_hold_hands_go_straight_to_play_with_the_dealt_cards(twelve_hands):
    for number in (4, 8, 12):
        record = twelve_hands[number - 1]
        assert record.phase_after_deal is Phase.PLAYING
        assert record.pass_refusal == "wrong_phase"
        assert record.dealt_equals_play_start
        assert record.first_to_act == [E]  # E is dealt 2C in this deal
        assert record.north_view["pass_direction"] == "hold"
        assert record.north_view["pass"] is None


def test_e08_passing_hands_report_their_direction_in_the_seat_view(twelve_hands):
    assert [r.north_view["pass_direction"] for r in twelve_hands[4:7]] == [
        "left", "right", "across"
    ]
    assert twelve_hands[4].north_view["pass"]["given"] == ["QS", "KS", "AS"]


# --- R07: the first lead after a hold hand, and after a pass --------------------------------


def test_r07a_hold_hand_four_starts_with_the_dealt_two_of_clubs_holder_on_lead():
    table = Table(D1, D1, D1, D1_ROTATED, rules=DEFAULT)
    for _ in range(3):
        table.play_out_hand()
        table.deal()
    assert table.now.hand.number == 4 and table.now.phase is Phase.PLAYING
    assert table.refuse(PassCards(W, cards("2C 3C 4C"))).code == "wrong_phase"
    assert table.now.to_act == [W]
    assert table.legal(W) == ["2C"]
    assert table.refuse(PlayCard(N, parse_card("6D"))).code == "not_your_turn"
    table.play("W 2C")
    assert table.now.to_act == [N]
    assert table.legal(N) == codes("6D 7D 8D 2S 3S")


def test_r07b_the_two_of_clubs_passed_left_makes_east_the_leader():
    table = Table(D1, rules=DEFAULT)
    table.pass_cards(N, "2C 3C 4C")
    for seat in (E, S, W):
        table.do(PassCards(seat, table.now.hand.holdings[seat][:3]))
    assert "2C" in table.holding(E)
    assert table.now.to_act == [E]
    assert table.legal(E) == ["2C"]


# --- R08, R09, R15: passing -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("codes_", "rule"),
    [
        (["2C", "2C", "AS"], "card_not_in_hand"),
        (["2C", "2C", "9C"], "duplicate_cards"),
        (["2C", "2c", "9C"], "duplicate_cards"),
        (["9C", "10C"], "wrong_pass_count"),
        (["9C", "10C", "5D", "4D"], "wrong_pass_count"),
        (["9C", "10C", "AS"], "card_not_in_hand"),
    ],
)
def test_r08_r09_bad_pass_is_refused_and_north_stays_pass_pending(codes_, rule):
    table = Table(D1, rules=DEFAULT)
    before = table.holding(N)
    assert table.refuse(PassCards(N, tuple(parse_cards(codes_)))).code == rule
    assert table.holding(N) == before and table.now.hand.passes[N] is None
    assert table.now.to_act == [N, E, S, W]


def test_r09_a_second_pass_is_refused_and_the_first_one_stands():
    table = Table(D1, rules=DEFAULT)
    table.pass_cards(N, "9C 10C 5D")
    assert table.refuse(PassCards(N, cards("2C 3C 4C"))).code == "already_passed"
    assert codes(table.now.hand.passes[N]) == codes("9C 10C 5D")
    assert table.now.to_act == [E, S, W]


R15_PASSES = {N: "10C 9C 5D", E: "QS 8H 7H", S: "AH KH QH", W: "AS KS AD"}


def test_r15_after_norths_pass_east_sees_only_its_own_13_cards():
    table = Table(D1, rules=DEFAULT)
    dealt_east = table.holding(E)
    table.pass_cards(N, R15_PASSES[N])
    view = view_json(table.now, E)
    assert view["hand"] == dealt_east
    assert view["pass"] == {"given": None, "received": None,
                            "waiting_for": ["east", "south", "west"]}
    assert table.refuse(PassCards(E, cards("10C 8H 7H"))).code == "card_not_in_hand"
    assert event_json(table.log[-1], E)["cards"] is None


def test_r15_exchange_is_applied_once_after_all_four_passes():
    table = Table(D1, rules=DEFAULT)
    for seat, text in R15_PASSES.items():
        events = table.pass_cards(seat, text)
    assert [type(e) for e in events] == [CardsPassed, CardsExchanged]
    assert table.holding(N) == codes("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D AS KS AD")
    assert table.holding(E) == codes("6D 7D 8D 2S 3S 2H 3H 4H 5H 6H 10C 9C 5D")
    assert table.holding(S) == codes("4S 5S 6S 7S 8S 9S 10S 9H 10H JH QS 8H 7H")
    assert table.holding(W) == codes("JC QC KC AC 9D 10D JD QD KD JS AH KH QH")
    assert table.now.to_act == [N]
    assert table.legal(N) == ["2C"]


def test_r15_each_seat_learns_only_the_three_cards_it_received():
    table = Table(D1, rules=DEFAULT)
    for seat, text in R15_PASSES.items():
        events = table.pass_cards(seat, text)
    exchanged = events[-1]
    received_from = {N: W, E: N, S: E, W: S}  # left pass
    for seat, passer in received_from.items():
        view = view_json(table.now, seat)
        expected = {"given": codes(R15_PASSES[seat]), "received": codes(R15_PASSES[passer])}
        assert {k: view["pass"][k] for k in expected} == expected
        redacted = event_json(exchanged, seat)
        assert {k: redacted[k] for k in expected} == expected
        assert "passes" not in redacted


# --- R10: a card not in hand ----------------------------------------------------------------


def test_r10_card_not_in_hand_and_revoke_are_refused_and_the_heart_is_accepted():
    table = Table(R10_DEAL)
    table.play(*R10_SCRIPT)
    assert table.now.hand.trick.number == 5 and table.now.hand.hearts_broken
    assert table.holding(E) == codes("5C 6C 7C 8C 9C 8H 8S KS AS")
    assert table.legal(E) == ["8H"]
    assert table.refuse(PlayCard(E, parse_card("3H"))).code == "card_not_in_hand"
    assert table.refuse(PlayCard(E, parse_card("8S"))).code == "must_follow_suit"
    table.play("E 8H")
    assert table.now.to_act == [S]


def test_r10_any_play_during_the_passing_phase_is_refused():
    table = Table(D1, rules=DEFAULT)
    assert table.now.phase is Phase.PASSING
    for seat, card in ((N, "2C"), (E, "6D")):
        assert table.refuse(PlayCard(seat, parse_card(card))).code == "wrong_phase"


# --- E01: one seat holds all 13 hearts ------------------------------------------------------


def test_e01_hearts_only_seat_may_play_any_heart_on_trick_one_which_breaks_hearts():
    table = Table(D3)
    table.play("N 2C")
    assert table.legal(E) == codes("3C 6C 9C QC")
    table.play("E 3C")
    assert table.legal(S) == codes(ALL_HEARTS)
    table.play("S 9H")
    assert table.now.hand.hearts_broken
    assert table.legal(W) == codes("4C 7C 10C KC AC")


def test_e01_over_random_play_outs_the_hearts_only_seat_never_wins_or_leads_nor_scores():
    rng = random.Random(2024)
    for _ in range(300):
        table = Table(D3)
        while table.now.phase is Phase.PLAYING:
            seat, trick = table.now.to_act[0], table.now.hand.trick
            assert trick.leader != S
            if seat == S:
                assert table.legal(S) == table.holding(S)
            table.do(PlayCard(seat, rng.choice(legal_cards(table.now, seat))))
        scored = table.log[-1]
        assert isinstance(scored, HandScored)
        is_moon = scored.moon_shooter is not None
        assert scored.points[S] == (26 if is_moon else 0)
        assert sum(scored.points) == (78 if is_moon else 26)
        assert table.now.hand.tricks_won()[S] == 0


def test_e01_a_moon_over_the_hearts_only_seat_gives_it_26():
    table = Table(D3)
    events = table.play(*D3_W_MOON)
    assert table.now.hand.tricks_won() == (0, 0, 0, 13)
    assert events[-1] == HandScored(1, (26, 26, 26, 0), (26, 26, 26, 0), W, False)


# --- E02, E03: the leader holds only hearts (or QS and hearts), hearts unbroken --------------


def test_e03_leader_with_queen_and_hearts_only_must_lead_the_queen_which_does_not_break():
    table = Table(D4)
    table.play(*D4_A[:8])
    assert table.holding(W) == codes("QS JH QH KH AH")
    assert table.legal(W) == ["QS"]
    assert_refused(table, W, "JH AH", "hearts_not_broken")
    table.play(D4_A[8])
    assert table.now.hand.points_taken() == (0, 0, 0, 13)
    assert table.now.hand.hearts_broken is False


def test_e02_leader_with_only_hearts_may_lead_one_and_followers_must_follow_hearts():
    table = Table(D4)
    table.play(*D4_A[:9])
    assert table.legal(W) == codes("JH QH KH AH")
    table.play("W JH")
    assert table.now.hand.hearts_broken is True
    assert table.legal(N) == codes("2H 3H 4H")
    table.play("N 2H")
    assert table.legal(E) == codes("5H 6H 7H")
    table.play("E 5H")
    assert table.legal(S) == codes("8H 9H 10H")


# --- E04, E10: QS on trick 1 and later; the broken flag -------------------------------------


def test_e04_club_void_seat_of_only_hearts_and_queen_may_play_any_card_on_trick_one():
    table = Table(D2)
    table.play("N 2C")
    assert table.legal(E) == table.holding(E) and len(table.holding(E)) == 13


def test_e04_e10_queen_on_trick_one_leaves_hearts_unbroken_for_the_winners_lead():
    table = Table(D2)
    events = table.play(D2_A[0])
    assert events[-1] == TrickTaken(1, S, 13)
    assert table.now.hand.hearts_broken is False
    assert table.legal(S) == codes("10C JC 8D 9D 10D JD QD 2S 3S 4S 5S")
    assert_refused(table, S, "AH", "hearts_not_broken")


def test_e10_hearts_break_exactly_on_the_first_heart_played():
    table = Table(D2)
    table.play(D2_A[0], "S 2S, W 6S, N 3C")
    assert table.now.hand.hearts_broken is False
    table.play("E 2H")
    assert table.now.hand.hearts_broken is True
    assert table.log[-1] == TrickTaken(2, W, 1)


def test_e04_a_heart_discarded_on_trick_one_breaks_hearts():
    table = Table(D2)
    table.play("N 2C, E 9H, S AC, W KC")
    assert table.now.hand.hearts_broken is True
    assert table.legal(S) == table.holding(S)


def test_e10_queen_discarded_on_trick_two_of_d1a_leaves_hearts_unbroken():
    table = Table(D1)
    events = table.play(D1_A[0], "W AC, N 3C, E QS, S 4S")
    assert events[-1] == TrickTaken(2, W, 13)
    assert table.now.hand.hearts_broken is False


def test_e10_after_a_mid_hand_queen_discard_the_next_leader_may_not_lead_a_heart():
    table = Table(D2V)
    events = table.play(*D2V_QS_DISCARD)
    assert events[-1] == TrickTaken(2, S, 13)
    assert table.now.hand.hearts_broken is False
    assert table.now.to_act == [S]
    assert table.legal(S) == codes("AC 8D 9D 10D JD QD 2S 3S 4S 5S")
    assert_refused(table, S, "AH", "hearts_not_broken")


# --- E05: moon and sun ------------------------------------------------------------------------


def test_e05_west_takes_all_26_points_of_d4a_and_shoots_the_moon():
    table = Table(D4)
    events = table.play(*D4_A)
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert [(e.winner, e.points) for e in taken] == [(W, points) for points in D4_A_POINTS]
    assert events[-1] == HandScored(1, (26, 26, 26, 0), (26, 26, 26, 0), W, False)


def test_e05_with_the_sun_variant_taking_all_13_tricks_gives_each_other_seat_52():
    table = Table(D4, rules=RuleSet(pass_rotation=(PassDirection.HOLD,), shoot_the_sun=True))
    events = table.play(*D4_A)
    assert events[-1] == HandScored(1, (52, 52, 52, 0), (52, 52, 52, 0), W, True)


def test_e05_control_all_points_but_not_all_tricks_is_a_moon_even_with_the_sun_variant():
    table = Table(D4_CONTROL,
                  rules=RuleSet(pass_rotation=(PassDirection.HOLD,), shoot_the_sun=True))
    events = table.play(*D4_CONTROL_SCRIPT)
    assert table.now.hand.tricks_won() == (1, 0, 0, 12)
    assert events[-1] == HandScored(1, (26, 26, 26, 0), (26, 26, 26, 0), W, False)
