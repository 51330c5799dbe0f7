"""Waiting for a match to move: the long poll and the event stream (docs/api.md, "Events",
"Stream"); the requests on one match share a ``Feed`` (docs/architecture.md, "Live updates")."""

from __future__ import annotations

import asyncio
import enum
import re
import uuid
import weakref
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import InterfaceError, OperationalError, connections
from django.http import StreamingHttpResponse
from rest_framework.renderers import JSONRenderer

from games import selectors
from games.engine import Phase, Seat, seat_view

from . import API_PREFIX, database, notifier
from .models import ApiToken
from .serializers import events as event_shapes
from .serializers.events import EventListSerializer
from .serializers.play import SeatViewSerializer

# Events per read while a stream catches up.
STREAM_BATCH = 500
# Seconds a woken feed lets further commits land, so one read carries a burst of them.
SETTLE_SECONDS = 0.02
# A quiet stream reads the log anyway at every this many heartbeats.
READ_EVERY_HEARTBEATS = 4
# Requests whose answer waits: config.asgi serves them without a thread of their own.
_STREAM_PATH = re.compile(rf"^{re.escape(API_PREFIX)}matches/[^/]+/stream$")
_EVENTS_PATH = re.compile(rf"^{re.escape(API_PREFIX)}matches/[^/]+/events$")


def is_waiting_request(scope: dict[str, Any]) -> bool:
    """Whether an ASGI HTTP ``scope`` is a stream or a long poll (``events?…wait=``, the
    parameter's name decoded as Django decodes it: ``%77ait=`` too)."""
    path = scope["path"]
    if _STREAM_PATH.match(path):
        return True
    if not _EVENTS_PATH.match(path):
        return False
    query = scope.get("query_string", b"").decode("latin-1")
    return any(name == "wait" for name, _ in parse_qsl(query, keep_blank_values=True))

_json = JSONRenderer()


@dataclass(frozen=True)
class Ask:
    """One request's part of a read: up to ``limit`` events after seq ``after`` (None: none), and
    with ``view`` the seat view unless the version is ``shown`` or the events fall short of it."""

    user: AbstractBaseUser
    token_id: Any
    after: int | None
    limit: int
    view: bool
    shown: int | None = None


@dataclass(frozen=True)
class Reading:
    """What one request read: the match's ``version`` and ``status``, its event bodies, its view."""

    version: int
    status: str
    events: list[dict[str, Any]]
    view: dict[str, Any] | None


class Outcome(enum.Enum):
    """A wait without a ``Reading``: token revoked or match gone or hidden (``ENDED``), database
    away (``AWAY``), or no move in time (``QUIET``)."""

    ENDED = "ended"
    AWAY = "away"
    QUIET = "quiet"


