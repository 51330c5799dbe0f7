"""The RuleSet over HTTP (docs/api.md, "Matches"; docs/rules.md, "Variants"): ``rules`` in
the create request is validated field by field, a valid RuleSet is recorded in
``match_created`` and shown in the summary and the seat view, and variants are enforced
through the API.

test_refusals.py covers the first bad-rules cases (an unknown field, target_score 0, an
unknown direction, pass_count 5, a boolean as text, jack_of_diamonds -5); the cases here
cover the rest of the fields and the wrong JSON types.
"""

from __future__ import annotations

import pytest

from games.models import Event, Match

from .helpers import (
    API,
    D1,
    D4,
    D4_A,
    DEFAULT_RULES,
    HOLD,
    SEATS,
    assert_invalid,
    assert_refused,
    codes,
    create_match,
    holdings,
    match_url,
)

pytestmark = pytest.mark.django_db

OPEN_TABLE = [{"kind": "player"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]

# Every field changed from its default.
ALL_CHANGED = {
    "target_score": 30,
    "pass_rotation": ["right", "hold"],
    "pass_count": 2,
    "first_trick_points": True,
    "queen_breaks_hearts": True,
    "shoot_the_sun": True,
    "moon_scoring": "shooters_choice",
    "jack_of_diamonds": -10,
    "tie_policy": "share",
    "max_tiebreak_hands": 0,
    "max_hands": 10,
}


# --- validation -----------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "errors"), [
    ({"target_score": -3}, [("rules.target_score", "min_value")]),
    ({"max_hands": 0}, [("rules.max_hands", "min_value")]),
    ({"max_hands": 101}, [("rules.max_hands", "max_value")]),
    ({"max_hands": "4"}, [("rules.max_hands", "invalid")]),
    ({"target_score": 2**31}, [("rules.target_score", "max_value")]),
    ({"target_score": 30.5}, [("rules.target_score", "invalid")]),
    ({"target_score": True}, [("rules.target_score", "invalid")]),
    ({"target_score": "thirty"}, [("rules.target_score", "invalid")]),
    ({"target_score": None}, [("rules.target_score", "null")]),
    ({"pass_rotation": []}, [("rules.pass_rotation", "min_length")]),
    ({"pass_rotation": ["left", "up"]}, [("rules.pass_rotation.1", "invalid_choice")]),
    ({"pass_rotation": ["LEFT"]}, [("rules.pass_rotation.0", "invalid_choice")]),
    ({"pass_rotation": "left"}, [("rules.pass_rotation", "not_a_list")]),
    ({"pass_rotation": None}, [("rules.pass_rotation", "null")]),
    ({"pass_count": 0}, [("rules.pass_count", "min_value")]),
    ({"pass_count": [3]}, [("rules.pass_count", "invalid")]),
    ({"first_trick_points": None}, [("rules.first_trick_points", "null")]),
    ({"queen_breaks_hearts": "maybe"}, [("rules.queen_breaks_hearts", "invalid")]),
    ({"shoot_the_sun": {}}, [("rules.shoot_the_sun", "invalid")]),
    ({"moon_scoring": "x"}, [("rules.moon_scoring", "invalid_choice")]),
    ({"moon_scoring": 1}, [("rules.moon_scoring", "invalid_choice")]),
    ({"jack_of_diamonds": 10}, [("rules.jack_of_diamonds", "invalid_choice")]),
    ({"jack_of_diamonds": True}, [("rules.jack_of_diamonds", "invalid_choice")]),
    ({"tie_policy": "SHARE"}, [("rules.tie_policy", "invalid_choice")]),
    ({"tie_policy": "split"}, [("rules.tie_policy", "invalid_choice")]),
    ({"max_tiebreak_hands": 11}, [("rules.max_tiebreak_hands", "max_value")]),
    ({"max_tiebreak_hands": -1}, [("rules.max_tiebreak_hands", "min_value")]),
    ({"max_tiebreak_hands": "two"}, [("rules.max_tiebreak_hands", "invalid")]),
    # JSON types are not coerced: a number as text, a fraction, 1 for true.
    ({"target_score": "30"}, [("rules.target_score", "invalid")]),
    ({"target_score": 30.5}, [("rules.target_score", "invalid")]),
    ({"pass_count": "2"}, [("rules.pass_count", "invalid")]),
    ({"max_tiebreak_hands": 2.5}, [("rules.max_tiebreak_hands", "invalid")]),
    ({"first_trick_points": 1}, [("rules.first_trick_points", "invalid")]),
    ({"shoot_the_sun": "true"}, [("rules.shoot_the_sun", "invalid")]),
    ({"jack_of_diamonds": "-10"}, [("rules.jack_of_diamonds", "invalid_choice")]),
    # Several bad values: every one is named.
    ({"target_score": 0, "pass_count": 5, "moon_scoring": "x", "max_tiebreak_hands": 11},
     [("rules.max_tiebreak_hands", "max_value"), ("rules.moon_scoring", "invalid_choice"),
      ("rules.pass_count", "max_value"), ("rules.target_score", "min_value")]),
    # Two unknown fields beside good ones.
    ({"target_score": 50, "colour": "red", "jokers": 2},
     [("rules.colour", "unknown_field"), ("rules.jokers", "unknown_field")]),
], ids=lambda value: None if isinstance(value, list) else str(value)[:60])
def test_bad_rules_are_invalid_request_400_naming_each_field_and_create_nothing(
    client_a, rules, errors
):
    matches_before, events_before = Match.objects.count(), Event.objects.count()
    response = client_a.post(f"{API}/matches", {"seats": OPEN_TABLE, "rules": rules},
                             format="json")
    problem = assert_invalid(response, *[field for field, _ in errors])
    assert sorted((e["field"], e["code"]) for e in problem) == errors
    assert (Match.objects.count(), Event.objects.count()) == (matches_before, events_before)


