"""Which matches have a bot task queued or running: markers in the broker's Redis, so that
the sweep queues a task only where none is coming (docs/architecture.md, "Bots and Celery
tasks").

A marker is written when ``act`` or ``stand_in`` is queued, under a key naming the task and
what it is for (``marker_key``), with the value ``"<task id> "``: queued, no owner yet. The
worker that receives the task takes it over (``take``: the value becomes ``"<task id>
<owner>"``, owner being that worker's incarnation, ``bots.worker``), and the task's end
deletes it (``drop``); both only while the marker still names that task, so an older task
never overwrites or deletes a newer one's. Each worker incarnation keeps a liveness key
(``keep_alive``) that expires ``LIVENESS_MS`` after its last refresh: a marker whose owner
has none belongs to a dead worker. ``covered`` tells the sweep which markers still stand.

The markers live in the broker's own Redis (``settings.BOT_MARKER_REDIS_URL``), so they
share its fate: a Redis restarted empty drops the queued tasks and their markers together.
With no Redis (eager Celery) there are none and ``covered`` says False for every key.
The functions a command or the sweep calls log and swallow a Redis error: a marker saves
work (a duplicate task is idempotent, though a searching bot's duplicate searches again),
never a reason to fail a command that committed. The worker's own ``keep_alive`` and
``forget`` raise; their caller (``bots.worker``) handles it.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from datetime import datetime
from functools import cache

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

PREFIX = "hearts:bots:"
# A worker refreshes its liveness key every LIVENESS_MS / 3: a dead worker is known as dead
# at most LIVENESS_MS after its last refresh.
LIVENESS_MS = 3000

# SET the marker to ARGV[2] (for PX ARGV[3] ms) only if it still names task ARGV[1].
_TAKE = """
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. ' ' then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""
# DEL the marker only if it still names task ARGV[1].
_DROP = """
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. ' ' then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def marker_key(task: str, match_id: uuid.UUID | str, at: int | str | datetime) -> str:
    """The key of task ``task``'s marker (``"act"`` or ``"stand_in"``) for a match: one per
    match for ``act`` (a running ``act`` moves the match on through many versions, so
    whichever version it is at, it is coming), one per deadline (``at``, a datetime or its
    ISO form) for ``stand_in``."""
    if task == "act":
        return f"{PREFIX}act:{match_id}"
    deadline = at.isoformat() if isinstance(at, datetime) else str(at)
    return f"{PREFIX}stand_in:{match_id}:{deadline}"


def _liveness_key(owner: str) -> str:
    return f"{PREFIX}alive:{owner}"


@cache
def _client(url: str) -> redis.Redis:
    # Short timeouts: a Redis that hangs must not hang a command's commit or the sweep.
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)


def _redis() -> redis.Redis | None:
    url = settings.BOT_MARKER_REDIS_URL
    return _client(url) if url else None


def queued(key: str, task_id: str, *, ttl_s: float) -> None:
    """Mark ``key`` as having task ``task_id`` queued, for ``ttl_s`` seconds (the task's
    countdown plus a generous wait in the queue)."""
    client = _redis()
    if client is None:
        return
    try:
        client.set(key, f"{task_id} ", px=max(1, int(ttl_s * 1000)))
    except redis.RedisError:
        logger.warning("could not mark %s queued; the sweep may queue it again", key)


def take(key: str, task_id: str, owner: str, *, ttl_s: float) -> bool:
    """Make ``owner`` (a worker incarnation) the owner of ``key`` for ``ttl_s`` seconds, if
    the marker still names ``task_id``. Returns whether it did."""
    client = _redis()
    if client is None:
        return False
    try:
        return bool(client.eval(_TAKE, 1, key, task_id, f"{task_id} {owner}",
                                max(1, int(ttl_s * 1000))))
    except redis.RedisError:
        logger.warning("could not take over marker %s", key)
        return False


def drop(key: str, task_id: str) -> None:
    """Delete ``key`` if it still names ``task_id`` (the task has ended)."""
    client = _redis()
    if client is None:
        return
    try:
        client.eval(_DROP, 1, key, task_id)
    except redis.RedisError:
        logger.warning("could not drop marker %s", key)


def keep_alive(owner: str) -> None:
    """(Re)write ``owner``'s liveness key, expiring ``LIVENESS_MS`` from now."""
    client = _redis()
    if client is not None:
        client.set(_liveness_key(owner), 1, px=LIVENESS_MS)


def forget(owner: str) -> None:
    """Delete ``owner``'s liveness key: its markers count as a dead worker's at once."""
    client = _redis()
    if client is not None:
        client.delete(_liveness_key(owner))


def covered(keys: Sequence[str]) -> list[bool]:
    """For each of ``keys``: whether a task is coming for it (its marker says queued, or
    names an owner whose liveness key stands). All False when there are no markers or
    Redis cannot be read (the sweep then queues them all, as it would without markers)."""
    client = _redis()
    if client is None or not keys:
        return [False] * len(keys)
    try:
        values = [value.decode().partition(" ")[2] if value is not None else None
                  for value in client.mget(keys)]
        owners = sorted({owner for owner in values if owner})
        alive = dict(zip(owners, client.mget([_liveness_key(owner) for owner in owners])
                         if owners else [], strict=True))
    except redis.RedisError:
        logger.warning("could not read the task markers; the sweep queues without them")
        return [False] * len(keys)
    return [owner is not None and (owner == "" or alive[owner] is not None) for owner in values]
