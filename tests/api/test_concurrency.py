"""Concurrent commands on one match serialise on the match row: one wins, the rest are
refused, and the log stays contiguous (games/services.py); tokens minted, leaves to an
expert and tables filled by bot accounts at once stay within their quotas
(hearts_api/accounts.py, games/quotas.py, games/bot_accounts.py). Real threads, real
commits."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.models import Analysis, Event, Match
from hearts_api.models import ApiToken
from hearts_api.throttling import AnalysisThrottle

from ..clients import InProcessClient
from .helpers import API, D1, assert_quota_exceeded, create_match, match_url
from .test_bot_accounts import register
from .test_review import _finished

THREADS = 8


def _race(requests: list[Callable[[APIClient], Any]], clients: list[APIClient]) -> list[Any]:
    """Run ``requests[i](clients[i])`` in one thread each, released together; each thread
    uses (and closes) its own database connection. Returns the responses in order."""
    barrier = threading.Barrier(len(requests))
    responses: list[Any] = [None] * len(requests)

    def run(i: int) -> None:
        try:
            barrier.wait()
            responses[i] = requests[i](clients[i])
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def _same_player(client: APIClient) -> APIClient:
    """Another client (one per thread) with ``client``'s bearer token."""
    twin = InProcessClient()
    twin.credentials(**client._credentials)
    return twin


def _outcome(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"] if response.status_code >= 400 else "ok"


def _winner(responses: list[Any]) -> int:
    """The index of the one accepted request (asserting there is exactly one)."""
    accepted = [i for i, response in enumerate(responses) if response.status_code == 200]
    assert len(accepted) == 1, [_outcome(r) for r in responses]
    return accepted[0]


def _assert_log_contiguous(match_id: str, version: int) -> list[str]:
    seqs = list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, version + 1))
    return list(Event.objects.filter(match_id=match_id).order_by("seq").values_list("type", flat=True))


@pytest.mark.django_db(transaction=True)
def test_the_same_play_sent_concurrently_is_accepted_exactly_once(make_table):
    table = make_table(D1)
    version = table.view("north")["version"]
    north = table.clients["north"]
    # Half the threads send If-Match with the version they saw, half send none.
    headers = [{"HTTP_IF_MATCH": f'"{version}"'} if i % 2 else {} for i in range(THREADS)]
    responses = _race(
        [lambda client, h=h: client.post(match_url(table.id, "play"), {"card": "2C"},
                                         format="json", **h) for h in headers],
        [_same_player(north) for _ in range(THREADS)])
    winner = _winner(responses)
    assert [_outcome(r) for r in responses] == [
        (200, "ok") if i == winner else (412, "stale_version") if headers[i] else (409, "not_your_turn")
        for i in range(THREADS)]
    types = _assert_log_contiguous(table.id, version + 1)
    assert types.count("card_played") == 1
    view = table.view("north")
    assert (view["version"], view["to_act"]) == (version + 1, ["east"])
    assert "2C" not in view["hand"]


@pytest.mark.django_db(transaction=True)
def test_concurrent_joins_of_the_last_open_seat_seat_exactly_one_player(make_client):
    creator = make_client()
    summary = create_match(creator, seats=[{"kind": "player"}] + [{"kind": "open"}] * 3)
    for _ in range(2):
        assert make_client().post(match_url(summary["id"], "join"), {}, format="json").status_code == 200
    joiners = [make_client() for _ in range(THREADS)]
    responses = _race([lambda client: client.post(match_url(summary["id"], "join"), {"seat": "west"},
                                                  format="json")] * THREADS, joiners)
    winner = _winner(responses)
    assert [_outcome(r) for i, r in enumerate(responses) if i != winner] == [
        (409, "match_full")] * (THREADS - 1)
    winner_name = joiners[winner].username
    final = creator.get(match_url(summary["id"])).json()
    assert final["seats"][3]["name"] == winner_name
    assert final["status"] == "passing"
    assert _assert_log_contiguous(summary["id"], final["version"]).count("seat_taken") == 4


@pytest.mark.django_db(transaction=True)
def test_a_leave_sent_concurrently_leaves_once_and_a_racing_play_is_refused(make_table):
    """Each command that waited for the match row reads the seat as the command before it
    left it: after the one accepted leave west holds no seat, so the other leaves and the
    plays behind it are 403 not_seated (never a 500), and no card of west's is accepted
    after the leave."""
    table = make_table(D1)
    table.played("N 2C, E 8D, S 10S")  # west to play
    west = table.clients["west"]

    def leave(client: APIClient) -> Any:
        return client.post(match_url(table.id, "leave"), {"bot_level": "random"}, format="json")

    def play(client: APIClient) -> Any:
        return client.post(match_url(table.id, "play"), {"card": "JC"}, format="json")

    kinds = ["leave" if i % 2 else "play" for i in range(THREADS)]
    responses = _race([leave if kind == "leave" else play for kind in kinds],
                      [_same_player(west) for _ in range(THREADS)])

    outcomes = [(kind, *_outcome(r)) for kind, r in zip(kinds, responses, strict=True)]
    assert {o for o in outcomes} <= {("leave", 200, "ok"), ("leave", 403, "not_seated"),
                                     ("play", 200, "ok"), ("play", 403, "not_seated"),
                                     # west's JC, once played, is no longer in its hand
                                     ("play", 422, "card_not_in_hand")}, outcomes
    assert outcomes.count(("leave", 200, "ok")) == 1
    left_at = next(e["seq"] for e in table.events("north") if e["type"] == "seat_left")
    for kind, response in zip(kinds, responses, strict=True):
        if kind == "play" and response.status_code == 200:
            assert response.json()["events"][0]["seq"] < left_at  # played while west sat there
    _assert_log_contiguous(table.id, table.view("north")["version"])


