"""Waiting for a match to move: the long poll (``GET /events?wait=S``) and the
Server-Sent Events stream (``GET /matches/{id}/stream``), docs/api.md "Events" and
"Stream".

The views validate and authenticate synchronously, take the request's place among the
waiting requests of its token and player (``hearts_api.waiting_quota``), then answer with
a streaming response whose body is produced here, in the event loop. The waiting requests
on one match in one event loop share a ``Feed``: it subscribes to the match
(``hearts_api.notifier``) and reads for all of them at once, only when a commit announces
a new version or one of them asks (its first read, a stream's read at every few
heartbeats, a long poll's at its timeout). One read is three queries whatever the number
of requests (the tokens still there, the match row, the events any of them needs); each
event is presented once per seat, each view built once per seat, and every request takes
its own part (its cursor, its seat, whether its token is gone or the match hidden from
it). Each read runs in a pooled thread and gives its database connection back, so a
waiting client holds neither a thread nor a connection; a client that disconnects cancels
its body at once, which takes it out of its feed (the last one out closes the feed and its
subscription) and gives its place back.

The status line (200) is sent before the body, so a read that fails because the database
is away (down, restarting, no pooled connection in time) cannot become a 503 any more, and
must not cut the body off either: a long poll answers with what it read before, as at its
timeout, and a stream sends heartbeats and reads again at each one until the database is back.
"""

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

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import InterfaceError, OperationalError, connections
from django.http import StreamingHttpResponse
from rest_framework.renderers import JSONRenderer

from games import selectors
from games.engine import Phase, Seat, seat_view

from . import database, notifier
from .models import ApiToken
from .serializers import events as event_shapes
from .serializers.events import EventListSerializer
from .serializers.play import SeatViewSerializer

# Events per read while a stream catches up (a stream reads again until it has them all).
STREAM_BATCH = 500
# Seconds a woken feed lets further commits land before it reads: bots answer a move
# within milliseconds of each other, and one read then carries them all.
SETTLE_SECONDS = 0.02
# A quiet stream reads the log at every this many heartbeats all the same (a minute, by
# default): reading at each would cost 1,000 quiet streams some 70 reads a second.
READ_EVERY_HEARTBEATS = 4
# Requests whose answer waits: config.asgi serves them without a thread of their own.
_STREAM_PATH = re.compile(r"^/api/v1/matches/[^/]+/stream$")
_EVENTS_PATH = re.compile(r"^/api/v1/matches/[^/]+/events$")
_WAIT_PARAMETER = re.compile(rb"(?:^|&)wait=")


def is_waiting_request(scope: dict[str, Any]) -> bool:
    """Whether an ASGI HTTP ``scope`` is a stream or a long poll (``events?…wait=``)."""
    path = scope["path"]
    return bool(_STREAM_PATH.match(path) or (
        _EVENTS_PATH.match(path) and _WAIT_PARAMETER.search(scope.get("query_string", b""))))

_json = JSONRenderer()


@dataclass(frozen=True)
class Ask:
    """One waiting request's part of a read: who asks (``user``; ``token_id``, None without
    a token), the events after seq ``after`` (None: none) up to ``limit`` of them, and the
    seat view when ``view`` and the version read is not ``shown`` and the events reach it."""

    user: AbstractBaseUser
    token_id: Any
    after: int | None
    limit: int
    view: bool
    shown: int | None = None


@dataclass(frozen=True)
class Reading:
    """What one waiting request read: the match's ``version`` and ``status``, the events
    after the seq it asked for (presented and redacted for its seat, at most ``version``)
    and, when asked, its seat view at ``version``."""

    version: int
    status: str
    events: list[dict[str, Any]]
    view: dict[str, Any] | None


class Outcome(enum.Enum):
    """A wait that brought no ``Reading``: the request's token was revoked or the match is
    gone or hidden from it (``ENDED``: the waiting ends), the database is away (``AWAY``), or
    the match did not move in time (``QUIET``)."""

    ENDED = "ended"
    AWAY = "away"
    QUIET = "quiet"


