"""The generated Python SDK reads the server's JSON as the schema describes it, and goes on
reading when the server is newer than the SDK; its ``follow`` resumes a dropped stream."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from hearts_client import AuthenticatedClient
from hearts_client import follow as follow_module
from hearts_client.models import CardPlayedEvent, EventList, MatchEndedEvent, UnknownEvent

AT = "2026-12-01T10:00:00Z"


def test_each_event_is_parsed_as_the_class_of_its_type() -> None:
    page = EventList.from_dict({"version": 2, "events": [
        {"seq": 1, "type": "card_played", "seat": "north", "at": AT, "card": "2C",
         "auto": False},
        {"seq": 2, "type": "match_ended", "seat": None, "at": AT, "result": {
            "standings": [{"seat": "north", "score": 0, "place": 1}], "winners": ["north"],
            "shared": False, "hands_played": 1, "moons": [], "ended_by": "target_score"}}]})
    played, ended = page.events
    assert isinstance(played, CardPlayedEvent) and played.card == "2C"
    assert isinstance(ended, MatchEndedEvent) and ended.result.winners == ["north"]
    assert ended.result.ended_by == "target_score"


def test_an_event_of_a_type_newer_than_the_sdk_arrives_as_unknown_event() -> None:
    page = EventList.from_dict({"version": 2, "events": [
        {"seq": 1, "type": "card_played", "seat": "east", "at": AT, "card": "QS", "auto": True},
        {"seq": 2, "type": "table_moved", "seat": "east", "at": AT, "room": "blue"}]})
    played, newer = page.events
    assert isinstance(played, CardPlayedEvent)
    assert isinstance(newer, UnknownEvent)
    assert (newer.type_, newer.seat, newer["room"]) == ("table_moved", "east", "blue")


def test_follow_resumes_at_once_after_a_connection_that_brought_an_event_else_waits_doubling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event = {"seq": 1, "type": "card_played", "seat": "north", "at": AT, "card": "2C", "auto": False}
    asked: list[str | None] = []

    def cut_after_one_event() -> Iterator[bytes]:
        yield f"id: 1\nevent: card_played\ndata: {json.dumps(event)}\n\n".encode()
        raise httpx.RemoteProtocolError("cut")

    def serve(request: httpx.Request) -> httpx.Response:
        asked.append(request.headers.get("Last-Event-ID"))
        if len(asked) == 1:
            return httpx.Response(200, content=cut_after_one_event(),
                                  headers={"Content-Type": "text/event-stream"})
        if len(asked) == 2:  # ends at once, bringing nothing
            return httpx.Response(200, content=b"", headers={"Content-Type": "text/event-stream"})
        if len(asked) == 3:
            raise httpx.ConnectError("refused", request=request)
        return httpx.Response(404, json={"type": "about:blank", "title": "Not found", "status": 404,
                                         "detail": "No such match.", "code": "not_found"})

    slept: list[float] = []
    monkeypatch.setattr(follow_module.time, "sleep", slept.append)
    client = AuthenticatedClient("http://hearts.test", "token",
                                 httpx_args={"transport": httpx.MockTransport(serve)})
    items = []
    with pytest.raises(follow_module.FollowRefused):
        items.extend(follow_module.follow(client, "m"))
    assert [type(item) for item in items] == [CardPlayedEvent]
    assert asked == [None, "1", "1", "1"]
    assert slept == [follow_module.RETRY_S, 2 * follow_module.RETRY_S]
