"""The schema-decorator helpers: the problem responses, quotas and Idempotency-Key of operations."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from games.bot_accounts import CAP_PERIOD_S

from .. import idempotency
from ..problems import PROBLEM_CONTENT_TYPE
from ..serializers.problems import ProblemSerializer

# Any request's: a Host not allowed or a body the server cannot frame (400), a body over the
# limit, whatever the method (413), content negotiation, rates, an outage.
ANY_REQUEST = (400, 406, 413, 503)
_ALWAYS = (*ANY_REQUEST, 401, 429)
BODY_PROBLEMS = (400, 413, 415)


def problem_responses(*statuses: int, quotas: Sequence[str] = ()) -> dict[tuple[int, str], Any]:
    """An operation's problem responses: ``statuses``, ``_ALWAYS``, and a 429 naming its
    ``quotas``."""
    codes = sorted({*statuses, *_ALWAYS})
    problems: dict[tuple[int, str], Any] = {
        (code, PROBLEM_CONTENT_TYPE): ProblemSerializer for code in codes}
    if quotas:
        problems[(429, PROBLEM_CONTENT_TYPE)] = OpenApiResponse(
            ProblemSerializer, description="throttled (over a request rate), or "
                                             "quota_exceeded with quota " + " or ".join(quotas))
    return problems


def quota_note(scope: str, counted: str) -> str:
    """How a 429 names the rate ``scope`` of ``DEFAULT_THROTTLE_RATES``, counting ``counted``."""
    return f"{scope} ({settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'][scope]} {counted})"


def _held(quota: str, held: str) -> str:
    """How a 429 names the quota ``quota`` of ``QUOTAS``, counting ``held``."""
    return f"{quota} ({settings.QUOTAS[quota]} {held})"


_IDEMPOTENCY_KEYS = quota_note("idempotency_keys", "new Idempotency-Keys per player")
MATCH_CREATIONS = quota_note("match_creations", "POST /matches per player")
UNFINISHED_HELD = _held("unfinished_matches", "unfinished matches a player created")
EXPERTS_HELD = _held("unfinished_expert_matches", "of those with an expert seat")
OPEN_HELD = _held("open_matches", "of those waiting for a player")
LEAVES_HELD = _held("leaves_per_match", "leaves of one match per player")
JOINED_HELD = _held("joined_matches", "unfinished matches of others a player has a seat in")
BOT_ACCOUNT_MATCHES = (f"bot_account_matches ({settings.BOT_ACCOUNT_MATCHES_PER_DAY} matches "
                       "among bot accounts only a bot account starts in "
                       f"{CAP_PERIOD_S // 3600} hours)")
_IDEMPOTENCY_KEY = OpenApiParameter(
    idempotency.HEADER, {"type": "string", "pattern": idempotency.KEY_PATTERN,
                         # the key's characters and, quoted, its two quotes
                         "maxLength": idempotency.MAX_KEY_LENGTH + 2},
    OpenApiParameter.HEADER,
    description=f"1 to {idempotency.MAX_KEY_LENGTH} printable ASCII characters, bare or quoted "
                '("abc" is the key abc). A successful (2xx) answer is kept for '
                f"{idempotency.KEEP_FOR // timedelta(hours=1)} hours: a retry of the same request "
                "with the same key gets it again. A refusal or server error is not kept: a "
                "retry runs again. The same key with another request is 422 "
                "idempotency_key_reused, and 409 request_in_progress while the first runs. "
                "A request that runs under a key, rather than getting its kept answer, "
                f"counts against the quota {_IDEMPOTENCY_KEYS}: beyond it 429 "
                "quota_exceeded.")


def location(description: str, *statuses: int) -> OpenApiParameter:
    """The ``Location`` header of the ``statuses`` answers: ``description``."""
    return OpenApiParameter("Location", OpenApiTypes.URI, OpenApiParameter.HEADER,
                            response=list(statuses), required=True, description=description)


NEW_MATCH_LOCATION = location("the new match's URL", 201)


def idempotent(success: int, serializer: Any, *statuses: int,
                parameters: Sequence[OpenApiParameter] = (),
                quotas: Sequence[str] = ()) -> dict[str, Any]:
    """``extend_schema`` arguments of a POST taking an ``Idempotency-Key``: ``serializer`` with
    ``success`` (and ``Idempotent-Replayed``), and the problems of ``statuses`` and of the key."""
    replayed = OpenApiParameter(
        idempotency.REPLAYED_HEADER, str, OpenApiParameter.HEADER, enum=["true"],
        response=[success],
        description="true: the kept answer to an earlier request with this Idempotency-Key")
    return {"parameters": [*parameters, _IDEMPOTENCY_KEY, replayed],
            "responses": {success: serializer,
                          **problem_responses(*statuses, 409, 422, quotas=[*quotas, _IDEMPOTENCY_KEYS])}}
