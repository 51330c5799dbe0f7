"""The settings ``benchmarks/api_load.py`` serves with: production's (``config.settings``) and
one middleware, outermost, that counts each request's database queries and its CPU time.

Counted server-side, at the one place every query passes (Django's cursor, through
``connection.execute_wrapper``), with DEBUG off: authentication, the view, the commit's
``on_commit`` work and any savepoint all count, as PostgreSQL sees
them. The count goes back in the ``Query-Count`` response header, and the CPU time the
request's thread spent below the middleware (every middleware and view is synchronous, so
one thread runs them all) in ``Cpu-Us``, in microseconds.
"""

import time
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse

from config.settings import *  # noqa: F403  (production's settings, unchanged)
from config.settings import MIDDLEWARE

QUERY_COUNT_HEADER = "Query-Count"  # benchmarks/api_load.py reads them
CPU_HEADER = "Cpu-Us"


class QueryCountMiddleware:
    """Sets ``Query-Count`` and ``Cpu-Us`` on every response: the queries run and the
    thread's CPU microseconds spent answering it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        count = 0

        def counted(execute: Callable[..., Any], sql: str, params: Any, many: bool,
                    context: dict[str, Any]) -> Any:
            nonlocal count
            count += 1
            return execute(sql, params, many, context)

        started = time.thread_time_ns()
        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        response[CPU_HEADER] = str((time.thread_time_ns() - started) // 1000)
        response[QUERY_COUNT_HEADER] = str(count)
        return response


MIDDLEWARE = ["benchmarks.api_load_settings.QueryCountMiddleware", *MIDDLEWARE]
