"""The daily challenge."""

from __future__ import annotations

from datetime import date
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import daily, selectors, services

from ..idempotency import IdempotentMixin
from ..problem_types import Problem
from ..serializers.daily import DailyChallengeSerializer, DailyLeaderboardEntrySerializer
from ..serializers.fields import PageQuerySerializer
from ..serializers.matches import MatchSummarySerializer
from .common import MatchPagination, location_of, no_body, valid_data
from .openapi import (
    BODY_PROBLEMS,
    EXPERTS_HELD,
    NEW_MATCH_LOCATION,
    UNFINISHED_HELD,
    idempotent,
    problem_responses,
)

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
    return DailyChallengeSerializer.body(challenge, daily.closes_at(day), deals, attempt)


def _day(day: str) -> date:
    """The date of a path's ``day`` (the URL conf has matched ``DAY_PATTERN``); one that
    does not exist is 404 not_found."""
    try:
        return date.fromisoformat(day)
    except ValueError:
        raise Problem("not_found", f"no such date: {day}") from None


class DailyTodayView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="daily_today",
                   responses={200: DailyChallengeSerializer, **problem_responses()},
                   auth=_PUBLIC, summary="Today's (UTC) daily challenge",
                   description="Open to anyone; with a token, attempt is yours. The same rules, "
                               "bots and deals for every player; one attempt each "
                               "(POST /daily/{day}/matches).")
    def get(self, request: Request) -> Response:
        return Response(_challenge(request, daily.today()))


class DailyDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="daily_retrieve", parameters=[_DAY],
                   responses={200: DailyChallengeSerializer, **problem_responses(404)},
                   auth=_PUBLIC, summary="The daily challenge of a day up to today; once the "
                                         "day is over, with its deals",
                   description="Open to anyone; with a token, attempt is yours. deals is null "
                               f"until the day is over (closes_at), then holds its {daily.HANDS} deals. A "
                               "day after today is 404 not_found.")
    def get(self, request: Request, day: str) -> Response:
        return Response(_challenge(request, _day(day)))


class DailyMatchCreateView(IdempotentMixin, APIView):
    @extend_schema(operation_id="daily_matches_create", request=None,
                   **idempotent(201, MatchSummarySerializer, *BODY_PROBLEMS, 403, 404, 409,
                                 parameters=[_DAY, NEW_MATCH_LOCATION],
                                 quotas=[UNFINISHED_HELD, EXPERTS_HELD]),
                   summary="Start your one attempt at today's daily challenge",
                   description="Creates your match of the day: you in "
                               f"{daily.PLAYER_SEAT.label} against the day's bots, on the "
                               f"day's {daily.HANDS} deals (fixed_deals {daily.HANDS}: unrated, and no "
                               "fastest win). Only today's (UTC) date: another is 409 "
                               "daily_closed. A second attempt is 409 daily_attempted, whose "
                               "match_id is your first; a bot account's is 403 "
                               "not_for_bot_accounts. No body.")
    def post(self, request: Request, day: str) -> Response:
        no_body(request)
        result = services.daily_match_create(player=request.user, day=_day(day))
        match = result.match
        headers = location_of(request, "match-detail", match_id=match.id)
        return Response(MatchSummarySerializer.body(match, result.state),
                        status=status.HTTP_201_CREATED, headers=headers)


class DailyLeaderboardView(generics.GenericAPIView):
    permission_classes = [AllowAny]
    pagination_class = MatchPagination
    serializer_class = DailyLeaderboardEntrySerializer

    @extend_schema(operation_id="daily_leaderboard_list", parameters=[_DAY, PageQuerySerializer],
                   responses={200: DailyLeaderboardEntrySerializer(many=True),
                              **problem_responses(400, 404)},
                   auth=_PUBLIC, summary="A day's finished attempts: fewest points first, then "
                                         "the fastest",
                   description="Open to anyone. Each finished attempt at the day's challenge "
                               "(none of a staff account's), by the player's total after the "
                               f"{daily.HANDS} hands (fewest first), then by the whole seconds from the "
                               "match's creation to its end (fewest first); equal points and "
                               "seconds share a rank. A day after today is 404 not_found.")
    def get(self, request: Request, day: str) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        attempts = selectors.daily_leaderboard_list(day=_day(day))  # a day after today: 404
        page = self.paginate_queryset(attempts) or []
        return self.get_paginated_response([DailyLeaderboardEntrySerializer.body(attempt)
                                            for attempt in page])
