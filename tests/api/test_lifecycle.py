"""Nobody stalls a table (docs/api.md): leaving a seat to a bot and taking it back, turn
timeouts played by a stand-in, and an operator's abort, as clients see them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine

from bots import moves, tasks
from games import services
from games.engine import parse_card
from games.errors import ServiceError
from games.models import DueWork, Match

from .helpers import (
    D1,
    HOLD,
    LEFT,
    Table,
    assert_invalid,
    assert_problem,
    create_match,
    deal,
    match_url,
)
from .test_live import SeatClient, _open_stream

HUMANS = [{"kind": "player"}] + [{"kind": "open"}] * 3


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _timed_table(make_table: Callable[..., Table], timeout_s: int | None, deal_text: str = D1,
                 rules: dict[str, Any] = HOLD) -> Table:
    return make_table(deal_text, rules=rules, turn_timeout_s=timeout_s)


def _deadline(table: Table) -> datetime:
    return Match.objects.get(pk=table.id).turn_deadline


# --- leaving a seat -------------------------------------------------------------------------


def test_a_player_who_leaves_is_replaced_by_a_hard_bot_that_plays_at_once(
        make_table: Callable[..., Table], django_capture_on_commit_callbacks: Any) -> None:
    table = make_table(D1)  # north leads 2C first
    with django_capture_on_commit_callbacks(execute=True):  # the commit wakes the bot
        response = table.clients["north"].post(match_url(table.id, "leave"), {}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["seats"][0] == {"seat": "north", "kind": "bot", "name": None,
                                           "bot_level": "hard", "is_bot": True, "invited": None}
    events = table.events("east")
    left = next(e for e in events if e["type"] == "seat_left")
    assert {k: left[k] for k in ("seat", "player", "bot_level")} == {
        "seat": "north", "player": table.names()["north"], "bot_level": "hard"}
    # The bot holding north played its 2C (eagerly, in the test); the trick waits for east.
    assert events[-1]["type"] == "card_played" and events[-1]["seat"] == "north"
    assert events[-1]["card"] == "2C" and events[-1]["auto"] is False
    assert table.view("east")["to_act"] == ["east"]
    # North is a spectator now: no cards, and its commands are refused.
    view = table.view("north")
    assert view["seat"] is None and view["hand"] == []
    assert_problem(table.play("north", "3C"), 403, "not_seated")


def test_the_lobby_does_not_offer_a_match_to_the_player_who_left_it(
        client_a: Any, make_client: Callable[..., Any]) -> None:
    match = create_match(client_a, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)
    client_a.post(match_url(match["id"], "leave"), {}, format="json")
    assert client_a.get("/api/v1/lobby").json()["results"] == []
    assert [m["id"] for m in make_client().get("/api/v1/lobby").json()["results"]] == [match["id"]]


def test_the_player_who_left_takes_the_seat_back_with_join(make_table: Callable[..., Table]) -> None:
    table = make_table(D1)
    table.clients["east"].post(match_url(table.id, "leave"), {"bot_level": "random"}, format="json")
    assert table.view("north")["players"][1] == {"seat": "east", "name": None,
                                                 "bot_level": "random", "is_bot": True,
                                                 "invited": None}
    listed = table.clients["east"].get("/api/v1/matches").json()["results"]
    assert [m["id"] for m in listed] == [table.id]  # the match stays in east's list
    wrong = table.clients["east"].post(match_url(table.id, "join"), {"seat": "south"}, format="json")
    assert assert_problem(wrong, 409, "already_seated")["seat"] == "east"
    back = table.clients["east"].post(match_url(table.id, "join"), {}, format="json")
    assert back.status_code == 200, back.content
    assert back.json()["seats"][1] == {"seat": "east", "kind": "player",
                                       "name": table.names()["east"], "bot_level": None,
                                       "is_bot": False, "invited": None}
    view = table.view("east")
    assert view["seat"] == "east" and len(view["hand"]) == 13  # nobody has played yet
    assert table.events("east")[-1]["type"] == "seat_taken"


def test_leave_refuses_an_unknown_level_a_stranger_and_an_ended_match(
        make_table: Callable[..., Table], make_client: Callable[..., Any]) -> None:
    table = make_table(D1)
    url = match_url(table.id, "leave")
    assert_invalid(table.clients["north"].post(url, {"bot_level": "grandmaster"}, format="json"),
                   "bot_level")
    assert_invalid(table.clients["north"].post(url, {"seat": "north"}, format="json"), "seat")
    assert_problem(make_client().post(url, {}, format="json"), 403, "not_seated")
    assert_problem(table.clients["north"].post(match_url("0" * 32, "leave"), {}, format="json"),
                   404, "not_found")
    services.match_abort(match_id=table.id, reason="test")
    assert_problem(table.clients["north"].post(url, {}, format="json"), 409, "match_finished")


def test_a_players_eleventh_leave_of_a_match_is_quota_exceeded_and_changes_nothing(
        make_table: Callable[..., Table]) -> None:
    table = make_table(D1)  # north leads: no bot holding east or south has to move
    east, leave = table.clients["east"], match_url(table.id, "leave")
    for _ in range(10):
        assert east.post(leave, {}, format="json").status_code == 200
        assert east.post(match_url(table.id, "join"), {}, format="json").status_code == 200
    # Another player's leave is theirs: it counts nothing against east.
    assert table.clients["south"].post(leave, {}, format="json").status_code == 200
    before = table.snapshot()
    response = east.post(leave, {}, format="json")
    problem = assert_problem(response, 429, "quota_exceeded")
    assert (problem["quota"], problem["limit"]) == ("leaves_per_match", 10)
    assert "retry_after" not in problem and not response.has_header("Retry-After")
    assert table.snapshot() == before
    assert table.view("east")["seat"] == "east"  # still seated


# --- turn timeouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [4, 86_401, "30", 30.5, True, -5])
def test_a_turn_timeout_out_of_range_or_not_an_integer_is_refused(client_a: Any, value: Any) -> None:
    response = client_a.post("/api/v1/matches", {"seats": HUMANS, "turn_timeout_s": value},
                             format="json")
    assert_invalid(response, "turn_timeout_s")
    assert not Match.objects.exists()


def test_the_summary_shows_the_timeout_and_the_view_the_deadline_from_the_turns_start(
        client_a: Any, make_client: Callable[..., Any]) -> None:
    response = client_a.post("/api/v1/matches", {"seats": HUMANS, "rules": LEFT,
                                                 "turn_timeout_s": 30}, format="json")
    summary = response.json()
    assert summary["turn_timeout_s"] == 30
    others = [make_client() for _ in range(3)]
    for client in others:
        client.post(match_url(summary["id"], "join"), {}, format="json")
    table = Table(summary["id"], dict(zip(("north", "east", "south", "west"),
                                          [client_a, *others], strict=True)))
    dealt = next(e for e in table.events("north") if e["type"] == "hand_dealt")
    deadline = _at(dealt["at"]) + timedelta(seconds=30)
    assert _at(table.view("south")["turn_deadline"]) == deadline
    # Another seat's pass does not restart the others' turn: all were due from the deal.
    table.passed("north", table.view("north")["hand"][:3])
    assert _at(table.view("east")["turn_deadline"]) == deadline
    for seat in ("east", "south", "west"):
        table.passed(seat, table.view(seat)["hand"][:3])
    exchanged = table.events("north")[-1]
    assert exchanged["type"] == "cards_exchanged"
    assert _at(table.view("north")["turn_deadline"]) == _at(exchanged["at"]) + timedelta(seconds=30)


def test_no_deadline_without_a_timeout_or_while_bots_are_to_act(
        client_a: Any, django_capture_on_commit_callbacks: Any) -> None:
    untimed = create_match(client_a, seats=[{"kind": "player"}] + [{"kind": "bot"}] * 3,
                           rules=HOLD)
    view = client_a.get(match_url(untimed["id"], "view")).json()
    assert view["to_act"] and view["turn_deadline"] is None
    body = {"seats": [{"kind": "bot"}] * 3 + [{"kind": "player"}], "rules": HOLD,
            "deals": [deal(D1)], "turn_timeout_s": 5}
    match = client_a.post("/api/v1/matches", body, format="json").json()
    view = client_a.get(match_url(match["id"], "view")).json()
    assert view["to_act"] == ["north"] and view["turn_deadline"] is None  # a bot leads 2C
    with django_capture_on_commit_callbacks(execute=True):  # the bots move up to west's turn
        match = client_a.post("/api/v1/matches", body, format="json").json()
    view = client_a.get(match_url(match["id"], "view")).json()
    assert view["to_act"] == ["west"] and view["turn_deadline"] is not None


def test_a_stand_in_plays_once_for_the_timed_out_player_marked_auto(
        make_table: Callable[..., Table]) -> None:
    table = _timed_table(make_table, 30)
    version = Match.objects.get(pk=table.id).version
    assert moves.run_due(seconds=5) == 0  # not due yet
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        assert moves.run_due(seconds=5) == 1
        assert moves.run_due(seconds=5) == 0  # east's turn has just begun
    played = table.events("east", after=version)
    assert [(e["type"], e["seat"], e["card"], e["auto"]) for e in played] == [
        ("card_played", "north", "2C", True)]
    view = table.view("north")
    assert view["seat"] == "north" and view["to_act"] == ["east"]  # north plays on
    assert _at(view["turn_deadline"]) == _at(played[0]["at"]) + timedelta(seconds=30)


def test_stand_ins_pass_for_every_player_who_timed_out_in_the_passing(
        make_table: Callable[..., Table]) -> None:
    table = _timed_table(make_table, 60, rules=LEFT)
    table.passed("south", table.view("south")["hand"][:3])
    version = Match.objects.get(pk=table.id).version
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        assert moves.run_due(seconds=5) == 3
    passes = [e for e in table.events("south", after=version) if e["type"] == "cards_passed"]
    assert [(e["seat"], e["auto"]) for e in passes] == [("north", True), ("east", True), ("west", True)]
    assert table.events("south")[-1]["type"] == "cards_exchanged"
    assert len(table.view("north")["pass"]["given"]) == 3


def test_a_stand_in_stops_when_a_player_has_moved_meanwhile(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch) -> None:
    """North's turn timed out, but north plays while the stand-in decides: the stand-in's
    move is stale and dropped, and north's card stands."""
    table = _timed_table(make_table, 30)
    choose = moves.choose_command

    def north_plays_first(*args: Any, **kwargs: Any) -> Any:
        assert table.play("north", "2C").status_code == 200
        return choose(*args, **kwargs)

    monkeypatch.setattr(moves, "choose_command", north_plays_first)
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        assert moves.run_due(seconds=5) == 0
    [played] = [e for e in table.events("east") if e["type"] == "card_played"]
    assert (played["seat"], played["card"], played["auto"]) == ("north", "2C", False)


