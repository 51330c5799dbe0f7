"""The seat view and the event log over HTTP: ETag/304, what a spectator and a seated
player may see (docs/api.md, "The seat view" and "Events"), and ``?after=`` paging."""

from __future__ import annotations

import pytest

from .helpers import D1, HOLD, LEFT, SEATS, SPLIT_2_24, assert_invalid, codes, holdings, match_url

pytestmark = pytest.mark.django_db

D1_HOLDINGS = holdings(D1)
R15_PASSES = {"north": "10C 9C 5D", "east": "QS 8H 7H", "south": "AH KH QH", "west": "AS KS AD"}


def _passed_table(make_table):
    """D1 passing left, all four passes in (the R15 passes), north on lead."""
    table = make_table(D1, rules=LEFT)
    for seat, cards in R15_PASSES.items():
        table.passed(seat, cards)
    return table


def _private_events(events):
    """The events that may carry hidden cards, as ``(type, seat, cards fields)``."""
    return [(e["type"], e["seat"], {k: e[k] for k in ("hand", "cards", "given", "received") if k in e})
            for e in events if e["type"] in ("hand_dealt", "cards_passed", "cards_exchanged")]


# --- the end of the match -----------------------------------------------------------------


def test_every_view_says_after_which_hand_the_end_of_the_match_began(make_table, make_client):
    # Target 20. SPLIT_2_24 played with the first legal cards gives E 24 and S 2: the end
    # begins after hand 1, and N and W tied on 0 for the lowest play a tiebreak hand.
    table = make_table(SPLIT_2_24, rules={**HOLD, "target_score": 20})
    assert {view["end_started_after"] for view in table.views().values()} == {None}
    table.play_out_hand()
    views = table.views()
    assert views["north"]["scores"] == {"north": 0, "east": 24, "south": 2, "west": 0}
    assert views["north"]["hand_number"] == 2 and views["north"]["status"] == "playing"
    spectator = make_client().get(match_url(table.id, "view")).json()
    assert {view["end_started_after"] for view in (*views.values(), spectator)} == {1}


# --- ETag ---------------------------------------------------------------------------------


def test_view_etag_is_the_version_and_if_none_match_with_it_gives_304(make_table):
    table = make_table(D1)
    client = table.clients["north"]
    response = client.get(match_url(table.id, "view"))
    version = response.json()["version"]
    assert response["ETag"] == f'"{version}"'
    for header in (f'"{version}"', f'W/"{version}"', f'"1", "{version}"'):
        not_modified = client.get(match_url(table.id, "view"), HTTP_IF_NONE_MATCH=header)
        assert not_modified.status_code == 304
        assert not_modified.content == b""
        assert not_modified["ETag"] == f'"{version}"'


def test_view_after_a_move_answers_200_to_the_old_etag(make_table):
    table = make_table(D1)
    client = table.clients["north"]
    old = table.view("north")["version"]
    table.played("N 2C")
    response = client.get(match_url(table.id, "view"), HTTP_IF_NONE_MATCH=f'"{old}"')
    assert response.status_code == 200
    assert response["ETag"] == f'"{old + 1}"'
    assert response.json()["version"] == old + 1


# --- what a seat sees ---------------------------------------------------------------------


def test_view_lists_the_hand_sorted_by_suit_clubs_diamonds_spades_hearts(make_table):
    table = make_table(D1)
    assert table.view("east")["hand"] == ["6D", "7D", "8D", "2S", "3S", "QS",
                                          "2H", "3H", "4H", "5H", "6H", "7H", "8H"]


def test_view_during_passing_offers_the_whole_hand_and_lists_seats_yet_to_pass(make_table):
    table = make_table(D1, rules=LEFT)
    table.passed("south", R15_PASSES["south"])
    north, south = table.view("north"), table.view("south")
    assert north["legal_cards"] == D1_HOLDINGS["north"] and north["is_your_turn"] is True
    assert north["to_act"] == ["north", "east", "west"]
    assert north["pass"] == {"given": None, "received": None,
                             "waiting_for": ["north", "east", "west"]}
    assert south["legal_cards"] == [] and south["is_your_turn"] is False
    assert south["pass"]["given"] == codes(R15_PASSES["south"])


