"""The limits on streams and long polls open at once, per token and per player
(hearts_api.waiting_quota): the refusal and its body, places freed as requests end, and the
places' stores (in memory, and on Redis, where every process counts together and a dead
process's places expire)."""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis

from hearts_api import notifier, waiting_quota
from tests.e2e.stack import redis_unreachable

from .helpers import PROBLEM, Table, match_url
from .test_live import SeatClient, StreamReader, _long_poll, second_token

TOKEN_LIMIT, USER_LIMIT = 2, 3
TEST_REDIS_URL = "redis://127.0.0.1:6379/12"  # the throttle tests' database, keys of our own


@pytest.fixture(autouse=True)
def _small_quotas(settings: Any) -> Iterator[None]:
    """Limits small enough to reach (the in-process notifier: each test's loop ends with it)."""
    settings.QUOTAS = {**settings.QUOTAS, "waiting_requests_per_token": TOKEN_LIMIT,
                       "waiting_requests_per_user": USER_LIMIT}
    settings.LIVE_NOTIFIER = "process"
    notifier.backend.cache_clear()
    yield
    notifier.backend.cache_clear()


async def _stream(client: SeatClient, match_id: str) -> StreamReader:
    """An open stream whose first frame (the view) has come."""
    response = await client.get(match_url(match_id, "stream"))
    assert response.status_code == 200, response.content
    reader = StreamReader(response)
    await reader.frames(1)
    return reader


def _refusal(quota: str, limit: int, detail: str) -> dict[str, Any]:
    return {"type": "/problems/quota_exceeded", "title": "Over a quota",
            "status": 429, "detail": detail, "code": "quota_exceeded", "quota": quota,
            "limit": limit}


@pytest.mark.django_db(transaction=True)
def test_a_stream_beyond_the_tokens_limit_is_refused_naming_the_quota(
        make_table: Callable[..., Table]) -> None:
    table = make_table()
    north = SeatClient.of(table.clients["north"])

    async def scenario() -> Any:
        held = [await _stream(north, table.id) for _ in range(TOKEN_LIMIT)]
        refused = await north.get(match_url(table.id, "stream"))
        for reader in held:
            await reader.disconnect()
        return refused

    refused = asyncio.run(scenario())

    assert refused.status_code == 429 and refused["Content-Type"] == PROBLEM
    assert "Retry-After" not in refused
    assert json.loads(refused.content) == _refusal(
        "waiting_requests_per_token", TOKEN_LIMIT,
        f"This token holds {TOKEN_LIMIT} streams and long polls open already, the most it may; "
        "close one first.")


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_beyond_the_players_limit_is_refused_naming_the_quota(
        make_table: Callable[..., Table]) -> None:
    """North's first token holds two streams, its second a long poll: the player's third
    place; a second long poll on the second token (its token holds one) is refused."""
    table = make_table()
    north = SeatClient.of(table.clients["north"])
    other, _ = second_token(table.clients["north"])
    version = table.view("north")["version"]

    async def scenario() -> Any:
        held = [await _stream(north, table.id) for _ in range(TOKEN_LIMIT)]
        poll = await other.get(match_url(table.id, "events"), {"after": version, "wait": 1})
        refused = await other.get(match_url(table.id, "events"), {"after": version, "wait": 1})
        assert poll.status_code == 200
        assert json.loads(b"".join([chunk async for chunk in poll.streaming_content])) == {
            "events": [], "version": version}
        for reader in held:
            await reader.disconnect()
        return refused

    refused = asyncio.run(scenario())

    assert refused.status_code == 429 and "Retry-After" not in refused
    assert refused.json() == _refusal(
        "waiting_requests_per_user", USER_LIMIT,
        f"You hold {USER_LIMIT} streams and long polls open already (all your tokens together), "
        "the most you may; close one first.")


@pytest.mark.django_db(transaction=True)
def test_a_closed_stream_frees_its_place_at_once(make_table: Callable[..., Table]) -> None:
    table = make_table()
    north = SeatClient.of(table.clients["north"])

    async def scenario() -> list[int]:
        held = [await _stream(north, table.id) for _ in range(TOKEN_LIMIT)]
        await held.pop().disconnect()
        held.append(await _stream(north, table.id))  # asserts its 200
        refused = await north.get(match_url(table.id, "stream"))
        for reader in held:
            await reader.disconnect()
        return [refused.status_code]

    assert asyncio.run(scenario()) == [429]


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_frees_its_place_when_it_answers(make_table: Callable[..., Table]) -> None:
    """With one place left, a long poll that answers at once (events after seq 0 are
    there) leaves it free for a stream, which takes the last one."""
    table = make_table()
    north = SeatClient.of(table.clients["north"])

    async def scenario() -> tuple[int, int]:
        held = [await _stream(north, table.id) for _ in range(TOKEN_LIMIT - 1)]
        (status, body), _ = await _long_poll(north, table.id, after=0, wait=30)
        assert status == 200 and body["events"]
        held.append(await _stream(north, table.id))  # asserts its 200
        refused = await north.get(match_url(table.id, "stream"))
        for reader in held:
            await reader.disconnect()
        return status, refused.status_code

    assert asyncio.run(scenario()) == (200, 429)


