"""Content negotiation: which renderer answers a request (``DEFAULT_CONTENT_NEGOTIATION_CLASS``)."""

from __future__ import annotations

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


def _refused(token: str) -> bool:
    """Whether an ``Accept`` token says ``q=0``: its media type is not acceptable."""
    for parameter in token.split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value) == 0
            except ValueError:
                return False
    return False


class ContentNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, answered without parsing for the common request (no ``Accept``,
    ``*/*`` or the first renderer's own media type, no ``format`` override), and with a media
    type the ``Accept`` gives ``q=0`` refused. Every endpoint answers refusals as
    ``application/problem+json``, so an ``Accept`` naming it is never 406: it gets the first
    renderer, as ``*/*`` would."""

    def get_accept_list(self, request: Request) -> list[str]:
        return [token for token in super().get_accept_list(request) if not _refused(token)]

    def select_renderer(self, request: Request, renderers: list[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        first = renderers[0]
        plain = not format_suffix and self.settings.URL_FORMAT_OVERRIDE not in request.query_params
        header = request.META.get("HTTP_ACCEPT", "*/*")
        if plain and header in ("*/*", first.media_type):
            return first, first.media_type
        tokens = header.split(",")
        refused = {token.split(";")[0].strip().lower() for token in tokens if _refused(token)}
        renderers = [r for r in renderers if r.media_type.lower() not in refused]
        try:
            return super().select_renderer(request, renderers, format_suffix)  # type: ignore[no-any-return]
        except NotAcceptable:
            from .problems import PROBLEM_CONTENT_TYPE  # .problems imports DRF's settings, which import us

            accepted = {token.split(";")[0].strip().lower() for token in tokens
                        if not _refused(token)}
            if plain and renderers and renderers[0] is first and PROBLEM_CONTENT_TYPE in accepted:
                return first, first.media_type
            raise
