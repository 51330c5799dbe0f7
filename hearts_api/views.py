"""HTTP views: authenticate, validate with a serializer, call one service or selector,
serialize. Errors are raised, never built here (``hearts_api.problems`` formats them)."""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.conf import settings
from django.core.paginator import Page
from django.http.response import HttpResponseBase
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import daily, selectors, services
from games.engine import Phase, RuleSet, Seat, seat_view

from . import accounts, health, idempotency, live, presenters, waiting_quota
from . import serializers as s
from .accounts import USERNAME_PATTERN
from .auth import BasicCredentialsAuthentication, BearerTokenAuthentication, QueryTokenAuthentication
from .idempotency import IdempotentMixin
from .problem_types import InvalidRequest, NotFound, Unavailable
from .problems import PROBLEM_CONTENT_TYPE, problem_response
from .throttling import AnonThrottle, MatchCreationThrottle, PasswordRegistrationThrottle

# Every operation may answer these: 406 when Accept names no JSON type, 429 when throttled
# and 503 when the database is down (both with Retry-After: hearts_api.schema adds it).
_ALWAYS = (406, 429, 503)
# With a JSON body: 400 when it is malformed, 415 when it is not JSON.
_BODY = (400, 413, 415)


def _problems(*statuses: int, auth: bool = True,
              quotas: Sequence[str] = ()) -> dict[tuple[int, str], Any]:
    """The problem+json responses of an operation: ``statuses`` and those every operation
    (with ``auth``, every authenticated one: 401) can answer; its 429 names the
    ``quotas`` (``_quota`` texts) it may be ``quota_exceeded`` by."""
    codes = sorted({*statuses, *_ALWAYS, *((401,) if auth else ())})
    problems: dict[tuple[int, str], Any] = {
        (code, PROBLEM_CONTENT_TYPE): s.ProblemSerializer for code in codes}
    if quotas:
        problems[(429, PROBLEM_CONTENT_TYPE)] = OpenApiResponse(
            s.ProblemSerializer, description="throttled (over a request rate), or "
                                             "quota_exceeded with quota " + " or ".join(quotas))
    return problems


def _quota(scope: str, counted: str) -> str:
    """How a 429 names the rate ``scope`` (of ``DEFAULT_THROTTLE_RATES``) that counts
    ``counted``: the quota's name, its rate and what it counts."""
    return f"{scope} ({settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'][scope]} {counted})"


def _held(quota: str, held: str) -> str:
    """How a 429 names the quota of things held ``quota`` (of ``QUOTAS``): its name, its
    limit and what it counts."""
    return f"{quota} ({settings.QUOTAS[quota]} {held})"


_IDEMPOTENCY_KEYS = _quota("idempotency_keys", "new Idempotency-Keys per player")
_UNFINISHED = _held("unfinished_matches", "unfinished matches a player created")
_EXPERTS = _held("unfinished_expert_matches", "of those with an expert seat")
_OPEN = _held("open_matches", "of those waiting for a player")
_LEAVES = _held("leaves_per_match", "leaves of one match per player")
_IDEMPOTENCY_KEY = OpenApiParameter(
    idempotency.HEADER, {"type": "string", "pattern": idempotency.KEY_PATTERN,
                         # the key's 255 characters and, quoted, its two quotes
                         "maxLength": idempotency.MAX_KEY_LENGTH + 2},
    OpenApiParameter.HEADER,
    description='1 to 255 printable ASCII characters, bare or quoted ("abc" is the key abc). '
                "A successful (2xx) answer is kept for 24 hours: a retry of the same request "
                "with the same key gets it again. A refusal or server error is not kept: a "
                "retry runs again. The same key with another request is 422 "
                "idempotency_key_reused, and 409 request_in_progress while the first runs. "
                "A request that runs under a key, rather than getting its kept answer, "
                f"counts against the quota {_IDEMPOTENCY_KEYS}: beyond it 429 "
                "quota_exceeded.")


