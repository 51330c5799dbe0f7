"""Invitations to a seat: the caller's, and declining one."""

from __future__ import annotations

import uuid

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import invitations, services

from ..idempotency import IdempotentMixin
from ..serializers.fields import PageQuerySerializer
from ..serializers.invitations import InvitationSerializer
from .common import MatchPagination, no_body, valid_data
from .openapi import BODY_PROBLEMS, idempotent, problem_responses


class InvitationListView(generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = InvitationSerializer

    @extend_schema(operation_id="invitations_list", parameters=[PageQuerySerializer],
                   responses={200: InvitationSerializer(many=True), **problem_responses(400)},
                   summary="Seats held for you, newest first: join the match to accept, or "
                           "decline")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(invitations.invitation_list(user=request.user)) or []
        now = timezone.now()
        return self.get_paginated_response([InvitationSerializer.body(i, now) for i in page])


class InvitationDeclineView(IdempotentMixin, APIView):
    @extend_schema(operation_id="invitations_decline", request=None,
                   **idempotent(200, InvitationSerializer, *BODY_PROBLEMS, 404),
                   summary="Decline an invitation: its seat opens to anyone (a seat_released "
                           "event the match's players see)",
                   description="409 invitation_closed when it was accepted, declined or has "
                               "expired already; 404 not_found for none of yours. No body.")
    def post(self, request: Request, invitation_id: uuid.UUID) -> Response:
        no_body(request)
        declined = services.invitation_decline(invitation_id=invitation_id, player=request.user)
        return Response(InvitationSerializer.body(declined, timezone.now()))
