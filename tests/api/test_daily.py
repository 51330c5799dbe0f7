"""The daily challenge over HTTP (docs/api.md, "The daily challenge"):
``GET /daily`` and ``/daily/{day}`` (public; the deals only once the day is over),
``POST /daily/{day}/matches`` (one attempt, today only, Idempotency-Key), the day's
leaderboard, and nothing of a daily match shown to anyone but its player before the day
is over."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import daily, services
from games.engine import PassDirection, Seat
from games.engine.cards import format_cards
from games.engine.rules import pass_source
from games.models import DailyAttempt, Event, Match

from .helpers import API, DEFAULT_RULES, PROBLEM, assert_problem, match_url
from .test_concurrency import _race, _same_player

pytestmark = pytest.mark.django_db

MONDAY = date(2025, 1, 6)  # OPPONENT_SETS[1]: west easy, north medium, east hard
TUESDAY = MONDAY + timedelta(days=1)
DAILY = f"{API}/daily"


@pytest.fixture
def today(time_machine):
    """``today.set(day)``: the clock moves to noon (UTC) of ``day``, and runs on from there
    (MONDAY to begin with); commands stamp their events by it too."""

    class Clock:
        def set(self, day: date) -> None:
            time_machine.move_to(datetime.combine(day, time(12), tzinfo=UTC), tick=True)

    clock = Clock()
    clock.set(MONDAY)
    return clock


def create(client, day: date = MONDAY, **headers: Any):
    return client.post(f"{DAILY}/{day.isoformat()}/matches", **headers)


# --- the challenge ----------------------------------------------------------------------


def test_todays_challenge_is_public_and_shows_no_deals(anon_client, today):
    response = anon_client.get(DAILY)

    assert response.status_code == 200, response.content
    assert response.json() == {
        "date": "2025-01-06", "closes_at": "2025-01-07T00:00:00Z",
        "rules": {**DEFAULT_RULES, "max_hands": 4}, "seat": "south",
        "bot_levels": {"west": "easy", "north": "medium", "east": "hard"},
        "hands": 4, "deals": None, "attempt": None}


def test_with_a_token_the_challenge_shows_your_attempt(make_client, today):
    ann = make_client()
    assert ann.get(DAILY).json()["attempt"] is None
    match_id = create(ann).json()["id"]

    body = ann.get(f"{DAILY}/2025-01-06").json()

    assert body["attempt"] == {"match_id": match_id, "status": "passing"}
    assert body["deals"] is None


def test_a_past_days_challenge_shows_its_four_deals(anon_client, today):
    today.set(TUESDAY)

    body = anon_client.get(f"{DAILY}/2025-01-06").json()

    assert body["date"] == "2025-01-06"
    assert body["deals"] == [dict(zip(("north", "east", "south", "west"),
                                      map(format_cards, deal), strict=True))
                             for deal in daily.deals(MONDAY)]
    assert anon_client.get(DAILY).json()["deals"] is None  # today's, still secret


@pytest.mark.parametrize("path", ["2025-01-07", "2025-01-07/leaderboard", "2025-02-30",
                                  "2025-02-30/leaderboard", "2025-1-6", "06-01-2025", "today"])
def test_a_future_impossible_or_malformed_day_is_not_found(anon_client, today, path):
    assert_problem(anon_client.get(f"{DAILY}/{path}"), 404, "not_found")


# --- the attempt ------------------------------------------------------------------------


def test_an_attempt_is_a_match_in_south_against_the_days_bots_on_fixed_deals(make_client, today):
    ann = make_client()

    response = create(ann)

    assert response.status_code == 201, response.content
    summary = response.json()
    assert response["Location"] == f"http://localhost{match_url(summary['id'])}"
    assert [(seat["seat"], seat["kind"], seat["name"], seat["bot_level"])
            for seat in summary["seats"]] == [
        ("north", "bot", None, "medium"), ("east", "bot", None, "hard"),
        ("south", "player", ann.username, None), ("west", "bot", None, "easy")]
    assert summary["rules"]["max_hands"] == 4 and summary["fixed_deals"] == 4
    assert summary["turn_timeout_s"] is None and summary["daily"] == "2025-01-06"
    assert DailyAttempt.objects.get().match_id.hex == summary["id"].replace("-", "")


def test_a_second_attempt_is_refused_naming_the_first(make_client, today):
    ann = make_client()
    first = create(ann).json()["id"]

    body = assert_problem(create(ann), 409, "daily_attempted")

    assert body["match_id"] == first
    assert Match.objects.count() == 1


@pytest.mark.parametrize("day", [MONDAY - timedelta(days=1), TUESDAY])
def test_an_attempt_on_another_day_than_today_is_refused(make_client, today, day):
    assert_problem(create(make_client(), day), 409, "daily_closed")
    assert not Match.objects.exists()


def test_an_attempt_needs_a_token(anon_client, today):
    assert_problem(create(anon_client), 401, "not_authenticated")


def test_an_attempt_with_an_idempotency_key_is_made_once_and_replayed(make_client, today):
    ann = make_client()
    first = create(ann, HTTP_IDEMPOTENCY_KEY="daily-1")
    again = create(ann, HTTP_IDEMPOTENCY_KEY="daily-1")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Match.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_attempts_sent_at_once_make_one_match(make_client, today):
    ann = make_client()

    responses = _race([create, create], [_same_player(ann), _same_player(ann)])

    assert sorted(response.status_code for response in responses) == [201, 409]
    refused = next(response for response in responses if response.status_code == 409)
    created = next(response for response in responses if response.status_code == 201)
    assert refused["Content-Type"] == PROBLEM
    assert refused.json()["code"] == "daily_attempted"
    assert refused.json()["match_id"] == created.json()["id"]
    assert Match.objects.count() == 1 and DailyAttempt.objects.count() == 1


# --- nothing shown before the day is over ------------------------------------------------


def reads(match_id: str) -> dict[str, tuple[str, dict[str, Any]]]:
    return {"summary": (match_url(match_id), {}), "view": (match_url(match_id, "view"), {}),
            "events": (match_url(match_id, "events"), {}),
            "long poll": (match_url(match_id, "events"), {"after": 0, "wait": 1}),
            "stream": (match_url(match_id, "stream"), {}), "hint": (match_url(match_id, "hint"), {}),
            "analysis": (match_url(match_id, "analysis"), {})}


def test_another_player_finds_no_daily_match_before_the_day_is_over(make_client, today):
    ann, bob = make_client(), make_client()
    match_id = create(ann).json()["id"]

    for url, query in reads(match_id).values():
        assert_problem(bob.get(url, query), 404, "not_found")
    assert_problem(bob.post(match_url(match_id, "analysis")), 404, "not_found")
    assert ann.get(match_url(match_id, "view")).json()["seat"] == "south"
    assert bob.get(f"{API}/matches").json()["count"] == 0
    assert bob.get(f"{API}/lobby").json()["count"] == 0


def test_once_the_day_is_over_anyone_may_watch_a_daily_match(make_client, today):
    ann, bob = make_client(), make_client()
    match_id = create(ann).json()["id"]
    today.set(TUESDAY)

    view = bob.get(match_url(match_id, "view"))
    assert view.status_code == 200 and view.json()["seat"] is None and view.json()["hand"] == []
    assert bob.get(match_url(match_id)).status_code == 200
    events = bob.get(match_url(match_id, "events")).json()["events"]
    assert all(event.get("hand") in (None, []) for event in events)
    stream = bob.get(match_url(match_id, "stream"))
    assert stream.status_code == 200 and stream["Content-Type"] == "text/event-stream"
    stream.close()


def _unknown_to_south(log: list[Event]) -> dict[int, set[str]]:
    """For each hand of the log so far: the cards south cannot know, as codes (another
    seat's, neither passed to south nor played yet)."""
    unknown: dict[int, set[str]] = {}
    hand = 0
    for row in log:
        if row.type == "hand_dealt":
            hand = row.payload["hand_number"]
            holdings = row.payload["holdings"]
            unknown[hand] = {card for seat, cards in holdings.items() if seat != "south"
                             for card in cards}
        elif row.type == "cards_exchanged":
            source = pass_source(Seat.SOUTH, PassDirection(row.payload["pass_direction"]))
            unknown[hand] -= set(row.payload["passes"][source.label])
        elif row.type == "card_played":
            unknown[hand].discard(row.payload["card"])
    return unknown


def _hand_of_seq(log: list[Event]) -> dict[int, int]:
    hand, hands = 0, {}
    for row in log:
        if row.type == "hand_dealt":
            hand = row.payload["hand_number"]
        hands[row.seq] = hand
    return hands


def _assert_hides_the_unknown(body: Any, match_id: str) -> None:
    """No view or event in ``body`` names a card south cannot know yet in its hand."""
    log = list(Event.objects.filter(match_id=match_id).order_by("seq"))
    unknown, hand_of = _unknown_to_south(log), _hand_of_seq(log)

    def check(part: Any, hand: int) -> None:
        text = json.dumps(part)
        leaked = {card for card in unknown.get(hand, ()) if f'"{card}"' in text}
        assert not leaked, (hand, leaked, part)

    if isinstance(body, dict):
        for event in body.get("events", []):
            check(event, hand_of[event["seq"]])
        for view in (body, body.get("view")):
            if isinstance(view, dict) and "hand_number" in view and "match_id" in view:
                check(view, view["hand_number"])
        assert "holdings" not in json.dumps(body) and "seed" not in json.dumps(body)


@pytest.mark.django_db(transaction=True)
def test_a_whole_daily_played_over_http_never_shows_a_card_south_cannot_know(make_client, today):
    ann = make_client()
    bodies: list[Any] = []

    def keep(response: Any) -> Any:
        assert response.status_code in (200, 201), response.content
        body = response.json()
        bodies.append(body)
        _assert_hides_the_unknown(body, match_id)
        return body

    match_id = ""
    summary = create(ann).json()
    match_id = summary["id"]
    seen = 0
    while (view := keep(ann.get(match_url(match_id, "view"))))["status"] != "finished":
        assert view["is_your_turn"], view  # the bots moved when the last command committed
        if view["status"] == "passing":
            keep(ann.post(match_url(match_id, "pass"), {"cards": view["legal_cards"][:3]},
                          format="json"))
        else:
            keep(ann.post(match_url(match_id, "play"), {"card": view["legal_cards"][0]},
                          format="json"))
        events = keep(ann.get(match_url(match_id, "events"), {"after": seen}))
        seen = events["version"]
        assert keep(ann.get(DAILY))["deals"] is None

    assert (view["result"]["hands_played"], view["result"]["ended_by"]) == (4, "max_hands")
    assert keep(ann.get(f"{DAILY}/2025-01-06"))["attempt"] == {"match_id": match_id,
                                                               "status": "finished"}
    assert len(bodies) > 100
    # And the day's leaderboard has the attempt, with south's total.
    board = ann.get(f"{DAILY}/2025-01-06/leaderboard").json()
    attempt = DailyAttempt.objects.get()
    assert board["results"] == [{"rank": 1, "username": ann.username,
                                 "points": view["scores"]["south"],
                                 "seconds": attempt.seconds,
                                 "finished_at": board["results"][0]["finished_at"]}]


# --- the day's leaderboard ----------------------------------------------------------------


def test_the_days_leaderboard_is_public_paginated_and_ranked(make_client, anon_client, today):
    ended = timezone.now()
    for name, points, seconds in [("slow", 10, 300), ("best", 3, 500), ("tie-a", 10, 120),
                                  ("tie-b", 10, 120), ("unfinished", None, None)]:
        player = make_client(name)
        user = get_user_model().objects.get(username=player.username)
        match = services.match_create(creator=user, seats=[services.SeatSpec("open")] * 4,
                                      rules=daily.challenge(MONDAY).rules).match
        DailyAttempt.objects.create(date=MONDAY, player=user, match=match, points=points,
                                    seconds=seconds, finished_at=None if points is None else ended)

    first = anon_client.get(f"{DAILY}/2025-01-06/leaderboard", {"page_size": 2}).json()
    second = anon_client.get(first["next"]).json()

    rows = [(row["rank"], row["username"], row["points"], row["seconds"])
            for row in first["results"] + second["results"]]
    assert first["count"] == 4
    assert rows[0] == (1, "best", 3, 500)
    assert sorted(rows[1:3]) == [(2, "tie-a", 10, 120), (2, "tie-b", 10, 120)]
    assert rows[3] == (4, "slow", 10, 300)
    assert anon_client.get(f"{DAILY}/2025-01-05/leaderboard").json()["count"] == 0


@pytest.mark.django_db(transaction=True)  # the bots move when the command commits
def test_the_days_expert_searches_the_reference_work_whatever_the_servers_pace(
        make_client, today, monkeypatch):
    from bots.strategies import expert
    from bots.strategies.effort import PACE, reference_work

    passes: list[int | None] = []
    search = expert.choose_pass

    def spy(view, rng, *, budget_ms, work):  # the real search, its work recorded
        passes.append(work)
        return search(view, rng, budget_ms=budget_ms, work=work)

    monkeypatch.setattr(expert, "choose_pass", spy)
    monkeypatch.setattr(PACE, "work_per_ms", PACE.work_per_ms * 3)  # a faster server
    wednesday = MONDAY + timedelta(days=2)  # OPPONENT_SETS[3]: east is the expert
    today.set(wednesday)
    summary = create(make_client(), wednesday).json()
    assert summary["seats"][1]["bot_level"] == "expert"
    think_ms = Match.objects.get(pk=summary["id"]).bot_think_ms
    assert passes == [reference_work(think_ms)]  # east passed, at the reference pace
