"""The CORS headers of answers made outside Django's middleware (``body_limit``'s 413 and 400,
config.asgi's 503), as django-cors-headers gives every other answer: a browser on an allowed
origin can then read the problem."""

from __future__ import annotations

import io
from collections.abc import MutableMapping
from typing import Any

from corsheaders.middleware import CorsMiddleware
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse

_CORS = CorsMiddleware(HttpResponse)


def cors_headers(scope: MutableMapping[str, Any]) -> list[tuple[str, str]]:
    """``(name, value)`` of the CORS headers for an answer to the ASGI HTTP ``scope``, read
    as Django reads the request: only ``Vary: origin`` for an origin the settings do not
    allow."""
    answered = _CORS.add_response_headers(ASGIRequest(scope, io.BytesIO()), HttpResponse())
    return [(name, value) for name, value in answered.items()
            if name.lower() == "vary" or name.lower().startswith("access-control-")]
