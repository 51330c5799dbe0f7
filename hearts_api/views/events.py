"""A match's events: the list (a long poll with wait) and the stream."""

from __future__ import annotations

import re
import uuid

from django.conf import settings
from django.http.response import HttpResponseBase
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.engine import Phase

from .. import live, waiting_quota
from ..auth import BearerTokenAuthentication, QueryTokenAuthentication
from ..problem_types import Problem
from ..serializers.events import (
    SEQ_MAX,
    STREAM_MESSAGE_REF,
    EventListSerializer,
    EventQuerySerializer,
    StreamQuerySerializer,
    event_bodies,
)
from .common import request_token_id, valid_data
from .openapi import problem_responses
from .sse import EventStreamRenderer


class EventListView(APIView):
    @extend_schema(operation_id="matches_events",
                   description="With `wait`, a long poll. " + waiting_quota.schema_note(),
                   parameters=[EventQuerySerializer],
                   responses={200: EventListSerializer,
                              **problem_responses(400, 404, quotas=waiting_quota.QUOTA_NAMES)},
                   summary="The match's events after seq N, redacted for your seat; with "
                           "wait, held until there is one")
    def get(self, request: Request, match_id: uuid.UUID) -> HttpResponseBase:
        query = valid_data(EventQuerySerializer, request.query_params.dict())
        match, viewer = selectors.match_watch_get(match_id=match_id, user=request.user)
        if "wait" in query:
            live.release_connections()
            token_id = request_token_id(request)
            place = waiting_quota.take(user=request.user, token_id=token_id)
            return live.long_poll_response(match_id=match.id, user=request.user,
                                           token_id=token_id, after=query["after"],
                                           limit=query["limit"], wait=query["wait"], place=place,
                                           version=match.version)
        logged = selectors.event_list(match=match, after=query["after"], limit=query["limit"])
        return Response(EventListSerializer.body(event_bodies(logged, viewer), match.version))


LAST_EVENT_ID_PATTERN = rf"^([0-9]{{1,{len(str(SEQ_MAX))}}})?$"
_LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID", str, OpenApiParameter.HEADER, pattern=LAST_EVENT_ID_PATTERN,
    description="resume after this seq (EventSource sends it when it reconnects); wins over "
                "?after=; empty, as if it were not sent")


STREAM_DESCRIPTION = f"""Server-Sent Events, each message `id: <n>`, `event: <name>`, `data: <JSON>`:

- `event: view`: your seat view (the SeatView schema), `id` its version. First, unless
  resuming; then after every change.
- `event: <type>` (`card_played`, `trick_taken`, ...): one event of the log, redacted for
  your seat (the Event schema), `id` its seq. Every event exactly once, in order.
- a comment line (`: keep-alive`) at least every {settings.LIVE_HEARTBEAT_SECONDS:g} seconds
  while nothing happens.

Resume with `Last-Event-ID: <seq>` (or `?after=<seq>`; a seq past the match's version
counts as its version): the events after that seq, then the view, then live. The stream
ends after the view that follows the match's last event (`match_ended` or
`match_aborted`); resuming from
there answers 204 No Content.
"""



class MatchStreamView(APIView):
    authentication_classes = [BearerTokenAuthentication, QueryTokenAuthentication]
    renderer_classes = [EventStreamRenderer]
    http_method_names = ["get", "options"]  # a HEAD would hold the stream open, unsent

    def get_renderers(self) -> list[BaseRenderer]:
        """The stream's renderer; for ``OPTIONS``, DRF's metadata, JSON's."""
        return [JSONRenderer()] if self.request.method == "OPTIONS" else super().get_renderers()

    @extend_schema(operation_id="matches_stream", description=waiting_quota.schema_note(),
                   parameters=[StreamQuerySerializer, _LAST_EVENT_ID],
                   responses={(200, "text/event-stream"): OpenApiResponse(
                       STREAM_MESSAGE_REF, description=STREAM_DESCRIPTION),
                       204: OpenApiResponse(description=(
                           "the match has ended and the resume point is its last event: "
                           "nothing will follow (EventSource stops reconnecting)")),
                       **problem_responses(400, 404, quotas=waiting_quota.QUOTA_NAMES)},
                   summary="The match as Server-Sent Events: your view, then every event "
                           "and view as it happens")
    def get(self, request: Request, match_id: uuid.UUID) -> HttpResponseBase:
        query = valid_data(StreamQuerySerializer, request.query_params.dict())
        after = query.get("after")
        last_event_id = request.headers.get("Last-Event-ID", "").strip()
        if last_event_id:
            if not re.fullmatch(LAST_EVENT_ID_PATTERN, last_event_id):
                raise Problem.invalid("Last-Event-ID", "invalid",
                                              "Last-Event-ID takes the seq of an event, such as 41")
            after = int(last_event_id)
        match = selectors.match_visible_get(match_id=match_id, user=request.user)
        live.release_connections()
        if after is not None and after >= match.version and Phase(match.status).is_over:
            # Nothing will ever follow: 204 tells EventSource to stop reconnecting.
            return Response(status=status.HTTP_204_NO_CONTENT)
        token_id = request_token_id(request)
        place = waiting_quota.take(user=request.user, token_id=token_id)
        return live.stream_response(match_id=match.id, user=request.user, token_id=token_id,
                                    after=None if after is None else min(after, match.version),
                                    place=place)
