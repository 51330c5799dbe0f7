"""Waiting without polling (docs/api.md, "Events" and "Stream"): the refusals of ``wait``,
``Last-Event-ID`` and the stream's media type; long polls woken by a commit through each
notifier backend; the stream's frames, resume and end.

The waiting tests run the request in an event loop (Django's ``AsyncClient``) while a
command commits from another thread, as a bot's or another player's would: they need
real commits (``transactional_db``), since the waiting request reads on a connection of
its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import OperationalError, connections
from django.test import AsyncClient

from hearts_api import live, notifier
from hearts_api.models import ApiToken
from hearts_api.serializers import events as event_shapes
from hearts_api.serializers.play import SeatViewSerializer

from .helpers import HOLD, SEATS, Table, assert_invalid, assert_problem, match_url

# A match that ends after its first hand: someone takes a point in it.
ONE_HAND = {**HOLD, "target_score": 1, "tie_policy": "share"}


@pytest.fixture(autouse=True)
def _process_notifier(settings: Any) -> Iterator[None]:
    """The in-process notifier unless a test asks for ``backend``: each test's event loop
    ends with the test, and a listener's connection would outlive it."""
    settings.LIVE_NOTIFIER = "process"
    notifier.backend.cache_clear()
    yield
    notifier.backend.cache_clear()


@pytest.fixture(params=["process", "postgresql", "redis"])
def backend(request: pytest.FixtureRequest, settings: Any) -> Iterator[str]:
    """Each notifier backend in turn (the process's ``backend()`` is cached: cleared here)."""
    if request.param == "redis":
        from tests.e2e import stack

        url = "redis://127.0.0.1:6379/10"
        unreachable = stack.redis_unreachable(url)
        if unreachable:
            pytest.skip(unreachable)
        settings.REDIS_URL = url
    settings.LIVE_NOTIFIER = request.param
    notifier.backend.cache_clear()
    yield request.param
    notifier.backend.cache_clear()


class SeatClient:
    """Django's ``AsyncClient`` sending ``authorization`` (``Bearer <token>``) on each
    request (the client's own ``headers`` do not reach an ASGI request's headers)."""

    def __init__(self, authorization: str) -> None:
        self.authorization = authorization
        self.client = AsyncClient(SERVER_NAME="localhost")

    @classmethod
    def of(cls, client: Any) -> SeatClient:
        """As the player of a test ``client`` (an ``APIClient`` with a bearer token)."""
        return cls(client._credentials["HTTP_AUTHORIZATION"])

    async def get(self, path: str, query: dict[str, Any] | None = None, **headers: str) -> Any:
        return await self.client.get(path, query, headers={"Authorization": self.authorization,
                                                            **headers})


async def _in_thread(command: Callable[..., Any], *args: Any) -> Any:
    """Run a sync ``command`` (a test client's request) in a thread of its own, as another
    request would run, and close that thread's database connection after it."""
    def run() -> Any:
        try:
            return command(*args)
        finally:
            live.release_connections()
    return await sync_to_async(run, thread_sensitive=False)()


async def _subscribed(count: int = 1) -> None:
    """Until ``count`` requests wait for their match to move (each has read, subscribed)."""
    for _ in range(500):
        if live.waiting() >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the request never subscribed")


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize("wait", ["abc", "0", "31", "1.5", "", "-1", "+5", "99999999999"])
def test_wait_out_of_range_or_not_an_integer_is_refused_naming_it(
        make_table: Callable[..., Table], wait: str) -> None:
    table = make_table()
    assert_invalid(table.get("north", "events", after=0, wait=wait), "wait")


def test_wait_on_an_unknown_match_is_not_found(client_a: Any) -> None:
    response = client_a.get(match_url("00000000-0000-0000-0000-000000000000", "events"),
                            {"wait": 5})
    assert_problem(response, 404, "not_found")


def test_a_resume_point_has_one_bound_in_the_query_and_the_header(
        make_table: Callable[..., Table]) -> None:
    table = make_table()
    stream = match_url(table.id, "stream")
    assert_invalid(table.get("north", "stream", after=1_000_000_000), "after")
    assert_invalid(table.get("north", "events", after=1_000_000_000), "after")
    assert_invalid(table.clients["north"].get(stream, HTTP_LAST_EVENT_ID="1000000000"),
                   "Last-Event-ID")
    assert table.get("north", "events", after=999_999_999).status_code == 200


