"""Webhooks: registering an endpoint, listing, deleting and enabling it, its deliveries."""

from __future__ import annotations

import uuid

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import webhooks

from ..idempotency import IdempotentMixin
from ..serializers.fields import PageQuerySerializer
from ..serializers.webhooks import (
    WebhookCreatedSerializer,
    WebhookCreateSerializer,
    WebhookDeliverySerializer,
    WebhookSerializer,
)
from .common import MatchPagination, no_body, valid_data
from .openapi import BODY_PROBLEMS, idempotent, problem_responses

_HELD = f"webhooks ({settings.QUOTAS['webhooks']} a player holds)"


class WebhookListView(IdempotentMixin, generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = WebhookSerializer

    @extend_schema(operation_id="webhooks_list", parameters=[PageQuerySerializer],
                   responses={200: WebhookSerializer(many=True), **problem_responses(400)},
                   summary="Your webhooks, oldest first (never their secrets)")
    def get(self, request: Request) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        page = self.paginate_queryset(webhooks.webhook_list(owner=request.user)) or []
        return self.get_paginated_response([WebhookSerializer.body(hook) for hook in page])

    @extend_schema(operation_id="webhooks_create", request=WebhookCreateSerializer,
                   **idempotent(201, WebhookCreatedSerializer, *BODY_PROBLEMS, quotas=[_HELD]),
                   summary="Register an endpoint for kinds of events; the signing secret is "
                           "shown once",
                   description="Deliveries follow the Standard Webhooks specification: a JSON "
                               "POST with webhook-id, webhook-timestamp and webhook-signature "
                               "(v1, HMAC-SHA256 with the secret), sent by the workers after "
                               "the command commits, retried with backoff for about a day "
                               "while the answer is not a 2xx. Beyond the quota 429 "
                               "quota_exceeded.")
    def post(self, request: Request) -> Response:
        data = valid_data(WebhookCreateSerializer, request.data)
        hook, secret = webhooks.webhook_create(owner=request.user, url=data["url"],
                                               events=data["events"])
        return Response(WebhookCreatedSerializer.body(hook, secret), status=status.HTTP_201_CREATED)


class WebhookDetailView(APIView):
    @extend_schema(operation_id="webhooks_delete", responses={204: None, **problem_responses(404)},
                   summary="Delete one of your webhooks, its deliveries with it")
    def delete(self, request: Request, webhook_id: uuid.UUID) -> Response:
        webhooks.webhook_delete(owner=request.user, webhook_id=webhook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookEnableView(IdempotentMixin, APIView):
    @extend_schema(operation_id="webhooks_enable", request=None,
                   **idempotent(200, WebhookSerializer, *BODY_PROBLEMS, 404),
                   summary="Enable a webhook again (after a delivery failed for good)",
                   description="No body.")
    def post(self, request: Request, webhook_id: uuid.UUID) -> Response:
        no_body(request)
        hook = webhooks.webhook_enable(owner=request.user, webhook_id=webhook_id)
        return Response(WebhookSerializer.body(hook))


class WebhookDeliveryListView(generics.GenericAPIView):
    pagination_class = MatchPagination
    serializer_class = WebhookDeliverySerializer

    @extend_schema(operation_id="webhooks_deliveries", parameters=[PageQuerySerializer],
                   responses={200: WebhookDeliverySerializer(many=True),
                              **problem_responses(400, 404)},
                   summary="A webhook's deliveries, newest first, each with its attempts",
                   description="Its pending deliveries (about `WEBHOOK_PENDING_MAX`, "
                               f"{settings.WEBHOOK_PENDING_MAX}, at most) and its newest "
                               f"`WEBHOOK_DELIVERIES_KEPT` ({settings.WEBHOOK_DELIVERIES_KEPT}) "
                               "finished ones: each delivery that ends deletes the older "
                               "finished ones.")
    def get(self, request: Request, webhook_id: uuid.UUID) -> Response:
        valid_data(PageQuerySerializer, request.query_params.dict())
        deliveries = webhooks.delivery_list(owner=request.user, webhook_id=webhook_id)
        page = self.paginate_queryset(deliveries) or []
        return self.get_paginated_response([WebhookDeliverySerializer.body(d) for d in page])