@pytest.mark.parametrize("rules", ["standard", ["hold"], 100, True])
def test_rules_that_are_not_an_object_are_invalid_request_400(client_a, rules):
    matches_before = Match.objects.count()
    response = client_a.post(f"{API}/matches", {"seats": OPEN_TABLE, "rules": rules},
                             format="json")
    problem = assert_invalid(response, "rules")
    assert [e["code"] for e in problem] == ["invalid"]
    assert Match.objects.count() == matches_before


# --- valid rules are recorded and shown --------------------------------------------------


def test_every_rule_field_is_recorded_in_match_created_and_shown_in_summary_and_view(
    make_client
):
    creator, spectator = make_client(), make_client()
    summary = create_match(creator, seats=OPEN_TABLE, rules=ALL_CHANGED)
    assert summary["rules"] == ALL_CHANGED
    for client in (creator, spectator):
        assert client.get(match_url(summary["id"])).json()["rules"] == ALL_CHANGED
        events = client.get(match_url(summary["id"], "events")).json()["events"]
        assert (events[0]["seq"], events[0]["type"], events[0]["seat"]) == (1, "match_created", None)
        assert events[0]["rules"] == ALL_CHANGED
        assert "deals" not in events[0]
        view = client.get(match_url(summary["id"], "view")).json()
        assert view["rules"] == ALL_CHANGED


@pytest.mark.parametrize("rules", ["absent", None, {}], ids=["absent", "null", "empty"])
def test_rules_left_out_null_or_empty_are_the_defaults_everywhere(client_a, rules):
    body = {"seats": OPEN_TABLE}
    if rules != "absent":
        body["rules"] = rules
    response = client_a.post(f"{API}/matches", body, format="json")
    assert response.status_code == 201, response.content
    match_id = response.json()["id"]
    assert response.json()["rules"] == DEFAULT_RULES
    assert client_a.get(match_url(match_id, "events")).json()["events"][0]["rules"] == DEFAULT_RULES
    assert client_a.get(match_url(match_id, "view")).json()["rules"] == DEFAULT_RULES


