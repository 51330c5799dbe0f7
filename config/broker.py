"""A fix for the Redis transport of kombu 5.7.0, applied when the Celery app loads.

When Redis goes away while a worker waits on ``BRPOP``, the worker closes its channel twice:
once in ``Connection.collect()`` and once more in ``Connection.close()`` (celery 5.7.0,
``Consumer.on_connection_error_after_connected``). kombu's ``Channel.close`` first reads the
pending ``BRPOP`` reply (so that a task popped at that moment is not lost); with Redis gone
that read raises a connection error, which aborts the close before the channel is marked
closed. The second close then tries to give the unacknowledged tasks back through a
transport that ``collect()`` has already dropped, raises ``AttributeError: 'NoneType' object
has no attribute 'hostname'``, and the worker exits ("Unrecoverable error").

With Redis gone there is no reply to read: the fix treats a connection error on that read
as "nothing was popped" and lets the close go on, so the channel ends closed and the second
close does nothing. The worker then reconnects as Celery intends. The tasks it held
unacknowledged stay in Redis's unacked set (given back after ``visibility_timeout``) or went
with Redis; either way the moves are rows (``games.dispatch``), and beat's tick makes them.
Reproduced and checked by ``tests/e2e/test_worker_redis_restart.py``.
"""

from __future__ import annotations

from queue import Empty
from typing import Any

from kombu.transport import redis as kombu_redis

_close = kombu_redis.Channel.close


def _close_after_a_lost_poll(self: Any) -> None:
    if self._in_poll:
        try:
            self._brpop_read()
        except Empty:
            pass
        except self.connection_errors:
            pass  # the broker is gone, and the reply with it: nothing was popped
    _close(self)


def keep_closing_after_a_lost_poll() -> None:
    """Make kombu's Redis ``Channel.close`` finish when the pending poll's read fails
    (idempotent)."""
    if kombu_redis.Channel.close is not _close_after_a_lost_poll:
        kombu_redis.Channel.close = _close_after_a_lost_poll  # type: ignore[method-assign]
