"""Errors as RFC 9457 ``application/problem+json``, through drf-standardized-errors.

Every error leaves the API as ``{"type", "title", "status", "detail", "code", …}`` with
extension members where they help (``legal_cards``, ``to_act``, ``version``, ``errors``,
``retry_after``). The handler turns every exception into a ``Problem`` of its code (the
catalog, ``hearts_api.problem_types``): the engine's ``IllegalMove`` and the services'
``ServiceError`` by their ``code``, DRF's own exceptions (validation, auth, throttling,
404, 405, ...) by theirs (three renamed), a body over the size limit into
``payload_too_large``, a database that does not answer into ``unavailable`` (503), anything
unexpected into ``server_error``. The formatter then writes the problem's body, so no view
builds an error by hand (the few answered without raising go through ``problem_response``).
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse
from drf_standardized_errors.formatter import ExceptionFormatter, flatten_errors
from drf_standardized_errors.handler import ExceptionHandler
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings

from games.engine import IllegalMove
from games.errors import ServiceError

from . import database
from .problem_types import Problem, problem_type

PROBLEM_CONTENT_TYPE = "application/problem+json"

# DRF's own codes that are not ours, and the problem each is: knox's refused token is a
# 401 like a missing one, and a body that does not parse is malformed like a bad field.
DRF_RENAMED: dict[str, str] = {
    "authentication_failed": "not_authenticated",
    "parse_error": "invalid_request",
    "invalid": "invalid_request",
}
# How long a client should wait when the database does not answer: long enough for a
# restart to finish, short enough that it comes back soon.
UNAVAILABLE_RETRY_SECONDS = 3


def refusal_problem(error: IllegalMove | ServiceError) -> Problem:
    """The problem of an engine or service refusal, by its ``code``: its message as the
    detail, its ``details`` as members, and for the rules ``legal_cards`` as codes.
    Raises ``LookupError`` for a code the catalog lacks."""
    extensions = dict(error.details)
    if isinstance(error, IllegalMove) and error.legal_cards is not None:
        extensions["legal_cards"] = [str(card) for card in error.legal_cards]
    return Problem(error.code, error.message, **extensions)


def unavailable(detail: str | None = None, **probes: str) -> Problem:
    """``unavailable`` (503), with ``retry_after`` (``UNAVAILABLE_RETRY_SECONDS``) and, at
    /healthz, what each probe found as members."""
    return Problem("unavailable", detail, retry_after=UNAVAILABLE_RETRY_SECONDS, **probes)


def drf_problem(exc: exceptions.APIException) -> Problem:
    """The problem of one of DRF's exceptions (a ``Problem`` is its own). Raises
    ``LookupError`` for a DRF code that is neither renamed nor ours."""
    if isinstance(exc, Problem):
        return exc
    if isinstance(exc, exceptions.ValidationError):
        return _validation_problem(exc)
    if isinstance(exc, exceptions.Throttled):
        # Whole seconds, rounded up as DRF's Retry-After is: the body's and the header's.
        wait = {} if exc.wait is None else {"retry_after": math.ceil(exc.wait)}
        return Problem("throttled", str(exc.detail), **wait)
    if exc.status_code >= 500:
        # No detail of the failure leaves the server: the handler gave it a generic one.
        return Problem("server_error", exc.detail if isinstance(exc.detail, str) else None)
    codes = exc.get_codes()
    drf_code = codes if isinstance(codes, str) else exc.default_code
    code = DRF_RENAMED.get(drf_code, drf_code)
    detail = exc.detail if isinstance(exc.detail, str) else problem_type(code).title
    if code == "invalid_request":  # parse_error (a body that is not JSON) or invalid
        return Problem.invalid("", drf_code, detail)
    return Problem(code, detail, auth_header=getattr(exc, "auth_header", None))


def _validation_problem(exc: exceptions.ValidationError) -> Problem:
    """``invalid_request`` with each fault in ``errors``, or ``unknown_card`` when an
    unparseable card is the request's only fault (docs/api.md, "Errors")."""
    errors = [{"field": _field(error.attr), "code": error.code, "detail": bounded(error.detail)}
              for error in flatten_errors(exc.detail)]
    only_cards = errors and all(e["code"] == "unknown_card" for e in errors)
    detail = "; ".join(f"{e['field'] or 'body'}: {e['detail']}" for e in errors)
    return Problem("unknown_card" if only_cards else "invalid_request", detail, errors=errors)


# A field's message may quote the value sent (DRF's "… is not a valid choice"): at most this
# much of it, so a huge bad value is not echoed back.
DETAIL_MAX_CHARS = 200


def bounded(detail: str) -> str:
    """``detail``, cut to ``DETAIL_MAX_CHARS``."""
    return detail if len(detail) <= DETAIL_MAX_CHARS else detail[:DETAIL_MAX_CHARS - 1] + "…"


def _field(attr: str | None) -> str:
    """The ``field`` of an error: DRF's ``non_field_errors`` (an object as a whole) names the
    object itself, ``""`` for the body."""
    parts = (attr or "").split(".")
    if parts[-1] == api_settings.NON_FIELD_ERRORS_KEY:
        parts.pop()
    return ".".join(parts)


class ProblemExceptionHandler(ExceptionHandler):
    """drf-standardized-errors' handler: every exception becomes a ``Problem``, answered
    with the problem+json media type (and the WWW-Authenticate or Retry-After header the
    problem carries)."""

    def convert_known_exceptions(self, exc: Exception) -> Exception:
        if isinstance(exc, IllegalMove | ServiceError):
            return refusal_problem(exc)
        if isinstance(exc, RequestDataTooBig):  # raised by Content-Length, before the body is read
            return Problem("payload_too_large")
        if isinstance(exc, OperationalError | InterfaceError):
            # The database is down or restarting (or no pooled connection came in time):
            # "try again", not a server fault.
            database.forget_pool(exc)
            return unavailable()
        return super().convert_known_exceptions(exc)

    def convert_unhandled_exceptions(self, exc: Exception) -> exceptions.APIException:
        return drf_problem(super().convert_unhandled_exceptions(exc))

    def get_headers(self, exc: exceptions.APIException) -> dict[str, str]:
        return problem_headers(exc)

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
    """A problem+json response made without raising: for views outside DRF (Django's
    handlers, the problem pages) and for a refusal a view expects, the health check's 503,
    which raised would be reported as a server fault (its traceback logged, error monitors
    signalled). The problem's body, status and headers, as the handler answers it."""
    return JsonResponse(problem.body(), status=problem.status_code,
                        content_type=PROBLEM_CONTENT_TYPE, headers=problem_headers(problem))


def problem_headers(problem: exceptions.APIException) -> dict[str, str]:
    """The headers an answer with ``problem`` carries: WWW-Authenticate with a 401 that
    names its scheme, Retry-After with a known wait (its ``retry_after`` member)."""
    headers = {}
    if getattr(problem, "auth_header", None):
        headers["WWW-Authenticate"] = problem.auth_header
    if getattr(problem, "wait", None):
        headers["Retry-After"] = f"{int(problem.wait)}"
    return headers


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler: unknown paths answer problem+json too."""
    return problem_response(Problem("not_found", "No such resource."))


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 400 handler (a Host not in ALLOWED_HOSTS; other suspicious requests), as
    problem+json."""
    if isinstance(exception, DisallowedHost):
        return problem_response(Problem.invalid(
            "Host", "invalid", "The Host header names no host this server answers for."))
    return problem_response(Problem("invalid_request", "Bad request."))


def server_error_view(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler, as problem+json (no detail of the failure leaves the server)."""
    return problem_response(Problem("server_error"))
