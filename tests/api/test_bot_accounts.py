"""Bot accounts over HTTP (docs/api.md, "Bot accounts"): registered as one (the token's
player its owner) or turned into one for good, shown as a bot wherever they sit, kept out
of the daily, ranked apart on request, and capped in matches among bot accounts only."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.throttling import SimpleRateThrottle

from games import daily
from games.models import Rating

from ..clients import InProcessClient
from .helpers import API, assert_problem, create_match, match_url

pytestmark = pytest.mark.django_db

EASY = {"kind": "bot", "level": "easy"}


def register(username: str, owner: Any = None, **fields: Any) -> InProcessClient:
    """A new player (``bot`` and other ``fields`` as given), registered by ``owner``'s client
    or anonymously; returns a client holding its token."""
    response = (owner or InProcessClient()).post(f"{API}/players", {"username": username,
                                                                    **fields}, format="json")
    assert response.status_code == 201, response.content
    client = InProcessClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    return client


def profile(username: str) -> dict[str, Any]:
    return InProcessClient().get(f"{API}/players/{username}").json()


def test_a_bot_registered_with_a_token_names_its_owner_and_one_without_none(client_a):
    register("owned-bot", owner=client_a, bot=True)
    register("stray-bot", bot=True)
    register("person")
    assert {k: profile("owned-bot")[k] for k in ("is_bot", "owner")} == {"is_bot": True,
                                                                         "owner": "alice"}
    assert {k: profile("stray-bot")[k] for k in ("is_bot", "owner")} == {"is_bot": True,
                                                                         "owner": None}
    assert {k: profile("person")[k] for k in ("is_bot", "owner")} == {"is_bot": False,
                                                                      "owner": None}


def test_a_registration_with_a_token_that_is_not_valid_is_401_and_registers_nobody():
    client = InProcessClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer " + "0" * 64)
    response = client.post(f"{API}/players", {"username": "ghost", "bot": True}, format="json")
    assert_problem(response, 401, "not_authenticated")
    assert InProcessClient().get(f"{API}/players/ghost").status_code == 404


def test_a_bot_account_is_a_bot_in_the_summary_the_lobby_and_every_view(client_a):
    bot = register("seat-bot", bot=True)
    summary = create_match(client_a, seats=[{"kind": "player"}, {"kind": "open"}, EASY, EASY])
    lobby = bot.get(f"{API}/lobby").json()["results"][0]
    assert [seat["is_bot"] for seat in lobby["seats"]] == [False, False, True, True]
    joined = bot.post(match_url(summary["id"], "join"), {}, format="json").json()
    assert [(s["kind"], s["is_bot"]) for s in joined["seats"]] == [
        ("player", False), ("player", True), ("bot", True), ("bot", True)]
    for client in (client_a, bot):
        players = client.get(match_url(summary["id"], "view")).json()["players"]
        assert [p["is_bot"] for p in players] == [False, True, True, True]


def test_a_player_turns_itself_into_a_bot_for_good_its_past_matches_too(client_a, make_client):
    summary = create_match(client_a, seats=[{"kind": "player"}, EASY, EASY, EASY])
    url = f"{API}/players/alice/bot"
    assert_problem(make_client("mallory").post(url), 403, "permission_denied")
    assert_problem(client_a.post(f"{API}/players/nobody/bot"), 404, "not_found")
    assert profile("alice")["is_bot"] is False
    turned = client_a.post(url)
    assert turned.status_code == 200, turned.content
    assert (turned.json()["is_bot"], turned.json()["owner"]) == (True, None)
    assert client_a.post(url).json() == turned.json()  # asking again changes nothing
    seats = client_a.get(f"{API}/matches/{summary['id']}").json()["seats"]
    assert [s["is_bot"] for s in seats] == [True, True, True, True]


def test_a_bot_account_may_not_take_the_daily(client_a):
    client_a.post(f"{API}/players/alice/bot")
    response = client_a.post(f"{API}/daily/{daily.today().isoformat()}/matches")
    assert_problem(response, 403, "not_for_bot_accounts")


def test_the_leaderboard_keeps_one_kind_when_asked_each_ranked_among_its_own(make_client):
    register("rated-bot", bot=True)
    make_client("carol")
    users = get_user_model().objects
    Rating.objects.create(player=users.get(username="rated-bot"), ordinal=30.0, matches_rated=1)
    Rating.objects.create(player=users.get(username="carol"), ordinal=20.0, matches_rated=1)
    Rating.objects.create(bot_level="hard", ordinal=10.0, matches_rated=2)

    def board(**query: str) -> list[tuple[int, str, bool, str]]:
        rows = InProcessClient().get(f"{API}/leaderboard", query).json()["results"]
        return [(r["rank"], r["kind"], r["is_bot"], r["name"]) for r in rows]

    assert board() == [(1, "bot", True, "rated-bot"), (2, "player", False, "carol"),
                       (3, "builtin", True, "hard")]
    assert board(kind="player") == [(1, "player", False, "carol")]
    assert board(kind="bot") == [(1, "bot", True, "rated-bot")]
    assert board(kind="builtin") == [(1, "builtin", True, "hard")]
    response = InProcessClient().get(f"{API}/leaderboard", {"kind": "robot"})
    assert_problem(response, 400, "invalid_request")


def test_matches_among_bot_accounts_only_are_capped_per_day(settings, client_a):
    settings.BOT_ACCOUNT_MATCHES_PER_DAY = 1
    first, second = register("bot-one", bot=True), register("bot-two", bot=True)
    table = [{"kind": "player"}, {"kind": "open"}, EASY, EASY]

    def joined(creator: InProcessClient, joiner: InProcessClient) -> Any:
        summary = create_match(creator, seats=table)
        return joiner.post(match_url(summary["id"], "join"), {}, format="json")

    assert joined(first, second).status_code == 200
    refused = assert_problem(joined(first, second), 429, "quota_exceeded")
    assert (refused["quota"], refused["limit"], refused["period_s"]) == (
        "bot_account_matches", 1, 86400)
    assert joined(first, client_a).status_code == 200  # a person at the table: no cap
    assert joined(client_a, second).status_code == 200


def test_a_registration_with_a_token_counts_in_its_addresses_rate_as_one_without(
        monkeypatch, client_a):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**SimpleRateThrottle.THROTTLE_RATES, "anon": "2/min"})
    register("first-bot", owner=client_a, bot=True)
    register("second-bot", bot=True)
    response = client_a.post(f"{API}/players", {"username": "third-bot", "bot": True},
                             format="json")
    assert_problem(response, 429, "throttled")


def test_leaving_a_match_among_bot_accounts_does_not_take_it_off_the_count(settings):
    settings.BOT_ACCOUNT_MATCHES_PER_DAY = 1
    first, second = register("bot-three", bot=True), register("bot-four", bot=True)
    table = [{"kind": "player"}, {"kind": "open"}, EASY, EASY]
    summary = create_match(first, seats=table)
    assert second.post(match_url(summary["id"], "join"), {}, format="json").status_code == 200
    for client in (first, second):
        assert client.post(match_url(summary["id"], "leave"), {}, format="json").status_code == 200
    again = create_match(first, seats=table)
    refused = second.post(match_url(again["id"], "join"), {}, format="json")
    assert assert_problem(refused, 429, "quota_exceeded")["quota"] == "bot_account_matches"