def _idempotent(success: int, serializer: Any, *statuses: int,
                parameters: Sequence[OpenApiParameter] = (),
                quotas: Sequence[str] = ()) -> dict[str, Any]:
    """The ``extend_schema`` parameters and responses of a POST taking an
    ``Idempotency-Key``: ``serializer`` answered with ``success``, the problems of
    ``statuses`` and the 409, 422 and 429 (quota ``idempotency_keys``, and ``quotas``) a
    key may cause, ``parameters`` and the key itself, and ``Idempotent-Replayed`` on the
    ``success`` answer, the only one a key keeps."""
    replayed = OpenApiParameter(
        idempotency.REPLAYED_HEADER, str, OpenApiParameter.HEADER, enum=["true"],
        response=[success],
        description="true: the kept answer to an earlier request with this Idempotency-Key")
    return {"parameters": [*parameters, _IDEMPOTENCY_KEY, replayed],
            "responses": {success: serializer,
                          **_problems(*statuses, 409, 422, quotas=[*quotas, _IDEMPOTENCY_KEYS])}}


# --- pages of lists ----------------------------------------------------------------------


class MatchPagination(PageNumberPagination):
    """Pages of 20 (``page_size`` up to 100); a page past the last is empty, not a 404, so
    a client may read pages until ``next`` is null or a page comes back empty."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any]:
        # The view has validated page and page_size (PageQuerySerializer).
        number = int(request.query_params.get(self.page_query_param, 1))
        paginator = self.django_paginator_class(queryset, self.get_page_size(request))
        self.request = request
        if number > paginator.num_pages:
            # Empty, "next" null and "previous" the last page.
            self.page = Page([], paginator.num_pages + 1, paginator)
            return []
        self.page = paginator.page(number)
        return list(self.page)


# --- players and tokens -------------------------------------------------------------------


_PASSWORD_REGISTRATIONS = _quota("password_registrations",
                                 "registrations with a password, per address")


class PlayerCreateView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes = [AnonThrottle]

    @extend_schema(operation_id="players_create", request=s.PlayerCreateSerializer,
                   responses={201: s.PlayerCreatedSerializer,
                              **_problems(*_BODY, 403, 409, auth=False,
                                          quotas=[_PASSWORD_REGISTRATIONS])},
                   auth=[],
                   summary="Register a player and get its first bearer token",
                   description="A registration with a password counts against the quota "
                               f"{_PASSWORD_REGISTRATIONS}, before the password is checked: "
                               "beyond it 429 quota_exceeded. One without a password has only "
                               "the rate of requests without a token.")
    def post(self, request: Request) -> Response:
        accounts.registration_check()  # before the body is read: closed is closed
        if isinstance(request.data, dict) and "password" in request.data:
            PasswordRegistrationThrottle().check(request, self)  # before it is hashed
        data = _valid(s.PlayerCreateSerializer, request.data)
        issued = accounts.player_create(username=data["username"],
                                        password=data.get("password"))
        return Response({"username": issued.row.user.get_username(), "token": issued.token},
                        status=status.HTTP_201_CREATED)


class TokenListView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = s.ApiTokenSerializer

    def get_authenticators(self) -> list[Any]:
        """A bearer token for every method, and for POST (minting a token) HTTP Basic
        credentials too: a player who registered with a password and lost every token is not
        locked out. A password mints tokens and does nothing else; the token does the rest."""
        # No request yet (None) while drf-spectacular builds its mock one: the bearer's.
        if getattr(self.request, "method", None) == "POST":
            return [*super().get_authenticators(), BasicCredentialsAuthentication()]
        return super().get_authenticators()  # type: ignore[no-any-return]

    @extend_schema(operation_id="tokens_list", parameters=[s.PageQuerySerializer],
                   responses={200: s.ApiTokenSerializer(many=True), **_problems(400)},
                   summary="Your tokens, oldest first (their first characters, never the "
                           "whole token)")
    def get(self, request: Request) -> Response:
        _valid(s.PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(accounts.token_list(user=request.user)) or []
        return self.get_paginated_response(s.ApiTokenSerializer(page, many=True).data)

    @extend_schema(operation_id="tokens_create", request=s.TokenCreateSerializer,
                   **_idempotent(201, s.ApiTokenCreatedSerializer, *_BODY,
                                 quotas=[f"tokens (you hold {settings.QUOTAS['tokens']}, the "
                                         "most a player may: revoke one first)"]),
                   summary="Create another token (one per app), with a bearer token or a "
                           "password; it is shown once",
                   description="Authenticated by a bearer token, or by HTTP Basic credentials "
                               "(username and password) of a player who registered with a "
                               "password: the way back in for a player who lost every token. "
                               "Credentials malformed or wrong, of a player registered "
                               "without a password, or of a staff account (staff are not "
                               "players), are 401 not_authenticated; Basic attempts are "
                               "limited per address (429 throttled).")
    def post(self, request: Request) -> Response:
        data = _valid(s.TokenCreateSerializer, request.data)
        issued = accounts.token_create(user=request.user, name=data.get("name", ""))
        body = {**s.ApiTokenSerializer(issued.row).data, "token": issued.token}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    @extend_schema(operation_id="tokens_revoke", responses={204: None, **_problems(404)},
                   parameters=[OpenApiParameter(
                       "token_key", OpenApiTypes.STR, OpenApiParameter.PATH,
                       pattern="^[0-9a-f]{1,64}$",
                       description="the token_key of GET /tokens; another form is 404")],
                   summary="Revoke one of your tokens by its token_key")
    def delete(self, request: Request, token_key: str) -> Response:
        accounts.token_revoke(user=request.user, token_key=token_key)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- matches ------------------------------------------------------------------------------


_MATCH_CREATIONS = _quota("match_creations", "POST /matches per player")


class MatchListCreateView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = s.MatchSummarySerializer

    @extend_schema(operation_id="matches_list",
                   parameters=[s.MatchListQuerySerializer],
                   responses={200: s.MatchSummarySerializer(many=True), **_problems(400)},
                   summary="Matches you created or sit in, newest first")
    def get(self, request: Request) -> Response:
        query = _valid(s.MatchListQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.match_list(user=request.user,
                                                           status=query.get("status")))
        return self.get_paginated_response([
            presenters.match_summary(match, selectors.match_state(match)) for match in page or []])

    @extend_schema(operation_id="matches_create", request=s.MatchCreateSerializer,
                   **_idempotent(201, s.MatchSummarySerializer, *_BODY, 409, 422,
                                 parameters=[OpenApiParameter(
                                     "Location", OpenApiTypes.URI, OpenApiParameter.HEADER,
                                     response=[201], required=True,
                                     description="the new match's URL")],
                                 quotas=[_MATCH_CREATIONS, _UNFINISHED, _EXPERTS, _OPEN]),
                   summary="Create a match; it starts when every seat is taken",
                   description=f"Each request that runs (not a replay) counts against the "
                               f"quota {_MATCH_CREATIONS}: beyond it 429 quota_exceeded.")
    def post(self, request: Request) -> Response:
        MatchCreationThrottle().check(request, self)  # after the key: a replay is not counted
        data = _valid(s.MatchCreateSerializer, request.data)
        seats = [services.SeatSpec(seat["kind"], seat.get("level")) for seat in data["seats"]]
        result = services.match_create(creator=request.user, seats=seats,
                                       rules=data.get("rules") or RuleSet(),
                                       deals=data.get("deals") or [],
                                       bots=services.BotOptions(**(data.get("bots") or {})),
                                       turn_timeout_s=data.get("turn_timeout_s"))
        match = result.match
        headers = {"Location": request.build_absolute_uri(f"/api/v1/matches/{match.id}")}
        return Response(presenters.match_summary(match, result.state),
                        status=status.HTTP_201_CREATED, headers=headers)


class LobbyView(generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = s.LobbyEntrySerializer

    @extend_schema(operation_id="lobby_list", parameters=[s.PageQuerySerializer],
                   responses={200: s.LobbyEntrySerializer(many=True), **_problems(400)},
                   summary="Matches with an open seat you may join, newest first")
    def get(self, request: Request) -> Response:
        _valid(s.PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.lobby_list(user=request.user))
        return self.get_paginated_response([
            presenters.lobby_entry(match, selectors.match_state(match)) for match in page or []])


class MatchDetailView(APIView):
    @extend_schema(operation_id="matches_retrieve",
                   responses={200: s.MatchSummarySerializer, **_problems(404)},
                   summary="A match's summary")
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        match = selectors.match_visible_get(match_id=match_id, user=request.user)
        return Response(presenters.match_summary(match, selectors.match_state(match)))


class MatchJoinView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_join", request=s.MatchJoinSerializer,
                   **_idempotent(200, s.MatchSummarySerializer, *_BODY, 404, 409),
                   summary="Take an open seat (any, or the one named), or back the seat you left")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        data = _valid(s.MatchJoinSerializer, request.data)
        seat = Seat.from_label(data["seat"]) if data.get("seat") else None
        result = services.match_join(match_id=match_id, player=request.user, seat=seat)
        return Response(presenters.match_summary(result.match, result.state))


class MatchLeaveView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_leave", request=s.MatchLeaveSerializer,
                   **_idempotent(200, s.MatchSummarySerializer, *_BODY, 403, 404, 409,
                                 quotas=[_LEAVES, _EXPERTS]),
                   summary="Leave your seat to a bot for the rest of the match (join takes it back)",
                   description=(
                       "The caller's seat passes to a bot of bot_level (hard by default), recorded "
                       "as a seat_left event; it moves as soon as the seat is to act (after the "
                       "match's delay_ms). From then on the caller is a spectator of the match "
                       "(another leave is 403 not_seated) and may take the seat back with join "
                       "while the bot holds it, in any phase; the turn's deadline is not reset "
                       "by leaving or coming back. 409 match_finished once the match is over. "
                       f"A player may leave a match {settings.QUOTAS['leaves_per_match']} "
                       "times: the next leave is 429 quota_exceeded (quota leaves_per_match, "
                       "no Retry-After: it never frees)."))
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        data = _valid(s.MatchLeaveSerializer, request.data)
        result = services.seat_leave(match_id=match_id, player=request.user,
                                     bot_level=data["bot_level"])
        return Response(presenters.match_summary(result.match, result.state))


class SeatReplaceView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_replace_seat", request=s.SeatReplaceSerializer,
                   **_idempotent(200, s.MatchSummarySerializer, *_BODY, 403, 404, 409,
                                 quotas=[_EXPERTS],
                                 parameters=[OpenApiParameter(
                                     "seat", str, OpenApiParameter.PATH, enum=s.SEAT_CHOICES,
                                     description="the seat whose player to replace")]),
                   summary="Replace an overdue player with a bot (the match's creator only)",
                   description=(
                       "The player in the seat is replaced by a bot of bot_level (hard by "
                       "default) for the rest of the match, recorded as a seat_replaced event; "
                       "unlike a player who leaves, they may not take the seat back. Only the "
                       "match's creator may (403 not_creator), and only once that player is "
                       "overdue: their turn's deadline (the view's turn_deadline) has passed, "
                       "or a stand-in has moved for them since they last moved (else 409 "
                       "not_replaceable, as for a seat no player holds). 409 match_finished "
                       "once the match is over."))
    def post(self, request: Request, match_id: uuid.UUID, seat: str) -> Response:
        data = _valid(s.SeatReplaceSerializer, request.data)
        result = services.seat_replace(match_id=match_id, by=request.user,
                                       seat=Seat.from_label(seat), bot_level=data["bot_level"],
                                       now=timezone.now())
        return Response(presenters.match_summary(result.match, result.state))


class MatchCancelView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_cancel", request=None,
                   **_idempotent(200, s.MatchSummarySerializer, 400, 403, 404, 409),
                   summary="Call off a match still waiting for players (its creator only)",
                   description=(
                       "The match ends before any deal, with a match_aborted event whose reason "
                       "says its creator cancelled it, and frees its places in the creator's "
                       "quotas (unfinished_matches, open_matches). Only the creator (403 "
                       "not_creator), only while its seats are not all taken (409 wrong_phase "
                       "once the first hand is dealt; 409 match_finished once it has ended). "
                       "No body."))
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        result = services.match_cancel(match_id=match_id, by=request.user)
        return Response(presenters.match_summary(result.match, result.state))


class SeatViewView(APIView):
    @extend_schema(operation_id="matches_view", parameters=[
        OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER,
                         description='entity tags, e.g. "41" (or *): 304 when the match\'s '
                                     'version is among them'),
        OpenApiParameter("ETag", str, OpenApiParameter.HEADER, response=[200, 304],
                         required=True, description='"<version>"')],
        responses={200: s.SeatViewSerializer, 304: None, **_problems(404)},
        summary="Your seat's view of the table (ETag = version)")
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        match, seat = selectors.match_watch_get(match_id=match_id, user=request.user)
        etag = f'"{match.version}"'
        headers = {"ETag": etag, "Vary": "Authorization"}
        if_none_match = request.headers.get("If-None-Match", "").strip()
        if if_none_match == "*" or etag in _etags(if_none_match):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        view = selectors.seat_view_get(match=match, seat=seat)
        return Response(presenters.match_seat_view(view, match), headers=headers)


# A quoted version ("42"), a bare one, or * (any version). No weak tag: If-Match compares
# strongly (RFC 9110), so W/"42" could never match.
IF_MATCH_PATTERN = r'^(\*|"[0-9]{1,18}"|[0-9]{1,18})$'
_IF_MATCH = OpenApiParameter("If-Match", str, OpenApiParameter.HEADER, pattern=IF_MATCH_PATTERN,
                             description='"<version>": refuse with 412 stale_version if the '
                                         'match has moved on; * or none: any version')
_COMMAND = _idempotent(200, s.CommandResultSerializer, *_BODY, 403, 404, 409, 412, 422,
                       parameters=[_IF_MATCH])


class PassView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_pass", request=s.CardsPassSerializer,
                   **_COMMAND, summary="Pass cards from your seat")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        requested_at = timezone.now()
        data = _valid(s.CardsPassSerializer, request.data)
        result = services.cards_pass(match_id=match_id, player=request.user, cards=data["cards"],
                                     expected_version=_if_match(request),
                                     requested_at=requested_at)
        return Response(_command_result(result))


class PlayView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_play", request=s.CardPlaySerializer,
                   **_COMMAND, summary="Play a card from your seat")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        requested_at = timezone.now()
        data = _valid(s.CardPlaySerializer, request.data)
        result = services.card_play(match_id=match_id, player=request.user, card=data["card"],
                                    expected_version=_if_match(request),
                                    requested_at=requested_at)
        return Response(_command_result(result))


class EventListView(APIView):
    @extend_schema(operation_id="matches_events",
                   description="With `wait`, a long poll. " + waiting_quota.schema_note(),
                   parameters=[s.EventQuerySerializer],
                   responses={200: s.EventListSerializer, **_problems(400, 404)},
                   summary="The match's events after seq N, redacted for your seat; with "
                           "wait, held until there is one")
    def get(self, request: Request, match_id: uuid.UUID) -> HttpResponseBase:
        query = _valid(s.EventQuerySerializer, request.query_params.dict())
        match, viewer = selectors.match_watch_get(match_id=match_id, user=request.user)
        if "wait" in query:
            live.release_connections()
            token_id = _token_id(request)
            place = waiting_quota.take(user=request.user, token_id=token_id)
            return live.long_poll_response(match_id=match.id, user=request.user,
                                           token_id=token_id, after=query["after"],
                                           limit=query["limit"], wait=query["wait"], place=place)
        logged = selectors.event_list(match=match, after=query["after"], limit=query["limit"])
        return Response({"events": presenters.events(logged, viewer), "version": match.version})


class EventStreamRenderer(JSONRenderer):
    """``text/event-stream``: the stream's media type. Only a refusal is rendered by it
    (as problem+json); the stream's own body is written by ``hearts_api.live``."""

    media_type = "text/event-stream"
    format = "sse"


