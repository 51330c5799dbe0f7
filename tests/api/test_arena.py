"""Arena runs over HTTP (docs/api.md, "Arena runs"): asked for by a bot account, its
tables held for it by invitations, seen by it and by its owner only."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import API, assert_invalid, assert_problem
from .test_bot_accounts import register

pytestmark = pytest.mark.django_db

RUNS = f"{API}/arena/runs"


@pytest.fixture
def robo(client_a: Any) -> Any:
    """A bot account alice owns."""
    return register("robo", owner=client_a, bot=True)


def test_a_bot_account_starts_a_run_and_its_first_tables_are_held_for_it(robo, settings):
    response = robo.post(RUNS, {"field": "easy", "deals": 3, "seed": 42}, format="json")
    assert response.status_code == 202, response.content
    run = response.json()
    assert response["Location"].endswith(f"{RUNS}/{run['id']}")
    assert {k: run[k] for k in ("bot", "field", "deals", "seed", "status", "reason", "result",
                                "ended_at")} == {
        "bot": "robo", "field": "easy", "deals": 3, "seed": 42, "status": "running",
        "reason": None, "result": None, "ended_at": None}
    assert run["progress"] == {"tables": 15, "tables_finished": 0}
    # North at the first three deals: then the bot's quota open_matches is full.
    assert [(t["deal"], t["seat"], t["status"], t["points"]) for t in run["matches"]] == [
        (1, "north", "waiting", None), (2, "north", "waiting", None),
        (3, "north", "waiting", None)]
    invited = robo.get(f"{API}/invitations").json()["results"]
    assert sorted((i["match_id"], i["seat"]) for i in invited) == sorted(
        (t["match_id"], t["seat"]) for t in run["matches"])
    assert {i["invited_by"] for i in invited} == {"robo"}


def test_its_bot_and_the_bots_owner_see_a_run_and_nobody_else(robo, client_a, make_client):
    run = robo.post(RUNS, {"field": "random", "deals": 2}, format="json").json()
    for viewer in (robo, client_a):
        assert viewer.get(f"{RUNS}/{run['id']}").json()["matches"] == run["matches"]
        [listed] = viewer.get(RUNS).json()["results"]
        assert listed["id"] == run["id"] and "matches" not in listed
    stranger = make_client("carol")
    for refused in (stranger.get(f"{RUNS}/{run['id']}"),
                    stranger.post(f"{RUNS}/{run['id']}/cancel")):
        assert_problem(refused, 404, "not_found")
    assert stranger.get(RUNS).json()["results"] == []


def test_a_seed_the_server_chose_is_shown_once_the_run_has_ended(robo, client_a):
    run = robo.post(RUNS, {"field": "random", "deals": 2}, format="json").json()
    assert run["seed"] is None  # it would tell the bot every hand
    cancelled = client_a.post(f"{RUNS}/{run['id']}/cancel")
    assert cancelled.status_code == 200
    body = cancelled.json()
    assert (body["status"], body["reason"]) == ("abandoned", "cancelled by alice")
    assert 0 <= body["seed"] < 2**63 and body["ended_at"]
    assert {t["status"] for t in body["matches"]} == {"aborted"}
    assert robo.post(f"{RUNS}/{run['id']}/cancel").json() == body


def test_a_person_may_not_ask_for_a_run(client_a):
    assert_problem(client_a.post(RUNS, {"field": "easy", "deals": 2}, format="json"), 403,
                   "bot_account_required")


@pytest.mark.parametrize(("body", "field"), [
    ({"field": "easy", "deals": 1}, "deals"),
    ({"field": "easy", "deals": 101}, "deals"),
    ({"field": "easy", "deals": "2"}, "deals"),
    ({"field": "godlike", "deals": 2}, "field"),
    ({"field": "easy", "deals": 2, "seed": -1}, "seed"),
    ({"field": "easy", "deals": 2, "seed": 2**63}, "seed"),
    ({"deals": 2}, "field"),
])
def test_a_bad_request_is_refused_and_starts_nothing(robo, body, field):
    assert_invalid(robo.post(RUNS, body, format="json"), field)
    assert robo.get(RUNS).json()["results"] == []


def test_a_second_run_waits_for_the_first(robo):
    assert robo.post(RUNS, {"field": "easy", "deals": 2}, format="json").status_code == 202
    refused = robo.post(RUNS, {"field": "easy", "deals": 2}, format="json")
    assert_problem(refused, 429, "quota_exceeded")
    assert refused.json()["quota"] == "arena_runs"
