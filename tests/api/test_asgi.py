"""``config.asgi``'s one trip for an API request that does not wait: the start signal, the
view and the close run on one thread of the pool, not the event loop's, and the answer is
the one Django's own handler gives. Driven here by hand; the real server's turn is every
test in tests/e2e."""

from __future__ import annotations

import asyncio
import io
import json
import threading
import time
from typing import Any

from django.core import signals
from django.test import Client

from .helpers import API


def _call(path: str, method: str = "GET", headers: tuple[tuple[bytes, bytes], ...] = (),
          chunks: tuple[bytes, ...] = (b"",)) -> tuple[int, dict[str, str], bytes]:
    # Imported here, once the bots move inline (tests/conftest.py): at collection it would
    # start the embedded dispatcher thread.
    from config.asgi import application

    sent: list[dict[str, Any]] = []

    messages = [{"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
                for i, chunk in enumerate(chunks)][::-1]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop()
        await asyncio.Event().wait()  # the client stays: no disconnect
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"testserver"), *headers],
             "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}
    asyncio.run(application(scope, receive, send))
    start, body = sent[0], b"".join(message.get("body", b"") for message in sent[1:])
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}, body


def test_an_api_request_is_answered_on_one_pool_thread_as_djangos_handler_answers_it() -> None:
    threads: dict[str, str] = {}

    def started(**kwargs: Any) -> None:
        threads["started"] = threading.current_thread().name

    def finished(**kwargs: Any) -> None:
        threads["finished"] = threading.current_thread().name

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        status, headers, body = _call(f"{API}/tokens")
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)

    expected = Client().get(f"{API}/tokens")
    assert status == expected.status_code == 401
    assert headers["content-type"] == expected["Content-Type"] == "application/problem+json"
    assert json.loads(body) == expected.json()
    assert threads["started"] == threads["finished"]
    assert threads["started"].startswith("api_")  # the pool's (COMMAND_THREADS), not the loop's


def test_a_request_that_queued_past_the_pools_timeout_answers_503_unrun(settings: Any) -> None:
    from config.asgi import application

    settings.CORS_ALLOWED_ORIGINS = ["https://cards.example"]
    handler = application.app
    started: list[object] = []
    scope = {"type": "http", "method": "GET", "path": f"{API}/matches",
             "headers": [(b"origin", b"https://cards.example")]}
    signals.request_started.connect(started.append)
    try:
        response = handler.respond(scope, io.BytesIO(), time.monotonic() - settings.DB_POOL_TIMEOUT - 1)
    finally:
        signals.request_started.disconnect(started.append)

    assert response.status_code == 503
    assert response["Retry-After"] == "3"
    assert json.loads(response.content)["code"] == "unavailable"
    assert started == []  # nothing of the request ran
    # as Django's answers: a browser on an allowed origin reads it (tests/api/test_cors.py)
    assert response["Access-Control-Allow-Origin"] == "https://cards.example"
    assert "Retry-After" in response["Access-Control-Expose-Headers"]


def test_a_request_whose_client_leaves_while_it_runs_still_reads_its_body() -> None:
    """The view starts, the client hangs up, the loop stops waiting; the view then reads the
    body (here an invalid registration): it answers its 400 unsent, no error."""
    from config.asgi import application

    started, go_on, finished, errors = threading.Event(), threading.Event(), threading.Event(), []

    def hold(**kwargs: Any) -> None:
        started.set()
        go_on.wait(10)

    def record(**kwargs: Any) -> None:
        errors.append(kwargs.get("request"))

    messages = [{"type": "http.disconnect"},
                {"type": "http.request", "body": b'{"username": ""}', "more_body": False}]

    async def receive() -> dict[str, Any]:
        if len(messages) == 1:  # the body is read: hang up once the view has started
            assert await asyncio.to_thread(started.wait, 10), "the view did not start"
        return messages.pop()

    async def send(message: dict[str, Any]) -> None:
        raise AssertionError(f"nothing is sent to a client that left: {message}")

    body = b'{"username": ""}'
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": f"{API}/players", "raw_path": f"{API}/players".encode(),
             "query_string": b"", "root_path": "",
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode())],
             "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}
    signals.request_started.connect(hold)
    signals.request_finished.connect(lambda **kwargs: finished.set(), weak=False,
                                     dispatch_uid="test_asgi_finished")
    signals.got_request_exception.connect(record)
    try:
        asyncio.run(application(scope, receive, send))  # returns once the client has left
        go_on.set()
        assert finished.wait(10), "the view did not run to its end"
    finally:
        go_on.set()
        signals.request_started.disconnect(hold)
        signals.request_finished.disconnect(dispatch_uid="test_asgi_finished")
        signals.got_request_exception.disconnect(record)
    assert errors == []


def test_a_chunked_body_without_content_length_is_read_whole() -> None:
    status, _, body = _call(f"{API}/players", "POST",
                            ((b"content-type", b"application/json"),
                             (b"transfer-encoding", b"chunked")),
                            (b'{"username": ', b'5}'))  # read as no body, it would lack one
    assert status == 400
    assert [(e["field"], e["code"]) for e in json.loads(body)["errors"]] == [("username", "invalid")]
