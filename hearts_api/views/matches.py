"""Matches: create, list, the lobby, join, leave, replace a seat, cancel."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.engine import RuleSet, Seat

from ..idempotency import IdempotentMixin
from ..serializers.fields import SEAT_CHOICES, PageQuerySerializer
from ..serializers.matches import (
    LobbyEntrySerializer,
    MatchCreateSerializer,
    MatchJoinSerializer,
    MatchLeaveSerializer,
    MatchListQuerySerializer,
    MatchSummarySerializer,
    SeatReplaceSerializer,
)
from ..throttling import MatchCreationThrottle
from .common import MatchPagination, location_of, no_body, valid_data
from .openapi import (
    BODY_PROBLEMS,
    BOT_ACCOUNT_MATCHES,
    EXPERTS_HELD,
    JOINED_HELD,
    LEAVES_HELD,
    MATCH_CREATIONS,
    NEW_MATCH_LOCATION,
    OPEN_HELD,
    UNFINISHED_HELD,
    idempotent,
    problem_responses,
)


class MatchListCreateView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = MatchSummarySerializer

    @extend_schema(operation_id="matches_list",
                   parameters=[MatchListQuerySerializer],
                   responses={200: MatchSummarySerializer(many=True), **problem_responses(400)},
                   summary="Matches you created or sit in, newest first")
    def get(self, request: Request) -> Response:
        query = valid_data(MatchListQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.match_list(user=request.user,
                                                           status=query.get("status")))
        return self.get_paginated_response([
            MatchSummarySerializer.body(match, selectors.match_state(match)) for match in page or []])

    @extend_schema(operation_id="matches_create", request=MatchCreateSerializer,
                   **idempotent(201, MatchSummarySerializer, *BODY_PROBLEMS, 404, 409, 422,
                                 parameters=[NEW_MATCH_LOCATION],
                                 quotas=[MATCH_CREATIONS, UNFINISHED_HELD, EXPERTS_HELD, OPEN_HELD]),
                   summary="Create a match; it starts when every seat is taken",
                   description=f"Each request that runs (not a replay) counts against the "
                               f"quota {MATCH_CREATIONS}: beyond it 429 quota_exceeded.")
    def post(self, request: Request) -> Response:
        MatchCreationThrottle().check(request, self)  # after the key: a replay is not counted
        data = valid_data(MatchCreateSerializer, request.data)
        seats = [services.SeatSpec(seat["kind"], seat.get("level"), seat.get("username"))
                 for seat in data["seats"]]
        result = services.match_create(creator=request.user, seats=seats,
                                       rules=data.get("rules") or RuleSet(),
                                       deals=data.get("deals") or [],
                                       bots=services.BotOptions(**(data.get("bots") or {})),
                                       turn_timeout_s=data.get("turn_timeout_s"),
                                       hints=data["hints"])
        match = result.match
        headers = location_of(request, "match-detail", match_id=match.id)
        return Response(MatchSummarySerializer.body(match, result.state),
                        status=status.HTTP_201_CREATED, headers=headers)


class LobbyView(generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = LobbyEntrySerializer

    @extend_schema(operation_id="lobby_list", parameters=[PageQuerySerializer],
                   responses={200: LobbyEntrySerializer(many=True), **problem_responses(400)},
                   summary="Matches with an open seat you may join, newest first")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.lobby_list(user=request.user))
        return self.get_paginated_response([
            LobbyEntrySerializer.body(match, selectors.match_state(match)) for match in page or []])


class MatchDetailView(APIView):
    @extend_schema(operation_id="matches_retrieve",
                   responses={200: MatchSummarySerializer, **problem_responses(404)},
                   summary="A match's summary")
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        match = selectors.match_visible_get(match_id=match_id, user=request.user)
        return Response(MatchSummarySerializer.body(match, selectors.match_state(match)))


class MatchJoinView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_join", request=MatchJoinSerializer,
                   **idempotent(200, MatchSummarySerializer, *BODY_PROBLEMS, 404, 409,
                                 quotas=[JOINED_HELD, BOT_ACCOUNT_MATCHES]),
                   summary="Take an open seat (any, or the one named), or back the seat you left")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        data = valid_data(MatchJoinSerializer, request.data)
        seat = Seat.from_label(data["seat"]) if data.get("seat") else None
        result = services.match_join(match_id=match_id, player=request.user, seat=seat)
        return Response(MatchSummarySerializer.body(result.match, result.state))


class MatchLeaveView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_leave", request=MatchLeaveSerializer,
                   **idempotent(200, MatchSummarySerializer, *BODY_PROBLEMS, 403, 404, 409,
                                 quotas=[LEAVES_HELD, EXPERTS_HELD]),
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
        data = valid_data(MatchLeaveSerializer, request.data)
        result = services.seat_leave(match_id=match_id, player=request.user,
                                     bot_level=data["bot_level"])
        return Response(MatchSummarySerializer.body(result.match, result.state))


class SeatReplaceView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_replace_seat", request=SeatReplaceSerializer,
                   **idempotent(200, MatchSummarySerializer, *BODY_PROBLEMS, 403, 404, 409,
                                 quotas=[EXPERTS_HELD],
                                 parameters=[OpenApiParameter(
                                     "seat", str, OpenApiParameter.PATH, enum=SEAT_CHOICES,
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
        data = valid_data(SeatReplaceSerializer, request.data)
        result = services.seat_replace(match_id=match_id, by=request.user,
                                       seat=Seat.from_label(seat), bot_level=data["bot_level"],
                                       now=timezone.now())
        return Response(MatchSummarySerializer.body(result.match, result.state))


class MatchCancelView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_cancel", request=None,
                   **idempotent(200, MatchSummarySerializer, *BODY_PROBLEMS, 403, 404, 409),
                   summary="Call off a match still waiting for players (its creator only)",
                   description=(
                       "The match ends before any deal, with a match_aborted event whose reason "
                       "says its creator cancelled it, and frees its places in the creator's "
                       "quotas (unfinished_matches, open_matches). Only the creator (403 "
                       "not_creator), only while its seats are not all taken (409 wrong_phase "
                       "once the first hand is dealt; 409 match_finished once it has ended). "
                       "No body."))
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        no_body(request)
        result = services.match_cancel(match_id=match_id, by=request.user)
        return Response(MatchSummarySerializer.body(result.match, result.state))
