"""Staff accounts are not players (docs/api.md, "Auth"): a user with ``is_staff`` or
``is_superuser`` cannot use the API. Their bearer tokens are refused as revoked ones, their
HTTP Basic credentials mint no token, and no profile or leaderboard shows them."""

from __future__ import annotations

import base64
import uuid
from datetime import UTC, date, datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services
from games.engine import RuleSet
from games.models import DailyAttempt, Rating
from hearts_api.models import ApiToken

from ..clients import InProcessClient
from .helpers import API, assert_problem

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
STAFF_KINDS = [{"is_staff": True}, {"is_superuser": True}, {"is_staff": True, "is_superuser": True}]


def _user(name: str, **kind: bool):
    return get_user_model().objects.create_user(username=name, password=PASSWORD, **kind)


def _bearer(user) -> InProcessClient:
    _, token = ApiToken.objects.create(user=user, expiry=None)
    client = InProcessClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.token = token  # type: ignore[attr-defined]
    return client


def _made_player(user) -> None:
    user.is_staff = user.is_superuser = False
    user.save()


@pytest.mark.parametrize("kind", STAFF_KINDS)
def test_a_staff_accounts_bearer_token_is_refused_as_a_revoked_one(kind):
    user = _user("root", **kind)
    client = _bearer(user)
    assert_problem(client.get(f"{API}/tokens"), 401, "not_authenticated")
    assert_problem(client.post(f"{API}/matches", {}, format="json"), 401, "not_authenticated")
    stream = InProcessClient().get(f"{API}/matches/{uuid.uuid4()}/stream",
                                   {"access_token": client.token})
    assert_problem(stream, 401, "not_authenticated")
    _made_player(user)
    assert client.get(f"{API}/tokens").status_code == 200


@pytest.mark.parametrize("kind", STAFF_KINDS)
def test_a_staff_accounts_password_mints_no_token(kind):
    user = _user("root", **kind)
    basic = "Basic " + base64.b64encode(f"root:{PASSWORD}".encode()).decode()
    refused = InProcessClient().post(f"{API}/tokens", {"name": "laptop"}, format="json",
                                     HTTP_AUTHORIZATION=basic)
    assert_problem(refused, 401, "not_authenticated")
    assert refused.json()["detail"] == "Invalid username/password."  # as a wrong password's
    assert not ApiToken.objects.filter(user=user).exists()
    _made_player(user)
    assert InProcessClient().post(f"{API}/tokens", {"name": "laptop"}, format="json",
                                  HTTP_AUTHORIZATION=basic).status_code == 201


@pytest.mark.parametrize("kind", STAFF_KINDS)
def test_a_staff_account_has_no_public_profile(kind, anon_client):
    _user("root", **kind)
    _user("alice")
    assert_problem(anon_client.get(f"{API}/players/root"), 404, "not_found")
    assert anon_client.get(f"{API}/players/alice").json()["username"] == "alice"


def test_the_leaderboard_lists_players_and_bot_levels_but_no_staff_account(anon_client):
    for name, ordinal, kind in [("root", 30.0, {"is_superuser": True}), ("alice", 20.0, {}),
                                ("watcher", 15.0, {"is_staff": True}), ("bob", 5.0, {})]:
        Rating.objects.create(player=_user(name, **kind), ordinal=ordinal, matches_rated=1)
    Rating.objects.create(bot_level="hard", ordinal=10.0, matches_rated=3)
    board = anon_client.get(f"{API}/leaderboard").json()
    assert [(row["rank"], row["kind"], row["name"]) for row in board["results"]] == [
        (1, "player", "alice"), (2, "builtin", "hard"), (3, "player", "bob")]
    assert board["count"] == 3


def test_the_days_leaderboard_ranks_no_staff_account(anon_client, time_machine):
    day = date(2025, 1, 6)
    time_machine.move_to(datetime(2025, 1, 6, 12, tzinfo=UTC))
    for name, points, kind in [("root", 1, {"is_superuser": True}), ("alice", 4, {}),
                               ("watcher", 2, {"is_staff": True}), ("bob", 9, {})]:
        user = _user(name, **kind)
        match = services.match_create(creator=user, seats=[services.SeatSpec("open")] * 4,
                                      rules=RuleSet()).match
        DailyAttempt.objects.create(date=day, player=user, match=match, points=points,
                                    seconds=60, finished_at=timezone.now())
    board = anon_client.get(f"{API}/daily/2025-01-06/leaderboard").json()
    assert [(row["rank"], row["username"], row["points"]) for row in board["results"]] == [
        (1, "alice", 4), (2, "bob", 9)]
    assert board["count"] == 2
