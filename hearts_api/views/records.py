"""Players' public records and the leaderboard."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.bot_accounts import bot_account_create

from ..accounts import USERNAME_PATTERN
from ..idempotency import IdempotentMixin
from ..problem_types import Problem
from ..serializers.records import (
    LeaderboardEntrySerializer,
    LeaderboardQuerySerializer,
    PlayerProfileSerializer,
)
from .common import MatchPagination, no_body, valid_data
from .openapi import BODY_PROBLEMS, idempotent, problem_responses

_USERNAME = OpenApiParameter("username", OpenApiTypes.STR, OpenApiParameter.PATH,
                             pattern=USERNAME_PATTERN)


class PlayerProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="players_retrieve",
                   parameters=[_USERNAME],
                   responses={200: PlayerProfileSerializer, **problem_responses(404)},
                   auth=[{"bearerAuth": []}, {}],
                   summary="A player's public record: matches, moons, and the fastest win "
                           "against each set of opponents",
                   description="Open to anyone, with a token or without. Lowest total wins "
                               "in Hearts, so no total is kept as a best: the figure kept for "
                               "each set of opponents is the fastest win, in hands. A staff "
                               "account is no player: 404, as an unknown username.")
    def get(self, request: Request, username: str) -> Response:
        return Response(PlayerProfileSerializer.body(selectors.player_profile_get(username=username)))


class PlayerBotView(IdempotentMixin, APIView):
    @extend_schema(operation_id="players_bot", request=None,
                   **idempotent(200, PlayerProfileSerializer, *BODY_PROBLEMS, 403, 404,
                                parameters=[_USERNAME]),
                   summary="Turn yourself into a bot account, for good",
                   description="Only the player itself may (403 permission_denied for "
                               "another). The player is then shown as a bot wherever it "
                               "sits (is_bot), its past matches included, and may not take "
                               "the daily challenge; there is no way back. A bot account "
                               "made this way has no owner (one registered with a token "
                               "names that token's player). Asking again changes nothing. No body.")
    def post(self, request: Request, username: str) -> Response:
        no_body(request)
        if request.user.get_username() != username:
            selectors.player_profile_get(username=username)  # 404 for nobody
            raise Problem("permission_denied", "only a player may turn itself into a bot account")
        bot_account_create(user=request.user, owner=None)
        return Response(PlayerProfileSerializer.body(selectors.player_profile_get(username=username)))


class LeaderboardView(generics.GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = MatchPagination
    serializer_class = LeaderboardEntrySerializer

    @extend_schema(operation_id="leaderboard_list", parameters=[LeaderboardQuerySerializer],
                   responses={200: LeaderboardEntrySerializer(many=True), **problem_responses(400)},
                   auth=[{"bearerAuth": []}, {}],
                   summary="Players, bot accounts and bot levels by rating, the highest "
                           "first",
                   description="Open to anyone, with a token or without. Every player (no "
                               "staff account) and bot level with a rated match (finished, "
                               "every deal shuffled by the server, a player seated), by the "
                               "conservative estimate mu - 3 sigma of its openskill "
                               "(Plackett-Luce) rating; with kind, only people, bot accounts "
                               "or built-in levels, ranked among themselves.")
    def get(self, request: Request) -> Response:
        query = valid_data(LeaderboardQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.leaderboard_list(kind=query.get("kind"))) or []
        first = self.paginator.page.start_index() if page else 1  # type: ignore[union-attr]
        return self.get_paginated_response([LeaderboardEntrySerializer.body(rating, first + n)
                                            for n, rating in enumerate(page)])