@pytest.mark.parametrize("last_event_id", ["abc", "-1", "1e3", "1234567890"])
def test_a_last_event_id_that_is_not_a_seq_is_refused_naming_it(
        make_table: Callable[..., Table], last_event_id: str) -> None:
    table = make_table()
    response = table.clients["north"].get(match_url(table.id, "stream"),
                                          HTTP_LAST_EVENT_ID=last_event_id)
    assert_invalid(response, "Last-Event-ID")


def test_a_stream_after_that_is_not_a_seq_is_refused_naming_it(make_table: Callable[..., Table]) -> None:
    table = make_table()
    assert_invalid(table.get("north", "stream", after="x"), "after")


@pytest.mark.parametrize("accept", ["application/json", "text/event-stream;q=0",
                                    "text/*;q=0, */*"])
def test_the_stream_is_only_served_as_an_event_stream(make_table: Callable[..., Table],
                                                      accept: str) -> None:
    table = make_table()
    response = table.clients["north"].get(match_url(table.id, "stream"), HTTP_ACCEPT=accept)
    assert_problem(response, 406, "not_acceptable")


def test_the_stream_needs_a_token_in_the_header_or_the_query(
        make_table: Callable[..., Table], anon_client: Any) -> None:
    table = make_table()
    assert_problem(anon_client.get(match_url(table.id, "stream")), 401, "not_authenticated")
    assert_problem(anon_client.get(match_url(table.id, "stream"), {"access_token": "x" * 64}),
                   401, "not_authenticated")


@pytest.mark.parametrize("token", ["\x00abc", "ZZ", "a b", "é" * 3])
def test_a_query_token_that_cannot_be_a_token_is_refused_before_the_database(
        make_table: Callable[..., Table], anon_client: Any, token: str) -> None:
    table = make_table()
    response = anon_client.get(match_url(table.id, "stream"), {"access_token": token})
    assert_problem(response, 401, "not_authenticated")


def test_an_empty_last_event_id_counts_as_none_as_the_schema_says(
        make_table: Callable[..., Table]) -> None:
    table = make_table(rules=ONE_HAND)
    table.play_out_hand()
    final = table.view("north")["version"]
    stream = match_url(table.id, "stream")
    assert table.clients["north"].get(stream, {"after": final}, HTTP_LAST_EVENT_ID="").status_code == 204
    schema = yaml.safe_load((Path(__file__).parents[2] / "openapi" / "schema.yaml").read_text())
    [header] = [p for p in schema["paths"]["/api/v1/matches/{match_id}/stream"]["get"]["parameters"]
                if p["name"] == "Last-Event-ID"]
    pattern = header["schema"]["pattern"]
    assert re.fullmatch(pattern, "") and re.fullmatch(pattern, "41")
    assert not any(re.fullmatch(pattern, bad) for bad in ("abc", "-1", "1e3", "1234567890"))


def test_resuming_the_stream_of_an_ended_match_from_its_last_event_is_204(
        make_table: Callable[..., Table]) -> None:
    """Nothing will ever follow, and 204 is what tells EventSource to stop reconnecting."""
    table = make_table(rules=ONE_HAND)
    table.play_out_hand()
    final = table.view("north")["version"]
    stream = match_url(table.id, "stream")
    assert table.clients["north"].get(stream, HTTP_LAST_EVENT_ID=str(final)).status_code == 204
    assert table.clients["north"].get(stream, {"after": final + 100}).status_code == 204


def test_only_the_stream_takes_a_token_in_the_query(make_table: Callable[..., Table],
                                                     anon_client: Any) -> None:
    table = make_table()
    token = table.clients["north"]._credentials["HTTP_AUTHORIZATION"].split()[1]  # type: ignore[attr-defined]
    response = anon_client.get(match_url(table.id, "view"), {"access_token": token})
    assert_problem(response, 401, "not_authenticated")


# --- long polls ---------------------------------------------------------------------------


