"""The match admin with its table at any event (``admin_table``): the table is shown
through the API's seat views, which live here, above ``games`` (docs/architecture.md,
"The admin"). ``games.admin`` registers the rest; this module replaces that registration
with the same admin plus the table page, and Django's user admin with one that keeps
usernames unique ignoring case (docs/adr/0116).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.http import urlencode

from games import admin as games_admin
from games import inspection
from games.models import Match

from .accounts import username_in_use
from .admin_table import table_page, viewers
from .throttling import LoginThrottle

admin.site.unregister(Match)
admin.site.unregister(get_user_model())


class UserChangeForm(auth_forms.UserChangeForm):  # type: ignore[type-arg]
    def clean_username(self) -> str:
        """The username, refused when it equals another user's but for case."""
        username: str = self.cleaned_data["username"]
        if username_in_use(username, exclude_pk=self.instance.pk):
            raise ValidationError(self.instance.unique_error_message(get_user_model(), ["username"]))
        return username


@admin.register(get_user_model())
class UserAdmin(auth_admin.UserAdmin):  # type: ignore[type-arg]
    form = UserChangeForm


@admin.register(Match)
class MatchAdmin(games_admin.MatchAdmin):
    def get_urls(self) -> list[URLPattern]:
        table = path("<path:object_id>/table/", self.admin_site.admin_view(self.table_view),
                     name="games_match_table")
        return [table, *super().get_urls()]

    def table_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """``?at=N`` (default: the last event) ``&as=all|spectator|<seat>`` (default all;
        any other, or one the match may not be shown as, is the default of
        ``admin_table.viewers``; a daily attempt whose day is not over has no table until
        then: its match page instead); ``?hand=H&trick=T`` jumps to the event
        that completes trick T of hand H (no trick: the hand's deal)."""
        match = self.inspected_match(request, object_id)
        shown_as = viewers(match)
        if not shown_as:
            until = inspection.unrevealed_until(match)
            self.message_user(request, f"the table of a daily attempt is hidden until its day "
                                       f"closes ({until:%Y-%m-%d %H:%M} UTC)", messages.WARNING)
            return HttpResponseRedirect(reverse("admin:games_match_change", args=[match.pk]))
        viewer = request.GET.get("as", shown_as[0])
        viewer = viewer if viewer in shown_as else shown_as[0]
        if "hand" in request.GET:
            return self._jump(request, match, viewer)
        if not match.version:
            self.message_user(request, "this match has no events yet", messages.WARNING)
            return HttpResponseRedirect(reverse("admin:games_match_change", args=[match.pk]))
        at = games_admin.int_param(request.GET.get("at"), default=match.version)
        at = min(max(at, 1), match.version)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": f"Match {match.id}: the table after event {at}",
            "match": match,
            "page": table_page(match=match, at=at, viewer=viewer),
            "viewers": shown_as,
        }
        return TemplateResponse(request, "admin/games/match/table.html", context)

    def _jump(self, request: HttpRequest, match: Match, viewer: str) -> HttpResponse:
        hand = games_admin.int_param(request.GET.get("hand"), default=0)
        trick = request.GET.get("trick", "").strip()
        trick_number = games_admin.int_param(trick, default=0) if trick else None
        seq = inspection.trick_seq(match=match, hand_number=hand, trick_number=trick_number)
        query = {"as": viewer}
        if seq is None:
            what = f"hand {hand}" + (f" trick {trick_number}" if trick_number is not None else "")
            self.message_user(request, f"the log has no {what}", messages.WARNING)
            query["at"] = games_admin.int_param(request.GET.get("at"), default=match.version)
        else:
            query["at"] = seq
        url = reverse("admin:games_match_table", args=[match.pk])
        return HttpResponseRedirect(f"{url}?{urlencode(query)}")


def login(request: HttpRequest) -> HttpResponse:
    """The admin's login page, each password attempt (a POST) counted per address with
    those of HTTP Basic (``throttling.LoginThrottle``, ``THROTTLE_LOGIN``) before the
    password is checked: past the rate, 429 with Retry-After."""
    if request.method == "POST":
        throttle = LoginThrottle()
        if not throttle.allow_request(request, None):  # type: ignore[arg-type]
            wait = str(int(throttle.wait()))
            return HttpResponse(f"Too many login attempts from your address: try again in {wait} s.",
                                status=429, content_type="text/plain", headers={"Retry-After": wait})
    return admin.site.login(request)
