"""A database outage: ``forget_pool`` closes a pool that timed out while it could not
connect, so the next request connects at once rather than after the pool's growing retry
pauses. A pool that timed out only because all its connections were busy is kept."""

from __future__ import annotations

import threading

from django.db import connections
from psycopg_pool import PoolTimeout

_lock = threading.Lock()


def forget_pool(error: BaseException) -> None:
    """Close the default database's pool when ``error`` (a ``django.db`` error) is a pool
    timeout and the pool failed to connect since its last timeout (or since it was made)."""
    if not isinstance(error.__cause__, PoolTimeout):
        return
    connection = connections["default"]
    with _lock:
        pool = connection._connection_pools.get(connection.alias)
        if pool is not None and pool.pop_stats().get("connections_errors", 0):
            connection.close_pool()