def release_connections() -> None:
    """Give this thread's database connections back (closed, or to the pool) unless a
    transaction holds them: a waiting request keeps none."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _read(match_id: uuid.UUID, asks: Sequence[Ask]) -> list[Reading | None]:
    """One read for every ask (sync, in a pooled thread): at most three queries, the tokens
    still there, the match row, and the events any ask needs. Each ask's ``Reading``, or
    None where the waiting ends: its token was revoked, or the match is gone or hidden from
    its user (``selectors.is_hidden_from``). Each event is presented once per seat, each
    view built once per seat; an ask's seat is read off the state (``selectors.seat_of``),
    since seats change hands."""
    try:
        token_ids = {ask.token_id for ask in asks if ask.token_id is not None}
        tokens = set(ApiToken.objects.filter(pk__in=token_ids).values_list("pk", flat=True)
                     ) if token_ids else set()
        match = selectors.match_find(match_id=match_id)
        if match is None:
            return [None] * len(asks)
        version = match.version

        def last_of(ask: Ask) -> int:  # the last seq an ask gets from this read
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
            events = []  # seqs run 1..version without a gap
            for seq in range(version + 1 if ask.after is None else ask.after + 1, last_of(ask) + 1):
                if (seq, seat) not in presented:
                    presented[seq, seat] = event_shapes.event_body(logged[seq], seat)
                events.append(presented[seq, seat])
            view = None
            if ask.view and version != ask.shown and last_of(ask) == version:
                if seat not in views:
                    views[seat] = SeatViewSerializer.body(seat_view(state, seat), match.id,
                                                          version, match.fixed_deals,
                                                          match.turn_deadline)
                view = views[seat]
            readings.append(Reading(version, match.status, events, view))
        return readings
    finally:
        release_connections()


_read_async = sync_to_async(_read, thread_sensitive=False)
# What a read raises while the database is away (as hearts_api.problems answers 503 for).
_AWAY = (OperationalError, InterfaceError)


@dataclass(eq=False)
class _Request:
    """A waiter's ask, answered by the feed's next read: at once (``now``) or once the match
    has moved."""

    waiter: Waiter
    ask: Ask
    now: bool
    answer: asyncio.Future[Reading | Outcome] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


class Feed:
    """The waiting requests (``Waiter``) on one match in one event loop, and their shared
    reads: one task subscribes to the match and, when woken by a move (after
    ``SETTLE_SECONDS``) or by an ask made now, reads once for every request then due."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.waiters: set[Waiter] = set()
        self.requests: list[_Request] = []  # asked and not yet taken into a read
        self._due = asyncio.Event()
        self._settle = False
        # Subscribed before the first read: a commit after any read's start wakes another.
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
                database.forget_pool(error)  # as after a request's 503
                answers = [Outcome.AWAY] * len(due)
            except Exception as error:  # each request fails with it, as its own read would
                for request in due:
                    if not request.answer.done():
                        request.answer.set_exception(error)
                continue
            for request, answer in zip(due, answers, strict=True):
                if not request.answer.done():  # not timed out nor cancelled meanwhile
                    request.answer.set_result(Outcome.ENDED if answer is None else answer)


class Waiter:
    """One waiting request on a feed: it reads as ``user`` with ``token_id``, ``limit``
    events at a time, with the view or not (``view``). ``moved``: the match moved since its
    last read began."""

    def __init__(self, feed: Feed, user: AbstractBaseUser, token_id: Any, limit: int,
                 view: bool) -> None:
        self.feed, self.user, self.token_id, self.limit, self.view = feed, user, token_id, limit, view
        self.moved = False

    async def reading(self, *, after: int | None, shown: int | None = None,
                      within: float | None = None) -> Reading | Outcome:
        """The events after seq ``after`` (None: none) and the view unless at ``shown``, from
        the feed's next read: at once (``within`` None), or once the match moves, if it does
        within ``within`` seconds (else ``Outcome.QUIET``)."""
        request = _Request(self, Ask(self.user, self.token_id, after, self.limit, self.view,
                                     shown), now=within is None)
        self.feed.ask(request)
        if within is None:
            return await request.answer
        try:
            return await asyncio.wait_for(request.answer, within)
        except TimeoutError:
            if request not in self.feed.requests:
                self.moved = True  # its read had begun: the next one is due at once
            self.feed.withdraw(self)
            return Outcome.QUIET


# The feeds of each running event loop, by match id.
_feeds: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Feed]] = (
    weakref.WeakKeyDictionary())