async def _long_poll(client: SeatClient, match_id: str, **query: Any) -> tuple[Any, float]:
    started = time.monotonic()
    response = await client.get(match_url(match_id, "events"), query)
    body = json.loads(b"".join([chunk async for chunk in response.streaming_content]))
    return (response.status_code, body), time.monotonic() - started


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_with_events_waiting_answers_at_once(make_table: Callable[..., Table]) -> None:
    table = make_table()
    expected = table.get("east", "events", after=2).json()

    (status, body), _ = asyncio.run(_long_poll(SeatClient.of(table.clients["east"]), table.id, after=2,
                                               wait=30))

    assert status == 200
    assert body == json.loads(json.dumps(expected))
    assert [event["seq"] for event in body["events"]] == list(range(3, expected["version"] + 1))


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_is_woken_by_the_commit(make_table: Callable[..., Table], backend: str) -> None:
    """The poll waits on the notifier; a pass by another seat, committed from another
    thread, wakes it with that event (the pass is the match's next seq)."""
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    view = table.view("south")
    cards = view["legal_cards"][:3]

    async def scenario() -> tuple[tuple[int, dict[str, Any]], float]:
        poll = asyncio.ensure_future(_long_poll(SeatClient.of(table.clients["north"]), table.id,
                                                after=view["version"], wait=20))
        await _subscribed()
        await asyncio.sleep(0.2)  # the listener is connected (it wakes every waiter when it is)
        await _in_thread(table.passed, "south", cards)
        answered = await poll
        assert notifier.waiting() == 0  # the answered poll dropped its subscription
        return answered

    (status, body), elapsed = asyncio.run(scenario())

    assert status == 200
    assert [(e["seq"], e["type"], e["seat"]) for e in body["events"]] == [
        (view["version"] + 1, "cards_passed", "south")]
    assert body["events"][0]["cards"] is None  # north does not see south's cards
    assert body["version"] == view["version"] + 1
    assert elapsed < 10  # woken, not timed out


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_with_nothing_new_answers_empty_after_wait(make_table: Callable[..., Table]) -> None:
    table = make_table()
    version = table.view("north")["version"]

    (status, body), elapsed = asyncio.run(_long_poll(SeatClient.of(table.clients["north"]), table.id,
                                                     after=version, wait=1))

    assert (status, body) == (200, {"events": [], "version": version})
    assert 1 <= elapsed < 5


# --- the stream ---------------------------------------------------------------------------


def parse_frames(text: str) -> list[dict[str, Any]]:
    """SSE messages as ``{"id", "event", "data"}`` (data parsed), comments as ``{"comment"}``."""
    frames = []
    for block in text.strip("\n").split("\n\n"):
        if block.startswith(":"):
            frames.append({"comment": block[1:].strip()})
            continue
        fields = dict(line.split(": ", 1) for line in block.split("\n"))
        frames.append({"id": int(fields["id"]), "event": fields["event"],
                       "data": json.loads(fields["data"])})
    return frames