LAST_EVENT_ID_PATTERN = r"^[0-9]{1,9}$"
_LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID", str, OpenApiParameter.HEADER, pattern=LAST_EVENT_ID_PATTERN,
    description="resume after this seq (EventSource sends it when it reconnects); wins over "
                "?after=")


STREAM_DESCRIPTION = """Server-Sent Events, each message `id: <n>`, `event: <name>`, `data: <JSON>`:

- `event: view`: your seat view (the SeatView schema), `id` its version. First, unless
  resuming; then after every change.
- `event: <type>` (`card_played`, `trick_taken`, ...): one event of the log, redacted for
  your seat (the Event schema), `id` its seq. Every event exactly once, in order.
- a comment line (`: keep-alive`) at least every 15 seconds while nothing happens.

Resume with `Last-Event-ID: <seq>` (or `?after=<seq>`; a seq past the match's version
counts as its version): the events after that seq, then the view, then live. The stream
ends after the view that follows the match's last event (`match_ended`); resuming from
there answers 204 No Content.
"""


class MatchStreamView(APIView):
    authentication_classes = [BearerTokenAuthentication, QueryTokenAuthentication]
    renderer_classes = [EventStreamRenderer]

    @extend_schema(operation_id="matches_stream", description=waiting_quota.schema_note(),
                   parameters=[s.StreamQuerySerializer, _LAST_EVENT_ID],
                   responses={(200, "text/event-stream"): OpenApiResponse(
                       OpenApiTypes.STR, description=STREAM_DESCRIPTION),
                       204: OpenApiResponse(description=(
                           "the match has ended and the resume point is its last event: "
                           "nothing will follow (EventSource stops reconnecting)")),
                       **_problems(400, 404)},
                   summary="The match as Server-Sent Events: your view, then every event "
                           "and view as it happens")
    def get(self, request: Request, match_id: uuid.UUID) -> HttpResponseBase:
        query = _valid(s.StreamQuerySerializer, request.query_params.dict())
        after = query.get("after")
        last_event_id = request.headers.get("Last-Event-ID", "").strip()
        if last_event_id:
            if not re.fullmatch(LAST_EVENT_ID_PATTERN, last_event_id):
                raise InvalidRequest.of_field("Last-Event-ID", "invalid",
                                              "Last-Event-ID takes the seq of an event, such as 41")
            after = int(last_event_id)
        match = selectors.match_visible_get(match_id=match_id, user=request.user)
        live.release_connections()
        if after is not None and after >= match.version and Phase(match.status).is_over:
            # Nothing will ever follow: 204 tells EventSource to stop reconnecting.
            return Response(status=status.HTTP_204_NO_CONTENT)
        token_id = _token_id(request)
        place = waiting_quota.take(user=request.user, token_id=token_id)
        return live.stream_response(match_id=match.id, user=request.user, token_id=token_id,
                                    after=None if after is None else min(after, match.version),
                                    place=place)