def release_connections() -> None:
    """Give this thread's database connections back unless a transaction holds them."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _read(match_id: uuid.UUID, asks: Sequence[Ask]) -> list[Reading | None]:
    """One read for every ask, in at most three queries: each ask's ``Reading``, or None where
    its wait ends (token revoked, match gone or hidden from its user)."""
    try:
        token_ids = {ask.token_id for ask in asks if ask.token_id is not None}
        tokens = set(ApiToken.objects.filter(pk__in=token_ids).values_list("pk", flat=True)
                     ) if token_ids else set()
        match = selectors.match_find(match_id=match_id)
        if match is None:
            return [None] * len(asks)
        version = match.version

        def last_of(ask: Ask) -> int:
            return version if ask.after is None else min(ask.after + ask.limit, version)

        served = [(ask.token_id is None or ask.token_id in tokens)
                  and not selectors.is_hidden_from(match, ask.user) for ask in asks]
        logged = {item.seq: item for item in selectors.event_list_spans(match=match, spans=[
            (ask.after, last_of(ask)) for ask, ok in zip(asks, served, strict=True)
            if ok and ask.after is not None and ask.after < version])}
        state = selectors.match_state(match)
        presented: dict[tuple[int, Seat | None], dict[str, Any]] = {}
        views: dict[Seat | None, dict[str, Any]] = {}
        readings: list[Reading | None] = []
        for ask, ok in zip(asks, served, strict=True):
            if not ok:
                readings.append(None)
                continue
            seat = selectors.seat_of(state, ask.user)
            events = []
            for seq in range(version + 1 if ask.after is None else ask.after + 1, last_of(ask) + 1):
                if (seq, seat) not in presented:
                    presented[seq, seat] = event_shapes.event_body(logged[seq], seat)
                events.append(presented[seq, seat])
            view = None
            if ask.view and version != ask.shown and last_of(ask) == version:
                if seat not in views:
                    views[seat] = SeatViewSerializer.body(seat_view(state, seat), match,
                                                          version, match.turn_deadline)
                view = views[seat]
            readings.append(Reading(version, match.status, events, view))
        return readings
    finally:
        release_connections()


_read_async = sync_to_async(_read, thread_sensitive=False)
_AWAY = (OperationalError, InterfaceError)


@dataclass(eq=False)
class _Request:
    """A waiter's ask, for the feed's next read: at once (``now``) or once the match moves."""

    waiter: Waiter
    ask: Ask
    now: bool
    answer: asyncio.Future[Reading | Outcome] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


class Feed:
    """The waiting requests on one match in one event loop: one task, subscribed to the match,
    reads once for every request due when a move or an ask made now wakes it."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.waiters: set[Waiter] = set()
        self.requests: list[_Request] = []
        self._due = asyncio.Event()
        self._settle = False
        # Subscribed before the first read, so no commit after it is missed.
        self._board = notifier.board()
        self._board.add(match_id, self)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="match-feed")

    def wake(self) -> None:
        """The match moved (``notifier.Subscriber``): every waiter's next read is due."""
        for waiter in self.waiters:
            waiter.moved = True
        self._settle = True
        self._due.set()

    def ask(self, request: _Request) -> None:
        self.requests.append(request)
        if request.now or request.waiter.moved:
            self._due.set()

    def withdraw(self, waiter: Waiter) -> None:
        """Drop ``waiter``'s ask, if it is not in a read yet."""
        self.requests = [request for request in self.requests if request.waiter is not waiter]

    def close(self) -> None:
        self._board.remove(self.match_id, self)
        self._task.cancel()

    async def _run(self) -> None:
        while True:
            await self._due.wait()
            if self._settle:
                await asyncio.sleep(SETTLE_SECONDS)
                self._settle = False
            self._due.clear()
            due = [request for request in self.requests if request.now or request.waiter.moved]
            if not due:
                continue
            self.requests = [request for request in self.requests
                             if not (request.now or request.waiter.moved)]
            for request in due:
                request.waiter.moved = False
            answers: Sequence[Reading | Outcome | None]
            try:
                answers = await _read_async(uuid.UUID(self.match_id), [request.ask for request in due])
            except _AWAY as error:
                database.forget_pool(error)
                answers = [Outcome.AWAY] * len(due)
            except Exception as error:
                for request in due:
                    if not request.answer.done():
                        request.answer.set_exception(error)
                continue
            for request, answer in zip(due, answers, strict=True):
                if not request.answer.done():
                    request.answer.set_result(Outcome.ENDED if answer is None else answer)


class Waiter:
    """One waiting request on a feed; ``moved``: the match moved since its last read began."""

    def __init__(self, feed: Feed, user: AbstractBaseUser, token_id: Any, limit: int,
                 view: bool) -> None:
        self.feed, self.user, self.token_id, self.limit, self.view = feed, user, token_id, limit, view
        self.moved = False

    async def reading(self, *, after: int | None, shown: int | None = None,
                      within: float | None = None) -> Reading | Outcome:
        """The feed's next read: at once (``within`` None), or once the match moves within
        ``within`` seconds (else ``Outcome.QUIET``)."""
        request = _Request(self, Ask(self.user, self.token_id, after, self.limit, self.view,
                                     shown), now=within is None)
        self.feed.ask(request)
        if within is None:
            return await request.answer
        try:
            return await asyncio.wait_for(request.answer, within)
        except TimeoutError:
            if request not in self.feed.requests:
                self.moved = True  # its read had begun
            self.feed.withdraw(self)
            return Outcome.QUIET


_feeds: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Feed]] = (
    weakref.WeakKeyDictionary())


