"""The lessons, and an attempt at one."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.lessons import lesson_get, lessons

from ..idempotency import IdempotentMixin
from ..serializers.fields import PageQuerySerializer
from ..serializers.lessons import LessonSerializer
from ..serializers.matches import MatchSummarySerializer
from ..throttling import MatchCreationThrottle
from .common import MatchPagination, location_of, no_body, valid_data
from .openapi import BODY_PROBLEMS, MATCH_CREATIONS, NEW_MATCH_LOCATION, idempotent, problem_responses


class LessonListView(generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = LessonSerializer

    @extend_schema(operation_id="lessons_list", parameters=[PageQuerySerializer],
                   responses={200: LessonSerializer(many=True), **problem_responses(400)},
                   summary="The lessons, in order")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(list(lessons().values()))
        return self.get_paginated_response([LessonSerializer.body(lesson) for lesson in page or []])


class LessonAttemptView(IdempotentMixin, APIView):
    @extend_schema(
        operation_id="lessons_attempt", request=None,
        **idempotent(201, MatchSummarySerializer, *BODY_PROBLEMS, 404, parameters=[NEW_MATCH_LOCATION],
                     quotas=[MATCH_CREATIONS]),
        summary="Start an attempt at a lesson: a match at its position, your seat to act",
        description=(
            "Creates a match on the lesson's deal, you in the lesson's seat and bots in the "
            "others, with the lesson's first moves played: your seat is to act, and the "
            "summary's lesson says what it asks. Your pass or play is answered as in any "
            "match, with the lesson's verdict (right, or legal_not_wanted, and why); a move "
            "the rules refuse is refused as anywhere and changes nothing. The match ends "
            "after your move (status finished, result.ended_by lesson). Lesson matches are "
            "unrated, set no record and take no place in the match quotas; starting one "
            "calls off your unfinished attempts at lessons. Counts against the quota "
            f"{MATCH_CREATIONS}. 404 not_found for no such lesson. No body."))
    def post(self, request: Request, slug: str) -> Response:
        no_body(request)
        lesson_get(slug)  # 404 before the quota counts it
        MatchCreationThrottle().check(request, self)
        result = services.lesson_attempt_create(player=request.user, slug=slug)
        headers = location_of(request, "match-detail", match_id=result.match.id)
        return Response(MatchSummarySerializer.body(result.match, result.state),
                        status=status.HTTP_201_CREATED, headers=headers)
