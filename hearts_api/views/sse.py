"""The Server-Sent Events media type, for content negotiation and refusals."""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer


class EventStreamRenderer(JSONRenderer):
    """Renders only refusals (as problem+json): ``hearts_api.live`` writes the stream itself."""

    media_type = "text/event-stream"
    format = "sse"
