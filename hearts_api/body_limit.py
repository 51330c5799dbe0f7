"""ASGI middleware: a request body over the size limit is refused (413) unread (docs/adr/0080)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from rest_framework.renderers import JSONRenderer

from .cors import cors_headers
from .problem_types import Problem
from .problems import PROBLEM_CONTENT_TYPE

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

_DIGITS = re.compile(rb"[0-9]+")


def rendered(problem: Problem) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """A problem's status, headers (with ``Connection: close``) and body, for answers outside Django."""
    body = JSONRenderer().render(problem.body())
    headers = [(b"content-type", PROBLEM_CONTENT_TYPE.encode()),
               (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    return problem.status_code, headers, body


class BodyLimit:
    """Wraps an ASGI ``app``: a body over ``limit`` bytes (None: none) is 413 ``payload_too_large``,
    before it is read when ``Content-Length`` says so, else once it passes the limit (``app``
    then receives ``http.disconnect``); a malformed ``Content-Length``, or one sent with
    ``Transfer-Encoding`` (RFC 9112, 6.1), is 400. Each refusal has the CORS headers
    (``cors.cors_headers``)."""

    def __init__(self, app: App, limit: int | None) -> None:
        self.app = app
        self.limit = limit
        self.too_large = rendered(Problem("payload_too_large"))
        self.malformed = rendered(Problem.invalid(
            "Content-Length", "invalid", "Content-Length takes one number of bytes: 42"))
        self.framed_twice = rendered(Problem.invalid(
            "Content-Length", "invalid", "a body has Content-Length or Transfer-Encoding, not both"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.limit is None:
            return await self.app(scope, receive, send)
        lengths = [value for name, value in scope["headers"] if name.lower() == b"content-length"]
        if not lengths:
            return await self._counted(scope, receive, send)
        if any(name.lower() == b"transfer-encoding" for name, _ in scope["headers"]):
            return await _send(send, self.framed_twice, scope)
        if len(set(lengths)) > 1 or not _DIGITS.fullmatch(lengths[0].strip()):
            return await _send(send, self.malformed, scope)
        digits = lengths[0].strip().lstrip(b"0")
        # Compared by its digits first: int() of thousands of them would raise.
        if len(digits) > len(str(self.limit)) or int(digits or b"0") > self.limit:
            return await _send(send, self.too_large, scope)
        await self.app(scope, receive, send)

    async def _counted(self, scope: Scope, receive: Receive, send: Send) -> None:
        received = 0
        started = False
        refused = False

        async def counting_receive() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit and not started:  # type: ignore[operator]
                    refused = True
                    await _send(send, self.too_large, scope)
                    return {"type": "http.disconnect"}
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            if not refused:
                await send(message)

        await self.app(scope, counting_receive, watching_send)


async def _send(send: Send, answer: tuple[int, list[tuple[bytes, bytes]], bytes],
                scope: Scope) -> None:
    status, headers, body = answer
    cors = [(name.lower().encode("latin-1"), value.encode("latin-1"))
            for name, value in cors_headers(scope)]
    await send({"type": "http.response.start", "status": status, "headers": [*headers, *cors]})
    await send({"type": "http.response.body", "body": body})
