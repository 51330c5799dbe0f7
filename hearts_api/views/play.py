"""A seat's view and its commands (pass, play)."""

from __future__ import annotations

import uuid
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.engine import seat_view

from ..idempotency import IdempotentMixin
from ..serializers.play import (
    CardPlaySerializer,
    CardsPassSerializer,
    CommandResultSerializer,
    SeatViewSerializer,
)
from .common import valid_data
from .conditional import IF_MATCH_PATTERN, etags, if_match
from .openapi import BODY_PROBLEMS, idempotent, problem_responses


class SeatViewView(APIView):
    @extend_schema(operation_id="matches_view", parameters=[
        OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER,
                         description='entity tags, e.g. "41" (or *): 304 when the match\'s '
                                     'version is among them; a header that is not a list '
                                     'of entity tags is ignored'),
        OpenApiParameter("ETag", str, OpenApiParameter.HEADER, response=[200, 304],
                         required=True, description='"<version>"')],
        responses={200: SeatViewSerializer, 304: None, **problem_responses(404)},
        summary="Your seat's view of the table (ETag = version)")
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        match, seat = selectors.match_watch_get(match_id=match_id, user=request.user)
        etag = f'"{match.version}"'
        headers = {"ETag": etag, "Vary": "Authorization"}
        if_none_match = request.headers.get("If-None-Match", "").strip()
        if if_none_match == "*" or etag in etags(if_none_match):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        view = selectors.seat_view_get(match=match, seat=seat)
        return Response(SeatViewSerializer.body(view, match, match.version,
                                                match.turn_deadline), headers=headers)
_IF_MATCH = OpenApiParameter("If-Match", str, OpenApiParameter.HEADER, pattern=IF_MATCH_PATTERN,
                             description='"<version>": refuse with 412 stale_version if the '
                                         'match has moved on; * or none: any version')
_COMMAND = idempotent(200, CommandResultSerializer, *BODY_PROBLEMS, 403, 404, 409, 412, 422,
                       parameters=[_IF_MATCH])


class PassView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_pass", request=CardsPassSerializer,
                   **_COMMAND, summary="Pass cards from your seat")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        requested_at = timezone.now()
        data = valid_data(CardsPassSerializer, request.data)
        result = services.cards_pass(match_id=match_id, player=request.user, cards=data["cards"],
                                     expected_version=if_match(request),
                                     requested_at=requested_at)
        return Response(_command_result(result))


class PlayView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_play", request=CardPlaySerializer,
                   **_COMMAND, summary="Play a card from your seat")
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        requested_at = timezone.now()
        data = valid_data(CardPlaySerializer, request.data)
        result = services.card_play(match_id=match_id, player=request.user, card=data["card"],
                                    expected_version=if_match(request),
                                    requested_at=requested_at)
        return Response(_command_result(result))


def _command_result(result: services.CommandResult) -> dict[str, Any]:
    return CommandResultSerializer.body(result.match, result.events,
                                        seat_view(result.state, result.seat), result.lesson)
