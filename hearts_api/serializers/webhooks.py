"""Webhooks' request and response shapes: an endpoint, and each delivery to it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers

from games.models import Webhook, WebhookDelivery
from games.webhooks import BACKOFF_S, EVENTS

from .fields import ResponseSerializer, StrictRegexField, StrictSerializer, UniqueListField

# Explicit ranges, not \s: Python's and ECMAScript's white space differ (U+0085).
URL_PATTERN = r"^https?://[^\x00-\x20\x7f/?#@]+(?:[/?#][^\x00-\x20\x7f]*)?$"
URL_MAX_LENGTH = Webhook._meta.get_field("url").max_length

EVENTS_HELP = ("turn: it is your turn in a match (a seat of yours is newly to act); "
               "invitation: a seat is held for you; match_ended: a match you played ended "
               "(finished or aborted)")


class WebhookCreateSerializer(StrictSerializer):
    url = StrictRegexField(URL_PATTERN, max_length=URL_MAX_LENGTH, help_text=(
        "where deliveries are POSTed: https, with a host name or an address outside private "
        "ranges (unless the server's WEBHOOK_ALLOW_PRIVATE), else 422 url_not_allowed; a name "
        "is resolved at each delivery, which is refused while it resolves to a private address"))
    events = UniqueListField(child=serializers.ChoiceField(list(EVENTS)), min_length=1,
                             max_length=len(EVENTS), help_text=EVENTS_HELP)

    def validate_events(self, events: list[str]) -> list[str]:
        if len(set(events)) != len(events):
            raise serializers.ValidationError("each kind once", code="not_unique")
        return events


class WebhookSerializer(ResponseSerializer):
    id = serializers.UUIDField()
    url = StrictRegexField(URL_PATTERN, max_length=URL_MAX_LENGTH, help_text="as registered")
    events = serializers.ListField(child=serializers.ChoiceField(list(EVENTS)))
    enabled = serializers.BooleanField(help_text=(
        f"false once a delivery failed {len(BACKOFF_S) + 1} times (about a day of retries): "
        "nothing more is sent until POST /webhooks/{id}/enable"))
    deliveries_dropped = serializers.IntegerField(min_value=0, help_text=(
        f"deliveries owed while it held WEBHOOK_PENDING_MAX ({settings.WEBHOOK_PENDING_MAX}) "
        "pending, since it was registered: neither kept nor sent"))
    created_at = serializers.DateTimeField()

    @staticmethod
    def body(hook: Webhook) -> dict[str, Any]:
        return {"id": hook.id, "url": hook.url, "events": hook.events, "enabled": hook.enabled,
                "deliveries_dropped": hook.deliveries_dropped, "created_at": hook.created_at}


class WebhookCreatedSerializer(WebhookSerializer):
    secret = serializers.CharField(help_text=(
        "the signing secret (whsec_ and base64), shown only this once: verify each delivery's "
        "webhook-signature with a Standard Webhooks library"))

    @staticmethod
    def body(hook: Webhook, secret: str = "") -> dict[str, Any]:
        return {**WebhookSerializer.body(hook), "secret": secret}


class WebhookDeliverySerializer(ResponseSerializer):
    id = serializers.UUIDField(help_text="its webhook-id header: the same on every attempt")
    type = serializers.ChoiceField(list(EVENTS))
    payload = serializers.DictField(help_text="the JSON body sent: type, match_id, version, "
                                              "and seat (turn, invitation) or status "
                                              "(match_ended)")
    status = serializers.ChoiceField(list(WebhookDelivery.Status.values),
                                     help_text="pending (to be tried, again), delivered (a "
                                               "2xx), failed (every retry failed)")
    attempts = serializers.IntegerField(min_value=0)
    next_attempt_at = serializers.DateTimeField(help_text="while pending: when it is tried")
    last_status_code = serializers.IntegerField(allow_null=True, help_text=(
        "the endpoint's answer to the last attempt; null before one, or when none came"))
    last_error = serializers.CharField(help_text="why the last attempt got no answer, if so")
    created_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)

    @staticmethod
    def body(delivery: WebhookDelivery) -> dict[str, Any]:
        return {"id": delivery.id, "type": delivery.type, "payload": delivery.payload,
                "status": delivery.status, "attempts": delivery.attempts,
                "next_attempt_at": delivery.next_attempt_at,
                "last_status_code": delivery.last_status_code,
                "last_error": delivery.last_error, "created_at": delivery.created_at,
                "delivered_at": delivery.delivered_at}
