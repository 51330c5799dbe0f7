"""Read-only match inspection; the event log can never be edited."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from . import models


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    can_delete = False
    readonly_fields = ["position", "player", "bot_level"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(models.Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["id", "status", "version", "created_by", "created_at", "updated_at"]
    list_filter = ["status"]
    inlines = [SeatInline]


@admin.register(models.Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["match", "seq", "type", "seat", "created_at"]
    list_filter = ["type"]


@admin.register(models.Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["match", "number", "pass_direction", "points", "totals", "moon_shooter"]


@admin.register(models.Trick)
class TrickAdmin(ReadOnlyAdmin):
    list_display = ["match", "hand_number", "number", "leader", "winner", "points", "cards"]
