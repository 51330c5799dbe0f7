"""Content negotiation: which renderer answers a request (``DEFAULT_CONTENT_NEGOTIATION_CLASS``)."""

from __future__ import annotations

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


def _q(token: str) -> float:
    """The ``q`` of an ``Accept`` token: 1 unless it gives a readable one."""
    for parameter in token.split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value)
            except ValueError:
                return 1.0
    return 1.0


def _ranges(header: str) -> dict[str, float]:
    """The media ranges of an ``Accept`` header and their ``q`` (the highest a range is given)."""
    ranges: dict[str, float] = {}
    for token in header.split(","):
        media_range = token.split(";")[0].strip().lower()
        ranges[media_range] = max(ranges.get(media_range, 0.0), _q(token))
    return ranges


def _refuses(ranges: dict[str, float], media_type: str) -> bool:
    """Whether the most specific of ``ranges`` that matches ``media_type`` gives it ``q=0``
    (RFC 9110, 12.5.1)."""
    kind = media_type.split("/")[0]
    for media_range in (media_type, f"{kind}/*", "*/*"):
        if media_range in ranges:
            return ranges[media_range] == 0
    return False


class ContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answered without parsing for the common request (no ``Accept``,
    ``*/*`` or the first renderer's own media type, no ``format`` override), and refusing a
    media type the ``Accept`` gives ``q=0``. Every endpoint answers refusals as
    ``application/problem+json``, so an ``Accept`` naming it is not 406 unless it refuses the
    answer's own type: it gets the first renderer, as ``*/*`` would."""

    def select_renderer(self, request: Request, renderers: list[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        first = renderers[0]
        plain = not format_suffix and self.settings.URL_FORMAT_OVERRIDE not in request.query_params
        header = request.META.get("HTTP_ACCEPT", "*/*")
        if plain and header in ("*/*", first.media_type):
            return first, first.media_type
        ranges = _ranges(header)
        renderers = [r for r in renderers if not _refuses(ranges, r.media_type.lower())]
        if not renderers:
            raise NotAcceptable()
        try:
            return super().select_renderer(request, renderers, format_suffix)  # type: ignore[no-any-return]
        except NotAcceptable:
            from .problems import PROBLEM_CONTENT_TYPE  # .problems imports DRF's settings, which import us

            if plain and renderers[0] is first and ranges.get(PROBLEM_CONTENT_TYPE, 0) > 0:
                return first, first.media_type
            raise
