"""The API-level scenarios of scenarios.md (R05, R08, R09, R10, R15, E08), driven over
HTTP with four human seats so every seat's own view can be checked."""

from __future__ import annotations

import pytest

from .helpers import (
    D1,
    D1_A,
    DEFAULT_RULES,
    LEFT,
    R10_DEAL,
    R10_SCRIPT,
    SEATS,
    assert_refused,
    codes,
    holdings,
    plays,
)

pytestmark = pytest.mark.django_db

D1_HOLDINGS = holdings(D1)


# --- R05: points credited to the right seat; a play out of turn changes nothing ----------


def test_r05_play_from_south_while_north_is_on_turn_is_refused_409(make_table):
    table = make_table(D1)
    table.played(D1_A[0], "W AC")
    assert table.view("north")["to_act"] == ["north"]
    assert_refused(table, lambda: table.play("south", "4S"), 409, "not_your_turn")


def test_r05_after_trick_2_every_view_credits_west_with_14_points(make_table):
    table = make_table(D1)
    table.played(*D1_A)
    west_name = table.names()["west"]
    for seat, view in table.views().items():
        assert view["seat"] == seat
        assert view["hand_points"] == {"north": 0, "east": 0, "south": 0, "west": 14}
        assert view["tricks_won"] == {"north": 0, "east": 0, "south": 0, "west": 2}
        assert [(t["winner"], t["points"]) for t in view["tricks"]] == [("west", 0), ("west", 14)]
        assert view["tricks"][1]["cards"] == [{"seat": s, "card": c} for s, c in plays(D1_A[1])]
        assert view["hearts_broken"] is True
        assert view["trick"] == {"number": 3, "leader": "west", "cards": []}
        assert view["to_act"] == ["west"]
        assert view["players"][3] == {"seat": "west", "name": west_name, "bot_level": None,
                                      "is_bot": False, "invited": None}
        assert view["scores"] == {"north": 0, "east": 0, "south": 0, "west": 0}


# --- R08: a pass naming a card twice ------------------------------------------------------


def test_r08_duplicate_passes_are_refused_and_north_stays_pass_pending(make_table):
    table = make_table(D1, rules=LEFT)
    north = D1_HOLDINGS["north"]
    # AS is not North's card: the first rule broken is card_not_in_hand.
    assert_refused(table, lambda: table.pass_cards("north", ["2C", "2C", "AS"]), 422,
                   "card_not_in_hand", legal_cards=north)
    for cards in (["2C", "2C", "9C"], ["2C", "2c", "9C"]):
        assert_refused(table, lambda cards=cards: table.pass_cards("north", cards), 422,
                       "duplicate_cards", legal_cards=north)
    view = table.view("north")
    assert view["hand"] == north
    assert view["to_act"] == list(SEATS)
    assert view["pass"] == {"given": None, "received": None, "waiting_for": list(SEATS)}


# --- R09: pass size and repeat passes through REST ----------------------------------------


@pytest.mark.parametrize(("cards", "code"), [
    ("9C 10C", "wrong_pass_count"),
    ("9C 10C 5D 4D", "wrong_pass_count"),
    ("9C 10C AS", "card_not_in_hand"),
])
def test_r09_malformed_pass_is_refused_422(make_table, cards, code):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.pass_cards("north", cards), 422, code,
                   legal_cards=D1_HOLDINGS["north"])


def test_r09_pass_during_hand_4_is_refused_409(make_table):
    table = make_table(rules=DEFAULT_RULES)
    north = table.play_to_hand(4)
    assert_refused(table, lambda: table.pass_cards("north", north["hand"][:3]), 409, "wrong_phase")


def test_r09_second_pass_is_refused_and_the_first_stands(make_table):
    table = make_table(D1, rules=LEFT)
    table.passed("north", "9C 10C 5D")
    assert_refused(table, lambda: table.pass_cards("north", "2C 3C 4C"), 409, "already_passed")
    view = table.view("north")
    assert view["pass"] == {"given": codes("9C 10C 5D"), "received": None,
                            "waiting_for": ["east", "south", "west"]}
    assert view["legal_cards"] == []
    for seat, cards in (("east", "QS 8H 7H"), ("south", "AH KH QH"), ("west", "AS KS AD")):
        table.passed(seat, cards)
    # Applied once: north gave 9C 10C 5D (not 2C 3C 4C) and holds 13 cards.
    assert table.view("north")["hand"] == codes("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D AS KS AD")


# --- R10: a card not in hand is refused, not a crash --------------------------------------


