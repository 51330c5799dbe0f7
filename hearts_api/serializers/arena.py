"""Arena runs: asking for one, and a run as its bot and the bot's owner see it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from rest_framework import serializers

from games.arena import DEALS_MIN, SEED_BITS, TABLES_PER_DEAL
from games.engine import Seat
from games.models import ArenaRun, ArenaTable

from .fields import (
    BOT_LEVEL_CHOICES,
    SEAT_CHOICES,
    STATUS_CHOICES,
    ResponseSerializer,
    ScoresBySeatSerializer,
    StrictIntegerField,
    StrictSerializer,
    by_seat,
)

SEED_MAX = 2**SEED_BITS - 1
RUN_STATUS_CHOICES = list(ArenaRun.Status.values)


class ArenaRunCreateSerializer(StrictSerializer):
    field = serializers.ChoiceField(BOT_LEVEL_CHOICES, help_text="the three bots the bot plays "
                                                                 "against, at each table")
    deals = StrictIntegerField(min_value=DEALS_MIN, max_value=settings.ARENA_DEALS_MAX, help_text=(
        "deals to play; each is five one-hand tables: the field's own, and the bot in each seat"))
    seed = StrictIntegerField(min_value=0, max_value=SEED_MAX, required=False, help_text=(
        "the deals' seed, to replay the same deals in another run (default: a random one)"))


class ArenaSeatResultSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEAT_CHOICES)
    advantage = serializers.FloatField(help_text="points per hand the field took more than "
                                                 "the bot in this seat")
    points = serializers.FloatField(help_text="the bot's mean points per hand in this seat")
    field_points = serializers.FloatField(help_text="the field's mean points per hand in this "
                                                    "seat, at its own table")


class ArenaResultSerializer(serializers.Serializer):
    advantage = serializers.FloatField(help_text=(
        "points per hand the field took more than the bot at the same seat of the same deal, "
        "the mean over deals: above 0, the bot is stronger than the field"))
    ci95 = serializers.ListField(child=serializers.FloatField(), min_length=2, max_length=2,
                                 help_text="the advantage's 95% interval, [low, high]")
    deals = serializers.IntegerField(min_value=DEALS_MIN)
    per_seat = ArenaSeatResultSerializer(many=True)


class ArenaProgressSerializer(serializers.Serializer):
    tables = serializers.IntegerField(help_text=f"all the run's tables: {TABLES_PER_DEAL} a deal")
    tables_finished = serializers.IntegerField()


class ArenaRunSerializer(ResponseSerializer):
    id = serializers.UUIDField()
    bot = serializers.CharField(help_text="the bot account's username")
    field = serializers.ChoiceField(BOT_LEVEL_CHOICES)
    deals = serializers.IntegerField()
    seed = serializers.IntegerField(min_value=0, max_value=SEED_MAX, allow_null=True, help_text=(
        "the deals' seed: null while a run whose seed the server chose is running"))
    status = serializers.ChoiceField(RUN_STATUS_CHOICES, help_text=(
        "running, finished (result set), or abandoned (reason says why; its unfinished "
        "tables were aborted)"))
    reason = serializers.CharField(allow_null=True, help_text="why it was abandoned, else null")
    progress = ArenaProgressSerializer()
    result = ArenaResultSerializer(allow_null=True, help_text="once finished")
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)

    @staticmethod
    def body(run: ArenaRun, tables: Sequence[ArenaTable] = ()) -> dict[str, Any]:
        """``run`` as ``games.arena.visible`` gives it (with ``tables_finished``)."""
        return {"id": run.id, "bot": run.bot.get_username(), "field": run.field,
                "deals": run.deals,
                "seed": run.seed if run.seed_chosen or run.status != ArenaRun.Status.RUNNING
                else None,
                "status": run.status,
                "reason": run.reason or None,
                "progress": {"tables": run.deals * TABLES_PER_DEAL,
                             "tables_finished": run.tables_finished},  # type: ignore[attr-defined]
                "result": run.result, "created_at": run.created_at, "ended_at": run.ended_at}


class ArenaTableSerializer(serializers.Serializer):
    match_id = serializers.UUIDField()
    deal = serializers.IntegerField(min_value=1, help_text="1 for the run's first deal")
    seat = serializers.ChoiceField(SEAT_CHOICES, allow_null=True,
                                   help_text="the bot's; null at the field's own table")
    status = serializers.ChoiceField(STATUS_CHOICES, help_text="the match's")
    points = ScoresBySeatSerializer(allow_null=True, help_text="the hand's, once finished")


class ArenaRunDetailSerializer(ArenaRunSerializer):
    matches = ArenaTableSerializer(many=True, help_text=(
        f"the tables created so far, by deal: at most {TABLES_PER_DEAL} a deal"))

    @staticmethod
    def body(run: ArenaRun, tables: Sequence[ArenaTable] = ()) -> dict[str, Any]:
        """``run`` and its ``tables`` (each with its match)."""
        return {**ArenaRunSerializer.body(run), "matches": [
            {"match_id": table.match_id, "deal": table.deal + 1,
             "seat": None if table.seat is None else Seat(table.seat).label,
             "status": table.match.status,
             "points": None if table.points is None else by_seat(table.points)}
            for table in tables]}
