"""/healthz."""

from __future__ import annotations

import dataclasses
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import health
from ..problems import PROBLEM_CONTENT_TYPE, problem_response, unavailable
from ..serializers.health import HealthSerializer
from ..serializers.problems import ProblemSerializer
from .openapi import ANY_REQUEST


class HealthView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes: list[Any] = []

    @extend_schema(operation_id="healthz", tags=["health"], responses={
        200: HealthSerializer,  # not rate limited: no 429
        **{(code, PROBLEM_CONTENT_TYPE): ProblemSerializer for code in ANY_REQUEST}}, auth=[],
        summary="Whether the database (and the broker and Redis, when there are) answer")
    def get(self, request: Request) -> Response:
        found = health.health_check()
        probes = dataclasses.asdict(found)
        if not found.healthy:
            failed = ", ".join(f"the {part} ({error})" for part, error in found.failed.items())
            return problem_response(unavailable(f"Not answering: {failed}.", **probes))
        return Response(HealthSerializer.body(found))