@contextmanager
def _waiting(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, *, limit: int,
             view: bool) -> Iterator[Waiter]:
    """A ``Waiter`` on the running loop's feed of ``match_id`` for the block (the feed is
    opened by the first and closed by the last)."""
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
    """How many requests in the running loop wait for their match to move (the tests wait
    for them before they commit, and check that none is left)."""
    return sum(not request.now for feed in _feeds.get(asyncio.get_running_loop(), {}).values()
               for request in feed.requests)


def long_poll_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                       after: int, limit: int, wait: int,
                       place: AbstractAsyncContextManager[object]) -> StreamingHttpResponse:
    """The answer of ``GET /events?after=N&limit=L&wait=S``: ``{"events", "version"}`` as
    soon as an event after N is committed, or with no events after ``wait`` seconds.
    The status (200) is sent at once; the body when it is known. ``place`` is held until
    then (``hearts_api.waiting_quota``)."""
    return StreamingHttpResponse(_long_poll(match_id, user, token_id, after, limit, wait, place),
                                 content_type="application/json")


async def _long_poll(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int,
                     limit: int, wait: int,
                     place: AbstractAsyncContextManager[object]) -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    reading: Reading | None = None
    async with place:
        with _waiting(match_id, user, token_id, limit=limit, view=False) as waiter:
            fresh = await waiter.reading(after=after)
            # Not a Reading: the token was revoked, or the database is away: answer with what was read.
            while isinstance(fresh, Reading):
                reading = fresh
                remaining = deadline - loop.time()
                if reading.events or remaining <= 0:
                    break
                fresh = await waiter.reading(after=after, within=remaining)
                if fresh is Outcome.QUIET:
                    # Time is up: one last read, so the answer carries the current version (and
                    # any event whose notification was lost on its way).
                    last = await waiter.reading(after=after)
                    reading = last if isinstance(last, Reading) else reading
                    break
    body = (EventListSerializer.body(reading.events, reading.version) if reading
            else EventListSerializer.body([], after))
    yield _json.render(body)


def stream_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                    after: int | None,
                    place: AbstractAsyncContextManager[object]) -> StreamingHttpResponse:
    """The ``text/event-stream`` of docs/api.md "Stream": with ``after`` None, the seat
    view first, then live; with ``after`` (``Last-Event-ID`` or ``?after=``), the events
    after that seq, the view, then live. Closes after the match's last event. ``place`` is
    held while it is open (``hearts_api.waiting_quota``)."""
    response = StreamingHttpResponse(_stream(match_id, user, token_id, after, place),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each frame on as it comes
    return response


def frame(event: str, id_: int, data: dict[str, Any]) -> bytes:
    """One SSE message: ``id``, ``event`` and the JSON on one ``data`` line."""
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (id_, event.encode(), _json.render(data))


HEARTBEAT = b": keep-alive\n\n"


async def _stream(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int | None,
                  place: AbstractAsyncContextManager[object]) -> AsyncIterator[bytes]:
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    # last: the seq sent up to (None: nothing yet, so no events, the view first);
    # shown: the version of the last view sent; quiet: heartbeats sent.
    # away: the last read failed, the database being away (read again at each heartbeat).
    last, shown, quiet, away = after, None, 0, False
    async with place:
        with _waiting(match_id, user, token_id, limit=STREAM_BATCH, view=True) as waiter:
            reading = await waiter.reading(after=last, shown=shown)
            while reading is not Outcome.ENDED:  # ended: the token was revoked, or the match is gone
                if reading is Outcome.QUIET:
                    yield HEARTBEAT
                    # And read at every few: a notification lost on its way (a publish that
                    # failed) delays the stream by a minute at most, never stalls it.
                    quiet += 1
                    read_now = away or quiet % READ_EVERY_HEARTBEATS == 0
                    reading = await waiter.reading(after=last, shown=shown,
                                                   within=None if read_now else heartbeat)
                    continue
                away = reading is Outcome.AWAY
                if isinstance(reading, Reading):
                    for item in reading.events:  # every event after ``last``
                        yield frame(item["type"], item["seq"], item)
                        last = item["seq"]
                    if last is None:
                        last = reading.version
                    if last < reading.version:  # more to catch up on: the next batch at once
                        reading = await waiter.reading(after=last, shown=shown)
                        continue
                    if reading.view is not None:  # then the view at that version, once
                        yield frame("view", reading.version, reading.view)
                        shown = reading.version
                    if Phase(reading.status).is_over:  # it never moves again
                        return
                reading = await waiter.reading(after=last, shown=shown, within=heartbeat)
