"""Errors as RFC 9457 ``application/problem+json``, through drf-standardized-errors.

Every error leaves the API as ``{"type", "title", "status", "detail", "code", …}``
with extension members where they help (``legal_cards``, ``to_act``,
``version``, ``errors``). ``GameProblem`` carries refusals from the services;
DRF's own exceptions (validation, auth, throttling, 404, 405) and anything
unexpected go through the same formatter, so no view builds an error by hand.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from drf_standardized_errors.formatter import ExceptionFormatter, flatten_errors
from drf_standardized_errors.handler import ExceptionHandler
from rest_framework import exceptions, status
from rest_framework.response import Response

from games.engine import IllegalMove

PROBLEM_CONTENT_TYPE = "application/problem+json"

# The HTTP status of each refusal code (api.md, "Errors"); rule codes not listed are 422.
STATUS_OF_CODE = {
    "invalid_request": 400,
    "unknown_card": 400,
    "not_authenticated": 401,
    "not_seated": 403,
    "registration_closed": 403,
    "not_found": 404,
    "not_your_turn": 409,
    "wrong_phase": 409,
    "match_finished": 409,
    "already_passed": 409,
    "already_seated": 409,
    "username_taken": 409,
    "seat_taken": 409,
    "match_full": 409,
    "stale_version": 412,
}

# DRF's own error codes, renamed to ours.
_DRF_CODES = {
    "authentication_failed": "not_authenticated",
    "parse_error": "invalid_request",
    "invalid": "invalid_request",
}

TITLES = {
    "invalid_request": "The request is not valid",
    "unknown_card": "Unknown card code",
    "not_authenticated": "Authentication required",
    "not_seated": "You have no seat in this match",
    "registration_closed": "Self-registration is switched off",
    "not_found": "Not found",
    "not_your_turn": "It is not your turn",
    "wrong_phase": "Not possible in this phase of the hand",
    "match_finished": "The match is over",
    "already_passed": "You have already passed",
    "already_seated": "You already have a seat in this match",
    "username_taken": "That username is taken",
    "seat_taken": "That seat is taken",
    "match_full": "Every seat is taken",
    "stale_version": "The match has moved on",
    "must_lead_two_of_clubs": "The first trick is led with the two of clubs",
    "must_follow_suit": "You must follow suit",
    "no_points_on_first_trick": "No hearts or queen of spades on the first trick",
    "hearts_not_broken": "Hearts are not broken",
    "card_not_in_hand": "That card is not in your hand",
    "wrong_pass_count": "Wrong number of cards passed",
    "duplicate_cards": "A card is named twice",
    "throttled": "Too many requests",
    "method_not_allowed": "Method not allowed",
    "not_acceptable": "Not acceptable",
    "unsupported_media_type": "Unsupported media type",
    "server_error": "Server error",
}


class GameProblem(exceptions.APIException):
    """A refused request with a code from api.md; ``extensions`` become extra members."""

    status_code = 422
    default_code = "invalid_request"
    default_detail = "The request was refused."

    def __init__(self, code: str, detail: str, **extensions: Any) -> None:
        super().__init__(detail, code)
        self.code = code
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
            errors = [{"field": error.attr or "", "code": error.code, "detail": error.detail}
                      for error in flatten_errors(exc.detail)]
            # A request whose only fault is an unparseable card is "unknown_card" (api.md).
            only_cards = errors and all(e["code"] == "unknown_card" for e in errors)
            code, extensions = ("unknown_card" if only_cards else "invalid_request"), {"errors": errors}
        elif exc.status_code >= 500:
            code, extensions = "server_error", {}
        else:
            drf_code = exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code
            code, extensions = _DRF_CODES.get(str(drf_code), str(drf_code)), {}
        detail = exc.detail if isinstance(exc.detail, str) else TITLES.get(code, code)
        if isinstance(exc, exceptions.ValidationError):
            detail = "; ".join(f"{e['field'] or 'body'}: {e['detail']}" for e in extensions["errors"])
        return problem_body(code, exc.status_code, str(detail), **extensions)


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
        return super().convert_known_exceptions(exc)

    def get_response(self, exc: exceptions.APIException, data: dict[str, Any]) -> Response:
        response = super().get_response(exc, data)
        response.content_type = PROBLEM_CONTENT_TYPE
        return response


def _django_problem(code: str, status_code: int, detail: str) -> JsonResponse:
    return JsonResponse(problem_body(code, status_code, detail), status=status_code,
                        content_type=PROBLEM_CONTENT_TYPE)


def not_found_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 404 handler: unknown paths answer problem+json too."""
    return _django_problem("not_found", status.HTTP_404_NOT_FOUND, "No such resource.")


def bad_request_view(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    """Django's 400 handler (e.g. a bad Host header), as problem+json."""
    return _django_problem("invalid_request", status.HTTP_400_BAD_REQUEST, "Bad request.")


def server_error_view(request: HttpRequest) -> JsonResponse:
    """Django's 500 handler, as problem+json (no detail of the failure leaves the server)."""
    return _django_problem("server_error", status.HTTP_500_INTERNAL_SERVER_ERROR, "Server error.")
