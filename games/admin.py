"""Match inspection for staff, read-only (docs/architecture.md, "The admin"): the match list
and page, and the superusers' actions; an unrevealed daily shows only its event types."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import FieldDoesNotExist, PermissionDenied
from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    JSONField,
    OuterRef,
    Prefetch,
    QuerySet,
)
from django.db.models.constants import LOOKUP_SEP
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from . import daily, dispatch, inspection, models, services
from .bot_levels import BOT_LEVELS
from .engine import IllegalMove, Seat
from .errors import ServiceError
from .signals import bots_wake_requested
from .verification import match_verify


def _is_staff(request: HttpRequest) -> bool:
    return bool(request.user.is_active and request.user.is_staff)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Any staff member may look; nobody, not even a superuser, may add, change or delete;
    and no list is filtered by a value inside a JSON field (a snapshot, an event's payload,
    a trick's cards), whose yes or no would give away cards a page hides."""

    def lookup_allowed(self, lookup: str, value: str, request: Any = None) -> bool:
        model: Any = self.model
        for part in lookup.split(LOOKUP_SEP):
            try:
                field = model._meta.get_field(part)
            except FieldDoesNotExist:
                break
            if isinstance(field, JSONField):
                return False
            if not field.is_relation:
                break
            model = field.related_model
        return bool(super().lookup_allowed(lookup, value, request))

    def has_module_permission(self, request: HttpRequest) -> bool:
        return _is_staff(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return _is_staff(request)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PerMatchAdmin(ReadOnlyAdmin):
    """The rows of one match at a time (``?match__id__exact=<id>``; unfiltered, the list
    sends you to the matches): the list's count is then over one match's rows, never over
    a table that holds every match's."""

    list_select_related = ["match"]
    show_full_result_count = False

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        if "match__id__exact" not in request.GET:
            return HttpResponseRedirect(reverse("admin:games_match_changelist"))
        return super().changelist_view(request, extra_context)


class BotLevelFilter(admin.SimpleListFilter):
    title = "bot level"
    parameter_name = "bot_level"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(level, level) for level in BOT_LEVELS]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() not in BOT_LEVELS:
            return queryset
        # Exists, not a join: a match with two bots of the level is listed once.
        return queryset.filter(Exists(models.Seat.objects.filter(
            match=OuterRef("pk"), bot_level=self.value())))


class StalledFilter(admin.SimpleListFilter):
    title = "stalled"
    parameter_name = "stalled"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "stalled"), ("no", "not stalled")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() in ("yes", "no"):
            return queryset.filter(is_stalled=self.value() == "yes")
        return queryset


def _occupant(seat: models.Seat) -> str:
    if seat.player is not None:
        return seat.player.get_username()
    return f"{seat.bot_level} bot"


