"""ASGI middleware: a request body over the size limit is refused (413) unread.

Django checks ``DATA_UPLOAD_MAX_MEMORY_SIZE`` against ``Content-Length`` only when a view
reads the body, and under ASGI its handler has read the whole body before that (spooled to
a temporary file, to disk past 2.5 MiB): a client announcing 100 MB made the server read
100 MB before its 413. No maintained library does this check for Django's ASGI handler
(the one on the index, content-size-limit-asgi, was last released in 2020, raises inside
the app instead of answering, and never looks at Content-Length), so it is ours, around
the whole application (config/asgi.py).

The answers are the ones Django's own refusal gives (``payload_too_large``, rendered as DRF
renders every problem), with ``Connection: close``: the unread rest of the body is never
read, so the connection cannot carry another request.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from rest_framework.renderers import JSONRenderer

from .problem_types import Problem
from .problems import PROBLEM_CONTENT_TYPE

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

_DIGITS = re.compile(rb"[0-9]+")


def rendered(problem: Problem) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """A problem's status, headers (with ``Connection: close``) and body, rendered as DRF
    renders every problem: for answers given outside Django (here, and
    ``hearts_api.parser_errors``)."""
    body = JSONRenderer().render(problem.body())
    headers = [(b"content-type", PROBLEM_CONTENT_TYPE.encode()),
               (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
    return problem.status_code, headers, body


class BodyLimit:
    """Wraps an ASGI ``app``: an HTTP request whose body is over ``limit`` bytes (None: no
    limit) gets 413 ``payload_too_large`` problem+json. With ``Content-Length`` it is answered
    at once, before a byte of the body is received; a ``Content-Length`` that is not a number
    gets 400 ``invalid_request`` (Django would fail on it with a 500). Without one (chunked)
    the body is passed to ``app`` as it comes, and refused as soon as more than ``limit`` bytes
    have come: ``app`` then receives ``http.disconnect``, as if the client had left."""

    def __init__(self, app: App, limit: int | None) -> None:
        self.app = app
        self.limit = limit
        self.too_large = rendered(Problem("payload_too_large"))
        self.malformed = rendered(Problem.invalid(
            "Content-Length", "invalid", "Content-Length takes one number of bytes: 42"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.limit is None:
            return await self.app(scope, receive, send)
        lengths = [value for name, value in scope["headers"] if name.lower() == b"content-length"]
        if not lengths:
            return await self._counted(scope, receive, send)
        if len(set(lengths)) > 1 or not _DIGITS.fullmatch(lengths[0].strip()):
            return await _send(send, self.malformed)
        digits = lengths[0].strip().lstrip(b"0")
        # Compared by its digits first: int() of thousands of them would raise.
        if len(digits) > len(str(self.limit)) or int(digits or b"0") > self.limit:
            return await _send(send, self.too_large)
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
                    await _send(send, self.too_large)
                    return {"type": "http.disconnect"}
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            if not refused:
                await send(message)

        await self.app(scope, counting_receive, watching_send)


async def _send(send: Send, answer: tuple[int, list[tuple[bytes, bytes]], bytes]) -> None:
    status, headers, body = answer
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