class HealthView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes: list[Any] = []

    @extend_schema(operation_id="healthz", tags=["health"], responses={
        200: s.HealthSerializer,  # not rate limited: no 429
        **{(code, PROBLEM_CONTENT_TYPE): s.ProblemSerializer for code in (406, 503)}}, auth=[],
        summary="Whether the database (and the broker and Redis, when there are) answer")
    def get(self, request: Request) -> Response:
        found = health.health_check()
        probes = dataclasses.asdict(found)
        if not found.healthy:
            failed = ", ".join(f"the {part} ({error})" for part, error in found.failed.items())
            return problem_response(Unavailable(f"Not answering: {failed}.", **probes))
        return Response({"status": "ok", **probes})


# --- players' records and ratings --------------------------------------------------------


class PlayerProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="players_retrieve",
                   parameters=[OpenApiParameter("username", OpenApiTypes.STR,
                                                OpenApiParameter.PATH, pattern=USERNAME_PATTERN)],
                   responses={200: s.PlayerProfileSerializer, **_problems(404)},
                   auth=[{"bearerAuth": []}, {}],
                   summary="A player's public record: matches, moons, and the fastest win "
                           "against each set of opponents",
                   description="Open to anyone, with a token or without. Lowest total wins "
                               "in Hearts, so no total is kept as a best: the figure kept for "
                               "each set of opponents is the fastest win, in hands. A staff "
                               "account is no player: 404, as an unknown username.")
    def get(self, request: Request, username: str) -> Response:
        return Response(presenters.player_profile(selectors.player_profile_get(username=username)))