@contextmanager
def _waiting(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, *, limit: int,
             view: bool) -> Iterator[Waiter]:
    """A ``Waiter`` on this loop's feed of ``match_id``, opened by the first, closed by the last."""
    feeds = _feeds.setdefault(asyncio.get_running_loop(), {})
    key = str(match_id)
    feed = feeds.get(key)
    if feed is None:
        feed = feeds[key] = Feed(key)
    waiter = Waiter(feed, user, token_id, limit, view)
    feed.waiters.add(waiter)
    try:
        yield waiter
    finally:
        feed.waiters.discard(waiter)
        feed.withdraw(waiter)
        if not feed.waiters:
            feed.close()
            del feeds[key]


def waiting() -> int:
    """How many requests in the running loop wait for their match to move."""
    return sum(not request.now for feed in _feeds.get(asyncio.get_running_loop(), {}).values()
               for request in feed.requests)


def long_poll_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                       after: int, limit: int, wait: int,
                       place: AbstractAsyncContextManager[object],
                       version: int) -> StreamingHttpResponse:
    """The long poll: ``{"events", "version"}`` once an event after ``after`` commits, or with
    none after ``wait`` seconds (``version``: the match's as the request read it, answered
    when no later read succeeds); ``place`` (``waiting_quota``) is held until then."""
    return StreamingHttpResponse(
        _long_poll(match_id, user, token_id, after, limit, wait, place, version),
        content_type="application/json")


async def _long_poll(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int,
                     limit: int, wait: int, place: AbstractAsyncContextManager[object],
                     version: int) -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    reading: Reading | None = None
    async with place:
        with _waiting(match_id, user, token_id, limit=limit, view=False) as waiter:
            fresh = await waiter.reading(after=after)
            # Not a Reading: answer with what was read.
            while isinstance(fresh, Reading):
                reading = fresh
                remaining = deadline - loop.time()
                if reading.events or remaining <= 0:
                    break
                fresh = await waiter.reading(after=after, within=remaining)
                if fresh is Outcome.QUIET:
                    # One last read, for the current version and any lost notification.
                    last = await waiter.reading(after=after)
                    reading = last if isinstance(last, Reading) else reading
                    break
    body = (EventListSerializer.body(reading.events, reading.version) if reading
            else EventListSerializer.body([], version))
    yield _json.render(body)


def stream_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                    after: int | None,
                    place: AbstractAsyncContextManager[object]) -> StreamingHttpResponse:
    """The stream (docs/api.md, "Stream"): the events after ``after``, the view, then live, until
    the match's last event; ``place`` (``waiting_quota``) is held while open."""
    response = StreamingHttpResponse(_stream(match_id, user, token_id, after, place),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: no buffering
    return response


def frame(event: str, id_: int, data: dict[str, Any]) -> bytes:
    """One SSE message: ``id``, ``event`` and the JSON on one ``data`` line."""
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (id_, event.encode(), _json.render(data))


HEARTBEAT = b": keep-alive\n\n"


async def _stream(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int | None,
                  place: AbstractAsyncContextManager[object]) -> AsyncIterator[bytes]:
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    # last: the seq sent up to; shown: the last view's version; away: the database was.
    last, shown, quiet, away = after, None, 0, False
    async with place:
        with _waiting(match_id, user, token_id, limit=STREAM_BATCH, view=True) as waiter:
            reading = await waiter.reading(after=last, shown=shown)
            while reading is not Outcome.ENDED:
                if reading is Outcome.QUIET:
                    yield HEARTBEAT
                    # Read at every few, so a lost notification never stalls the stream.
                    quiet += 1
                    read_now = away or quiet % READ_EVERY_HEARTBEATS == 0
                    reading = await waiter.reading(after=last, shown=shown,
                                                   within=None if read_now else heartbeat)
                    continue
                away = reading is Outcome.AWAY
                if isinstance(reading, Reading):
                    for item in reading.events:
                        yield frame(item["type"], item["seq"], item)
                        last = item["seq"]
                    if last is None:
                        last = reading.version
                    if last < reading.version:  # the next batch at once
                        reading = await waiter.reading(after=last, shown=shown)
                        continue
                    if reading.view is not None:
                        yield frame("view", reading.version, reading.view)
                        shown = reading.version
                    if Phase(reading.status).is_over:
                        return
                reading = await waiter.reading(after=last, shown=shown, within=heartbeat)