def test_leaving_and_coming_back_does_not_restart_the_turns_clock(
        make_table: Callable[..., Table]) -> None:
    table = _timed_table(make_table, 30, rules=LEFT)
    deadline = table.view("north")["turn_deadline"]
    for seat in ("north", "east"):
        table.clients[seat].post(match_url(table.id, "leave"), {}, format="json")
        table.clients[seat].post(match_url(table.id, "join"), {}, format="json")
    # In the test the bots that held the seats did not move (no commit ran their task).
    assert table.view("north")["turn_deadline"] == deadline
    assert table.view("south")["turn_deadline"] == deadline


def test_a_move_sent_before_a_stand_in_moved_for_the_seat_is_refused_as_stale(
        make_table: Callable[..., Table]) -> None:
    """On D1 west takes trick 1 with AC: a stand-in plays it when west's turn times out,
    and west's own card for trick 1, sent before that, must not become west's lead of
    trick 2."""
    table = _timed_table(make_table, 30)
    table.played("N 2C, E 8D, S 10S")
    deadline = _deadline(table)
    sent = deadline - timedelta(milliseconds=500)
    with time_machine.travel(deadline + timedelta(seconds=1)):
        assert moves.run_due(seconds=5) == 1
        assert table.events("west")[-2]["card"] == "AC"  # the stand-in's, then trick_taken
        with pytest.raises(ServiceError) as refusal:
            services.card_play(match_id=table.id, player=Match.objects.get(pk=table.id).seats.get(
                position=3).player, card=parse_card("JC"), requested_at=sent)
        assert refusal.value.code == "stale_version"
        assert refusal.value.details == {"version": Match.objects.get(pk=table.id).version}
        # Sent after the stand-in moved, the same card is west's lead.
        assert table.play("west", "JC").status_code == 200


