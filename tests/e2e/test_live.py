"""The live table on the production set-up (gunicorn with uvicorn workers, a Celery worker
moving the bots, PostgreSQL, Redis carrying the notifications): a long poll held across a
bot's move, and a stream read through a whole match across a forced disconnect."""

from __future__ import annotations

import json
import time
from datetime import datetime
from typing import Any

import httpx
import pytest

from . import stack
from .helpers import ApiClient, choose_move, submit
from .stack import Stack

pytestmark = pytest.mark.e2e

BOTS = [{"kind": "bot", "level": "easy"}] * 3


@pytest.mark.parametrize("wait", ["wait", "%77ait"])  # percent-encoded, as Django decodes it
def test_a_long_poll_held_across_a_bot_move_returns_that_move(e2e_stack: Stack, wait: str) -> None:
    """The bots pass 2.5 s after the deal (``delay_ms``): a poll sent at the deal is held
    until the worker commits the first bot's pass, and answers with it."""
    client = ApiClient.register(e2e_stack.base_url, "poller")
    summary = client.create_match([{"kind": "player"}, *BOTS], bots={"delay_ms": 2500})
    sent = time.time()

    response = client.request(
        "GET", f"/matches/{summary['id']}/events?after={summary['version']}&{wait}=20")

    held = time.time() - sent
    assert response.status_code == 200, response.text
    events = response.json()["events"]
    assert events, "the poll timed out: no notification reached it"
    first = events[0]
    assert (first["seq"], first["type"]) == (summary["version"] + 1, "cards_passed")
    assert first["seat"] in ("east", "south", "west") and first["cards"] is None
    assert datetime.fromisoformat(first["at"]).timestamp() > sent  # committed while held
    assert 1.0 < held < 15


def read_stream(client: ApiClient, match_id: str, *, last_event_id: int | None,
                stop_after_events: int | None) -> tuple[list[dict[str, Any]], bool]:
    """Read ``/stream`` as seat north, moving whenever a view says it is north's turn.
    Returns the frames read and whether the server ended the stream (False: this client
    hung up after ``stop_after_events`` events)."""
    headers = {"Authorization": f"Bearer {client.token}", "Accept": "text/event-stream"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    frames: list[dict[str, Any]] = []
    events = 0
    with httpx.stream("GET", f"{client.base_url}/api/v1/matches/{match_id}/stream",
                      headers=headers, timeout=httpx.Timeout(30, read=60), verify=stack.TLS) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"] == "text/event-stream"
        message: dict[str, str] = {}
        for line in response.iter_lines():
            if line.startswith(":"):
                continue
            if line:
                name, _, value = line.partition(": ")
                message[name] = value
                continue
            if not message:
                continue
            frame = {"id": int(message["id"]), "event": message["event"],
                     "data": json.loads(message["data"])}
            message = {}
            frames.append(frame)
            if frame["event"] == "view":
                view = frame["data"]
                if view["is_your_turn"]:
                    acted = submit(client, match_id, choose_move(view),
                                   headers={"If-Match": f'"{view["version"]}"'})
                    # 412: a bot moved since this view (they pass while north may); the
                    # stream brings the next one.
                    assert acted.status_code in (200, 412), acted.text
            else:
                events += 1
                if stop_after_events is not None and events >= stop_after_events:
                    return frames, False
    return frames, True


def test_a_stream_delivers_a_whole_match_once_and_in_order_across_a_disconnect(
        e2e_stack: Stack) -> None:
    client = ApiClient.register(e2e_stack.base_url, "streamer")
    summary = client.create_match([{"kind": "player"}, *BOTS], rules={"target_score": 40})
    match_id = summary["id"]

    first, ended = read_stream(client, match_id, last_event_id=None, stop_after_events=60)
    assert not ended
    assert first[0]["event"] == "view"  # the whole view first
    resumed_from = first[-1]["id"]
    second, ended = read_stream(client, match_id, last_event_id=resumed_from,
                                stop_after_events=None)
    assert ended, "the server did not close the stream after the match ended"

    frames = first + second
    delivered = [frame for frame in frames if frame["event"] != "view"]
    log = stack.read_event_log(e2e_stack.database_url, match_id)
    since = first[0]["id"]  # the first view's version: the stream goes on from there
    assert since >= summary["version"]
    expected = [(seq, type_) for seq, type_, _ in log if seq > since]
    assert [(frame["id"], frame["event"]) for frame in delivered] == expected  # once, in order
    assert [frame["data"] for frame in delivered] == client.all_events(match_id)[since:]
    assert delivered[-1]["event"] == "match_ended"
    views = [frame["data"] for frame in frames if frame["event"] == "view"]
    assert all(frame["id"] == frame["data"]["version"] for frame in frames if frame["event"] == "view")
    assert views[-1]["status"] == "finished" and views[-1]["version"] == len(log)
    # The resume starts right after the last event seen.
    assert next(f for f in second if f["event"] != "view")["id"] == resumed_from + 1


def lobby(client: ApiClient) -> dict[str, list[str]]:
    """The caller's lobby (every page) as match id -> open seats."""
    entries: dict[str, list[str]] = {}
    page = 1
    while True:
        body = client.ok("GET", "/lobby", params={"page": page, "page_size": 100})
        entries.update({entry["id"]: entry["open_seats"] for entry in body["results"]})
        if not body["next"]:
            return entries
        page += 1


def test_the_lobby_shows_a_match_while_it_has_open_seats_to_those_not_seated(e2e_stack: Stack) -> None:
    creator, bob, carol, dave = (ApiClient.register(e2e_stack.base_url, name)
                                 for name in ("host", "bob", "carol", "dave"))
    match_id = creator.create_match([{"kind": "player"}, {"kind": "open"}, {"kind": "open"},
                                     {"kind": "bot", "level": "easy"}])["id"]

    assert match_id not in lobby(creator)  # it sits there
    assert lobby(bob)[match_id] == ["east", "south"]

    bob.ok("POST", f"/matches/{match_id}/join", json={"seat": "east"})
    assert match_id not in lobby(bob)
    assert lobby(carol)[match_id] == ["south"]

    carol.ok("POST", f"/matches/{match_id}/join", json={})
    assert match_id not in lobby(dave)  # full: the first hand is dealt
    assert creator.summary(match_id)["status"] == "passing"
