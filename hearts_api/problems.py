"""Errors as RFC 9457 ``application/problem+json`` through drf-standardized-errors: the handler
makes every exception the ``Problem`` of its code, the formatter writes its body
(docs/architecture.md, "A command", step 8)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_standardized_errors.formatter import ExceptionFormatter, flatten_errors
from drf_standardized_errors.handler import ExceptionHandler
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings

from games.engine import IllegalMove
from games.errors import ServiceError

from . import database
from .problem_types import ERRORS_MAX, Problem, problem_type

PROBLEM_CONTENT_TYPE = "application/problem+json"

# DRF's own codes that are not ours, and the problem each is.
DRF_RENAMED: dict[str, str] = {
    "authentication_failed": "not_authenticated",
    "parse_error": "invalid_request",
    "invalid": "invalid_request",
}
# How long a client should wait when the database does not answer.
UNAVAILABLE_RETRY_SECONDS = 3


def refusal_problem(error: IllegalMove | ServiceError) -> Problem:
    """The problem of an engine or service refusal's ``code``, its ``details`` (and ``legal_cards``)
    as members; ``LookupError`` for a code the catalog lacks."""
    extensions = dict(error.details)
    if isinstance(error, IllegalMove) and error.legal_cards is not None:
        extensions["legal_cards"] = [str(card) for card in error.legal_cards]
    return Problem(error.code, error.message, **extensions)


def unavailable(detail: str | None = None, **probes: str) -> Problem:
    """``unavailable`` (503) with ``retry_after``, and the ``probes``' findings as members."""
    return Problem("unavailable", detail, retry_after=UNAVAILABLE_RETRY_SECONDS, **probes)


def drf_problem(exc: exceptions.APIException) -> Problem:
    """The problem of a DRF exception; ``LookupError`` for a code neither renamed nor ours."""
    if isinstance(exc, Problem):
        return exc
    if isinstance(exc, exceptions.ValidationError):
        return _validation_problem(exc)
    if isinstance(exc, exceptions.Throttled):
        # Rounded up, as DRF's Retry-After header is.
        wait = {} if exc.wait is None else {"retry_after": math.ceil(exc.wait)}
        return Problem("throttled", str(exc.detail), **wait)
    if exc.status_code >= 500:
        return Problem("server_error", exc.detail if isinstance(exc.detail, str) else None)
    codes = exc.get_codes()
    drf_code = codes if isinstance(codes, str) else exc.default_code
    code = DRF_RENAMED.get(drf_code, drf_code)
    detail = exc.detail if isinstance(exc.detail, str) else problem_type(code).title
    if code == "invalid_request":
        return Problem.invalid("", drf_code, detail)
    return Problem(code, detail, auth_header=getattr(exc, "auth_header", None))


def _validation_problem(exc: exceptions.ValidationError) -> Problem:
    """``invalid_request`` with the first ``ERRORS_MAX`` faults in ``errors``; ``unknown_card``
    when that is every fault."""
    faults = flatten_errors(exc.detail)
    only_cards = faults and all(fault.code == "unknown_card" for fault in faults)
    errors = [{"field": _field(error.attr), "code": error.code, "detail": bounded(error.detail)}
              for error in faults[:ERRORS_MAX]]
    detail = "; ".join(f"{e['field'] or 'body'}: {e['detail']}" for e in errors)
    return Problem("unknown_card" if only_cards else "invalid_request", detail, errors=errors)


# A field's message may quote the value sent: at most this much is echoed.
DETAIL_MAX_CHARS = 200


def bounded(detail: str) -> str:
    """``detail``, cut to ``DETAIL_MAX_CHARS``."""
    return detail if len(detail) <= DETAIL_MAX_CHARS else detail[:DETAIL_MAX_CHARS - 1] + "…"


def _field(attr: str | None) -> str:
    """The ``field`` of an error; DRF's ``non_field_errors`` names the object itself."""
    parts = (attr or "").split(".")
    if parts[-1] == api_settings.NON_FIELD_ERRORS_KEY:
        parts.pop()
    return ".".join(parts)


class ProblemExceptionHandler(ExceptionHandler):
    """drf-standardized-errors' handler: every exception becomes a problem+json ``Problem``."""

    def convert_known_exceptions(self, exc: Exception) -> Exception:
        if isinstance(exc, IllegalMove | ServiceError):
            return refusal_problem(exc)
        if isinstance(exc, RequestDataTooBig):
            return Problem("payload_too_large")
        if isinstance(exc, OperationalError | InterfaceError):
            database.forget_pool(exc)
            return unavailable()
        return super().convert_known_exceptions(exc)

    def convert_unhandled_exceptions(self, exc: Exception) -> exceptions.APIException:
        return drf_problem(super().convert_unhandled_exceptions(exc))

    def get_headers(self, exc: exceptions.APIException) -> dict[str, str]:
        return problem_headers(exc)

    def report_exception(self, exc: exceptions.APIException, response: Response) -> None:
        """A server error is reported (logged, and to error monitors); a service's deliberate
        503 (a hint shed under load) is not an error, nor logged by Django."""
        if isinstance(self.exc, ServiceError) and exc.status_code == 503:
            response._has_been_logged = True  # what django.utils.log.log_response skips
        else:
            super().report_exception(exc, response)

    def get_response(self, exc: exceptions.APIException, data: dict[str, Any]) -> Response:
        response = super().get_response(exc, data)
        response.content_type = PROBLEM_CONTENT_TYPE
        return response


class ProblemFormatter(ExceptionFormatter):
    """Writes the ``Problem`` the handler made of an exception as its body."""

    def run(self) -> dict[str, Any]:
        if not isinstance(self.exc, Problem):
            raise TypeError(f"ProblemExceptionHandler hands over problems, not {self.exc!r}")
        return self.exc.body()


def problem_response(problem: Problem) -> JsonResponse:
    """``problem`` as the handler answers it, without raising: for views outside DRF and the
    health check's expected 503."""
    return JsonResponse(problem.body(), status=problem.status_code,
                        content_type=PROBLEM_CONTENT_TYPE, headers=problem_headers(problem))


def problem_headers(problem: exceptions.APIException) -> dict[str, str]:
    """``problem``'s WWW-Authenticate (a 401 naming its scheme) and Retry-After (a known wait)."""
    headers = {}
    if getattr(problem, "auth_header", None):
        headers["WWW-Authenticate"] = problem.auth_header
    if getattr(problem, "wait", None):
        headers["Retry-After"] = f"{int(problem.wait)}"
    return headers


def read_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A plain Django view that answers GET and HEAD; another method is 405 problem+json
    ``method_not_allowed`` (CSRF-exempt, so that a POST gets it, not Django's CSRF page)."""
    @csrf_exempt
    @wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        response = problem_response(Problem("method_not_allowed", f'Method "{request.method}" not allowed.'))
        response["Allow"] = "GET, HEAD"
        return response
    return answer


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler: unknown paths answer problem+json too."""
    return problem_response(Problem("not_found", "No such resource."))


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 400 handler (a Host not in ``ALLOWED_HOSTS``, ...), as problem+json."""
    if isinstance(exception, DisallowedHost):
        return problem_response(Problem.invalid(
            "Host", "invalid", "The Host header names no host this server answers for."))
    return problem_response(Problem("invalid_request", "Bad request."))


def server_error_view(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler, as problem+json with no detail."""
    return problem_response(Problem("server_error"))