def test_a_ticket_makes_a_timed_out_players_move_whose_commit_sent_none(
        make_table: Callable[..., Table]) -> None:
    # Inside the test's transaction no commit hands a move on: as when a ticket is lost.
    table = _timed_table(make_table, 30)
    version = Match.objects.get(pk=table.id).version
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        assert tasks.work() == 1  # what beat's tick runs
    assert table.events("north", after=version)[0]["auto"] is True


def test_with_a_worker_a_commit_sends_a_ticket_due_at_the_new_deadline(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch, settings: Any,
        django_capture_on_commit_callbacks: Any) -> None:
    sent: list[dict[str, Any]] = []
    settings.BOT_DISPATCH = "celery"
    monkeypatch.setattr(tasks.work, "apply_async", lambda **kw: sent.append(kw))
    table = _timed_table(make_table, 30, rules=LEFT)
    with django_capture_on_commit_callbacks(execute=True):
        table.passed("north", table.view("north")["hand"][:3])
    deadline = Match.objects.get(pk=table.id).turn_deadline
    assert sent == [{"eta": deadline, "queue": "bots"}]
    assert DueWork.objects.get(pk=table.id).due_at == deadline


# --- the creator replaces an idle player ---------------------------------------------------


def _replace(table: Table, by: str, seat: str, **body: Any) -> Any:
    return table.clients[by].post(match_url(table.id, f"seats/{seat}/replace"), body, format="json")


