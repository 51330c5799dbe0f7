"""The body of /healthz."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from rest_framework import serializers

from .. import health
from .fields import ResponseSerializer


class HealthSerializer(ResponseSerializer):
    status = serializers.CharField(help_text='"ok": the database answers, and the broker and Redis '
                                             "where there are; else the answer is 503 unavailable "
                                             "problem+json, its members naming each part")
    database = serializers.CharField(help_text=f'"{health.OK}" or "error: <exception class>"')
    broker = serializers.CharField(help_text=f'"{health.OK}", "error: <exception class>", or '
                                             f'"{health.NO_BROKER}" without a broker')
    redis = serializers.CharField(help_text="REDIS_URL's Redis (match notifications, rate-limit "
                                            f'counters): "{health.OK}", "error: <exception class>", '
                                            f'or "{health.NO_REDIS}"')

    @staticmethod
    def body(found: health.Health) -> dict[str, Any]:
        """The body of a healthy answer (``found.healthy``)."""
        return {"status": "ok", **asdict(found)}
