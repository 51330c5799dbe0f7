"""Problem details (RFC 9457): the body of every error."""

from __future__ import annotations

from rest_framework import serializers

from .. import health
from ..problem_types import PROBLEMS
from .fields import SEAT_CHOICES, _cards


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="dotted path of the field, e.g. rules.pass_count; or "
                                            "the header at fault, e.g. If-Match; empty for the "
                                            "request as a whole (a body that is not JSON)")
    code = serializers.CharField(help_text="e.g. required, invalid, unknown_field, unknown_card, "
                                           "parse_error")
    detail = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    """An RFC 9457 problem details object (``application/problem+json``). ``type`` resolves
    to a page about the code (``GET /problems/<code>``)."""

    type = serializers.CharField(help_text="/problems/<code>")
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.CharField(help_text=(
        "stable machine-readable code, one page each at /problems/<code>; today one of "
        + ", ".join(PROBLEMS) + " (a client should expect new ones)"))
    legal_cards = _cards(required=False, help_text="with rule refusals: what you may play or "
                                                   "pass")
    errors = FieldErrorSerializer(many=True, required=False,
                                  help_text="always with invalid_request and unknown_card: each "
                                            "fault")
    to_act = serializers.ListField(child=serializers.ChoiceField(SEAT_CHOICES), required=False,
                                   help_text="with not_your_turn: the seats to act")
    version = serializers.IntegerField(required=False,
                                       help_text="with stale_version: the current version")
    seat = serializers.ChoiceField(SEAT_CHOICES, required=False,
                                   help_text="with already_seated, to a player who left a "
                                             "seat: that seat")
    retry_after = serializers.IntegerField(required=False,
                                           help_text="with throttled, unavailable and a rate's "
                                                     "quota_exceeded: seconds to wait")
    quota = serializers.CharField(required=False,
                                  help_text="with quota_exceeded: the quota's name (tokens, "
                                            "match_creations, idempotency_keys, ...)")
    limit = serializers.IntegerField(required=False,
                                     help_text="with quota_exceeded: how many may be held, or "
                                               "with period_s, how many a window allows")
    period_s = serializers.IntegerField(required=False,
                                        help_text="with quota_exceeded for a rate: its window, "
                                                  "in seconds")
    match_id = serializers.UUIDField(required=False,
                                     help_text="with daily_attempted: the match of your attempt")
    database = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}" or "error: <exception class>"'))
    broker = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}", "error: <exception class>", or '
        f'"{health.NO_BROKER}"'))
    redis = serializers.CharField(required=False, help_text=(
        f'with unavailable at /healthz: "{health.OK}", "error: <exception class>", or '
        f'"{health.NO_REDIS}"'))
