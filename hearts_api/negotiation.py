"""Content negotiation: which renderer answers a request (``DEFAULT_CONTENT_NEGOTIATION_CLASS``)."""

from __future__ import annotations

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class ContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answered without parsing for the common request (no ``Accept``,
    ``*/*`` or the first renderer's own media type, no ``format`` override). Every endpoint
    answers refusals as ``application/problem+json``, so an ``Accept`` naming it is never
    406: it gets the first renderer, as ``*/*`` would."""

    def select_renderer(self, request: Request, renderers: list[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        first = renderers[0]
        plain = not format_suffix and self.settings.URL_FORMAT_OVERRIDE not in request.query_params
        if plain and request.META.get("HTTP_ACCEPT", "*/*") in ("*/*", first.media_type):
            return first, first.media_type
        try:
            return super().select_renderer(request, renderers, format_suffix)  # type: ignore[no-any-return]
        except NotAcceptable:
            from .problems import PROBLEM_CONTENT_TYPE  # .problems imports DRF's settings, which import us

            accepted = {token.split(";")[0].strip().lower()
                        for token in request.META.get("HTTP_ACCEPT", "").split(",")}
            if plain and PROBLEM_CONTENT_TYPE in accepted:
                return first, first.media_type
            raise
