"""The admin's match page: seats, rules, bot options, the score sheet (tiebreak hands and
moons marked), the event log in seq ranges, and a bounded number of queries."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.engine import PassCards, Seat, parse_cards
from games.models import Event, Hand, Match

from .conftest import logged_in

pytestmark = pytest.mark.django_db

PLAYER_AND_BOTS = [services.SeatSpec("player"), services.SeatSpec("bot", "hard"),
                   services.SeatSpec("bot", "expert"), services.SeatSpec("bot", "random")]


def _page(client, match, **query):
    response = client.get(reverse("admin:games_match_change", args=[match.pk]), query)
    assert response.status_code == 200, response.content
    return response


def test_the_page_shows_seats_rules_and_bot_options(staff_client, make_match):
    match = make_match(seats=PLAYER_AND_BOTS, play=False, delay_ms=250, think_ms=40)
    response = _page(staff_client, match)
    html = response.content.decode()
    assert [(row["seat"], row["player"] and row["player"].username, row["bot_level"])
            for row in response.context["seats"]] == [
        ("north", "alice", ""), ("east", None, "hard"), ("south", None, "expert"),
        ("west", None, "random")]
    assert "<tr><th>target_score</th><td>30</td></tr>" in html
    assert "delay 250 ms before each bot move, 40 ms thinking per expert play" in html


def test_the_score_sheet_is_each_scored_hand_of_the_log(staff_client, finished_match):
    sheet = _page(staff_client, finished_match).context["score_sheet"]
    scored = [row.payload for row in Event.objects.filter(match=finished_match, type="hand_scored")
              .order_by("seq")]
    dealt = [row.payload for row in Event.objects.filter(match=finished_match, type="hand_dealt")
             .order_by("seq")]
    assert [(line.hand_number, line.pass_direction, line.points, line.totals, line.moon_shooter)
            for line in sheet] == [
        (hand["hand_number"], deal["pass_direction"], hand["points"], hand["totals"], hand["moon"])
        for hand, deal in zip(scored, dealt, strict=True)]
    assert sheet[-1].totals == dict(zip(("north", "east", "south", "west"),
                                        finished_match.state["totals"], strict=True))


def test_hands_after_end_started_after_are_marked_tiebreak_and_moons_and_suns_are_marked(
        staff_client, finished_match):
    hands = Hand.objects.filter(match=finished_match).count()
    assert hands >= 2
    # As if the end had begun after hand 1 (a tie played on): every later hand breaks the tie.
    Match.objects.filter(pk=finished_match.pk).update(
        state={**finished_match.state, "end_started_after": 1})
    Hand.objects.filter(match=finished_match, number=2).update(moon_shooter=Seat.EAST)
    response = _page(staff_client, finished_match)
    assert [line.is_tiebreak for line in response.context["score_sheet"]] == (
        [False] + [True] * (hands - 1))
    html = response.content.decode()
    assert html.count("<span data-tiebreak>tiebreak hand</span>") == hands - 1
    assert '<span data-moon="east">moon shot by east</span>' in html
    Hand.objects.filter(match=finished_match, number=2).update(is_sun=True)
    assert '<span data-moon="east">sun shot by east</span>' in _page(
        staff_client, finished_match).content.decode()


def test_the_event_log_pages_by_seq_ranges(staff_client, finished_match):
    version = finished_match.version
    assert version > 100
    first = _page(staff_client, finished_match).context["events"]
    assert ([row.seq for row in first.rows], first.previous, first.next) == (
        list(range(1, 51)), None, 51)
    second = _page(staff_client, finished_match, **{"from": 51}).context["events"]
    assert ([row.seq for row in second.rows], second.previous, second.next) == (
        list(range(51, 101)), 1, 101)
    last_start = version - (version - 1) % 50
    last = _page(staff_client, finished_match, **{"from": last_start})
    page = last.context["events"]
    assert ([row.seq for row in page.rows], page.next) == (list(range(last_start, version + 1)), None)
    stored = Event.objects.get(match=finished_match, seq=version)
    assert (page.rows[-1].type, page.rows[-1].fields) == (
        "match_ended", {"result": stored.payload["result"]})
    html = last.content.decode()
    assert f"events {last_start}–{version} of {version}" in html
    assert f'table/?at={version}"' in html  # each seq links to the table at that event


def _page_queries(client, match) -> int:
    with CaptureQueriesContext(connection) as queries:
        _page(client, match)
    return len(queries.captured_queries)


def test_the_page_costs_the_same_queries_for_a_fresh_and_a_finished_match(
        staff_client, make_match, finished_match):
    fresh = make_match(seats=PLAYER_AND_BOTS, play=False)
    assert fresh.version < 20 < finished_match.version
    # Session, user, match with its creator, the staff member's permissions (two: the admin's
    # sidebar), seats, hands, a page of events, the stalled check.
    assert _page_queries(staff_client, fresh) == _page_queries(staff_client, finished_match) == 9


def test_a_user_who_is_not_staff_is_sent_to_the_login_page(player, finished_match):
    response = logged_in(player).get(reverse("admin:games_match_change", args=[finished_match.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))


def test_an_unknown_match_is_404(staff_client, db):
    url = reverse("admin:games_match_change", args=["00000000-0000-0000-0000-000000000000"])
    assert staff_client.get(url).status_code == 404
    assert staff_client.get(reverse("admin:games_match_change", args=["not-a-uuid"])).status_code == 404


def test_a_stand_in_move_and_a_seat_left_show_in_the_log_and_the_seats(staff_client, make_match):
    match = make_match(seats=PLAYER_AND_BOTS, play=False)
    north = match.state["hand"]["holdings"][0][:3]
    services.seat_command(match_id=match.pk, command=PassCards(Seat.NORTH, tuple(parse_cards(north)),
                                                                auto=True),
                          expected_version=match.version)
    alice = get_user_model().objects.get(username="alice")
    services.seat_leave(match_id=match.pk, player=alice, bot_level="medium")
    response = _page(staff_client, Match.objects.get(pk=match.pk))
    [auto] = [row for row in response.context["events"].rows if row.fields.get("auto")]
    assert (auto.type, auto.seat) == ("cards_passed", "north")
    html = response.content.decode()
    assert html.count("<strong data-auto>stand-in's move</strong>") == 1
    assert response.context["seats"][0] == {"seat": "north", "player": None, "bot_level": "medium"}
    assert response.context["events"].rows[-1].type == "seat_left"
