"""Match notifications: a command's commit wakes the requests waiting on that match.

A commit sends ``games.signals.match_advanced``; ``announce`` (connected to it in
``HeartsApiConfig.ready``, in every process that commits: web and worker) publishes
the match's id and new version (with PostgreSQL, the command's write has sent it).
Each web process's event loop has one ``Board``:
subscribers (``hearts_api.live``'s feeds, one per match) subscribe to it by match, and one
listener task per loop carries the published versions from the backend to the board. No
waiting request holds a thread or a database connection, and none reads the database
until it is woken.

Backends (``LIVE_NOTIFIER``; by default the first that applies):

- ``redis`` (``REDIS_URL`` set): ``PUBLISH`` on a channel every web process
  subscribes to.
- ``postgresql`` (PostgreSQL without Redis): the command's own write sends ``NOTIFY``
  (``games.statements.command_write``), delivered at its commit; each web process
  ``LISTEN``s on one autocommit connection of its own.
- ``process`` (the embedded default, SQLite): the commit and the waiting request are
  in the same process, so the board is woken directly (``call_soon_threadsafe``).

A listener that (re)connects wakes every subscriber of its board, so nothing committed
while it was away is missed: a woken feed reads the log again. One that cannot connect
tries again after 1, 2, 4 … 30 s; meanwhile a long poll reads at its timeout and a
stream at every few heartbeats (``hearts_api.live``), so nothing stalls.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import defaultdict
from functools import cache
from typing import Any, Protocol
from urllib.parse import urlsplit

from django.conf import settings

from games.signals import MATCH_ADVANCED_CHANNEL, announced_match, announcement

logger = logging.getLogger(__name__)

# How long a listener that lost its connection waits before it tries again (seconds):
# doubling from the first to the last while the backend stays away.
RECONNECT_SECONDS, RECONNECT_MAX_SECONDS = 1.0, 30.0


class Subscriber(Protocol):
    """What subscribes to a match: ``wake`` is called (in the loop) each time it moves."""

    def wake(self) -> None: ...


class Board:
    """The subscribers of one event loop, by match id (str)."""

    def __init__(self) -> None:
        self._by_match: defaultdict[str, set[Subscriber]] = defaultdict(set)

    def add(self, match_id: str, subscriber: Subscriber) -> None:
        self._by_match[match_id].add(subscriber)

    def remove(self, match_id: str, subscriber: Subscriber) -> None:
        waiting = self._by_match.get(match_id)
        if waiting is not None:
            waiting.discard(subscriber)
            if not waiting:
                del self._by_match[match_id]

    def wake(self, match_id: str) -> None:
        for subscriber in self._by_match.get(match_id, ()):
            subscriber.wake()

    def wake_all(self) -> None:
        for waiting in self._by_match.values():
            for subscriber in waiting:
                subscriber.wake()

    def __len__(self) -> int:
        return sum(len(waiting) for waiting in self._by_match.values())


class Backend(Protocol):
    name: str

    def publish(self, match_id: str, version: int) -> None:
        """Announce ``version`` of ``match_id`` to every process (sync, from any thread)."""

    async def listen(self, board: Board) -> None:
        """Wake ``board``'s subscribers as announcements arrive, until cancelled."""


class ProcessBackend:
    """The embedded default: publisher and waiters share the process."""

    name = "process"

    def __init__(self) -> None:
        self._boards: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Board] = (
            weakref.WeakKeyDictionary())

    def attach(self, loop: asyncio.AbstractEventLoop, board: Board) -> None:
        self._boards[loop] = board

    def publish(self, match_id: str, version: int) -> None:
        for loop, board in list(self._boards.items()):
            if not loop.is_closed():
                loop.call_soon_threadsafe(board.wake, match_id)

    async def listen(self, board: Board) -> None:
        self.attach(asyncio.get_running_loop(), board)
        await asyncio.Event().wait()  # publish wakes the board itself; nothing to carry


