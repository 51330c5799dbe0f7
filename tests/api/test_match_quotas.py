"""A player's quotas of matches (``games.quotas``): unfinished matches, those with an expert
seat (also by a leave or a replace to an expert), open ones, and others' matches joined,
each refused with its problem and freed when a match ends or its creator cancels it; a match with an open seat
times its players' turns out unless its creator says otherwise; a pass rotation's length."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
import time_machine

from games import services
from games.models import Match

from .helpers import (
    API,
    D1,
    assert_invalid,
    assert_problem,
    assert_quota_exceeded,
    create_match,
    match_url,
)

pytestmark = pytest.mark.django_db

EXPERTS = [{"kind": "player"}] + [{"kind": "bot", "level": "expert"}] * 3
EASY = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3
OPEN = [{"kind": "player"}] + [{"kind": "open"}] * 3
HOLD = {"pass_rotation": ["hold"]}


def _create(client: Any, seats: list[dict[str, Any]]) -> Any:
    return client.post(f"{API}/matches", {"seats": seats, "rules": HOLD}, format="json")


def test_unfinished_matches_are_capped_and_one_that_ends_frees_a_place(client_a, settings):
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_matches": 3}
    created = [create_match(client_a, seats=EASY, rules=HOLD)["id"] for _ in range(3)]
    assert_quota_exceeded(_create(client_a, EASY), "unfinished_matches", 3)
    assert Match.objects.count() == 3  # the refusal wrote nothing
    services.match_abort(match_id=created[0], reason="test")
    assert _create(client_a, EASY).status_code == 201


def test_matches_with_an_expert_seat_have_a_lower_cap_of_their_own(client_a, make_client, settings):
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_expert_matches": 2}
    for _ in range(2):
        create_match(client_a, seats=EXPERTS, rules=HOLD)
    assert_quota_exceeded(_create(client_a, EXPERTS), "unfinished_expert_matches", 2)
    assert _create(client_a, EASY).status_code == 201  # no expert: only the overall cap
    assert _create(make_client(), EXPERTS).status_code == 201  # another player's own count


def test_a_players_open_matches_in_the_lobby_are_capped(client_a, settings):
    settings.QUOTAS = {**settings.QUOTAS, "open_matches": 2}
    for _ in range(2):
        create_match(client_a, seats=OPEN, rules=HOLD)
    assert_quota_exceeded(_create(client_a, OPEN), "open_matches", 2)
    assert _create(client_a, EASY).status_code == 201


def _join(client: Any, match_id: str) -> Any:
    return client.post(match_url(match_id, "join"), {}, format="json")


def test_the_matches_of_others_a_player_sits_in_are_capped(client_a, make_client, settings):
    settings.QUOTAS = {**settings.QUOTAS, "joined_matches": 2}
    waiting = [create_match(make_client(), seats=OPEN, rules=HOLD)["id"] for _ in range(3)]
    for match_id in waiting[:2]:
        assert _join(client_a, match_id).status_code == 200
    assert_quota_exceeded(_join(client_a, waiting[2]), "joined_matches", 2)
    seats = client_a.get(match_url(waiting[2])).json()["seats"]
    assert [seat["kind"] for seat in seats] == ["player", "open", "open", "open"]  # unchanged
    full = create_match(make_client(), seats=OPEN, rules=HOLD)["id"]
    for _ in range(3):
        assert _join(make_client(), full).status_code == 200
    assert_problem(_join(client_a, full), 409, "match_full")  # the game's refusal first
    own = create_match(client_a, seats=[{"kind": "open"}] * 4, rules=HOLD)["id"]
    assert _join(client_a, own).status_code == 200  # its own matches count apart
    services.match_abort(match_id=waiting[0], reason="test")
    assert _join(client_a, waiting[2]).status_code == 200  # the ended one freed its place


def test_a_seat_left_to_a_bot_still_counts_and_may_be_taken_back(client_a, make_client, settings):
    settings.QUOTAS = {**settings.QUOTAS, "joined_matches": 2}
    full, held = (create_match(make_client(), seats=OPEN, rules=HOLD)["id"] for _ in range(2))
    for player in (client_a, make_client(), make_client()):
        assert _join(player, full).status_code == 200
    assert _join(client_a, held).status_code == 200
    assert client_a.post(match_url(full, "leave"), {}, format="json").status_code == 200
    other = create_match(make_client(), seats=OPEN, rules=HOLD)["id"]
    assert_quota_exceeded(_join(client_a, other), "joined_matches", 2)
    settings.QUOTAS = {**settings.QUOTAS, "joined_matches": 1}  # lowered: held alone fills it
    assert_quota_exceeded(_join(client_a, other), "joined_matches", 1)
    assert _join(client_a, full).status_code == 200  # back in the seat it left, all the same


def test_a_match_with_an_open_seat_times_turns_out_unless_its_creator_says(
        client_a: Any, make_client: Callable[..., Any]) -> None:
    assert create_match(client_a, seats=OPEN, rules=HOLD)["turn_timeout_s"] == 60
    explicit = client_a.post(f"{API}/matches", {"seats": OPEN, "rules": HOLD,
                                                "turn_timeout_s": None}, format="json").json()
    assert explicit["turn_timeout_s"] == 60
    chosen = create_match(make_client(), seats=OPEN, rules=HOLD, turn_timeout_s=600)
    assert chosen["turn_timeout_s"] == 600
    assert create_match(make_client(), seats=EASY, rules=HOLD)["turn_timeout_s"] is None


def test_a_leave_or_a_replace_to_an_expert_counts_against_the_creators_expert_matches(
        make_table, settings):
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_expert_matches": 0}
    table = make_table(D1, rules=HOLD, turn_timeout_s=30)
    response = table.clients["east"].post(match_url(table.id, "leave"), {"bot_level": "expert"},
                                          format="json")
    assert_quota_exceeded(response, "unfinished_expert_matches", 0)
    assert table.view("east")["seat"] == "east"  # nothing changed
    with time_machine.travel(Match.objects.get(pk=table.id).turn_deadline + timedelta(seconds=1)):
        response = table.clients["north"].post(match_url(table.id, "seats/north/replace"),
                                               {"bot_level": "expert"}, format="json")
    assert_quota_exceeded(response, "unfinished_expert_matches", 0)


def test_the_creator_cancels_a_match_still_waiting_and_frees_its_places(client_a, make_client,
                                                                         settings):
    settings.QUOTAS = {**settings.QUOTAS, "open_matches": 1}
    waiting = create_match(client_a, seats=OPEN, rules=HOLD)
    assert_quota_exceeded(_create(client_a, OPEN), "open_matches", 1)
    assert_problem(make_client().post(match_url(waiting["id"], "cancel")), 403, "not_creator")
    response = client_a.post(match_url(waiting["id"], "cancel"))
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "aborted"
    [aborted] = client_a.get(match_url(waiting["id"], "events"),
                             {"after": waiting["version"]}).json()["events"]
    assert (aborted["type"], aborted["reason"]) == ("match_aborted", services.CANCELLED)
    assert _create(client_a, OPEN).status_code == 201  # its place is free
    assert_problem(client_a.post(match_url(waiting["id"], "cancel")), 409, "match_finished")
    started = create_match(client_a, seats=EASY, rules=HOLD)
    assert_problem(client_a.post(match_url(started["id"], "cancel")), 409, "wrong_phase")


def test_a_pass_rotation_longer_than_the_limit_is_refused(client_a):
    rotation = ["left"] * (13)
    response = client_a.post(f"{API}/matches", {"seats": EASY, "rules": {"pass_rotation": rotation}},
                             format="json")
    assert_invalid(response, "rules.pass_rotation")
    assert create_match(client_a, seats=EASY, rules={"pass_rotation": rotation[:12]})
