"""Arena runs: a bot account asks for one; it and its owner follow it."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import arena
from games.models import ArenaRun

from ..idempotency import IdempotentMixin
from ..serializers.arena import (
    ArenaRunCreateSerializer,
    ArenaRunDetailSerializer,
    ArenaRunSerializer,
)
from ..serializers.fields import PageQuerySerializer
from .common import MatchPagination, location_of, no_body, valid_data
from .openapi import BODY_PROBLEMS, idempotent, location, problem_responses

_QUOTAS = [f"arena_runs ({settings.QUOTAS['arena_runs']} running per bot account)",
           f"arena_deals ({settings.ARENA_DEALS_PER_DAY} deals per bot account in "
           f"{arena.DAY_S // 3600} hours)"]
_LOCATION = location("the run's URL", 202)
_CREATE = idempotent(202, ArenaRunDetailSerializer, *BODY_PROBLEMS, 403, parameters=[_LOCATION],
                     quotas=_QUOTAS)


class ArenaRunListCreateView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = ArenaRunSerializer

    @extend_schema(operation_id="arena_runs_list", parameters=[PageQuerySerializer],
                   responses={200: ArenaRunSerializer(many=True), **problem_responses(400)},
                   summary="Your arena runs and your bot accounts', newest first")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(arena.visible(request.user)) or []
        return self.get_paginated_response([ArenaRunSerializer.body(run) for run in page])

    @extend_schema(operation_id="arena_runs_create", request=ArenaRunCreateSerializer,
                   parameters=_CREATE["parameters"], responses=_CREATE["responses"],
                   summary="Measure your bot: a duplicate run against a field of built-in bots",
                   description=(
                       "For a bot account only (else 403 bot_account_required). Each deal is "
                       "played at five one-hand tables, each dealt the same cards with the "
                       "same pass: your bot in each seat against three field bots (seat by "
                       "seat over all the deals), then the field alone. Your bot's seat at "
                       "each table is held for it by an invitation (GET /invitations, or a "
                       "webhook): join and play it like "
                       f"any match. At most {settings.ARENA_TABLES_AT_ONCE} tables are "
                       "unfinished at once, fewer when your match quotas are full; the "
                       "tables are unrated and not in your records. A table you decline, "
                       "leave, or do not join before its invitation expires abandons the "
                       "run. Beyond the quotas 429 quota_exceeded."))
    def post(self, request: Request) -> Response:
        data = valid_data(ArenaRunCreateSerializer, request.data)
        run = arena.run_create(bot=request.user, field=data["field"], deals=data["deals"],
                               seed=data.get("seed"))
        headers = location_of(request, "arena-run-detail", run_id=run.id)
        return Response(_detail(arena.run_get(run_id=run.id, user=request.user)),
                        status=status.HTTP_202_ACCEPTED, headers=headers)


def _detail(run: ArenaRun) -> dict[str, Any]:
    """``run`` (as ``arena.visible`` gives it) with its tables."""
    return ArenaRunDetailSerializer.body(run, arena.tables(run))


class ArenaRunCancelView(IdempotentMixin, APIView):
    @extend_schema(operation_id="arena_runs_cancel", request=None,
                   **idempotent(200, ArenaRunDetailSerializer, *BODY_PROBLEMS, 404),
                   summary="Stop an arena run: it is abandoned, its unfinished tables aborted",
                   description="By its bot account or the bot's owner (another: 404 "
                               "not_found). A run that has ended is answered as it is. No body.")
    def post(self, request: Request, run_id: uuid.UUID) -> Response:
        no_body(request)
        return Response(_detail(arena.run_cancel(run_id=run_id, user=request.user)))


class ArenaRunDetailView(APIView):
    @extend_schema(operation_id="arena_runs_retrieve",
                   responses={200: ArenaRunDetailSerializer, **problem_responses(404)},
                   summary="An arena run: its progress and tables, and once finished its result",
                   description="Your bot account's runs, or those of bot accounts you own; "
                               "another is 404 not_found.")
    def get(self, request: Request, run_id: uuid.UUID) -> Response:
        return Response(_detail(arena.run_get(run_id=run_id, user=request.user)))