@admin.register(models.Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["id", "status", "players", "hand", "scores", "created_at", "updated_at",
                    "stalled"]
    list_filter = ["status", BotLevelFilter, StalledFilter]
    search_fields = ["id"]  # and usernames: get_search_results
    search_help_text = "a match id, or a player's username (or part of it)"
    # The paginator's count is over the filtered matches only; no second count of them all.
    show_full_result_count = False
    change_form_template = "admin/games/match/inspect.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[models.Match]:
        # The snapshot can be large (the hand): the list reads two of its keys only.
        return (super().get_queryset(request).defer("state")
                .annotate(hand_number=F("state__hand__number"), totals=F("state__totals"),
                          is_stalled=ExpressionWrapper(dispatch.stalled(now=timezone.now()),
                                                       output_field=BooleanField()))
                .prefetch_related(Prefetch("seats", queryset=models.Seat.objects.select_related(
                    "player").order_by("position"))))

    def get_search_results(self, request: HttpRequest, queryset: QuerySet[Any],
                           search_term: str) -> tuple[QuerySet[Any], bool]:
        term = search_term.strip()
        if not term:
            return queryset, False
        try:
            return queryset.filter(pk=uuid.UUID(term)), False
        except ValueError:
            seated = models.Seat.objects.filter(match=OuterRef("pk"),
                                                player__username__icontains=term)
            return queryset.filter(Exists(seated)), False

    @admin.display(description="players")
    def players(self, match: models.Match) -> str:
        seats = {seat.position: seat for seat in match.seats.all()}
        return ", ".join(f"{seat.label}: {_occupant(seats[seat]) if seat in seats else 'open'}"
                         for seat in Seat)

    @admin.display(description="hand")
    def hand(self, match: Any) -> int | None:
        return match.hand_number  # type: ignore[no-any-return]

    @admin.display(description="scores (N E S W)")
    def scores(self, match: Any) -> str:
        return " ".join(map(str, match.totals or ()))

    @admin.display(description="stalled", boolean=True)
    def stalled(self, match: Any) -> bool:
        return bool(match.is_stalled)

    # --- the match page ----------------------------------------------------------------------

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: Any = None) -> HttpResponse:
        match = self.inspected_match(request, object_id)
        first = int_param(request.GET.get("from"), default=1)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": f"Match {match.id}",
            "match": match,
            "seats": _seat_rows(match),
            "rules": match.state.get("rules", {}),
            "score_sheet": inspection.score_sheet(match=match),
            "events": inspection.event_page(match=match, first=first),
            "unrevealed_until": inspection.unrevealed_until(match),
            "stalled": models.Match.objects.filter(
                dispatch.stalled(now=timezone.now()), pk=match.pk).exists(),
            "can_act": request.user.is_superuser,
            "has_view_permission": True,
        }
        return TemplateResponse(request, self.change_form_template, context)

    def inspected_match(self, request: HttpRequest, object_id: str) -> models.Match:
        """The match ``object_id`` names, for a staff member; raises ``PermissionDenied``
        for anyone else and ``Http404`` when there is no such match."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        try:
            return get_object_or_404(models.Match.objects.select_related("created_by"),
                                     pk=uuid.UUID(object_id))
        except ValueError:
            raise Http404(f"no match {object_id}") from None

    # --- actions (superusers only) -------------------------------------------------------------

    def get_urls(self) -> list[URLPattern]:
        def action(name: str, run: Callable[[HttpRequest, models.Match], tuple[int, str]]) -> URLPattern:
            view = require_POST(self.admin_site.admin_view(
                lambda request, object_id: self._act(request, object_id, name, run)))
            return path(f"<path:object_id>/{name}/", view, name=f"games_match_{name}")

        return [action("verify", self._verify), action("wake", self._wake),
                action("abort", self._abort), *super().get_urls()]

    def _act(self, request: HttpRequest, object_id: str, name: str,
             run: Callable[[HttpRequest, models.Match], tuple[int, str]]) -> HttpResponse:
        """Run one action on the match and record who ran it and what came of it in the
        admin's log (``LogEntry``, shown in the match's history)."""
        match = self.inspected_match(request, object_id)
        if not request.user.is_superuser:
            raise PermissionDenied
        level, outcome = run(request, match)
        self.log_change(request, match, f"{name}: {outcome}")
        self.message_user(request, f"{name}: {outcome}", level)
        return HttpResponseRedirect(reverse("admin:games_match_change", args=[match.pk]))

    def _verify(self, request: HttpRequest, match: models.Match) -> tuple[int, str]:
        verification = match_verify(match=match)
        return (messages.SUCCESS if verification.is_ok else messages.ERROR), str(verification)

    def _wake(self, request: HttpRequest, match: models.Match) -> tuple[int, str]:
        answers = bots_wake_requested.send(sender=models.Match, match_id=match.id)
        if any(handed for _, handed in answers):
            return messages.SUCCESS, f"the move due at version {match.version} is due now"
        if not models.DueWork.objects.filter(pk=match.pk, match__bot_to_act=True).exists():
            return messages.WARNING, (f"no bot move is owed at version {match.version} (a "
                                      "stand-in waits for its deadline); nothing to do")
        if models.DueWork.objects.filter(pk=match.pk, leased_until__gt=timezone.now()).exists():
            return messages.WARNING, f"a worker is making the move at version {match.version}"
        return messages.ERROR, (f"could not hand the move at version {match.version} to the "
                                "workers (no bots app listening, or the broker is down: see the log)")

    def _abort(self, request: HttpRequest, match: models.Match) -> tuple[int, str]:
        reason = request.POST.get("reason", "").strip()
        if not reason:
            return messages.ERROR, "refused: a reason is required"
        try:
            result = services.match_abort(match_id=match.id, reason=reason)
        except ServiceError as refusal:
            if refusal.code != "not_found":
                raise
            raise Http404(f"no match {match.id}") from None
        except IllegalMove as refusal:
            return messages.ERROR, f"refused: {refusal.code} ({refusal})"
        return messages.SUCCESS, f"aborted at version {result.match.version}: {reason}"


def int_param(text: str | None, *, default: int) -> int:
    """``text`` as an integer, or ``default`` when it is missing or not one (a query
    parameter)."""
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def _seat_rows(match: models.Match) -> list[dict[str, Any]]:
    """Each seat, north first: its name, who holds it (username, bot level) or None."""
    seats = {seat.position: seat for seat in match.seats.select_related("player")}
    return [{"seat": seat.label,
             "player": seats[seat].player if seat in seats else None,
             "bot_level": seats[seat].bot_level if seat in seats else None}
            for seat in Seat]


@admin.register(models.Event)
class EventAdmin(PerMatchAdmin):
    list_display = ["match", "seq", "type", "seat", "created_at"]
    ordering = ["seq"]
    fields = readonly_fields = ["match", "seq", "type", "seat", "shown_payload", "created_at"]

    @admin.display(description="payload")
    def shown_payload(self, event: models.Event) -> str:
        """The event's JSON as the match's page shows it (``inspection.shown_event``)."""
        return json.dumps(inspection.shown_event(match=event.match, payload=event.payload))


@admin.register(models.Hand)
class HandAdmin(PerMatchAdmin):
    list_display = ["match", "number", "pass_direction", "points", "totals", "moon_shooter"]


@admin.register(models.Trick)
class TrickAdmin(PerMatchAdmin):
    list_display = ["match", "hand_number", "number", "leader", "winner", "points", "cards"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[models.Trick]:
        """No trick of a daily attempt whose day is not over (``inspection``)."""
        return super().get_queryset(request).exclude(match__daily_date__gte=daily.today())


@admin.register(models.DailyAttempt)
class DailyAttemptAdmin(ReadOnlyAdmin):
    """The daily challenge's attempts (games.daily), read-only: projections of their
    matches."""

    list_display = ["date", "player", "match", "points", "seconds", "finished_at"]
    list_filter = ["date"]
    list_select_related = ["player", "match"]


@admin.register(models.ArenaRun)
class ArenaRunAdmin(ReadOnlyAdmin):
    """Bot accounts' arena runs (games.arena), read-only: each table is a match of the list
    above."""

    list_display = ["id", "bot", "field", "deals", "status", "reason", "tables_created",
                    "created_at", "ended_at"]
    list_filter = ["status", "field"]
    list_select_related = ["bot"]
    search_fields = ["bot__username"]
