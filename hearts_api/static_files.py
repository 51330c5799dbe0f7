"""The static files (the browser table's scripts and styles, the docs pages' files), served
by WhiteNoise, with its refusals answered as problem+json like every other."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.responders import StaticFile

from .problem_types import Problem
from .problems import problem_response


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise's middleware; a static file's 405 (a method other than GET or HEAD) is
    ``method_not_allowed`` and its 416 (a range past the end) ``range_not_satisfiable``."""

    @staticmethod
    def serve(static_file: StaticFile, request: HttpRequest) -> HttpResponse:
        response = WhiteNoiseMiddleware.serve(static_file, request)
        if response.status_code == 405:
            refusal = problem_response(Problem("method_not_allowed",
                                               f'Method "{request.method}" not allowed.'))
            refusal["Allow"] = response["Allow"]
            return refusal
        if response.status_code == 416:
            refusal = problem_response(Problem("range_not_satisfiable", "The range is past the file's end."))
            refusal["Content-Range"] = response["Content-Range"]
            return refusal
        return response
