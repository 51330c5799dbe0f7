"""The static files (the browser table's scripts and styles, the docs pages' files), served
by WhiteNoise, with its refusals answered as problem+json like every other."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.responders import StaticFile

from .problem_types import Problem
from .problems import problem_response


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise's middleware; a static file's 405 (a method other than GET or HEAD) is
    ``method_not_allowed``, a range only past its end 416 ``range_not_satisfiable``, and
    another range WhiteNoise cannot serve (``bytes=0-0``, ``bytes=5-3``) the whole file."""

    @staticmethod
    def serve(static_file: StaticFile, request: HttpRequest) -> HttpResponse:
        response = WhiteNoiseMiddleware.serve(static_file, request)
        if response.status_code == 405:
            refusal = problem_response(Problem("method_not_allowed",
                                               f'Method "{request.method}" not allowed.'))
            refusal["Allow"] = response["Allow"]
            return refusal
        if response.status_code == 416:
            length = int(response["Content-Range"].rsplit("/", 1)[1])
            if not _past_the_end(request.META.get("HTTP_RANGE", ""), length):
                request.META = {k: v for k, v in request.META.items() if k != "HTTP_RANGE"}
                return WhiteNoiseMiddleware.serve(static_file, request)
            refusal = problem_response(Problem("range_not_satisfiable", "The range is past the file's end."))
            refusal["Content-Range"] = response["Content-Range"]
            return refusal
        return response


def _past_the_end(header: str, length: int) -> bool:
    """Whether the one range ``header`` names starts at or past ``length`` (or is an empty suffix)."""
    found = re.fullmatch(r"\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*", header)
    if found is None:
        return False
    first, last = found.groups()
    return int(first) >= length if first else last != "" and int(last) == 0
