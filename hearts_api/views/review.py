"""A hint for the seat to act, and the analysis of a finished match."""

from __future__ import annotations

import uuid

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import review
from games.bot_levels import BLUNDER_POINTS
from games.engine import Seat

from ..idempotency import IdempotentMixin
from ..serializers.review import AnalysisQuerySerializer, AnalysisSerializer, HintSerializer
from ..throttling import AnalysisThrottle, HintThrottle
from .common import location_of, no_body, valid_data
from .openapi import BODY_PROBLEMS, idempotent, location, problem_responses, quota_note

_HINTS = quota_note("hints", "hints per player")
_ANALYSES = quota_note("analyses", "new analyses per player")


class HintView(APIView):
    http_method_names = ["get", "options"]  # a HEAD would be a whole search, counted

    @extend_schema(operation_id="matches_hint", responses={
        200: HintSerializer, **problem_responses(403, 404, 409, quotas=[_HINTS])},
        summary="A hint for your decision (matches created with hints)",
        description=(
            "Weighs each option of the decision your seat is to make, from what your seat "
            "knows only (never another seat's cards): each legal card when playing, the likely "
            "passes when passing, each with the points of this hand you may expect to take "
            "after it and the chance another seat shoots the moon. The search is given "
            f"{settings.HINT_BUDGET_MS} ms of CPU. 403 not_seated without a seat; 409 "
            "hints_disabled in a match created without hints; 409 not_your_turn when your "
            f"seat is not to act. Each hint counts against the quota {_HINTS}: beyond it 429 "
            "quota_exceeded. While the web process weighs another hint of yours, or as many "
            "as it weighs at once: 503 unavailable with Retry-After, not counted."))
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        match, view = review.hint_position(match_id=match_id, user=request.user)
        HintThrottle().check(request, self, count=False)  # over the quota: 429 before a slot
        appraisal = review.hint_weigh(match, view, request.user,
                                      lambda: HintThrottle().check(request, self))
        return Response(HintSerializer.body(match, view, appraisal, settings.HINT_BUDGET_MS))


_LOCATION = location("the analysis's URL (GET it for its progress)", 200, 202)


_CREATE = idempotent(202, AnalysisSerializer, *BODY_PROBLEMS, 403, 404, 409, parameters=[_LOCATION],
                     quotas=[_ANALYSES])


class AnalysisView(IdempotentMixin, APIView):
    @extend_schema(operation_id="matches_analysis_create", request=None,
                   parameters=_CREATE["parameters"],
                   responses={200: AnalysisSerializer, **_CREATE["responses"]},
                   summary="Ask for the analysis of your seat's decisions in a finished match",
                   description=(
                       "Queues the analysis of your seat's decisions (202, status queued): "
                       "each pass, and each play with more than one legal card, weighed from "
                       "what your seat knew then with a fixed search effort, so the analysis "
                       "is the same on every server. It runs hand by hand on the workers, "
                       "after every bot move waiting. One analysis per seat: asked again, it "
                       "answers the one there is (200), or queues again the hands left of one "
                       "that failed (202). 403 not_seated without a seat; 409 "
                       "match_not_finished before the match has finished. Each new analysis "
                       f"counts against the quota {_ANALYSES}: beyond it 429 quota_exceeded. "
                       "No body."))
    def post(self, request: Request, match_id: uuid.UUID) -> Response:
        no_body(request)
        match, seat = review.analysis_seat(match_id=match_id, user=request.user)
        analysis, queued = review.analysis_ask(
            match=match, seat=seat, user=request.user,
            counted=lambda: AnalysisThrottle().check(request, self))
        headers = location_of(request, "match-analysis", match_id=match_id)
        return Response(AnalysisSerializer.body(analysis), headers=headers,
                        status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)

    @extend_schema(operation_id="matches_analysis_retrieve", parameters=[AnalysisQuerySerializer],
                   responses={200: AnalysisSerializer, **problem_responses(400, 403, 404)},
                   summary="The analysis of your seat's decisions: its progress, then each decision",
                   description=(
                       "Each decision's loss is the points of the hand its choice was expected "
                       f"to cost against the best option found; a loss of {BLUNDER_POINTS:g} points or "
                       "more is a blunder. The hands and totals cover the hands analysed so far. Only "
                       "your own seat's analysis: it shows the cards you held (seat, if given, "
                       "must be yours: another is 403 not_seated). 404 not_found before one was "
                       "asked for."))
    def get(self, request: Request, match_id: uuid.UUID) -> Response:
        query = valid_data(AnalysisQuerySerializer, request.query_params.dict())
        seat = Seat.from_label(query["seat"]) if query.get("seat") else None
        return Response(AnalysisSerializer.body(
            review.analysis_get(match_id=match_id, user=request.user, seat=seat)))
