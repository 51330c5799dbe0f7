"""What a request does when PostgreSQL does not answer, beyond answering 503.

Django's psycopg pool retries a failed connection with growing pauses (1 s, 2 s, 4 s, ...),
so after an outage of some seconds its next attempt may come well after the database is
back, and every request until then would still time out. ``forget_pool`` closes a pool that
timed out: the next request opens a new one, whose first attempt is at once.
"""

from __future__ import annotations

import threading

from django.db import connections
from psycopg_pool import PoolTimeout

_lock = threading.Lock()


def forget_pool(error: BaseException) -> None:
    """Close the default database's pool when ``error`` (a ``django.db`` error) came from
    waiting for one of its connections in vain; other errors leave it alone. Connections
    lent out when it closes are closed as they are given back."""
    if not isinstance(error.__cause__, PoolTimeout):
        return
    connection = connections["default"]
    with _lock:  # one thread closes it; the others find it gone
        if connection.alias in connection._connection_pools:
            connection.close_pool()