class StreamReader:
    """An open stream's frames, read as they come."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.chunks = response.streaming_content
        self.buffer = ""

    async def frames(self, count: int, timeout: float = 10) -> list[dict[str, Any]]:
        while self.buffer.count("\n\n") < count:
            self.buffer += (await asyncio.wait_for(anext(self.chunks), timeout)).decode()
        blocks = self.buffer.split("\n\n")
        taken, self.buffer = blocks[:count], "\n\n".join(blocks[count:])
        return parse_frames("\n\n".join(taken))

    async def rest(self, timeout: float = 10) -> list[dict[str, Any]]:
        """Every frame until the server closes the stream."""
        async def drain() -> str:
            return self.buffer + "".join([chunk.decode() async for chunk in self.chunks])
        text = await asyncio.wait_for(drain(), timeout)
        return parse_frames(text) if text.strip() else []

    async def disconnect(self) -> None:
        """What the server does when the client goes: cancel the read in progress."""
        reading = asyncio.ensure_future(anext(self.chunks))
        await asyncio.sleep(0.05)
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading


async def _open_stream(client: SeatClient, match_id: str, **headers: str) -> StreamReader:
    response = await client.get(match_url(match_id, "stream"), **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    assert response["X-Accel-Buffering"] == "no"
    return StreamReader(response)


@pytest.mark.django_db(transaction=True)
def test_the_stream_sends_the_view_then_each_event_and_the_view_after_it(
        make_table: Callable[..., Table]) -> None:
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        reader = await _open_stream(SeatClient.of(table.clients["north"]), table.id)
        first = await reader.frames(1)
        await _in_thread(table.passed, "south", south["legal_cards"][:3])
        then = await reader.frames(2)
        await reader.disconnect()
        assert notifier.waiting() == 0  # the disconnect dropped its subscription
        return first, then

    first, then = asyncio.run(scenario())

    version = south["version"]
    assert first == [{"id": version, "event": "view", "data": first[0]["data"]}]
    assert first[0]["data"]["seat"] == "north" and len(first[0]["data"]["hand"]) == 13
    assert [(f["id"], f["event"]) for f in then] == [(version + 1, "cards_passed"), (version + 1, "view")]
    assert then[0]["data"] == table.events("north", after=version)[0] | {
        "at": then[0]["data"]["at"]}
    assert then[1]["data"] == json.loads(json.dumps(table.view("north")))


@pytest.mark.django_db(transaction=True)
def test_a_stream_resumes_after_last_event_id_and_closes_after_the_last_event(
        make_table: Callable[..., Table]) -> None:
    """Resume from seq 3 of a finished match: every event after it, exactly once and in
    order, then the final view, then the end of the stream."""
    table = make_table(rules=ONE_HAND)
    table.play_out_hand()
    final = table.view("west")
    assert final["status"] == "finished"
    expected = json.loads(json.dumps(table.events("west", after=3)))

    async def scenario() -> list[dict[str, Any]]:
        reader = await _open_stream(SeatClient.of(table.clients["west"]), table.id, **{"Last-Event-ID": "3"})
        return await reader.rest()

    frames = asyncio.run(scenario())

    assert [f["data"] for f in frames[:-1]] == expected
    assert [(f["id"], f["event"]) for f in frames[:-1]] == [(e["seq"], e["type"]) for e in expected]
    assert expected[-1]["type"] == "match_ended"
    assert frames[-1] == {"id": final["version"], "event": "view", "data": json.loads(json.dumps(final))}


@pytest.mark.django_db(transaction=True)
def test_a_spectators_stream_shows_no_cards_and_takes_the_token_in_the_query(
        make_table: Callable[..., Table], make_client: Callable[..., Any]) -> None:
    table = make_table(rules=ONE_HAND)
    table.play_out_hand()
    spectator = make_client()
    token = spectator._credentials["HTTP_AUTHORIZATION"].split()[1]

    async def scenario() -> list[dict[str, Any]]:
        response = await AsyncClient(SERVER_NAME="localhost").get(
            match_url(table.id, "stream"), {"access_token": token, "after": 0})
        assert response.status_code == 200
        return await StreamReader(response).rest()

    frames = asyncio.run(scenario())

    view = frames[-1]["data"]
    assert view["seat"] is None and view["hand"] == [] and view["legal_cards"] == []
    dealt = [f["data"] for f in frames if f["event"] == "hand_dealt"]
    assert dealt and all(event.get("cards") in (None, []) for event in dealt)
    assert {seat for f in frames if f["event"] == "seat_taken" for seat in [f["data"]["seat"]]} == set(SEATS)


@pytest.mark.parametrize(("path", "query", "waiting"), [
    ("/api/v1/matches/0f/stream", b"", True),
    ("/api/v1/matches/0f/stream", b"access_token=x&after=3", True),
    ("/api/v1/matches/0f/events", b"after=3&wait=10", True),
    ("/api/v1/matches/0f/events", b"wait=abc", True),  # refused, as quickly, on that path
    ("/api/v1/matches/0f/events", b"after=3&%77ait=10", True),  # Django decodes the name
    ("/api/v1/matches/0f/events", b"after=3&wait", True),  # a blank wait, refused on that path
    ("/api/v1/matches/0f/events", b"after=3", False),
    ("/api/v1/matches/0f/events", b"await=3", False),
    ("/api/v1/matches/0f/view", b"wait=3", False),
    ("/api/v1/matches", b"", False),
])
def test_only_streams_and_long_polls_are_served_without_a_thread_of_their_own(
        path: str, query: bytes, waiting: bool) -> None:
    assert live.is_waiting_request({"path": path, "query_string": query}) is waiting


@pytest.mark.django_db(transaction=True)
def test_a_stream_resumed_from_a_views_id_goes_on_from_that_version(
        make_table: Callable[..., Table]) -> None:
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")
    version = south["version"]  # what a view frame's id names

    async def scenario() -> list[dict[str, Any]]:
        reader = await _open_stream(SeatClient.of(table.clients["north"]), table.id,
                                    **{"Last-Event-ID": str(version)})
        first = await reader.frames(1)  # nothing missed: the view at once
        await _in_thread(table.passed, "south", south["legal_cards"][:3])
        then = await reader.frames(2)
        await reader.disconnect()
        return first + then

    frames = asyncio.run(scenario())

    assert [(f["id"], f["event"]) for f in frames] == [
        (version, "view"), (version + 1, "cards_passed"), (version + 1, "view")]


@pytest.mark.django_db(transaction=True)
def test_a_stream_whose_notification_is_lost_reads_within_a_few_heartbeats(
        make_table: Callable[..., Table], settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A publish that fails (the command has committed) costs a heartbeat, not the stream."""
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")

    def lost(match_id: str, version: int) -> None:
        raise ConnectionError("the notifier is down")

    async def scenario() -> list[dict[str, Any]]:
        reader = await _open_stream(SeatClient.of(table.clients["north"]), table.id)
        await reader.frames(1)
        monkeypatch.setattr(notifier.backend(), "publish", lost)
        await _in_thread(table.passed, "south", south["legal_cards"][:3])
        frames = await reader.frames(live.READ_EVERY_HEARTBEATS + 2, timeout=5)
        await reader.disconnect()
        return frames

    frames = asyncio.run(scenario())

    beats = live.READ_EVERY_HEARTBEATS
    assert frames[:beats] == [{"comment": "keep-alive"}] * beats
    assert [(f["id"], f["event"]) for f in frames[beats:]] == [
        (south["version"] + 1, "cards_passed"), (south["version"] + 1, "view")]


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_whose_notification_is_lost_answers_at_its_timeout_with_the_event(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")

    def lost(match_id: str, version: int) -> None:
        raise ConnectionError("the notifier is down")

    async def scenario() -> tuple[tuple[int, dict[str, Any]], float]:
        monkeypatch.setattr(notifier.backend(), "publish", lost)
        poll = asyncio.ensure_future(_long_poll(SeatClient.of(table.clients["north"]), table.id,
                                                after=south["version"], wait=3))
        await _subscribed()
        await _in_thread(table.passed, "south", south["legal_cards"][:3])
        return await poll

    (status, body), elapsed = asyncio.run(scenario())

    assert status == 200 and elapsed >= 3
    assert [(e["seq"], e["type"]) for e in body["events"]] == [(south["version"] + 1, "cards_passed")]
    assert body["version"] == south["version"] + 1


def _away_for(monkeypatch: pytest.MonkeyPatch, reads: range) -> list[int]:
    """Make the waiting requests' reads numbered ``reads`` (1: the first) fail as they do
    while the database is away; returns the list the reads are counted in."""
    real, counted = live._read_async, []

    async def read(*args: Any) -> Any:
        counted.append(len(counted) + 1)
        if counted[-1] in reads:
            raise OperationalError("consuming input failed: server closed the connection")
        return await real(*args)

    monkeypatch.setattr(live, "_read_async", read)
    return counted


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_whose_read_meets_the_database_away_answers_what_it_read_before(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch) -> None:
    """Its 200 is sent already: the body must come whole (not cut off), and the client
    polls again, to a 503 while the database stays away."""
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")
    reads = _away_for(monkeypatch, range(2, 3))

    async def scenario() -> tuple[tuple[int, dict[str, Any]], float]:
        poll = asyncio.ensure_future(_long_poll(SeatClient.of(table.clients["north"]), table.id,
                                                after=south["version"], wait=20))
        await _subscribed()
        await _in_thread(table.passed, "south", south["legal_cards"][:3])  # wakes it: read 2
        return await poll

    (status, body), elapsed = asyncio.run(scenario())

    assert (status, body) == (200, {"events": [], "version": south["version"]})
    assert reads == [1, 2] and elapsed < 10


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_whose_first_read_meets_the_database_away_answers_the_version_it_read(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch) -> None:
    """The request read the match before it waited: that version, not the client's ``after``."""
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    version = table.view("north")["version"]
    reads = _away_for(monkeypatch, range(1, 2))
    (status, body), _ = asyncio.run(_long_poll(SeatClient.of(table.clients["north"]), table.id,
                                               after=0, wait=20))
    assert (status, body) == (200, {"events": [], "version": version}) and reads == [1]
    assert version > 0


@pytest.mark.django_db(transaction=True)
def test_a_stream_whose_reads_meet_the_database_away_reads_again_at_each_heartbeat(
        make_table: Callable[..., Table], settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")
    reads = _away_for(monkeypatch, range(2, 4))

    async def scenario() -> list[dict[str, Any]]:
        reader = await _open_stream(SeatClient.of(table.clients["north"]), table.id)
        frames = await reader.frames(1)
        await _in_thread(table.passed, "south", south["legal_cards"][:3])  # wakes it: read 2
        frames += await reader.frames(4, timeout=5)
        await reader.disconnect()
        return frames

    frames = asyncio.run(scenario())

    version = south["version"]
    assert frames[0]["event"] == "view" and frames[0]["id"] == version
    # Reads 2 and 3 fail, each followed by a heartbeat; read 4, at the second, finds the pass.
    assert frames[1:3] == [{"comment": "keep-alive"}] * 2
    assert [(f["id"], f["event"]) for f in frames[3:]] == [
        (version + 1, "cards_passed"), (version + 1, "view")]
    assert reads == [1, 2, 3, 4]


# --- reads shared by the requests waiting on one match ------------------------------------


def second_token(client: Any) -> tuple[SeatClient, ApiToken]:
    """Another token of ``client``'s player, and a client sending it."""
    user = get_user_model().objects.get(username=client.username)
    row, token = ApiToken.objects.create(user=user, expiry=None)
    return SeatClient(f"Bearer {token}"), row


class PumpedStream:
    """An open stream read continuously, as the server sends it: its frames gather here."""

    def __init__(self, response: Any) -> None:
        self.text = ""
        self.task = asyncio.ensure_future(self._pump(response.streaming_content))

    async def _pump(self, chunks: Any) -> None:
        async for chunk in chunks:
            self.text += chunk.decode()

    async def frames(self, count: int) -> list[dict[str, Any]]:
        """The first ``count`` frames, once they have come."""
        for _ in range(1000):
            if self.text.count("\n\n") >= count or self.task.done():
                break
            await asyncio.sleep(0.01)
        return parse_frames(self.text)[:count]

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Count the waiting requests' reads: per read, its asks and its queries; and each event
    presented (seq, seat) and each view built (seat)."""
    counted: dict[str, list[Any]] = {"asks": [], "queries": [], "events": [], "views": []}
    present_event, present_view = event_shapes.event_body, SeatViewSerializer.body
    reading = threading.local()  # set in a read's thread (a command presents its own too)

    def read(match_id: Any, asks: Any) -> Any:
        queries: list[str] = []
        reading.now = True
        with connections["default"].execute_wrapper(
                lambda execute, sql, *args: queries.append(sql) or execute(sql, *args)):
            try:
                return live._read(match_id, asks)
            finally:
                reading.now = False
                counted["asks"].append(len(asks))
                counted["queries"].append(len(queries))

    def label(seat: Any) -> str | None:
        return None if seat is None else str(seat.label)

    def event(logged: Any, viewer: Any) -> Any:
        if getattr(reading, "now", False):
            counted["events"].append((logged.seq, label(viewer)))
        return present_event(logged, viewer)

    def view(view: Any, *args: Any) -> Any:
        if getattr(reading, "now", False):
            counted["views"].append(label(view.seat))
        return present_view(view, *args)

    monkeypatch.setattr(live, "_read_async", sync_to_async(read, thread_sensitive=False))
    monkeypatch.setattr(event_shapes, "event_body", event)
    monkeypatch.setattr(SeatViewSerializer, "body", staticmethod(view))
    return counted


@pytest.mark.django_db(transaction=True)
def test_the_requests_waiting_on_a_match_share_one_read_per_version(
        make_table: Callable[..., Table], make_client: Callable[..., Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Five streams (north twice, east, south, a spectator) and two long polls (west,
    north): south's pass costs one read of three queries, its event is presented once per
    seat and the view built once per seat that streams, and each request gets its own;
    east's pass, with the streams alone waiting, one more read."""
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south, east = table.view("south"), table.view("east")
    version, cards = south["version"], south["legal_cards"][:3]
    spectator = SeatClient.of(make_client())
    counted = _count_reads(monkeypatch)

    async def scenario() -> tuple[list[list[dict[str, Any]]], list[Any]]:
        streams = []
        for client in [*(SeatClient.of(table.clients[seat]) for seat in ("north", "north", "east",
                                                                          "south")), spectator]:
            response = await client.get(match_url(table.id, "stream"))
            streams.append(PumpedStream(response))
        polls = [asyncio.ensure_future(_long_poll(SeatClient.of(table.clients[seat]), table.id,
                                                  after=version, wait=20))
                 for seat in ("west", "north")]
        await _subscribed(7)
        for key in counted:
            counted[key].clear()
        await _in_thread(table.passed, "south", cards)
        answers = [answer for answer, _ in await asyncio.gather(*polls)]
        frames = [await stream.frames(3) for stream in streams]
        await _subscribed(5)  # the streams wait again; nothing more is read
        assert counted["asks"] == [7]
        await _in_thread(table.passed, "east", east["legal_cards"][:3])
        frames = [await stream.frames(5) for stream in streams]
        await _subscribed(5)
        for stream in streams:
            await stream.close()
        assert (live.waiting(), notifier.waiting()) == (0, 0)  # the feed closed with the last
        return frames, answers

    frames, answers = asyncio.run(scenario())

    assert (counted["asks"], counted["queries"]) == ([7, 5], [3, 3])
    assert Counter(counted["events"]) == Counter(
        [(version + 1, seat) for seat in ("north", "east", "south", "west", None)]
        + [(version + 2, seat) for seat in ("north", "east", "south", None)])
    assert Counter(counted["views"]) == Counter(["north", "east", "south", None] * 2)
    expected = {seat: table.view(seat) for seat in SEATS}
    for stream, seat in zip(frames, ["north", "north", "east", "south", None], strict=True):
        assert [(f["id"], f["event"]) for f in stream] == [
            (version, "view"), (version + 1, "cards_passed"), (version + 1, "view"),
            (version + 2, "cards_passed"), (version + 2, "view")]
        assert stream[1]["data"]["cards"] == (cards if seat == "south" else None)
        assert stream[4]["data"]["seat"] == seat
        if seat:
            assert stream[4]["data"] == json.loads(json.dumps(expected[seat]))
    for status, body in answers:
        assert status == 200 and body["version"] == version + 1
        assert [(e["seq"], e["type"], e["cards"]) for e in body["events"]] == [
            (version + 1, "cards_passed", None)]


@pytest.mark.django_db(transaction=True)
def test_a_revoked_token_ends_its_own_stream_and_no_other_on_the_shared_read(
        make_table: Callable[..., Table]) -> None:
    table = make_table(rules=HOLD | {"pass_rotation": ["left"]})
    south = table.view("south")
    other, token = second_token(table.clients["north"])

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        kept = PumpedStream(await SeatClient.of(table.clients["north"]).get(
            match_url(table.id, "stream")))
        revoked = PumpedStream(await other.get(match_url(table.id, "stream")))
        await _subscribed(2)
        await _in_thread(token.delete)
        await _in_thread(table.passed, "south", south["legal_cards"][:3])
        await asyncio.wait_for(revoked.task, 10)  # the server ended it
        frames = [await kept.frames(3), await revoked.frames(3)]
        await kept.close()
        return frames[0], frames[1]

    kept, revoked = asyncio.run(scenario())

    version = south["version"]
    assert [(f["id"], f["event"]) for f in kept] == [
        (version, "view"), (version + 1, "cards_passed"), (version + 1, "view")]
    assert [(f["id"], f["event"]) for f in revoked] == [(version, "view")]