@pytest.mark.django_db(transaction=True)
def test_tokens_minted_at_once_one_short_of_the_quota_make_exactly_one(client_a, settings):
    """Each mint counts the player's tokens with the player's row locked, so of requests
    racing for the last place exactly one takes it."""
    settings.QUOTAS = {**settings.QUOTAS, "tokens": 3}
    assert client_a.post(f"{API}/tokens", {}, format="json").status_code == 201  # 2 of 3
    responses = _race([lambda client: client.post(f"{API}/tokens", {}, format="json")] * THREADS,
                      [_same_player(client_a) for _ in range(THREADS)])
    made = [i for i, response in enumerate(responses) if response.status_code == 201]
    assert len(made) == 1, [_outcome(r) for r in responses]
    assert [_outcome(r) for i, r in enumerate(responses) if i != made[0]] == [
        (429, "quota_exceeded")] * (THREADS - 1)
    assert ApiToken.objects.filter(user__username=client_a.username).count() == 3


@pytest.mark.django_db(transaction=True)
def test_leaves_to_an_expert_at_once_stay_within_the_creators_expert_matches(client_a, settings):
    """Each leave to an expert counts the creator's expert matches with the creator's row
    locked, so of leaves racing past the quota only those within it are accepted."""
    settings.QUOTAS = {**settings.QUOTAS, "unfinished_expert_matches": 2}
    seats = [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3
    ids = [create_match(client_a, seats=seats, bots={"delay_ms": 10_000})["id"] for _ in range(4)]
    responses = _race([lambda client, m=m: client.post(match_url(m, "leave"), {"bot_level": "expert"},
                                                       format="json") for m in ids],
                      [_same_player(client_a) for _ in ids])
    assert sorted(_outcome(r) for r in responses) == [(200, "ok")] * 2 + [(429, "quota_exceeded")] * 2
    assert Match.objects.filter(seats__bot_level="expert").distinct().count() == 2


@pytest.mark.django_db(transaction=True)
def test_tables_of_bot_accounts_filled_at_once_stay_within_their_daily_cap(settings):
    """A bot account waiting at three tables, each filled at once by another bot account:
    its matches among bot accounts are counted one table after another, so only the cap's
    one starts."""
    settings.BOT_ACCOUNT_MATCHES_PER_DAY = 1
    first, *joiners = (register(f"race-bot-{i}", bot=True) for i in range(4))
    seats = [{"kind": "player"}, {"kind": "open"}, {"kind": "bot", "level": "easy"},
             {"kind": "bot", "level": "easy"}]
    ids = [create_match(first, seats=seats, bots={"delay_ms": 10_000})["id"] for _ in joiners]
    responses = _race([lambda client, m=m: client.post(match_url(m, "join"), {}, format="json")
                       for m in ids], joiners)
    assert sorted(_outcome(r) for r in responses) == [(200, "ok"), (429, "quota_exceeded"),
                                                      (429, "quota_exceeded")]
    assert Match.objects.filter(bot_accounts_only=True).count() == 1



@pytest.mark.django_db(transaction=True)
def test_an_analysis_asked_for_at_once_is_made_and_counted_once(make_client, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**SimpleRateThrottle.THROTTLE_RATES, "analyses": "2/day"})
    check = AnalysisThrottle.check

    def slow_check(*args, **kwargs):
        time.sleep(0.2)  # the racing requests all reach the count unless one waits for another
        return check(*args, **kwargs)

    monkeypatch.setattr(AnalysisThrottle, "check", slow_check)
    alice = make_client()
    first, second, third = (_finished(alice) for _ in range(3))
    responses = _race([lambda client: client.post(match_url(first, "analysis"))] * THREADS,
                      [_same_player(alice) for _ in range(THREADS)])
    assert sorted(r.status_code for r in responses) == [200] * (THREADS - 1) + [202]
    assert Analysis.objects.filter(match_id=first).count() == 1
    assert alice.post(match_url(second, "analysis")).status_code == 202  # counted once: 1 left
    assert_quota_exceeded(alice.post(match_url(third, "analysis")), "analyses", 2,
                          period_s=86_400)