def test_the_creator_replaces_an_overdue_player_with_a_bot_for_good(
        make_table: Callable[..., Table], django_capture_on_commit_callbacks: Any) -> None:
    table = _timed_table(make_table, 30)  # north (the creator) leads 2C; D1, hold
    table.played("N 2C")
    assert_problem(_replace(table, "north", "east"), 409, "not_replaceable")  # not overdue yet
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        version = Match.objects.get(pk=table.id).version
        assert_problem(_replace(table, "south", "east"), 403, "not_creator")
        with django_capture_on_commit_callbacks(execute=True):  # the commit wakes the bot
            response = _replace(table, "north", "east", bot_level="easy")
    assert response.status_code == 200, response.content
    assert response.json()["seats"][1] == {"seat": "east", "kind": "bot", "name": None,
                                           "bot_level": "easy", "is_bot": True, "invited": None}
    replaced, played = table.events("north", after=version)[:2]
    assert {k: replaced[k] for k in ("type", "seat", "player", "bot_level")} == {
        "type": "seat_replaced", "seat": "east", "player": table.names()["east"],
        "bot_level": "easy"}
    assert (played["type"], played["seat"], played["auto"]) == ("card_played", "east", False)
    # Unlike a player who leaves, east may not come back, nor play.
    assert_problem(table.clients["east"].post(match_url(table.id, "join"), {}, format="json"),
                   409, "match_full")
    assert_problem(table.play("east", "8D"), 403, "not_seated")


def test_a_player_a_stand_in_moved_for_may_be_replaced_until_they_move_again(
        make_table: Callable[..., Table]) -> None:
    table = _timed_table(make_table, 30)
    with time_machine.travel(_deadline(table) + timedelta(seconds=1)):
        assert moves.run_due(seconds=5) == 1  # a stand-in leads 2C for north
    # North's next turn is far off; the stand-in's move is north's last: north is idle.
    assert table.events("east")[-1]["auto"] is True
    # West has had no stand-in, nor is it its turn.
    assert_problem(_replace(table, "north", "west"), 409, "not_replaceable")
    assert _replace(table, "north", "north").status_code == 200  # the creator's own seat too
    assert_problem(_replace(table, "north", "north"), 409, "not_replaceable")  # a bot now


def test_replace_refuses_a_bad_seat_a_stranger_and_an_ended_match(
        make_table: Callable[..., Table], make_client: Callable[..., Any]) -> None:
    table = _timed_table(make_table, 30)
    assert_problem(table.clients["north"].post(match_url(table.id, "seats/middle/replace"), {},
                                               format="json"), 404, "not_found")
    assert_invalid(_replace(table, "north", "east", bot_level="grandmaster"), "bot_level")
    assert_problem(make_client().post(match_url(table.id, "seats/east/replace"), {},
                                      format="json"), 403, "not_creator")
    services.match_abort(match_id=table.id, reason="test")
    assert_problem(_replace(table, "north", "east"), 409, "match_finished")


# --- an operator's abort ---------------------------------------------------------------------


def test_an_aborted_match_refuses_every_command_and_says_so_everywhere(
        make_table: Callable[..., Table]) -> None:
    table = make_table(D1)
    version = Match.objects.get(pk=table.id).version
    services.match_abort(match_id=table.id, reason="  the table froze  ")
    assert table.get("north").json()["status"] == "aborted"
    view = table.view("north")
    assert (view["status"], view["to_act"], view["legal_cards"], view["result"]) == (
        "aborted", [], [], None)
    [aborted] = table.events("north", after=version)
    assert (aborted["type"], aborted["reason"], aborted["seat"]) == ("match_aborted", "the table froze", None)
    for response in (table.play("north", "2C"), table.pass_cards("north", "2C 3C 4C"),
                     table.clients["east"].post(match_url(table.id, "leave"), {}, format="json")):
        assert_problem(response, 409, "match_finished")
    listed = table.clients["north"].get("/api/v1/matches", {"status": "aborted"}).json()
    assert [m["id"] for m in listed["results"]] == [table.id]
    with pytest.raises(ValueError):
        services.match_abort(match_id=table.id, reason=" ")


@pytest.mark.django_db(transaction=True)
def test_the_stream_of_an_aborted_match_ends_after_match_aborted(
        make_table: Callable[..., Table]) -> None:
    table = make_table(D1)
    version = Match.objects.get(pk=table.id).version
    services.match_abort(match_id=table.id, reason="stopped")

    async def scenario() -> list[dict[str, Any]]:
        reader = await _open_stream(SeatClient.of(table.clients["south"]), table.id,
                                    **{"Last-Event-ID": str(version)})
        return await reader.rest()

    frames = asyncio.run(scenario())
    assert [(f["id"], f["event"]) for f in frames] == [(version + 1, "match_aborted"),
                                                       (version + 1, "view")]
    assert frames[-1]["data"]["status"] == "aborted"
