"""``BodyLimit``, the ASGI middleware of config.asgi: a body over the limit is refused with the
very answer Django's own check gives, before a byte of it is received (with Content-Length)
or as soon as the limit is passed (chunked). Driven here by hand, message by message; the
real server's turn is tests/e2e/test_body_limit.py."""

from __future__ import annotations

import asyncio
import json

import pytest
from django.conf import settings

from hearts_api.body_limit import BodyLimit

from .helpers import API

LIMIT = 100


class App:
    """An ASGI app that reads the whole body (as Django's handler does), then answers 200."""

    def __init__(self):
        self.called = False
        self.messages = []

    async def __call__(self, scope, receive, send):
        self.called = True
        while True:
            message = await receive()
            self.messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body"):
                break
        if message["type"] == "http.request":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})


def _run(headers, chunks, limit=LIMIT):
    """Send a POST with ``headers`` and body ``chunks`` (each a message) through
    ``BodyLimit``; returns (the app, the messages sent back, how many chunks were received)."""
    app = App()
    sent = []
    pending = [{"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1}
               for i, chunk in enumerate(chunks)]
    received = 0

    async def receive():
        nonlocal received
        received += 1
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    asyncio.run(BodyLimit(app, limit)(scope, receive, send))
    return app, sent, received


def _status_and_body(sent):
    start, *bodies = sent
    return start["status"], dict(start["headers"]), b"".join(m.get("body", b"") for m in bodies)


def test_a_content_length_over_the_limit_is_413_before_anything_is_received():
    app, sent, received = _run([(b"content-length", str(LIMIT + 1).encode())], [b"x"])
    status, headers, body = _status_and_body(sent)
    assert (status, received, app.called) == (413, 0, False)
    assert headers[b"content-type"] == b"application/problem+json"
    assert headers[b"connection"] == b"close"  # the unread body never frames another request
    assert json.loads(body)["code"] == "payload_too_large"


@pytest.mark.parametrize("length", [b"99999999999999999999", b"9" * 5000, b"0" * 40 + b"101"])
def test_a_huge_content_length_is_413_not_a_failure_to_parse_it(length):
    app, sent, received = _run([(b"content-length", length)], [b"x"])
    assert (_status_and_body(sent)[0], received, app.called) == (413, 0, False)


def test_the_413_is_byte_for_byte_the_one_django_gives(client_a):
    oversized = b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    django = client_a.generic("POST", f"{API}/players", oversized, content_type="application/json")
    _, sent, _ = _run([(b"content-length", str(len(oversized)).encode())], [oversized],
                      limit=settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    status, headers, body = _status_and_body(sent)
    assert (status, body) == (django.status_code, django.content)
    assert headers[b"content-type"].decode() == django["Content-Type"]


@pytest.mark.parametrize("length", [b"0", str(LIMIT).encode(), b"0" * 40 + b"7"])
def test_a_content_length_within_the_limit_is_read_by_the_app(length):
    body = b"x" * int(length)
    app, sent, _ = _run([(b"content-length", length)], [body])
    assert _status_and_body(sent)[0] == 200
    assert app.messages == [{"type": "http.request", "body": body, "more_body": False}]


@pytest.mark.parametrize("length", [b"12a", b"-1", b"\xc2\xb2", b"", b"1, 2"])
def test_a_content_length_that_is_not_a_number_is_400_not_a_server_error(length):
    app, sent, received = _run([(b"content-length", length)], [b"x"])
    status, headers, body = _status_and_body(sent)
    assert (status, received, app.called) == (400, 0, False)
    problem = json.loads(body)
    assert problem["code"] == "invalid_request"
    assert problem["errors"][0]["field"] == "Content-Length"


def test_two_different_content_lengths_are_400():
    _, sent, _ = _run([(b"content-length", b"1"), (b"content-length", b"2")], [b"x"])
    assert _status_and_body(sent)[0] == 400


def test_a_content_length_with_a_transfer_encoding_is_400_unread():
    app, sent, received = _run([(b"content-length", b"0"), (b"transfer-encoding", b"chunked")],
                               [b"x" * 500])
    status, _, body = _status_and_body(sent)
    assert (status, received, app.called) == (400, 0, False)
    assert json.loads(body)["errors"][0]["field"] == "Content-Length"


def test_a_chunked_body_passing_the_limit_is_413_and_the_app_sees_the_client_leave():
    chunks = [b"x" * 60, b"x" * 60, b"x" * 60]
    app, sent, received = _run([(b"transfer-encoding", b"chunked")], chunks)
    status, _, body = _status_and_body(sent)
    assert (status, json.loads(body)["code"]) == (413, "payload_too_large")
    assert received == 2  # not the third chunk: refused on the one that passed the limit
    assert [m["type"] for m in app.messages] == ["http.request", "http.disconnect"]


def test_a_chunked_body_within_the_limit_passes_through_as_it_came():
    chunks = [b"x" * 50, b"x" * 50]
    app, sent, _ = _run([(b"transfer-encoding", b"chunked")], chunks)
    assert _status_and_body(sent) == (200, {}, b"ok")
    assert [m["body"] for m in app.messages] == chunks


def test_without_a_limit_or_for_other_than_http_everything_passes():
    app, sent, _ = _run([(b"content-length", b"1000")], [b"x" * 1000], limit=None)
    assert _status_and_body(sent)[0] == 200

    seen = []

    async def lifespan(scope, receive, send):
        seen.append(scope["type"])

    asyncio.run(BodyLimit(lifespan, LIMIT)({"type": "lifespan"}, None, None))
    assert seen == ["lifespan"]
