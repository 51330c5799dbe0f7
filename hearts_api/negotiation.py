"""Content negotiation: which renderer answers a request (``DEFAULT_CONTENT_NEGOTIATION_CLASS``)."""

from __future__ import annotations

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class ContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answered without parsing for the common request: no ``Accept``,
    ``*/*`` or the first renderer's own media type, and no ``format`` override, gets the
    first renderer and its media type, as DRF's own would."""

    def select_renderer(self, request: Request, renderers: list[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        first = renderers[0]
        if (request.META.get("HTTP_ACCEPT", "*/*") in ("*/*", first.media_type)
                and not format_suffix
                and self.settings.URL_FORMAT_OVERRIDE not in request.query_params):
            return first, first.media_type
        return super().select_renderer(request, renderers, format_suffix)  # type: ignore[no-any-return]