class LeaderboardView(generics.GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = MatchPagination
    serializer_class = s.LeaderboardEntrySerializer

    @extend_schema(operation_id="leaderboard_list", parameters=[s.PageQuerySerializer],
                   responses={200: s.LeaderboardEntrySerializer(many=True), **_problems(400)},
                   auth=[{"bearerAuth": []}, {}],
                   summary="Players and bot levels by rating, the highest first",
                   description="Open to anyone, with a token or without. Every player (no "
                               "staff account) and bot level with a rated match (finished, "
                               "every deal shuffled by the server, a player seated), by the "
                               "conservative estimate mu - 3 sigma of its openskill "
                               "(Plackett-Luce) rating.")
    def get(self, request: Request) -> Response:
        _valid(s.PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.leaderboard_list()) or []
        first = self.paginator.page.start_index() if page else 1  # type: ignore[union-attr]
        return self.get_paginated_response([presenters.leaderboard_entry(rating, first + n)
                                            for n, rating in enumerate(page)])


# --- the daily challenge ------------------------------------------------------------------

DAY_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
_DAY = OpenApiParameter(
    "day", OpenApiTypes.DATE, OpenApiParameter.PATH, pattern=DAY_PATTERN,
    description="a UTC date, YYYY-MM-DD; another form, a date that does not exist (2025-02-30) "
                "or, for reads, a date after today is 404 not_found")
_PUBLIC = [{"bearerAuth": []}, {}]


def _challenge(request: Request, day: date) -> dict[str, Any]:
    """The body of ``GET /daily[/{day}]``: the caller's attempt only with a token."""
    challenge, deals = selectors.daily_challenge_get(day=day)
    attempt = (selectors.daily_attempt_get(day=day, user=request.user)
               if request.user.is_authenticated else None)
    return presenters.daily_challenge(challenge, daily.closes_at(day), deals, attempt)


def _day(day: str) -> date:
    """The date of a path's ``day`` (the URL conf has matched ``DAY_PATTERN``); one that
    does not exist is 404 not_found."""
    try:
        return date.fromisoformat(day)
    except ValueError:
        raise NotFound(f"no such date: {day}") from None


class DailyTodayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="daily_today",
                   responses={200: s.DailyChallengeSerializer, **_problems()},
                   auth=_PUBLIC, summary="Today's (UTC) daily challenge",
                   description="Open to anyone; with a token, attempt is yours. The same rules, "
                               "bots and deals for every player; one attempt each "
                               "(POST /daily/{day}/matches).")
    def get(self, request: Request) -> Response:
        return Response(_challenge(request, daily.today()))


class DailyDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="daily_retrieve", parameters=[_DAY],
                   responses={200: s.DailyChallengeSerializer, **_problems(404)},
                   auth=_PUBLIC, summary="The daily challenge of a day up to today; once the "
                                         "day is over, with its deals",
                   description="Open to anyone; with a token, attempt is yours. deals is null "
                               "until the day is over (closes_at), then holds its 4 deals. A "
                               "day after today is 404 not_found.")
    def get(self, request: Request, day: str) -> Response:
        return Response(_challenge(request, _day(day)))


class DailyMatchCreateView(IdempotentMixin, APIView):
    @extend_schema(operation_id="daily_matches_create", request=None,
                   **_idempotent(201, s.MatchSummarySerializer, 400, 404, 409,
                                 parameters=[_DAY, OpenApiParameter(
                                     "Location", OpenApiTypes.URI, OpenApiParameter.HEADER,
                                     response=[201], required=True,
                                     description="the new match's URL")],
                                 quotas=[_UNFINISHED, _EXPERTS]),
                   summary="Start your one attempt at today's daily challenge",
                   description="Creates your match of the day: you in south against the day's "
                               "bots, on the day's 4 deals (fixed_deals 4: unrated, and no "
                               "fastest win). Only today's (UTC) date: another is 409 "
                               "daily_closed. A second attempt is 409 daily_attempted, whose "
                               "match_id is your first. No body.")
    def post(self, request: Request, day: str) -> Response:
        result = services.daily_match_create(player=request.user, day=_day(day))
        match = result.match
        headers = {"Location": request.build_absolute_uri(f"/api/v1/matches/{match.id}")}
        return Response(presenters.match_summary(match, result.state),
                        status=status.HTTP_201_CREATED, headers=headers)


