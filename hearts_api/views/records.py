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

from ..accounts import USERNAME_PATTERN
from ..serializers.fields import PageQuerySerializer
from ..serializers.records import LeaderboardEntrySerializer, PlayerProfileSerializer
from .common import MatchPagination, valid_data
from .openapi import problem_responses


class PlayerProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="players_retrieve",
                   parameters=[OpenApiParameter("username", OpenApiTypes.STR,
                                                OpenApiParameter.PATH, pattern=USERNAME_PATTERN)],
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


class LeaderboardView(generics.GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = MatchPagination
    serializer_class = LeaderboardEntrySerializer

    @extend_schema(operation_id="leaderboard_list", parameters=[PageQuerySerializer],
                   responses={200: LeaderboardEntrySerializer(many=True), **problem_responses(400)},
                   auth=[{"bearerAuth": []}, {}],
                   summary="Players and bot levels by rating, the highest first",
                   description="Open to anyone, with a token or without. Every player (no "
                               "staff account) and bot level with a rated match (finished, "
                               "every deal shuffled by the server, a player seated), by the "
                               "conservative estimate mu - 3 sigma of its openskill "
                               "(Plackett-Luce) rating.")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(selectors.leaderboard_list()) or []
        first = self.paginator.page.start_index() if page else 1  # type: ignore[union-attr]
        return self.get_paginated_response([LeaderboardEntrySerializer.body(rating, first + n)
                                            for n, rating in enumerate(page)])
