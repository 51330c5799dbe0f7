"""One API test per refusal code of docs/api.md, "Errors": the status, the problem+json body
(``legal_cards`` exactly on the rule refusals), and a refusal changes nothing."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from games.models import Event, Match

from .conftest import forget_throttle_counts
from .helpers import (
    API,
    D1,
    D4,
    D4_A,
    HOLD,
    LEFT,
    R10_DEAL,
    assert_invalid,
    assert_problem,
    assert_refused,
    codes,
    create_match,
    deal,
    holdings,
    match_url,
)

pytestmark = pytest.mark.django_db

D1_HOLDINGS = holdings(D1)


def _waiting_match(client):
    """A match of ``client`` (north) with east, south and west open."""
    return create_match(client, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)


def _assert_join_refused(client, summary, body, status, code):
    """A join refused with ``status``/``code`` leaves the match summary as it was."""
    url = match_url(summary["id"])
    before = client.get(url).json()
    assert_problem(client.post(match_url(summary["id"], "join"), body, format="json"), status, code)
    assert client.get(url).json() == before


# --- 409 ----------------------------------------------------------------------------------


def test_play_from_a_seat_not_on_turn_is_not_your_turn_409(make_table):
    table = make_table(D1)
    body = assert_refused(table, lambda: table.play("east", "6D"), 409, "not_your_turn")
    assert body["to_act"] == ["north"]


def test_play_during_the_passing_phase_is_wrong_phase_409(make_table):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.play("north", "2C"), 409, "wrong_phase")


def test_pass_on_a_hold_hand_is_wrong_phase_409(make_table):
    table = make_table(D1, rules=HOLD)
    assert_refused(table, lambda: table.pass_cards("north", "9C 10C 5D"), 409, "wrong_phase")


def test_play_and_pass_after_the_match_ended_are_match_finished_409(make_table):
    table = make_table(D4, rules={**HOLD, "target_score": 1})
    table.played(*D4_A)  # W shoots the moon: W 0, everyone else 26 -> W wins at once
    assert table.view("north")["result"] == {
        "standings": [{"seat": "west", "score": 0, "place": 1},
                      {"seat": "north", "score": 26, "place": 2},
                      {"seat": "east", "score": 26, "place": 2},
                      {"seat": "south", "score": 26, "place": 2}],
        "winners": ["west"], "shared": False, "hands_played": 1,
        "moons": [{"hand": 1, "seat": "west"}], "ended_by": "target_score"}
    assert_refused(table, lambda: table.play("west", "2C"), 409, "match_finished")
    assert_refused(table, lambda: table.pass_cards("west", "2C 3C 4C"), 409, "match_finished")


def test_second_pass_is_already_passed_409(make_table):
    table = make_table(D1, rules=LEFT)
    table.passed("north", "9C 10C 5D")
    assert_refused(table, lambda: table.pass_cards("north", "2C 3C 4C"), 409, "already_passed")


def test_joining_a_taken_seat_is_seat_taken_409(make_client):
    creator, first, second = make_client(), make_client(), make_client()
    summary = _waiting_match(creator)
    assert first.post(match_url(summary["id"], "join"), {"seat": "east"}, format="json").status_code == 200
    _assert_join_refused(second, summary, {"seat": "east"}, 409, "seat_taken")
    _assert_join_refused(second, summary, {"seat": "north"}, 409, "seat_taken")


@pytest.mark.parametrize("body", [{"seat": "south"}, {}], ids=["named_seat", "any_seat"])
def test_joining_a_full_match_is_match_full_409(make_table, make_client, body):
    table = make_table(D1)
    stranger = make_client()
    before = table.snapshot()
    assert_problem(stranger.post(match_url(table.id, "join"), body, format="json"), 409, "match_full")
    assert table.snapshot() == before


def test_joining_a_match_you_sit_in_is_already_seated_409(make_client):
    creator = make_client()
    summary = _waiting_match(creator)
    _assert_join_refused(creator, summary, {"seat": "east"}, 409, "already_seated")
    _assert_join_refused(creator, summary, {}, 409, "already_seated")


# --- 422: rule refusals carry legal_cards -------------------------------------------------


def test_play_of_a_card_not_held_is_card_not_in_hand_422(make_table):
    table = make_table(D1)
    assert_refused(table, lambda: table.play("north", "AS"), 422, "card_not_in_hand",
                   legal_cards=["2C"])


def test_pass_of_a_card_not_held_is_card_not_in_hand_422(make_table):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.pass_cards("north", "9C 10C AS"), 422, "card_not_in_hand",
                   legal_cards=D1_HOLDINGS["north"])


def test_first_lead_other_than_2c_is_must_lead_two_of_clubs_422(make_table):
    table = make_table(D1)
    assert_refused(table, lambda: table.play("north", "3C"), 422, "must_lead_two_of_clubs",
                   legal_cards=["2C"])


def test_discard_while_holding_the_led_suit_is_must_follow_suit_422(make_table):
    table = make_table(D1)
    table.played("N 2C, E 8D, S 10S")
    assert_refused(table, lambda: table.play("west", "AS"), 422, "must_follow_suit",
                   legal_cards=codes("JC QC KC AC"))


def test_queen_of_spades_on_the_first_trick_is_no_points_on_first_trick_422(make_table):
    table = make_table(D1)
    table.played("N 2C")
    assert_refused(table, lambda: table.play("east", "QS"), 422, "no_points_on_first_trick",
                   legal_cards=codes("6D 7D 8D 2S 3S"))


def test_heart_lead_before_hearts_are_broken_is_hearts_not_broken_422(make_table):
    table = make_table(D4)
    table.played(D4_A[0])  # W wins trick 1 with AC; no heart has been played
    assert_refused(table, lambda: table.play("west", "AH"), 422, "hearts_not_broken",
                   legal_cards=codes("QC KC QD KD AD QS KS AS"))


@pytest.mark.parametrize("cards", ["9C 10C", "9C 10C 5D 4D"], ids=["two", "four"])
def test_pass_of_other_than_three_cards_is_wrong_pass_count_422(make_table, cards):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.pass_cards("north", cards), 422, "wrong_pass_count",
                   legal_cards=D1_HOLDINGS["north"])


@pytest.mark.parametrize("cards", ["", "9C 10C 5D 4D 3D"], ids=["none", "five"])
def test_pass_of_no_card_or_more_than_four_is_invalid_request_400(make_table, cards):
    # No rule set passes 0 or more than 4 cards: the schema's minItems/maxItems.
    table = make_table(D1, rules=LEFT)
    body = assert_refused(table, lambda: table.pass_cards("north", cards), 400, "invalid_request")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [
        ("cards", "min_length" if not cards else "max_length")]


def test_pass_naming_a_card_by_two_spellings_is_duplicate_cards_422(make_table):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.pass_cards("north", "TC 10C 9C"), 422, "duplicate_cards",
                   legal_cards=D1_HOLDINGS["north"])


def test_pass_naming_a_card_twice_is_duplicate_cards_422(make_table):
    table = make_table(D1, rules=LEFT)
    assert_refused(table, lambda: table.pass_cards("north", "2C 2C 9C"), 422, "duplicate_cards",
                   legal_cards=D1_HOLDINGS["north"])


# --- 400 unknown_card: syntax, not a rule, so no legal_cards ------------------------------


def test_play_of_an_unparseable_card_is_unknown_card_400(make_table):
    table = make_table(D1)
    body = assert_refused(table, lambda: table.play("north", "1X"), 400, "unknown_card")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [("card", "unknown_card")]


def test_pass_with_an_unparseable_card_is_unknown_card_400(make_table):
    table = make_table(D1, rules=LEFT)
    body = assert_refused(table, lambda: table.pass_cards("north", ["2C", "3C", "ZZ"]), 400,
                          "unknown_card")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [("cards.2", "unknown_card")]


# --- 412 ----------------------------------------------------------------------------------


def test_if_match_with_an_old_version_is_stale_version_412(make_table):
    table = make_table(D1)
    version = table.view("north")["version"]
    body = assert_refused(
        table, lambda: table.play("north", "2C", HTTP_IF_MATCH=f'"{version - 1}"'),
        412, "stale_version")
    assert body["version"] == version
    accepted = table.play("north", "2C", HTTP_IF_MATCH=f'"{version}"')
    assert accepted.status_code == 200
    assert accepted.json()["version"] == version + 1


def test_if_match_that_is_not_a_version_is_invalid_request_400(make_table):
    table = make_table(D1)
    body = assert_refused(table, lambda: table.play("north", "2C", HTTP_IF_MATCH='"v7"'), 400,
                          "invalid_request")
    assert [e["field"] for e in body["errors"]] == ["If-Match"]


# --- 401 / 403 / 404 ----------------------------------------------------------------------


def test_command_without_a_token_is_not_authenticated_401(make_table, anon_client):
    table = make_table(D1)
    assert_refused(table, lambda: anon_client.post(match_url(table.id, "play"), {"card": "2C"},
                                                   format="json"), 401, "not_authenticated")


def test_command_with_an_unknown_token_is_not_authenticated_401(make_table, anon_client):
    table = make_table(D1)
    anon_client.credentials(HTTP_AUTHORIZATION="Bearer " + "0" * 64)
    assert_refused(table, lambda: anon_client.post(match_url(table.id, "play"), {"card": "2C"},
                                                   format="json"), 401, "not_authenticated")


def test_command_from_a_player_without_a_seat_is_not_seated_403(make_table, make_client):
    table = make_table(D1, rules=LEFT)
    stranger = make_client()
    assert_refused(table, lambda: stranger.post(match_url(table.id, "play"), {"card": "2C"},
                                                format="json"), 403, "not_seated")
    assert_refused(table, lambda: stranger.post(match_url(table.id, "pass"),
                                                {"cards": ["2C", "3C", "4C"]}, format="json"),
                   403, "not_seated")
    # Having no seat comes before an old If-Match version.
    assert_refused(table, lambda: stranger.post(match_url(table.id, "play"), {"card": "2C"},
                                                format="json", HTTP_IF_MATCH='"1"'),
                   403, "not_seated")


@pytest.mark.parametrize(("method", "action", "body"), [
    ("get", "", None), ("get", "view", None), ("get", "events", None),
    ("post", "join", {}), ("post", "play", {"card": "2C"}),
    ("post", "pass", {"cards": ["2C", "3C", "4C"]}),
])
def test_unknown_match_is_not_found_404(client_a, method, action, body):
    events_before = Event.objects.count()
    url = match_url(uuid.uuid4(), action)
    response = client_a.post(url, body, format="json") if method == "post" else client_a.get(url)
    assert_problem(response, 404, "not_found")
    assert Event.objects.count() == events_before


# --- 400 invalid_request ------------------------------------------------------------------

FOUR_SEATS = [{"kind": "player"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
              {"kind": "bot", "level": "random"}]
BAD_DEAL = deal(D1)
BAD_DEAL[0] = BAD_DEAL[0][:12] + [BAD_DEAL[1][0]]  # north's 5D replaced by east's 6D


@pytest.mark.parametrize(("body", "fields"), [
    ({"seats": FOUR_SEATS[:3]}, ["seats"]),
    ({}, ["seats"]),
    ({"seats": [{"kind": "open", "level": "easy"}] + FOUR_SEATS[1:]}, ["seats.0.level"]),
    ({"seats": [{"kind": "bot", "level": "grandmaster"}] + FOUR_SEATS[1:]}, ["seats.0.level"]),
    ({"seats": [{"kind": "robot"}] + FOUR_SEATS[1:]}, ["seats.0.kind"]),
    ({"seats": FOUR_SEATS, "rules": {"target_scor": 50}}, ["rules.target_scor"]),
    ({"seats": FOUR_SEATS, "rules": {"target_score": 0}}, ["rules.target_score"]),
    ({"seats": FOUR_SEATS, "rules": {"target_score": settings.TARGET_SCORE_MAX + 1}},
     ["rules.target_score"]),
    ({"seats": FOUR_SEATS, "rules": {"pass_rotation": ["sideways"]}}, ["rules.pass_rotation.0"]),
    ({"seats": FOUR_SEATS, "rules": {"pass_count": 5}}, ["rules.pass_count"]),
    ({"seats": FOUR_SEATS, "rules": {"shoot_the_sun": "maybe"}}, ["rules.shoot_the_sun"]),
    ({"seats": FOUR_SEATS, "rules": {"jack_of_diamonds": -5}}, ["rules.jack_of_diamonds"]),
    ({"seats": FOUR_SEATS, "deals": [deal(D1)[:3]]}, ["deals.0"]),
    ({"seats": FOUR_SEATS, "deals": [[*deal(D1)[:3], deal(D1)[3][:12]]]}, ["deals.0.3"]),
    ({"seats": FOUR_SEATS, "deals": [deal(D1)] * (settings.FIXED_DEALS_MAX + 1)}, ["deals"]),
    ({"seats": FOUR_SEATS, "colour": "red"}, ["colour"]),
], ids=["three_seats", "no_seats", "level_on_open_seat", "unknown_level",
        "unknown_kind", "unknown_rules_field", "target_score_0", "target_score_over_max",
        "unknown_direction", "pass_count_5", "boolean_as_text", "jack_minus_5",
        "deal_of_three_seats", "deal_with_twelve_cards", "deals_over_max", "unknown_field"])
def test_invalid_create_request_is_invalid_request_400_and_creates_nothing(client_a, body, fields):
    matches_before = Match.objects.count()
    listed_before = client_a.get(f"{API}/matches").json()
    assert_invalid(client_a.post(f"{API}/matches", body, format="json"), *fields)
    assert Match.objects.count() == matches_before
    assert client_a.get(f"{API}/matches").json() == listed_before


@pytest.mark.parametrize(("body", "status", "code"), [
    # Well formed, so past the schema; refused as the same seat taken twice, or a deal
    # naming a card twice (it is in one holding and another).
    ({"seats": [{"kind": "player"}] * 2 + [{"kind": "open"}] * 2}, 409, "already_seated"),
    ({"seats": FOUR_SEATS, "deals": [BAD_DEAL]}, 422, "duplicate_cards"),
], ids=["two_player_seats", "card_twice_in_deal"])
def test_create_request_the_rules_refuse_creates_nothing(client_a, body, status, code):
    matches_before = Match.objects.count()
    assert_problem(client_a.post(f"{API}/matches", body, format="json"), status, code)
    assert Match.objects.count() == matches_before


@pytest.mark.parametrize(("body", "fields"), [
    ({}, ["card"]),
    ({"card": None}, ["card"]),
    ({"card": "2C", "seat": "north"}, ["seat"]),
], ids=["no_card", "null_card", "unknown_field"])
def test_invalid_play_request_is_invalid_request_400(make_table, body, fields):
    table = make_table(D1)
    problem = assert_refused(table, lambda: table.clients["north"].post(
        match_url(table.id, "play"), body, format="json"), 400, "invalid_request")
    assert [error["field"] for error in problem["errors"]] == fields


def test_join_naming_no_seat_of_the_table_is_invalid_request_400(make_client):
    creator, joiner = make_client(), make_client()
    summary = _waiting_match(creator)
    before = creator.get(match_url(summary["id"])).json()
    assert_invalid(joiner.post(match_url(summary["id"], "join"), {"seat": "middle"}, format="json"),
                   "seat")
    assert creator.get(match_url(summary["id"])).json() == before


# --- 429 ----------------------------------------------------------------------------------


def test_command_over_the_rate_limit_is_throttled_429_with_retry_after(make_table, monkeypatch):
    table = make_table(D1)
    forget_throttle_counts()  # forget the requests that set the table up
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"user": "2/min", "anon": "2/min"})
    version = table.view("east")["version"]  # east: 1 of 2
    assert table.view("north")["version"] == version  # north: 1 of 2
    assert table.view("north")["legal_cards"] == ["2C"]  # north: 2 of 2
    assert_problem(table.play("north", "2C"), 429, "throttled")
    response = table.play("north", "2C")
    assert_problem(response, 429, "throttled")
    assert 0 < int(response["Retry-After"]) <= 60
    view = table.view("east")  # east: 2 of 2; north's card was never played
    assert (view["version"], view["to_act"], view["trick"]["cards"]) == (version, ["north"], [])


# --- several rules broken at once: the first in order is named ------------------------------
# Engine (decider.decide): match_finished, wrong_phase, not_your_turn, card_not_in_hand, then
# the rule codes in the order of docs/rules.md, "Refusals"; a second pass is already_passed
# before any card check. API: the serializer's unknown_card before any of them; not_seated,
# then stale_version, before the engine's codes. Only the rule codes (422) carry legal_cards.

D1_AFTER_THREE = ("N 2C, E 8D, S 10S",)  # west to play, holding JC QC KC AC


@pytest.mark.parametrize(("rules", "script", "seat", "card", "status", "code", "legal"), [
    # East during the passing phase: not its turn to play, and AS is west's card.
    (LEFT, (), "east", "AS", 409, "wrong_phase", None),
    # East before north's 2C: AS not held either; QS held but would also break trick 1.
    (HOLD, (), "east", "AS", 409, "not_your_turn", None),
    (HOLD, (), "east", "QS", 409, "not_your_turn", None),
    # West must follow clubs; AH is not its card: not held comes first.
    (HOLD, D1_AFTER_THREE, "west", "AH", 422, "card_not_in_hand", codes("JC QC KC AC")),
], ids=["wrong_phase_before_turn_and_hand", "not_your_turn_before_not_in_hand",
        "not_your_turn_before_first_trick_rule", "card_not_in_hand_before_must_follow_suit"])
def test_play_breaking_several_rules_names_the_first_in_order(
    make_table, rules, script, seat, card, status, code, legal
):
    table = make_table(D1, rules=rules)
    if script:
        table.played(*script)
    body = assert_refused(table, lambda: table.play(seat, card), status, code, legal_cards=legal)
    if code == "not_your_turn":
        assert body["to_act"] == ["north"]


def test_first_lead_of_a_heart_is_must_lead_two_of_clubs_before_hearts_not_broken(make_table):
    table = make_table(R10_DEAL)  # north holds 2C and 6H 7H 9H 10H JH
    assert_refused(table, lambda: table.play("north", "6H"), 422, "must_lead_two_of_clubs",
                   legal_cards=["2C"])


def test_heart_on_trick_one_from_a_seat_holding_clubs_is_must_follow_suit(make_table):
    table = make_table(R10_DEAL)
    table.played("N 2C")  # east holds 5C..10C and 8H: 8H breaks both rules, following first
    assert_refused(table, lambda: table.play("east", "8H"), 422, "must_follow_suit",
                   legal_cards=codes("5C 6C 7C 8C 9C 10C"))


@pytest.mark.parametrize(("passed_first", "cards", "status", "code", "legal"), [
    # A second pass: already_passed whatever its cards (AS is not north's, and named twice).
    (True, "AS AS", 409, "already_passed", None),
    # Not held, too few and named twice: not held first.
    (False, "AS AS", 422, "card_not_in_hand", D1_HOLDINGS["north"]),
    # Held but too few (and named twice), or too many with a duplicate: the count first.
    (False, "2C 2C", 422, "wrong_pass_count", D1_HOLDINGS["north"]),
    (False, "2C 2C 3C 4C", 422, "wrong_pass_count", D1_HOLDINGS["north"]),
], ids=["already_passed_before_card_checks", "card_not_in_hand_before_count_and_duplicates",
        "wrong_pass_count_before_duplicate_cards", "too_many_before_duplicate_cards"])
def test_pass_breaking_several_rules_names_the_first_in_order(
    make_table, passed_first, cards, status, code, legal
):
    table = make_table(D1, rules=LEFT)
    if passed_first:
        table.passed("north", "9C 10C 5D")
    assert_refused(table, lambda: table.pass_cards("north", cards), status, code,
                   legal_cards=legal)


def test_pass_on_a_hold_hand_naming_bad_cards_is_wrong_phase(make_table):
    table = make_table(D1, rules=HOLD)
    assert_refused(table, lambda: table.pass_cards("north", "AS AS"), 409, "wrong_phase")


def test_stale_version_comes_before_the_engines_refusals(make_table):
    table = make_table(D1)
    version = table.view("east")["version"]
    stale = f'"{version - 1}"'
    # East is not on turn and AS is not east's card: the old version is named first.
    body = assert_refused(table, lambda: table.play("east", "AS", HTTP_IF_MATCH=stale), 412,
                          "stale_version")
    assert body["version"] == version


def test_stale_version_comes_before_match_finished(make_table):
    table = make_table(D4, rules={**HOLD, "target_score": 1})
    table.played(*D4_A)
    version = table.view("west")["version"]
    body = assert_refused(table, lambda: table.play("west", "2C", HTTP_IF_MATCH=f'"{version - 1}"'),
                          412, "stale_version")
    assert body["version"] == version


@pytest.mark.parametrize(("rules", "passed_first", "action", "payload", "field"), [
    (HOLD, False, "play", "1X", "card"),  # east is not on turn
    (LEFT, False, "play", "ZZ", "card"),  # a play in the passing phase
    (LEFT, False, "pass", ["2C", "ZZ"], "cards.1"),  # two cards, one unparseable
    (LEFT, True, "pass", ["ZZ", "2C", "3C"], "cards.0"),  # after east has passed
], ids=["before_not_your_turn", "before_wrong_phase", "before_wrong_pass_count",
        "before_already_passed"])
def test_unparseable_card_is_unknown_card_before_any_rule(
    make_table, rules, passed_first, action, payload, field
):
    table = make_table(D1, rules=rules)
    if passed_first:
        table.passed("east", "QS 8H 7H")
    request = ((lambda: table.play("east", payload)) if action == "play"
               else (lambda: table.pass_cards("east", payload)))
    body = assert_refused(table, request, 400, "unknown_card")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [(field, "unknown_card")]


def test_unparseable_card_after_the_match_ended_is_unknown_card(make_table):
    table = make_table(D4, rules={**HOLD, "target_score": 1})
    table.played(*D4_A)
    assert_refused(table, lambda: table.play("west", "1X"), 400, "unknown_card")
