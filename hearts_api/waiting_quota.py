"""The limits on the streams and long polls a token and a player hold open at once, counted
across web processes in Redis sorted sets, else in memory (docs/architecture.md, "Live updates")."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
import uuid
import weakref
from collections import defaultdict
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.exceptions import RedisError

from games.errors import quota_exceeded

from .throttling import REDIS_OPTIONS

logger = logging.getLogger(__name__)

# The sets' keys on Redis: "hearts:waiting:token:<token id>", "hearts:waiting:user:<player id>".
KEY_PREFIX = "hearts:waiting"
# A place expires this long after it was taken or last refreshed (seconds); the requests
# of each event loop refresh theirs every REFRESH_SECONDS.
HOLD_SECONDS, REFRESH_SECONDS = 60, 20
# The quotas, the token's first: which one a refusal names when both are full.
QUOTA_NAMES = ("waiting_requests_per_token", "waiting_requests_per_user")
_REFUSALS = {
    "waiting_requests_per_token": "This token holds {limit} streams and long polls open "
                                  "already, the most it may; close one first.",
    "waiting_requests_per_user": "You hold {limit} streams and long polls open already (all "
                                 "your tokens together), the most you may; close one first.",
}


def schema_note() -> str:
    """The limits as the schema's operations state them."""
    quotas = settings.QUOTAS
    return (f"Streams and long polls open at once are limited to "
            f"{quotas['waiting_requests_per_token']} per token and "
            f"{quotas['waiting_requests_per_user']} per player; beyond that, 429 quota_exceeded "
            f"(quota {' or '.join(QUOTA_NAMES)}, no Retry-After: ending one frees its place).")


class Places(Protocol):
    """Where the places are kept. ``keys`` name sets (one per quota), ``member`` a request."""

    def take(self, keys: Sequence[str], limits: Sequence[int], member: str) -> int | None:
        """Take ``member``'s place in every set of ``keys`` unless one already holds its
        limit (``limits``, in the same order) of unexpired places: then the index of the
        first such set, and nothing taken."""

    def refresh(self, held: Sequence[tuple[Sequence[str], str]]) -> None:
        """Move the expiry of each ``(keys, member)`` still held to ``HOLD_SECONDS`` from now."""

    def give_back(self, keys: Sequence[str], member: str) -> None:
        """Free ``member``'s place in each set of ``keys``."""


# KEYS: the sets; ARGV: now, the new place's expiry, HOLD_SECONDS, the member, then each
# set's limit. Returns 0 once taken, else the (1-based) number of the first full set.
_TAKE = """
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[4 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[4])
  redis.call('EXPIRE', key, ARGV[3])
end
return 0
"""


class RedisPlaces:
    """The places in Redis at ``url``, for every web process together. ``clock`` gives
    the time (Unix seconds) places expire by."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._client = redis.Redis.from_url(url, **REDIS_OPTIONS)
        self._take = self._client.register_script(_TAKE)

    def take(self, keys: Sequence[str], limits: Sequence[int], member: str) -> int | None:
        now = self.clock()
        full = int(self._take(keys=list(keys),
                              args=[now, now + HOLD_SECONDS, HOLD_SECONDS, member, *limits]))
        return full - 1 if full else None

    def refresh(self, held: Sequence[tuple[Sequence[str], str]]) -> None:
        expiry = self.clock() + HOLD_SECONDS
        with self._client.pipeline(transaction=False) as pipe:
            for keys, member in held:
                for key in keys:
                    pipe.zadd(key, {member: expiry}, xx=True)  # never one given back meanwhile
                    pipe.expire(key, HOLD_SECONDS)
            pipe.execute()

    def give_back(self, keys: Sequence[str], member: str) -> None:
        with self._client.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zrem(key, member)
            pipe.execute()


class MemoryPlaces:
    """The places in this process's memory (no Redis): each process counts alone."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._sets: defaultdict[str, dict[str, float]] = defaultdict(dict)
        self._lock = threading.Lock()  # views take places in one thread, others give back

    def take(self, keys: Sequence[str], limits: Sequence[int], member: str) -> int | None:
        with self._lock:
            now = self.clock()
            for index, (key, limit) in enumerate(zip(keys, limits, strict=True)):
                held = self._sets[key]
                for expired in [m for m, expiry in held.items() if expiry <= now]:
                    del held[expired]
                if len(held) >= limit:
                    return index
            for key in keys:
                self._sets[key][member] = now + HOLD_SECONDS
            return None

    def refresh(self, held: Sequence[tuple[Sequence[str], str]]) -> None:
        with self._lock:
            expiry = self.clock() + HOLD_SECONDS
            for keys, member in held:
                for key in keys:
                    if member in self._sets.get(key, {}):
                        self._sets[key][member] = expiry

    def give_back(self, keys: Sequence[str], member: str) -> None:
        with self._lock:
            for key in keys:
                held = self._sets.get(key, {})
                held.pop(member, None)
                if not held:
                    self._sets.pop(key, None)


