"""A fix for kombu 5.7.0's Redis transport: a channel closed while Redis is gone finishes
closing, so the worker reconnects instead of exiting (docs/adr/0053-redis-restart-fix.md)."""

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
