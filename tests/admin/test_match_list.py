"""The admin's match list: who may see it, what each row shows, its filters and search,
and a number of queries that does not grow with the number of matches."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.engine import RuleSet
from games.models import DueWork

from .conftest import logged_in

pytestmark = pytest.mark.django_db

LIST = reverse("admin:games_match_changelist")
# North is the creator; the bots owe their pass (nothing wakes them inside the test).
PLAYER_AND_BOTS = [services.SeatSpec("player"), services.SeatSpec("bot", "hard"),
                   services.SeatSpec("bot", "expert"), services.SeatSpec("bot", "random")]


def _rows(response) -> str:
    assert response.status_code == 200, response.content
    return response.content.decode()


def _listed(client: Client, **query: str) -> set[str]:
    response = client.get(LIST, query)
    assert response.status_code == 200
    listed = [str(match.pk) for match in response.context["cl"].result_list]
    assert len(listed) == len(set(listed))  # a match with two seats that match is listed once
    return set(listed)


def test_a_user_who_is_not_staff_is_sent_to_the_login_page(player):
    response = logged_in(player).get(LIST)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('admin:login')}?next={LIST}"


def test_an_anonymous_visitor_is_sent_to_the_login_page(db):
    response = Client().get(LIST)
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))


def test_a_staff_member_without_permissions_sees_the_list_read_only(staff_client, finished_match):
    html = _rows(staff_client.get(LIST))
    assert str(finished_match.pk) in html
    assert "Add match" not in html
    assert staff_client.get(reverse("admin:games_match_add")).status_code == 403


def test_each_row_shows_status_players_hand_scores_and_the_stalled_mark(root_client, finished_match,
                                                                         make_match, settings):
    owed = make_match(seats=PLAYER_AND_BOTS, play=False)
    DueWork.objects.filter(pk=owed.pk).update(due_at=F("due_at") - timedelta(seconds=60))
    settings.BOT_STALL_SECONDS = 5
    response = root_client.get(LIST)
    html = _rows(response)
    rows = {str(match.pk): match for match in response.context["cl"].result_list}
    state = finished_match.state
    finished_row = rows[str(finished_match.pk)]
    assert (finished_row.status, finished_row.hand_number, finished_row.totals) == (
        "finished", state["hand"]["number"], state["totals"])
    assert not finished_row.is_stalled
    assert rows[str(owed.pk)].is_stalled and rows[str(owed.pk)].hand_number == 1
    assert "north: alice, east: hard bot, south: expert bot, west: random bot" in html
    assert "north: random bot, east: easy bot, south: random bot, west: easy bot" in html
    assert " ".join(map(str, state["totals"])) in html


def test_filters_by_status_bot_level_and_stalled(root_client, finished_match, make_match, settings):
    settings.BOT_STALL_SECONDS = 5
    owed = make_match(seats=PLAYER_AND_BOTS, play=False)
    fresh = make_match(seats=PLAYER_AND_BOTS, play=False)
    DueWork.objects.filter(pk=owed.pk).update(due_at=F("due_at") - timedelta(seconds=60))
    finished, owed, fresh = str(finished_match.pk), str(owed.pk), str(fresh.pk)
    assert _listed(root_client, status="finished") == {finished}
    assert _listed(root_client, status="passing") == {owed, fresh}
    assert _listed(root_client, bot_level="easy") == {finished}
    assert _listed(root_client, bot_level="random") == {finished, owed, fresh}
    assert _listed(root_client, bot_level="expert") == {owed, fresh}
    assert _listed(root_client, bot_level="medium") == set()
    assert _listed(root_client, stalled="yes") == {owed}
    assert _listed(root_client, stalled="no") == {finished, fresh}


def test_searches_by_match_id_and_by_username(root_client, finished_match, make_match):
    bob = get_user_model().objects.create_user(username="bob")
    bobs = services.match_create(creator=bob, seats=PLAYER_AND_BOTS, rules=RuleSet()).match
    assert _listed(root_client, q=str(finished_match.pk)) == {str(finished_match.pk)}
    assert _listed(root_client, q=finished_match.pk.hex) == {str(finished_match.pk)}
    assert _listed(root_client, q="bo") == {str(bobs.pk)}
    assert _listed(root_client, q="nobody") == set()


def _list_queries(client: Client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(LIST).status_code == 200
    assert not any('"games_event"' in query["sql"] for query in queries.captured_queries)
    return len(queries.captured_queries)


def test_the_list_costs_the_same_queries_for_3_matches_as_for_30(root_client, make_match, settings):
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_matches": 30, "unfinished_expert_matches": 30}
    for _ in range(3):
        make_match(seats=PLAYER_AND_BOTS, play=False)
    few = _list_queries(root_client)
    for _ in range(27):
        make_match(seats=PLAYER_AND_BOTS, play=False)
    assert _list_queries(root_client) == few
    # The session, the user, the count of matches, the page, its seats with their players.
    assert few == 5
