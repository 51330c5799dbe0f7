"""ASGI entry point (``make serve``): waiting requests hold no thread, other API requests take
one trip to a pooled thread (docs/adr/0081), an oversized body is refused unread."""

import asyncio
import contextvars
import gc
import os
import time
from concurrent.futures import ThreadPoolExecutor

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from asgiref.sync import sync_to_async  # noqa: E402
from django.conf import settings  # noqa: E402  (after the app registry)
from django.core import signals  # noqa: E402
from django.core.exceptions import RequestAborted  # noqa: E402
from django.core.handlers.asgi import ASGIHandler, get_script_prefix  # noqa: E402
from django.core.handlers.base import BaseHandler  # noqa: E402
from django.db import close_old_connections  # noqa: E402
from django.http import HttpResponseBase  # noqa: E402
from django.urls import get_resolver, set_script_prefix  # noqa: E402

from bots.dispatcher import DispatcherThread  # noqa: E402
from bots.review import AnalysisThread  # noqa: E402
from hearts_api import API_PREFIX  # noqa: E402
from hearts_api.body_limit import BodyLimit  # noqa: E402
from hearts_api.cors import cors_headers  # noqa: E402
from hearts_api.live import is_waiting_request  # noqa: E402
from hearts_api.problems import problem_response, unavailable  # noqa: E402


class Application(ASGIHandler):
    """Django's ASGI handler; an API request that does not wait is answered by ``respond``
    on one of ``COMMAND_THREADS`` threads (docs/adr/0081)."""

    def __init__(self) -> None:
        super().__init__()
        self.synchronous = BaseHandler()
        self.synchronous.load_middleware()
        self.threads = ThreadPoolExecutor(settings.COMMAND_THREADS, "api")

    async def __call__(self, scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
        elif is_waiting_request(scope):
            await self.handle(scope, receive, send)
        elif scope["path"].startswith(API_PREFIX):
            await self.answer(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    async def answer(self, scope, receive, send):  # type: ignore[no-untyped-def]
        try:
            body = await self.read_body(receive)
        except RequestAborted:
            return
        scope = _with_content_length(scope, body)
        task = self.threads.submit(contextvars.Context().run, self.respond, scope, body,
                                   time.monotonic())
        running = asyncio.wrap_future(task)
        leaving = asyncio.ensure_future(self.listen_for_disconnect(receive))
        done, _ = await asyncio.wait({running, leaving}, return_when=asyncio.FIRST_COMPLETED)
        if leaving in done:
            try:
                leaving.result()
            except RequestAborted:  # unrun if still queued, else unsent
                if task.cancel():
                    body.close()
                return
        leaving.cancel()
        response = await running
        try:
            await self.send_response(response, send)
        finally:
            if response.streaming:
                await sync_to_async(response.close)()

    def respond(self, scope, body, queued: float) -> HttpResponseBase:  # type: ignore[no-untyped-def]
        """The response, closed here unless it streams (the loop streams it); 503 ``unavailable``
        unrun (with the CORS headers) if it queued over ``DB_POOL_TIMEOUT``. Closes ``body``."""
        with body:
            if time.monotonic() - queued > settings.DB_POOL_TIMEOUT:
                busy = problem_response(unavailable("The server is too busy to answer; try again."))
                for name, value in cors_headers(scope):
                    busy[name] = value
                return busy
            set_script_prefix(get_script_prefix(scope))
            signals.request_started.send(sender=self.__class__, scope=scope)
            request, response = self.create_request(scope, body)
            try:
                if request is not None:
                    response = self.synchronous.get_response(request)
                    response._handler_class = self.__class__
            finally:
                if response is None:
                    signals.request_finished.send(sender=self.__class__)
                elif response.streaming:
                    close_old_connections()
                else:
                    response.close()
            return response


def _with_content_length(scope, body):  # type: ignore[no-untyped-def]
    """``scope`` naming the length of ``body`` (read whole) when it came without one, chunked:
    DRF reads a request without a Content-Length as having no body."""
    if any(name.lower() == b"content-length" for name, _ in scope["headers"]):
        return scope
    size = body.seek(0, os.SEEK_END)
    body.seek(0)
    return {**scope, "headers": [*scope["headers"], (b"content-length", str(size).encode())]}


application = BodyLimit(Application(), settings.DATA_UPLOAD_MAX_MEMORY_SIZE)

# What start-up loaded is frozen out of the collector's full passes (docs/architecture.md).
get_resolver().url_patterns  # noqa: B018  (loads the URLconf)
gc.collect()
gc.freeze()

# Without a broker, this process makes the bots' moves (bots.dispatcher) and weighs the
# analyses (bots.review).
if settings.BOT_DISPATCH == "thread":
    DispatcherThread.start_once()
    AnalysisThread.start_once()