def test_partial_rules_keep_the_defaults_of_the_fields_left_out_in_the_view(make_table):
    table = make_table(D1, rules={"pass_rotation": ["across"], "pass_count": 1})
    expected = {**DEFAULT_RULES, "pass_rotation": ["across"], "pass_count": 1}
    for seat in SEATS:
        view = table.view(seat)
        assert view["rules"] == expected
        assert (view["hand_number"], view["pass_direction"]) == (1, "across")


# --- variants enforced through the API ----------------------------------------------------

D1_HOLDINGS = holdings(D1)
TWO_LEFT = {"pass_rotation": ["left"], "pass_count": 2}
PASSES = {"north": "10C 9C", "east": "QS 8H", "south": "AH KH", "west": "AS KS"}


def test_pass_count_2_refuses_three_cards_and_exchanges_two_cards_left(make_table):
    table = make_table(D1, rules=TWO_LEFT)
    assert_refused(table, lambda: table.pass_cards("north", "10C 9C 5D"), 422,
                   "wrong_pass_count", legal_cards=D1_HOLDINGS["north"])
    assert_refused(table, lambda: table.pass_cards("north", "10C"), 422,
                   "wrong_pass_count", legal_cards=D1_HOLDINGS["north"])
    for seat, cards in PASSES.items():
        body = table.passed(seat, cards)
    exchanged = body["events"][-1]
    assert (exchanged["type"], exchanged["pass_direction"]) == ("cards_exchanged", "left")
    assert (exchanged["given"], exchanged["received"]) == (codes("AS KS"), codes("AH KH"))
    # Left: N 10C 9C -> E, E QS 8H -> S, S AH KH -> W, W AS KS -> N.
    assert {seat: table.view(seat)["hand"] for seat in SEATS} == {
        "north": codes("2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D KS AS"),
        "east": codes("9C 10C 6D 7D 8D 2S 3S 2H 3H 4H 5H 6H 7H"),
        "south": codes("4S 5S 6S 7S 8S 9S 10S QS 8H 9H 10H JH QH"),
        "west": codes("JC QC KC AC 9D 10D JD QD KD AD JS KH AH"),
    }
    north = table.view("north")
    assert north["pass"] == {"given": codes("10C 9C"), "received": codes("AS KS"),
                             "waiting_for": []}
    assert (north["status"], north["to_act"], north["legal_cards"]) == ("playing", ["north"], ["2C"])


def test_sun_and_jack_of_diamonds_are_scored_through_the_api(make_table):
    # D4-a: W takes all 13 tricks, JD included. Sun: others 52 each; JD: W 0 - 10 = -10.
    table = make_table(D4, rules={**HOLD, "shoot_the_sun": True, "jack_of_diamonds": -10})
    body = table.played(*D4_A)
    types = [event["type"] for event in body["events"]]
    assert types[-4:] == ["card_played", "trick_taken", "hand_scored", "hand_dealt"]
    scored = body["events"][-2]
    expected = {"north": 52, "east": 52, "south": 52, "west": -10}
    assert (scored["points"], scored["totals"]) == (expected, expected)
    assert (scored["moon"], scored["sun"]) == ("west", True)
    assert table.view("east")["scores"] == expected
    assert table.clients["east"].get(match_url(table.id)).json()["scores"] == expected


def test_target_score_reached_exactly_ends_the_match_with_the_result_in_summary(make_table):
    # target 26: W's moon on D4-a gives N, E and S exactly 26; W (0) wins alone.
    table = make_table(D4, rules={**HOLD, "target_score": 26})
    table.played(*D4_A)
    summary = table.clients["south"].get(match_url(table.id)).json()
    assert summary["status"] == "finished"
    assert summary["result"]["winners"] == ["west"] and summary["result"]["shared"] is False
    assert summary["rules"]["target_score"] == 26