def test_command_response_holds_the_new_version_its_events_and_the_callers_view(make_table):
    table = make_table(D1)
    before = table.view("north")["version"]
    body = table.played("N 2C")
    assert body["version"] == before + 1
    assert [{k: e[k] for k in ("seq", "type", "seat", "card")} for e in body["events"]] == [
        {"seq": before + 1, "type": "card_played", "seat": "north", "card": "2C"}]
    assert body["view"] == table.view("north")


@pytest.mark.parametrize("phase", ["passing", "playing"])
def test_spectator_view_holds_no_cards_of_any_seat(make_table, make_client, phase):
    table = make_table(D1, rules=LEFT)
    if phase == "playing":
        for seat, cards in R15_PASSES.items():
            table.passed(seat, cards)
    else:
        table.passed("north", R15_PASSES["north"])
    seated = table.view("north")
    spectator = make_client().get(match_url(table.id, "view"))
    assert spectator.status_code == 200
    view = spectator.json()
    assert (view["seat"], view["hand"], view["legal_cards"], view["pass"]) == (None, [], [], None)
    assert view["is_your_turn"] is False
    assert (view["status"], view["to_act"], view["version"]) == (
        phase, seated["to_act"], seated["version"])


def test_spectator_events_carry_no_hidden_cards(make_table, make_client):
    table = _passed_table(make_table)
    table.played("N 2C")
    response = make_client().get(match_url(table.id, "events"))
    assert response.status_code == 200
    events = response.json()["events"]
    assert _private_events(events) == [
        ("hand_dealt", None, {"hand": []}),
        ("cards_passed", "north", {"cards": None}),
        ("cards_passed", "east", {"cards": None}),
        ("cards_passed", "south", {"cards": None}),
        ("cards_passed", "west", {"cards": None}),
        ("cards_exchanged", None, {"given": None, "received": None}),
    ]
    assert "deals" not in events[0]
    assert not any({"seed", "holdings", "passes"} & set(e) for e in events)
    assert [e["card"] for e in events if e["type"] == "card_played"] == ["2C"]


@pytest.mark.parametrize("seat", SEATS)
def test_seated_events_show_only_the_callers_dealt_and_passed_cards(make_table, seat):
    table = _passed_table(make_table)
    received_from = {"north": "west", "east": "north", "south": "east", "west": "south"}
    own_pass = codes(R15_PASSES[seat])
    assert _private_events(table.events(seat)) == [
        ("hand_dealt", None, {"hand": D1_HOLDINGS[seat]}),
        *[("cards_passed", passer, {"cards": own_pass if passer == seat else None})
          for passer in SEATS],
        ("cards_exchanged", None, {"given": own_pass,
                                   "received": codes(R15_PASSES[received_from[seat]])}),
    ]


def test_command_response_events_are_redacted_for_the_caller(make_table):
    table = make_table(D1, rules=LEFT)
    for seat in ("north", "east", "south"):
        table.passed(seat, R15_PASSES[seat])
    events = table.passed("west", R15_PASSES["west"])["events"]
    assert _private_events(events) == [
        ("cards_passed", "west", {"cards": codes(R15_PASSES["west"])}),
        ("cards_exchanged", None, {"given": codes(R15_PASSES["west"]),
                                   "received": codes(R15_PASSES["south"])}),
    ]


# --- paging the log -----------------------------------------------------------------------


def test_events_after_n_lists_the_contiguous_rest_of_the_log(make_table):
    table = make_table(D1)
    table.played("N 2C, E 8D, S 10S, W JC")
    response = table.get("north", "events", after=3)
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 11  # created, 4 seats taken, dealt, 4 cards, trick taken
    assert [e["seq"] for e in body["events"]] == list(range(4, 12))
    assert [e["type"] for e in body["events"]] == (
        ["seat_taken", "seat_taken", "hand_dealt"] + ["card_played"] * 4 + ["trick_taken"])
    assert body["events"][-1] == {**body["events"][-1], "number": 1, "winner": "west", "points": 0}
    assert table.get("north", "events", after=11).json() == {"events": [], "version": 11}


def test_events_limit_caps_the_page(make_table):
    table = make_table(D1)
    body = table.get("north", "events", after=2, limit=2).json()
    assert [e["seq"] for e in body["events"]] == [3, 4]
    assert body["version"] == 6


@pytest.mark.parametrize("query", [{"after": -1}, {"after": "abc"}, {"after": "1.5"},
                                   {"limit": 0}, {"limit": 1001}])
def test_events_with_a_bad_query_is_invalid_request_400(make_table, query):
    table = make_table(D1)
    assert_invalid(table.get("north", "events", **query), *query)