def test_r10_east_may_only_follow_with_8h(make_table):
    table = make_table(R10_DEAL)
    table.played(*R10_SCRIPT)
    east = table.view("east")
    assert east["hand"] == codes("5C 6C 7C 8C 9C 8H 8S KS AS")
    assert east["legal_cards"] == ["8H"]
    assert east["hearts_broken"] is True
    assert east["trick"] == {"number": 5, "leader": "west",
                             "cards": [{"seat": "west", "card": "3H"},
                                       {"seat": "north", "card": "6H"}]}
    assert_refused(table, lambda: table.play("east", "3H"), 422, "card_not_in_hand",
                   legal_cards=["8H"])
    assert_refused(table, lambda: table.play("east", "8S"), 422, "must_follow_suit",
                   legal_cards=["8H"])
    accepted = table.play("east", "8H")
    assert accepted.status_code == 200
    assert accepted.json()["view"]["trick"]["cards"][-1] == {"seat": "east", "card": "8H"}


def test_r10_any_play_during_passing_is_refused_409(make_table):
    table = make_table(D1, rules=LEFT)
    for seat in SEATS:
        card = D1_HOLDINGS[seat][0]
        assert_refused(table, lambda seat=seat, card=card: table.play(seat, card), 409,
                       "wrong_phase")


# --- R15: sent and received passes are separate, and private ------------------------------

R15_PASSES = {"north": "10C 9C 5D", "east": "QS 8H 7H", "south": "AH KH QH", "west": "AS KS AD"}
R15_RECEIVED_FROM = {"north": "west", "east": "north", "south": "east", "west": "south"}  # left
R15_HOLDINGS = {
    "north": codes("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D AS KS AD"),
    "east": codes("6D 7D 8D 2S 3S 2H 3H 4H 5H 6H 10C 9C 5D"),
    "south": codes("4S 5S 6S 7S 8S 9S 10S 9H 10H JH QS 8H 7H"),
    "west": codes("JC QC KC AC 9D 10D JD QD KD JS AH KH QH"),
}


def test_r15_after_norths_pass_east_still_sees_its_own_13_cards(make_table):
    table = make_table(D1, rules=LEFT)
    table.passed("north", R15_PASSES["north"])
    east = table.view("east")
    assert east["hand"] == D1_HOLDINGS["east"]
    assert east["pass"] == {"given": None, "received": None,
                            "waiting_for": ["east", "south", "west"]}
    assert_refused(table, lambda: table.pass_cards("east", "10C 8H 7H"), 422, "card_not_in_hand",
                   legal_cards=D1_HOLDINGS["east"])


def test_r15_after_all_four_passes_each_seat_holds_its_cards_and_knows_only_its_pass(make_table):
    table = make_table(D1, rules=LEFT)
    for seat, cards in R15_PASSES.items():
        table.passed(seat, cards)
    for seat, view in table.views().items():
        assert view["hand"] == R15_HOLDINGS[seat]
        assert view["pass"] == {"given": codes(R15_PASSES[seat]),
                                "received": codes(R15_PASSES[R15_RECEIVED_FROM[seat]]),
                                "waiting_for": []}
        assert view["status"] == "playing"
        assert view["to_act"] == ["north"]
    assert table.view("north")["legal_cards"] == ["2C"]


# --- E08: a hold hand has no passing phase ------------------------------------------------


def test_e08_hand_4_is_a_hold_hand_and_hand_5_passes_left(make_table):
    table = make_table(rules=DEFAULT_RULES)
    table.play_to_hand(4)
    views = table.views()
    dealt = {seat: next(e["hand"] for e in table.events(seat)
                        if e["type"] == "hand_dealt" and e["hand_number"] == 4) for seat in SEATS}
    leader = next(seat for seat in SEATS if "2C" in dealt[seat])
    for seat, view in views.items():
        assert view["pass_direction"] == "hold"
        assert view["pass"] is None
        assert view["status"] == "playing"
        assert view["hand"] == dealt[seat] and len(dealt[seat]) == 13
        assert view["to_act"] == [leader]
    assert views[leader]["legal_cards"] == ["2C"]
    assert_refused(table, lambda: table.pass_cards(leader, dealt[leader][:3]), 409, "wrong_phase")
    table.play_out_hand()
    north = table.view("north")
    assert (north["hand_number"], north["status"], north["pass_direction"]) == (5, "passing", "left")
    assert north["pass"] == {"given": None, "received": None, "waiting_for": list(SEATS)}
