"""Creating, listing and joining matches; a whole match against bots through the API;
``verify_match``; and the append-only event log."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from games.models import Event, Match

from .helpers import (
    API,
    D1,
    D1_A,
    D4,
    D4_A,
    DEFAULT_RULES,
    SEATS,
    assert_invalid,
    create_match,
    deal,
    first_legal,
    holdings,
    match_url,
)

OPEN_TABLE = [{"kind": "player"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]


def _seat(seat, kind, name=None, bot_level=None):
    return {"seat": seat, "kind": kind, "name": name, "bot_level": bot_level,
            "is_bot": kind == "bot", "invited": None}


def _all_events(client, match_id):
    """The whole log as ``client`` sees it, paging with ``?after=``."""
    events: list[dict] = []
    while True:
        response = client.get(match_url(match_id, "events"), {"after": len(events), "limit": 1000})
        assert response.status_code == 200
        page = response.json()["events"]
        if not page:
            return events
        events += page


def _verify(match_id):
    out = io.StringIO()
    call_command("verify_match", str(match_id), stdout=out)
    return out.getvalue()


# --- create -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_create_answers_201_with_location_and_the_summary(client_a):
    response = client_a.post(f"{API}/matches", {
        "seats": [{"kind": "player"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
                  {"kind": "bot", "level": "random"}],
        "rules": {"target_score": 50, "shoot_the_sun": True}}, format="json")
    assert response.status_code == 201
    summary = response.json()
    assert response["Location"] == f"http://localhost/api/v1/matches/{summary['id']}"
    assert {k: v for k, v in summary.items() if k not in ("id", "created_at")} == {
        "status": "waiting",
        "rules": {**DEFAULT_RULES, "target_score": 50, "shoot_the_sun": True},
        "bots": {"delay_ms": 0, "think_ms": 200},
        "seats": [_seat("north", "player", "alice"), _seat("east", "bot", bot_level="easy"),
                  _seat("south", "open"), _seat("west", "bot", bot_level="random")],
        "hand_number": 0,
        "scores": {"north": 0, "east": 0, "south": 0, "west": 0},
        "version": 4,  # match_created and three seats taken
        "result": None,
        "fixed_deals": 0,
        "turn_timeout_s": 60,  # a seat is open: OPEN_SEAT_TURN_TIMEOUT_S
        "daily": None,
        "hints": False,
        "lesson": None,
    }
    assert client_a.get(response["Location"]).json() == summary


@pytest.mark.django_db
def test_fixed_deals_counts_the_creators_deals_for_everyone_in_summary_lobby_and_view(
        make_client):
    alice, bob = make_client(), make_client()
    match = create_match(alice, seats=[{"kind": "player"}, {"kind": "open"},
                                       {"kind": "bot", "level": "easy"},
                                       {"kind": "bot", "level": "easy"}],
                         deals=[deal(D1), deal(D4)])
    assert match["fixed_deals"] == 2
    assert bob.get(match_url(match["id"])).json()["fixed_deals"] == 2
    assert [entry["fixed_deals"] for entry in bob.get(f"{API}/lobby").json()["results"]] == [2]
    assert bob.get(match_url(match["id"], "view")).json()["fixed_deals"] == 2  # a spectator
    bob.post(match_url(match["id"], "join"), {}, format="json")
    assert bob.get(match_url(match["id"], "view")).json()["fixed_deals"] == 2
    shuffled = create_match(alice, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)
    assert alice.get(match_url(shuffled["id"], "view")).json()["fixed_deals"] == 0


@pytest.mark.django_db
def test_create_takes_the_highest_target_score_and_the_most_deals_allowed(client_a):
    match = create_match(client_a, seats=OPEN_TABLE, rules={"target_score": 500},
                         deals=[deal(D1)] * 20)
    assert (match["rules"]["target_score"], match["fixed_deals"]) == (500, 20)


@pytest.mark.django_db
def test_fixed_deals_stay_out_of_the_snapshot_and_each_hand_is_dealt_as_given(make_table):
    table = make_table(D4, D1, D4)
    match = Match.objects.get(pk=table.id)
    assert "deals" not in match.state and match.state["v"] == 2
    table.played(*D4_A)  # hand 1; hand 2 is dealt from the log's match_created
    assert {seat: table.view(seat)["hand"] for seat in SEATS} == holdings(D1)
    table.play_to_hand(3)
    assert {seat: table.view(seat)["hand"] for seat in SEATS} == holdings(D4)
    table.play_to_hand(4)  # past the fixed deals: shuffled
    dealt = [event.payload for event in Event.objects.filter(match_id=table.id, type="hand_dealt")]
    assert [d["seed"] is None for d in dealt] == [True, True, True, False]
    assert [d["holdings"] for d in dealt[:3]] == [holdings(D4), holdings(D1), holdings(D4)]
    match.refresh_from_db()
    assert "deals" not in match.state
    assert _verify(table.id) == f"{table.id}: ok ({match.version} events, version {match.version})\n"


@pytest.mark.django_db
def test_a_commands_view_says_fixed_deals_too(make_table):
    table = make_table(D1)
    assert table.played("N 2C")["view"]["fixed_deals"] == 1


@pytest.mark.django_db
def test_create_with_every_seat_taken_deals_the_first_hand(make_table):
    table = make_table(D1, rules={"pass_rotation": ["left"]})
    summary = table.clients["east"].get(match_url(table.id)).json()
    assert (summary["status"], summary["hand_number"], summary["version"]) == ("passing", 1, 6)
    assert [s["name"] for s in summary["seats"]] == [table.names()[seat] for seat in SEATS]


# --- list ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_list_shows_only_the_callers_matches_newest_first(make_client):
    alice, bob = make_client(), make_client()
    first = create_match(alice, seats=OPEN_TABLE)
    bobs = create_match(bob, seats=OPEN_TABLE)
    second = create_match(alice, seats=OPEN_TABLE)
    assert bob.post(match_url(first["id"], "join"), {}, format="json").status_code == 200
    alices = alice.get(f"{API}/matches").json()
    assert alices["count"] == 2
    assert alices["results"] == [second, alice.get(match_url(first["id"])).json()]
    # Newest created first: bob joined ``first`` after creating his own, which is newer.
    assert [m["id"] for m in bob.get(f"{API}/matches").json()["results"]] == [bobs["id"],
                                                                              first["id"]]


def test_list_shows_a_match_the_caller_created_without_a_seat(make_client):
    # Inside the test transaction the bots are never woken: the match waits on them.
    alice = make_client()
    watched = create_match(alice, seats=[{"kind": "bot", "level": "easy"}] * 4)
    listed = alice.get(f"{API}/matches").json()
    assert [m["id"] for m in listed["results"]] == [watched["id"]]
    assert listed["results"][0]["seats"][0] == {"seat": "north", "kind": "bot", "name": None,
                                                "bot_level": "easy", "is_bot": True,
                                                "invited": None}


@pytest.mark.django_db
def test_list_is_paginated(client_a):
    created = [create_match(client_a, seats=OPEN_TABLE)["id"] for _ in range(3)]
    page_1 = client_a.get(f"{API}/matches", {"page_size": 2}).json()
    assert page_1["count"] == 3 and page_1["previous"] is None
    assert [m["id"] for m in page_1["results"]] == created[::-1][:2]
    page_2 = client_a.get(page_1["next"]).json()
    assert [m["id"] for m in page_2["results"]] == created[:1]
    assert page_2["next"] is None


@pytest.mark.django_db
def test_list_filters_by_status(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    waiting = create_match(north, seats=OPEN_TABLE)
    assert [m["id"] for m in north.get(f"{API}/matches", {"status": "waiting"}).json()["results"]] \
        == [waiting["id"]]
    assert [m["id"] for m in north.get(f"{API}/matches", {"status": "playing"}).json()["results"]] \
        == [table.id]
    assert north.get(f"{API}/matches", {"status": "finished"}).json()["count"] == 0


@pytest.mark.django_db
def test_list_with_an_unknown_status_is_invalid_request_400(client_a):
    errors = assert_invalid(client_a.get(f"{API}/matches", {"status": "paused"}), "status")
    assert errors[0]["code"] == "invalid_choice"


# --- join ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_join_takes_the_named_seat_or_else_the_first_open_one(make_client):
    creator, west, anywhere = make_client(), make_client(), make_client()
    summary = create_match(creator, seats=OPEN_TABLE)
    joined = west.post(match_url(summary["id"], "join"), {"seat": "west"}, format="json")
    assert joined.status_code == 200
    assert joined.json()["seats"][3] == _seat("west", "player", west.username)
    assert joined.json()["version"] == summary["version"] + 1
    joined = anywhere.post(match_url(summary["id"], "join"), {}, format="json")
    assert joined.json()["seats"][1] == _seat("east", "player", anywhere.username)
    assert joined.json()["seats"][2] == _seat("south", "open")
    assert joined.json()["status"] == "waiting"


@pytest.mark.django_db
def test_join_of_the_last_seat_starts_the_match(make_client):
    creator = make_client()
    summary = create_match(creator, seats=[{"kind": "player"}, {"kind": "open"},
                                           {"kind": "bot", "level": "easy"},
                                           {"kind": "bot", "level": "easy"}],
                           rules={"pass_rotation": ["hold"]}, deals=None)
    joiner = make_client()
    started = joiner.post(match_url(summary["id"], "join"), {"seat": None}, format="json").json()
    assert (started["status"], started["hand_number"]) == ("playing", 1)
    events = joiner.get(match_url(summary["id"], "events"), {"after": summary["version"]}).json()
    assert [(e["type"], e["seat"]) for e in events["events"]] == [("seat_taken", "east"),
                                                                  ("hand_dealt", None)]
    assert len(events["events"][1]["hand"]) == 13


# --- a whole match against bots -----------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_match_against_three_bots_plays_to_the_end_and_replays_to_its_snapshot(client_a):
    summary = create_match(client_a, seats=[{"kind": "player"}, {"kind": "bot", "level": "easy"},
                                            {"kind": "bot", "level": "random"},
                                            {"kind": "bot", "level": "easy"}])
    url = match_url(summary["id"])
    view = client_a.get(f"{url}/view").json()
    while view["status"] != "finished":
        assert view["is_your_turn"], view  # the bots moved when the last command committed
        if view["status"] == "passing":
            response = client_a.post(f"{url}/pass", {"cards": view["legal_cards"][:3]}, format="json")
        else:
            response = client_a.post(f"{url}/play", {"card": first_legal(view)}, format="json")
        assert response.status_code == 200, response.content
        view = client_a.get(f"{url}/view").json()

    events = _all_events(client_a, summary["id"])
    assert [e["seq"] for e in events] == list(range(1, view["version"] + 1))
    scored = [e for e in events if e["type"] == "hand_scored"]
    assert [e["hand_number"] for e in scored] == list(range(1, len(scored) + 1))
    for hand in scored:
        assert sum(hand["points"].values()) == (78 if hand["moon"] else 26)
    sums = {seat: sum(hand["points"][seat] for hand in scored) for seat in SEATS}
    assert sums == scored[-1]["totals"] == view["scores"]
    assert max(sums.values()) >= 100

    result = view["result"]
    assert events[-1] == {**events[-1], "type": "match_ended", "result": result}
    assert sorted(s["seat"] for s in result["standings"]) == sorted(SEATS)
    assert {s["seat"]: s["score"] for s in result["standings"]} == sums
    lowest = min(sums.values())
    assert result["winners"] == [s for s in SEATS if sums[s] == lowest]
    assert result["hands_played"] == len(scored)
    assert result["ended_by"] == "target_score"
    assert client_a.get(url).json()["status"] == "finished"
    assert _verify(summary["id"]) == (f"{summary['id']}: ok ({view['version']} events, "
                                      f"version {view['version']})\n")


# --- verify_match and the append-only log -------------------------------------------------


@pytest.mark.django_db
def test_verify_match_reports_a_tampered_snapshot_as_mismatch(make_table):
    table = make_table(D1)
    table.played(*D1_A)
    version = table.view("north")["version"]
    assert _verify(table.id) == f"{table.id}: ok ({version} events, version {version})\n"
    state = Match.objects.get(pk=table.id).state
    Match.objects.filter(pk=table.id).update(state={**state, "totals": [0, 0, 0, 14]})
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 match"):
        call_command("verify_match", table.id, stdout=out)
    assert out.getvalue() == (f"{table.id}: MISMATCH ({version} events, version {version}, "
                              "replay differs from the snapshot)\n")


@pytest.mark.django_db
@pytest.mark.parametrize("change", ["no version", "version 1 with the deals to come",
                                    "unknown version", "missing field"])
def test_verify_match_reads_a_snapshot_of_an_older_format_and_reports_an_unreadable_one(
        make_table, change):
    table = make_table(D1, D4)
    table.played(*D1_A)
    version = table.view("north")["version"]
    state = dict(Match.objects.get(pk=table.id).state)
    assert state.pop("v") == 2
    if change == "version 1 with the deals to come":  # as written before version 2
        state.update(v=1, deals=[deal(D4)])
    elif change == "unknown version":
        state["v"] = 3
    elif change == "missing field":
        del state["totals"]
    Match.objects.filter(pk=table.id).update(state=state)
    if change in ("no version", "version 1 with the deals to come"):  # older: still ok
        assert _verify(table.id) == f"{table.id}: ok ({version} events, version {version})\n"
        return
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 match"):
        call_command("verify_match", table.id, stdout=out)
    assert out.getvalue() == (f"{table.id}: MISMATCH ({version} events, version {version}, "
                              "replay differs from the snapshot)\n")


@pytest.mark.django_db
def test_event_log_cannot_be_updated_or_deleted_through_the_orm(make_table):
    table = make_table(D1)
    events = Event.objects.filter(match_id=table.id)
    count = events.count()
    first = events.order_by("seq").first()
    with pytest.raises(TypeError):
        events.update(type="forged")
    with pytest.raises(TypeError):
        events.delete()
    with pytest.raises(TypeError), transaction.atomic():  # bulk_update refuses inside its atomic
        Event.objects.bulk_update([first], ["type"])
    first.type = "forged"
    with pytest.raises(TypeError):
        first.save()
    with pytest.raises(TypeError):
        first.delete()
    assert events.count() == count
    assert Event.objects.get(pk=first.pk).type == "match_created"
