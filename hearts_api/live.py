"""Waiting for a match to move: the long poll (``GET /events?wait=S``) and the
Server-Sent Events stream (``GET /matches/{id}/stream``), docs/api.md "Events" and
"Stream".

The views validate and authenticate synchronously, then answer with a streaming
response whose body is produced here, in the event loop: it subscribes to the match
(``hearts_api.notifier``), reads the log once, and reads again only when a commit
announces a new version. Each read runs in a pooled thread and gives its database
connection back before the request waits again, so a waiting client holds neither a
thread nor a connection; a client that disconnects cancels its body at once, which
drops its subscription.

The status line (200) is sent before the body, so a read that fails because the database
is away (down, restarting, no pooled connection in time) cannot become a 503 any more, and
must not cut the body off either: a long poll answers with what it read before, as at its
timeout, and a stream sends heartbeats and reads again at each one until the database is back.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Literal

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import InterfaceError, OperationalError, connections
from django.http import StreamingHttpResponse
from rest_framework.renderers import JSONRenderer

from games import selectors
from games.engine import seat_view
from games.errors import MatchNotFound

from . import database, notifier, presenters
from .models import ApiToken

# GET /events?wait=S: seconds a long poll may hold (docs/api.md, "Events").
WAIT_MIN_SECONDS, WAIT_MAX_SECONDS = 1, 30
# Events per read while a stream catches up (a stream reads again until it has them all).
STREAM_BATCH = 500
# Seconds a woken request lets further commits land before it reads: bots answer a move
# within milliseconds of each other, and one read then carries them all.
SETTLE_SECONDS = 0.02
# A quiet stream reads the log at every this many heartbeats all the same (a minute, by
# default): reading at each would cost 1,000 quiet streams some 70 reads a second.
READ_EVERY_HEARTBEATS = 4
# The statuses after which a match never moves again: its stream closes.
FINAL_STATUSES = frozenset({"finished", "aborted"})
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
class Reading:
    """What a waiting request read: the match's ``version`` and ``status``, the events
    after the seq it asked for (presented and redacted for the caller's seat, at most
    ``version``) and, when asked, the caller's seat view at ``version``."""

    version: int
    status: str
    events: list[dict[str, Any]]
    view: dict[str, Any] | None


def release_connections() -> None:
    """Give this thread's database connections back (closed, or to the pool) unless a
    transaction holds them: a waiting request keeps none."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _read(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int | None,
          limit: int, with_view: bool) -> Reading | None:
    """One read (sync, in a pooled thread): the events after seq ``after`` (none when
    ``after`` is None) and the view. None when the caller's token was revoked or the
    match is gone (or hidden: a daily match, ``selectors.match_watch_get``) since the
    request began: the waiting ends."""
    try:
        if token_id is not None and not ApiToken.objects.filter(pk=token_id).exists():
            return None
        try:
            match, viewer = selectors.match_watch_get(match_id=match_id, user=user)
        except MatchNotFound:
            return None
        logged = [] if after is None else selectors.event_list(match=match, after=after, limit=limit)
        view = None
        if with_view:
            view = presenters.match_seat_view(seat_view(selectors.match_state(match), viewer),
                                              match)
        return Reading(match.version, match.status, presenters.events(logged, viewer), view)
    finally:
        release_connections()


_read_async = sync_to_async(_read, thread_sensitive=False)
# What a read raises while the database is away (as hearts_api.problems answers 503 for).
_AWAY = (OperationalError, InterfaceError)


def long_poll_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                       after: int, limit: int, wait: int) -> StreamingHttpResponse:
    """The answer of ``GET /events?after=N&limit=L&wait=S``: ``{"events", "version"}`` as
    soon as an event after N is committed, or with no events after ``wait`` seconds.
    The status (200) is sent at once; the body when it is known."""
    return StreamingHttpResponse(
        _long_poll(match_id, user, token_id, after, limit, wait), content_type="application/json")


async def _read_unless_away(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                            after: int | None, limit: int,
                            with_view: bool) -> Reading | None | Literal[False]:
    """``_read``, or False when the database is away (the pool that timed out is
    forgotten, as after a request's 503)."""
    try:
        return await _read_async(match_id, user, token_id, after, limit, with_view)
    except _AWAY as error:
        database.forget_pool(error)
        return False


async def _long_poll(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any, after: int,
                     limit: int, wait: int) -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    reading: Reading | None = None
    with notifier.subscription(str(match_id)) as moved:
        while True:
            fresh = await _read_unless_away(match_id, user, token_id, after, limit, False)
            if not isinstance(fresh, Reading):
                break  # the token was revoked, or the database is away: answer with what was read
            reading = fresh
            remaining = deadline - loop.time()
            if reading.events or remaining <= 0:
                break
            if not await moved.wait(remaining, SETTLE_SECONDS):
                # Time is up: one last read, so the answer carries the current version (and
                # any event whose notification was lost on its way).
                last = await _read_unless_away(match_id, user, token_id, after, limit, False)
                reading = last if isinstance(last, Reading) else reading
                break
    body = {"events": reading.events, "version": reading.version} if reading else {
        "events": [], "version": after}
    yield _json.render(body)


def stream_response(*, match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                    after: int | None) -> StreamingHttpResponse:
    """The ``text/event-stream`` of docs/api.md "Stream": with ``after`` None, the seat
    view first, then live; with ``after`` (``Last-Event-ID`` or ``?after=``), the events
    after that seq, the view, then live. Closes after the match's last event."""
    response = StreamingHttpResponse(_stream(match_id, user, token_id, after),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each frame on as it comes
    return response


def frame(event: str, id_: int, data: dict[str, Any]) -> bytes:
    """One SSE message: ``id``, ``event`` and the JSON on one ``data`` line."""
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (id_, event.encode(), _json.render(data))


HEARTBEAT = b": keep-alive\n\n"


async def _stream(match_id: uuid.UUID, user: AbstractBaseUser, token_id: Any,
                  after: int | None) -> AsyncIterator[bytes]:
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    # last: the seq sent up to (None: nothing yet, so no events, the view first);
    # shown: the version of the last view sent; quiet: heartbeats sent.
    # away: the last read failed, the database being away (read again at each heartbeat).
    last, shown, quiet, away = after, None, 0, False
    with notifier.subscription(str(match_id)) as moved:
        catch_up = True
        while True:
            if catch_up:
                while True:  # every event after ``last``, then the view at the version read
                    reading = await _read_unless_away(match_id, user, token_id, last,
                                                      STREAM_BATCH, True)
                    away = reading is False
                    if not isinstance(reading, Reading):
                        break
                    for item in reading.events:
                        yield frame(item["type"], item["seq"], item)
                        last = item["seq"]
                    if last is None:
                        last = reading.version
                    if last >= reading.version:
                        break
                if reading is None:
                    return  # the token was revoked, or the match is gone
                if isinstance(reading, Reading):
                    if reading.version != shown:  # a wake-up with nothing new sends nothing
                        assert reading.view is not None
                        yield frame("view", reading.version, reading.view)
                        shown = reading.version
                    if reading.status in FINAL_STATUSES:
                        return
            catch_up = await moved.wait(heartbeat, SETTLE_SECONDS)
            if not catch_up:
                yield HEARTBEAT
                # And read at every few: a notification lost on its way (a publish that
                # failed) delays the stream by a minute at most, never stalls it.
                quiet += 1
                catch_up = away or quiet % READ_EVERY_HEARTBEATS == 0
