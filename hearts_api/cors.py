"""The CORS headers of answers made outside Django's middleware (config.asgi's 413, 400 and
503), as django-cors-headers gives every other answer: a browser on an allowed origin can
then read the problem."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from corsheaders.middleware import CorsMiddleware
from django.http import HttpRequest, HttpResponse

_CORS = CorsMiddleware(HttpResponse)


def cors_headers(scope: MutableMapping[str, Any]) -> list[tuple[str, str]]:
    """``(name, value)`` of the CORS headers (``Vary: origin`` included) for an answer to
    the ASGI HTTP ``scope``; none for a request from an origin the settings do not allow."""
    request = HttpRequest()
    request.method = scope["method"]
    request.path = request.path_info = scope["path"]
    request.META = {_meta_key(name): value.decode("latin-1") for name, value in scope["headers"]}
    answered = _CORS.add_response_headers(request, HttpResponse())
    return [(name, value) for name, value in answered.items()
            if name.lower() == "vary" or name.lower().startswith("access-control-")]


def _meta_key(name: bytes) -> str:
    return "HTTP_" + name.decode("latin-1").upper().replace("-", "_")
