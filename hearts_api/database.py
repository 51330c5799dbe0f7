"""A database outage: ``forget_pool`` closes a pool that timed out, so the next request
connects at once rather than after the pool's growing retry pauses."""

from __future__ import annotations

import threading

from django.db import connections
from psycopg_pool import PoolTimeout

_lock = threading.Lock()


def forget_pool(error: BaseException) -> None:
    """Close the default database's pool when ``error`` (a ``django.db`` error) is a pool timeout."""
    if not isinstance(error.__cause__, PoolTimeout):
        return
    connection = connections["default"]
    with _lock:
        if connection.alias in connection._connection_pools:
            connection.close_pool()
