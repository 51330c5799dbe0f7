"""Nobody adds, edits or deletes through the admin: not events (the log is append-only),
hands, tricks or matches, not even a superuser. Their lists show one match at a time."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib import admin
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import ArenaRun, DailyAttempt, Event, Hand, Match, Trick

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Event, Hand, Trick, Match])
def test_a_superuser_may_not_add_change_or_delete(superuser, root_client, finished_match, model):
    model_admin = admin.site.get_model_admin(model)
    request = RequestFactory().get("/")
    request.user = superuser
    row = model.objects.filter(**({} if model is Match else {"match": finished_match})).first()
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, row)
    assert not model_admin.has_delete_permission(request, row)
    assert model_admin.has_view_permission(request, row)
    name = f"admin:games_{model._meta.model_name}"
    assert root_client.get(reverse(f"{name}_add")).status_code == 403
    assert root_client.post(reverse(f"{name}_delete", args=[row.pk]), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_an_event_page_is_read_only_for_a_superuser(root_client, finished_match):
    event = Event.objects.get(match=finished_match, seq=1)
    url = reverse("admin:games_event_change", args=[event.pk])
    html = root_client.get(url).content.decode()
    assert "match_created" in html and 'name="_save"' not in html
    assert root_client.post(url, {"type": "forged"}).status_code == 403
    assert Event.objects.get(pk=event.pk).type == "match_created"


def test_the_event_list_shows_one_match_and_counts_only_its_events(root_client, finished_match,
                                                                     make_match):
    make_match()
    events = reverse("admin:games_event_changelist")
    assert root_client.get(events)["Location"] == reverse("admin:games_match_changelist")
    with CaptureQueriesContext(connection) as queries:
        response = root_client.get(events, {"match__id__exact": str(finished_match.pk)})
    assert response.status_code == 200
    assert {event.match_id for event in response.context["cl"].result_list} == {finished_match.pk}
    counts = [query["sql"] for query in queries.captured_queries if "COUNT(" in query["sql"]]
    assert counts and all(f"'{finished_match.pk}'" in sql or str(finished_match.pk).replace("-", "")
                          in sql for sql in counts)


def test_the_daily_attempts_are_listed_read_only(superuser, root_client, finished_match):
    attempt = DailyAttempt.objects.create(date=date(2025, 1, 6), player=superuser,
                                          match=finished_match, points=7, seconds=60)
    model_admin = admin.site.get_model_admin(DailyAttempt)
    request = RequestFactory().get("/")
    request.user = superuser
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, attempt)
    assert not model_admin.has_delete_permission(request, attempt)
    listed = root_client.get(reverse("admin:games_dailyattempt_changelist"))
    assert listed.status_code == 200
    assert "Jan. 6, 2025" in listed.content.decode()
    assert root_client.get(reverse("admin:games_dailyattempt_add")).status_code == 403


def test_the_arena_runs_are_listed_read_only(superuser, root_client):
    run = ArenaRun.objects.create(bot=superuser, field="hard", deals=2, seed=5, dealing_seed=5,
                                  status="abandoned", reason="cancelled by root")
    model_admin = admin.site.get_model_admin(ArenaRun)
    request = RequestFactory().get("/")
    request.user = superuser
    assert not model_admin.has_change_permission(request, run)
    assert not model_admin.has_delete_permission(request, run)
    listed = root_client.get(reverse("admin:games_arenarun_changelist"), {"status": "abandoned"})
    assert listed.status_code == 200 and str(run.id) in listed.content.decode()
    assert root_client.get(reverse("admin:games_arenarun_add")).status_code == 403
