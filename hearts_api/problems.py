"""Errors as RFC 9457 ``application/problem+json``, through drf-standardized-errors.

Every error leaves the API as ``{"type", "title", "status", "detail", "code", …}``
with extension members where they help (``legal_cards``, ``to_act``,
``version``, ``errors``, ``retry_after``). ``GameProblem`` carries refusals from the services;
DRF's own exceptions (validation, auth, throttling, 404, 405) and anything
unexpected go through the same formatter, so no view builds an error by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from django.http import HttpRequest, JsonResponse
from drf_standardized_errors.formatter import ExceptionFormatter, flatten_errors
from drf_standardized_errors.handler import ExceptionHandler
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.settings import api_settings

from games.engine import IllegalMove
from games.errors import ServiceError

from .problem_types import PROBLEM_TYPES

PROBLEM_CONTENT_TYPE = "application/problem+json"

# Status and title of each code, derived from the one registry of problem types (so a
# code cannot have a status or title here and no page at /problems/<code>).
STATUS_OF_CODE: Mapping[str, int] = MappingProxyType(
    {code: problem.status for code, problem in PROBLEM_TYPES.items()})
TITLES: Mapping[str, str] = MappingProxyType(
    {code: problem.title for code, problem in PROBLEM_TYPES.items()})

# DRF's own error codes, renamed to ours.
_DRF_CODES = {
    "authentication_failed": "not_authenticated",
    "parse_error": "invalid_request",
    "invalid": "invalid_request",
}


class GameProblem(exceptions.APIException):
    """A refused request with a code from docs/api.md, "Errors"; ``extensions`` become extra
    members."""

    status_code = 422
    default_code = "invalid_request"
    default_detail = "The request was refused."

    def __init__(self, code: str, detail: str, **extensions: Any) -> None:
        super().__init__(detail, code)
        self.code = code
        # Every code raised has a definition (tests/api/test_problem_pages.py); should one
        # slip through, it is refused as a rule code rather than failing as a 500.
        self.status_code = STATUS_OF_CODE.get(code, 422)
        self.extensions = extensions

    @classmethod
    def from_illegal_move(cls, error: IllegalMove, **extensions: Any) -> GameProblem:
        """A problem for an engine or service refusal; rule refusals carry ``legal_cards``."""
        extensions = {**error.details, **extensions}
        if error.legal_cards is not None:
            extensions["legal_cards"] = [str(card) for card in error.legal_cards]
        return cls(error.code, error.message, **extensions)


def invalid_request(field: str, code: str, detail: str) -> GameProblem:
    """A 400 ``invalid_request`` naming one bad field."""
    return GameProblem("invalid_request", detail,
                       errors=[{"field": field, "code": code, "detail": detail}])


class ProblemFormatter(ExceptionFormatter):
    """Formats any ``APIException`` as a problem details object."""

    def run(self) -> dict[str, Any]:
        exc = self.exc
        if isinstance(exc, GameProblem):
            code, extensions = exc.code, dict(exc.extensions)
        elif isinstance(exc, exceptions.ValidationError):
            errors = [{"field": _field(error.attr), "code": error.code, "detail": error.detail}
                      for error in flatten_errors(exc.detail)]
            # A request whose only fault is an unparseable card is "unknown_card"
            # (docs/api.md, "Errors").
            only_cards = errors and all(e["code"] == "unknown_card" for e in errors)
            code, extensions = ("unknown_card" if only_cards else "invalid_request"), {"errors": errors}
        elif isinstance(exc, exceptions.Throttled):
            code, extensions = "throttled", ({} if exc.wait is None
                                             else {"retry_after": math.ceil(exc.wait)})
        elif exc.status_code >= 500:
            code, extensions = "server_error", {}
        else:
            drf_code = exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code
            code, extensions = _DRF_CODES.get(str(drf_code), str(drf_code)), {}
        detail = exc.detail if isinstance(exc.detail, str) else TITLES.get(code, code)
        if isinstance(exc, exceptions.ValidationError):
            detail = "; ".join(f"{e['field'] or 'body'}: {e['detail']}" for e in extensions["errors"])
        return problem_body(code, exc.status_code, str(detail), **extensions)


def _field(attr: str | None) -> str:
    """The ``field`` of an error: DRF's ``non_field_errors`` (an object as a whole) names the
    object itself, ``""`` for the body."""
    parts = (attr or "").split(".")
    if parts[-1] == api_settings.NON_FIELD_ERRORS_KEY:
        parts.pop()
    return ".".join(parts)


def problem_body(code: str, status_code: int, detail: str, **extensions: Any) -> dict[str, Any]:
    """An RFC 9457 body: ``type`` is the relative URI ``/problems/<code>``."""
    return {
        "type": f"/problems/{code}",
        "title": TITLES.get(code, code.replace("_", " ").capitalize()),
        "status": status_code,
        "detail": detail,
        "code": code,
        **extensions,
    }


class ProblemExceptionHandler(ExceptionHandler):
    """drf-standardized-errors' handler, answering with the problem+json media type."""

    def convert_known_exceptions(self, exc: Exception) -> Exception:
        if isinstance(exc, IllegalMove):
            return GameProblem.from_illegal_move(exc)
        if isinstance(exc, ServiceError):
            return GameProblem(exc.code, exc.message, **exc.details)
        return super().convert_known_exceptions(exc)

    def get_response(self, exc: exceptions.APIException, data: dict[str, Any]) -> Response:
        response = super().get_response(exc, data)
        response.content_type = PROBLEM_CONTENT_TYPE
        return response


def problem_response(code: str, status_code: int, detail: str, **extensions: Any) -> JsonResponse:
    """A problem+json response for views outside DRF (Django's handlers, the problem pages):
    ``problem_body(code, status_code, detail, **extensions)`` with that status."""
    return JsonResponse(problem_body(code, status_code, detail, **extensions), status=status_code,
                        content_type=PROBLEM_CONTENT_TYPE)


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler: unknown paths answer problem+json too."""
    return problem_response("not_found", status.HTTP_404_NOT_FOUND, "No such resource.")


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 400 handler (e.g. a bad Host header), as problem+json."""
    return problem_response("invalid_request", status.HTTP_400_BAD_REQUEST, "Bad request.")


def server_error_view(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler, as problem+json (no detail of the failure leaves the server)."""
    return problem_response("server_error", status.HTTP_500_INTERNAL_SERVER_ERROR, "Server error.")
