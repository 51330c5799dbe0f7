"""The Server-Sent Events media type."""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer


class EventStreamRenderer(JSONRenderer):
    """``text/event-stream``: the stream's media type. Only a refusal is rendered by it
    (as problem+json); the stream's own body is written by ``hearts_api.live``."""

    media_type = "text/event-stream"
    format = "sse"