class RedisBackend:
    """Redis pub/sub on one channel per Redis database (pub/sub ignores the database
    number, so two deployments on one Redis stay apart)."""

    name = "redis"

    def __init__(self, url: str) -> None:
        import redis

        self.url = url
        self.channel = f"hearts.match_advanced.{urlsplit(url).path.strip('/') or '0'}"
        self._client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)

    def publish(self, match_id: str, version: int) -> None:
        self._client.publish(self.channel, announcement(match_id, version))

    async def listen(self, board: Board) -> None:
        import redis.asyncio

        pause = RECONNECT_SECONDS
        while True:
            # The health check pings a quiet connection, so a half-open one fails loudly.
            client = redis.asyncio.Redis.from_url(self.url, socket_connect_timeout=2,
                                                  socket_keepalive=True, health_check_interval=15)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    await pubsub.get_message(timeout=5)  # the subscription's confirmation
                    board.wake_all()
                    pause = RECONNECT_SECONDS
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            board.wake(announced_match(message["data"]))
            except (OSError, redis.RedisError) as error:
                logger.warning("match notifications: Redis listener lost (%s); retrying in %s s",
                               error, pause)
            finally:
                await client.aclose()
            await asyncio.sleep(pause)
            pause = min(2 * pause, RECONNECT_MAX_SECONDS)


class PostgresBackend:
    """PostgreSQL ``NOTIFY`` / ``LISTEN`` on the database of ``DATABASES["default"]``."""

    name = "postgresql"

    def publish(self, match_id: str, version: int) -> None:
        """Nothing: the command's write sent the ``NOTIFY`` (module docstring)."""

    async def listen(self, board: Board) -> None:
        import psycopg
        from django.db import connections

        pause = RECONNECT_SECONDS
        while True:
            try:
                # A connection of its own: LISTEN needs autocommit, and a connection
                # waiting on notifies() can run nothing else.
                async with await psycopg.AsyncConnection.connect(
                        autocommit=True, connect_timeout=5,
                        **_conninfo(connections["default"].settings_dict)) as conn:
                    await conn.execute(f"LISTEN {MATCH_ADVANCED_CHANNEL}")
                    board.wake_all()
                    pause = RECONNECT_SECONDS
                    async for notify in conn.notifies():
                        board.wake(announced_match(notify.payload))
            except psycopg.Error as error:
                logger.warning("match notifications: PostgreSQL listener lost (%s); retrying in "
                               "%s s", error, pause)
            await asyncio.sleep(pause)
            pause = min(2 * pause, RECONNECT_MAX_SECONDS)


def _conninfo(settings_dict: dict[str, Any]) -> dict[str, Any]:
    params = {"dbname": settings_dict["NAME"], "user": settings_dict.get("USER"),
              "password": settings_dict.get("PASSWORD"), "host": settings_dict.get("HOST"),
              "port": settings_dict.get("PORT")}
    return {key: value for key, value in params.items() if value}


@cache
def backend() -> Backend:
    """The process's backend (module docstring), named by ``settings.LIVE_NOTIFIER``."""
    name = settings.LIVE_NOTIFIER
    if name == "redis":
        return RedisBackend(settings.REDIS_URL)
    if name == "postgresql":
        return PostgresBackend()
    return ProcessBackend()


def announce(sender: Any, *, match_id: Any, version: int, **kwargs: Any) -> None:
    """``match_advanced`` receiver: publish the new version. The command has committed, so
    a backend that fails is logged, not raised: waiters then wake at their timeout."""
    try:
        backend().publish(str(match_id), version)
    except Exception:
        logger.exception("could not announce match %s v%s", match_id, version)


# The board and listener task of each running event loop.
_boards: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, tuple[Board, asyncio.Task[None]]] = (
    weakref.WeakKeyDictionary())


def board() -> Board:
    """The running loop's board, its listener started on first use. Subscribe to it before
    reading the log, so that a commit between the read and the wait still wakes."""
    loop = asyncio.get_running_loop()
    found = _boards.get(loop)
    if found is None or found[1].done():
        new_board = found[0] if found else Board()
        found = (new_board, loop.create_task(backend().listen(new_board), name="match-notifier"))
        _boards[loop] = found
    return found[0]


def waiting() -> int:
    """How many subscribers the running loop's board holds (the tests check it drops to 0)."""
    found = _boards.get(asyncio.get_running_loop())
    return len(found[0]) if found else 0