@pytest.mark.django_db(transaction=True)
def test_while_redis_cannot_be_reached_a_waiting_request_is_let_through_and_logged(
        make_table: Callable[..., Table], settings: Any, caplog: pytest.LogCaptureFixture) -> None:
    table = make_table()
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    north = SeatClient.of(table.clients["north"])

    async def scenario() -> list[tuple[int, list[Any]]]:
        return [await _long_poll(north, table.id, after=0, wait=1)
                for _ in range(TOKEN_LIMIT + 1)]

    with caplog.at_level(logging.WARNING, logger="hearts_api.waiting_quota"):
        polls = asyncio.run(scenario())

    assert [status for (status, _), _ in polls] == [200] * (TOKEN_LIMIT + 1)
    assert [record.getMessage().split(":")[0] for record in caplog.records
            if record.name == "hearts_api.waiting_quota"] == [
        "waiting requests' places unreachable, request let through"] * (TOKEN_LIMIT + 1)



@pytest.mark.django_db(transaction=True)
def test_an_open_stream_keeps_its_place_past_its_first_expiry(
        make_table: Callable[..., Table], monkeypatch: pytest.MonkeyPatch) -> None:
    """Its event loop refreshes the places its requests hold: once refreshed, past the
    time they were first taken until, the token's places are still all held."""
    table = make_table()
    north = SeatClient.of(table.clients["north"])
    clock = Clock()
    kept = waiting_quota.MemoryPlaces(clock)
    monkeypatch.setattr(waiting_quota, "places", lambda: kept)
    monkeypatch.setattr(waiting_quota, "REFRESH_SECONDS", 0.01)
    refreshed_at: list[float] = []
    refresh = kept.refresh
    monkeypatch.setattr(kept, "refresh", lambda held: refreshed_at.append(clock.now) or refresh(held))

    async def scenario() -> int:
        held = [await _stream(north, table.id) for _ in range(TOKEN_LIMIT)]
        clock.now += waiting_quota.HOLD_SECONDS - 1
        for _ in range(500):  # until a refresh at the new time
            if refreshed_at and refreshed_at[-1] == clock.now:
                break
            await asyncio.sleep(0.01)
        clock.now += waiting_quota.HOLD_SECONDS - 1  # past the first expiry, within the new
        refused = await north.get(match_url(table.id, "stream"))
        for reader in held:
            await reader.disconnect()
        return refused.status_code

    assert asyncio.run(scenario()) == 429


# --- the stores ---------------------------------------------------------------------------


class Clock:
    """A clock the test moves (Unix seconds)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Callable[[Clock], waiting_quota.Places]]:
    """Makes a store of each kind on a clock: on Redis, each one made is another process's
    (its own connection, nothing shared in memory)."""
    if request.param == "memory":
        shared = waiting_quota.MemoryPlaces()

        def memory(clock: Clock) -> waiting_quota.Places:
            shared.clock = clock
            return shared

        yield memory
        return
    unreachable = redis_unreachable(TEST_REDIS_URL)
    if unreachable:
        pytest.skip(unreachable)
    yield lambda clock: waiting_quota.RedisPlaces(TEST_REDIS_URL, clock=clock)


@pytest.fixture
def keys() -> Iterator[list[str]]:
    """A token's and a player's sets, of this test alone (deleted after it)."""
    names = [f"test:{uuid.uuid4().hex}:token", f"test:{uuid.uuid4().hex}:user"]
    yield names
    client = redis.Redis.from_url(TEST_REDIS_URL)
    try:
        client.delete(*names)
    except redis.RedisError:
        pass  # the memory store's run, with Redis down
    finally:
        client.close()


def test_a_full_set_refuses_until_a_place_is_given_back_in_every_process(
        store: Callable[[Clock], waiting_quota.Places], keys: list[str]) -> None:
    clock = Clock()
    first, second = store(clock), store(clock)

    assert [first.take(keys, [2, 3], f"r{n}") for n in range(2)] == [None, None]
    assert second.take(keys, [2, 3], "r2") == 0  # the token's set (the first key) is full
    assert second.take(keys, [3, 2], "r2") == 1  # with the limits the other way: the player's
    second.give_back(keys, "r0")
    assert first.take(keys, [2, 3], "r2") is None


def test_the_places_of_a_process_that_died_expire_unless_refreshed(
        store: Callable[[Clock], waiting_quota.Places], keys: list[str]) -> None:
    """A process takes two places and dies (never gives them back); the other refreshes
    its one: after HOLD_SECONDS the dead process's places are free, the refreshed one held."""
    clock = Clock()
    dead, alive = store(clock), store(clock)
    assert [dead.take(keys, [3, 3], f"dead{n}") for n in range(2)] == [None, None]
    assert alive.take(keys, [3, 3], "alive") is None

    clock.now += waiting_quota.HOLD_SECONDS - 1
    alive.refresh([(keys, "alive")])
    assert alive.take(keys, [3, 3], "late") == 0  # all three still held
    clock.now += 1
    assert [alive.take(keys, [3, 3], f"new{n}") for n in range(3)] == [None, None, 0]