@functools.cache
def places() -> Places:
    """The process's places: on Redis at ``settings.REDIS_URL`` when set, else in memory.
    Built on first use, after a web server's fork; built anew when ``REDIS_URL`` changes."""
    return RedisPlaces(settings.REDIS_URL) if settings.REDIS_URL else MemoryPlaces()


@receiver(setting_changed)
def _forget_places(*, setting: str, **kwargs: Any) -> None:
    if setting == "REDIS_URL":
        places.cache_clear()


class Place:
    """A waiting request's place: ``async with`` it while the request waits (its event loop
    refreshes it meanwhile); it is given back as the block ends."""

    def __init__(self, kept: Places, keys: Sequence[str], member: str) -> None:
        self.kept, self.keys, self.member = kept, keys, member

    async def __aenter__(self) -> Place:
        _refresher().hold(self)
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        _refresher().held.discard(self)
        try:
            await sync_to_async(self.kept.give_back, thread_sensitive=False)(self.keys, self.member)
        except RedisError as error:
            logger.warning("waiting requests' places unreachable, one left to expire: %r", error)


class _Refresher:
    """The places held in one event loop, refreshed together every ``REFRESH_SECONDS``."""

    def __init__(self) -> None:
        self.held: set[Place] = set()
        self._task: asyncio.Task[None] | None = None

    def hold(self, place: Place) -> None:
        self.held.add(place)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="places")

    async def _run(self) -> None:
        while self.held:
            await asyncio.sleep(REFRESH_SECONDS)
            by_store: defaultdict[Places, list[tuple[Sequence[str], str]]] = defaultdict(list)
            for place in self.held:
                by_store[place.kept].append((place.keys, place.member))
            for kept, held in by_store.items():
                try:
                    await sync_to_async(kept.refresh, thread_sensitive=False)(held)
                except RedisError as error:
                    logger.warning("waiting requests' places unreachable, not refreshed: %r",
                                   error)


_refreshers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Refresher] = (
    weakref.WeakKeyDictionary())


def _refresher() -> _Refresher:
    """The running loop's refresher."""
    loop = asyncio.get_running_loop()
    if loop not in _refreshers:
        _refreshers[loop] = _Refresher()
    return _refreshers[loop]


def take(*, user: AbstractBaseUser, token_id: Any) -> AbstractAsyncContextManager[object]:
    """A place for a waiting request of ``user`` and ``token_id`` (None: no per-token limit);
    ``quota_exceeded`` when either is full. Holds nothing while Redis cannot be reached."""
    quotas = settings.QUOTAS
    sets = [(f"{KEY_PREFIX}:token:{token_id}", QUOTA_NAMES[0])] if token_id is not None else []
    sets.append((f"{KEY_PREFIX}:user:{user.pk}", QUOTA_NAMES[1]))
    keys, limits = [key for key, _ in sets], [quotas[name] for _, name in sets]
    member = uuid.uuid4().hex
    kept = places()
    try:
        full = kept.take(keys, limits, member)
    except RedisError as error:
        logger.warning("waiting requests' places unreachable, request let through: %r", error)
        return contextlib.nullcontext()
    if full is not None:
        name = sets[full][1]
        raise quota_exceeded(name, limits[full], _REFUSALS[name].format(limit=limits[full]))
    return Place(kept, keys, member)