class DailyLeaderboardView(generics.GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = MatchPagination
    serializer_class = s.DailyLeaderboardEntrySerializer

    @extend_schema(operation_id="daily_leaderboard_list", parameters=[_DAY, s.PageQuerySerializer],
                   responses={200: s.DailyLeaderboardEntrySerializer(many=True),
                              **_problems(400, 404)},
                   auth=_PUBLIC, summary="A day's finished attempts: fewest points first, then "
                                         "the fastest",
                   description="Open to anyone. Each finished attempt at the day's challenge "
                               "(none of a staff account's), by the player's total after the "
                               "4 hands (fewest first), then by the whole seconds from the "
                               "match's creation to its end (fewest first); equal points and "
                               "seconds share a rank. A day after today is 404 not_found.")
    def get(self, request: Request, day: str) -> Response:
        _valid(s.PageQuerySerializer, request.query_params.dict())
        attempts = selectors.daily_leaderboard_list(day=_day(day))  # a day after today: 404
        page = self.paginate_queryset(attempts) or []
        return self.get_paginated_response([presenters.daily_leaderboard_entry(attempt)
                                            for attempt in page])


# --- helpers ------------------------------------------------------------------------------


def _valid(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data  # type: ignore[return-value]


_ETAG = re.compile(r'(?:W/)?"([^"]*)"')


def _etags(header: str) -> set[str]:
    return {f'"{tag}"' for tag in _ETAG.findall(header)}


def _if_match(request: Request) -> int | None:
    """The version an ``If-Match`` header expects (``IF_MATCH_PATTERN``), or None without
    one (or with ``*``). Raises a 400 ``invalid_request`` for any other value."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    if not re.fullmatch(IF_MATCH_PATTERN, header):
        raise InvalidRequest.of_field("If-Match", "invalid", 'If-Match takes one version: "42"')
    return int(header.strip('"'))


def _token_id(request: Request) -> Any:
    """The id of the token the request came with: a waiting request ends when it is revoked."""
    return getattr(request.auth, "pk", None)


def _command_result(result: services.CommandResult) -> dict[str, Any]:
    return presenters.command_result(result.match, result.events,
                                     seat_view(result.state, result.seat))
