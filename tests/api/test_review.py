"""Hints (``GET /matches/{id}/hint``) and analyses (``/matches/{id}/analysis``)."""

from __future__ import annotations

import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.db import OperationalError, connections
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

import bots.review
from games import review
from games.models import Analysis, Rating

from .helpers import (
    API,
    SEATS,
    assert_problem,
    assert_quota_exceeded,
    create_match,
    first_legal,
    match_url,
)

ONE_HAND = {"pass_rotation": ["left"], "max_hands": 1}
THREE_BOTS = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3


@pytest.fixture(autouse=True)
def _small_effort(settings):
    settings.HINT_BUDGET_MS = 20
    settings.ANALYSIS_WORK = 3_000


@pytest.fixture
def send(django_capture_on_commit_callbacks):
    """``send(client, url, body)``: POST, then run what its commit set off (the bots' moves,
    an analysis)."""

    def post(client, url, body=None):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(url, body, format="json")

    return post


def _hint(client, match_id):
    return client.get(match_url(match_id, "hint"))


def _view(client, match_id):
    return client.get(match_url(match_id, "view")).json()


def _move(send, client, match_id):
    """Pass or play the first legal cards; the view after it."""
    view = _view(client, match_id)
    if view["status"] == "passing":
        response = send(client, match_url(match_id, "pass"), {"cards": view["legal_cards"][:3]})
    else:
        response = send(client, match_url(match_id, "play"), {"card": first_legal(view)})
    assert response.status_code == 200, response.content
    return _view(client, match_id)


def _finish(send, client, match_id):
    while _move(send, client, match_id)["status"] != "finished":
        pass


def test_hints_are_chosen_at_creation_and_shown_in_the_summary_the_lobby_and_the_view(make_client):
    alice, bob = make_client(), make_client()
    summary = create_match(alice, seats=[{"kind": "player"}, {"kind": "open"}] +
                           [{"kind": "bot", "level": "easy"}] * 2, hints=True)
    assert summary["hints"] is True
    lobby = bob.get(f"{API}/lobby").json()["results"]
    assert [entry["hints"] for entry in lobby if entry["id"] == summary["id"]] == [True]
    plain = create_match(alice, seats=THREE_BOTS)
    assert plain["hints"] is False
    assert _view(alice, plain["id"])["hints"] is False
    assert alice.get(match_url(summary["id"])).json()["hints"] is True


def test_hints_must_be_a_boolean(make_client):
    alice = make_client()
    response = alice.post(f"{API}/matches", {"seats": THREE_BOTS, "hints": "yes"}, format="json")
    assert_problem(response, 400, "invalid_request")
    assert [error["field"] for error in response.json()["errors"]] == ["hints"]


def test_a_pass_hint_recommends_cards_of_the_hand(make_client):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND, hints=True)["id"]
    view = _view(alice, match_id)
    response = _hint(alice, match_id)
    assert response.status_code == 200, response.content
    hint = response.json()
    assert (hint["kind"], hint["options"], hint["recommended"]) == ("pass", [], None)
    assert hint["version"] == view["version"]
    assert len(hint["pass"]["cards"]) == 3 and set(hint["pass"]["cards"]) <= set(view["hand"])
    assert 0 <= hint["pass"]["moon_against"] <= 1
    assert hint["effort_ms"] == 20 and hint["deals"] >= 1


def test_a_play_hint_weighs_each_legal_card(make_client, send):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND, hints=True)["id"]
    view = _move(send, alice, match_id)
    while len(view["legal_cards"]) < 2:  # a forced play has a one-option hint; go on
        view = _move(send, alice, match_id)
    hint = _hint(alice, match_id).json()
    assert hint["kind"] == "play" and hint["pass"] is None
    assert [option["card"] for option in hint["options"]] == view["legal_cards"]
    best = min(hint["options"], key=lambda option: option["expected_points"])
    assert hint["recommended"] == best["card"]
    assert all(-26 <= o["expected_points"] <= 26 and 0 <= o["moon_against"] <= 1
               for o in hint["options"])


def test_a_hint_is_refused_without_hints_out_of_turn_and_without_a_seat(make_table, make_client):
    alice = make_client()
    plain = create_match(alice, seats=THREE_BOTS)["id"]
    assert_problem(_hint(alice, plain), 409, "hints_disabled")
    table = make_table(None, rules={"pass_rotation": ["hold"]}, hints=True)
    to_act = table.view("north")["to_act"]
    waiting = next(seat for seat in SEATS if seat not in to_act)
    body = assert_problem(_hint(table.clients[waiting], table.id), 409, "not_your_turn")
    assert body["to_act"] == to_act
    assert_problem(_hint(make_client(), table.id), 403, "not_seated")
    assert_problem(_hint(alice, "00000000-0000-0000-0000-000000000000"), 404, "not_found")


def _hinted_match(make_client, monkeypatch, rate: str) -> tuple[Any, str]:
    """A new player with the hints quota at ``rate`` and a match of its own with hints."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**SimpleRateThrottle.THROTTLE_RATES, "hints": rate})
    alice = make_client()
    return alice, create_match(alice, seats=THREE_BOTS, hints=True)["id"]


def test_hints_count_against_their_quota(make_client, monkeypatch):
    alice, match_id = _hinted_match(make_client, monkeypatch, "2/hour")
    head = alice.head(match_url(match_id, "hint"))  # no search, nothing counted
    assert (head.status_code, head["Allow"], head.content) == (405, "GET, OPTIONS", b"")
    assert [_hint(alice, match_id).status_code for _ in range(2)] == [200, 200]
    assert_quota_exceeded(_hint(alice, match_id), "hints", 2, period_s=3600)


def test_a_match_with_hints_is_unrated_and_in_no_record(make_client, send):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND, hints=True)["id"]
    _finish(send, alice, match_id)
    assert not Rating.objects.filter(player__username=alice.username).exists()
    profile = alice.get(f"{API}/players/{alice.username}").json()
    assert (profile["matches_played"], profile["records"]) == (0, [])


def test_an_analysis_weighs_each_decision_of_the_players_seat(make_client, send):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND)["id"]
    assert_problem(alice.post(match_url(match_id, "analysis")), 409, "match_not_finished")
    assert_problem(alice.get(match_url(match_id, "analysis")), 404, "not_found")
    _finish(send, alice, match_id)
    response = send(alice, match_url(match_id, "analysis"))
    assert response.status_code == 202, response.content
    assert response["Location"].endswith(match_url(match_id, "analysis"))
    assert response.json()["status"] == "queued"
    analysis = alice.get(match_url(match_id, "analysis")).json()
    assert (analysis["status"], analysis["progress"], analysis["seat"]) == ("done", 1.0, "north")
    events = alice.get(match_url(match_id, "events")).json()["events"]
    mine = [e for e in events if e["type"] in ("cards_passed", "card_played")
            and e["seat"] == "north"]
    decisions = analysis["decisions"]
    assert decisions[0]["kind"] == "pass" and decisions[0]["played"] == mine[0]["cards"]
    played = [[e["card"]] for e in mine[1:]]
    assert [d["played"] for d in decisions[1:]] == [p for p in played if p in
                                                   [d["played"] for d in decisions[1:]]]
    assert 1 <= len(decisions) - 1 <= 12  # the last card is always forced
    assert all(d["loss"] >= 0 and d["blunder"] == (d["loss"] >= 2) for d in decisions)
    assert analysis["hands"] == [{"hand": 1, "loss": analysis["total_loss"],
                                  "blunders": analysis["blunders"]}]
    assert analysis["total_loss"] == round(sum(d["loss"] for d in decisions), 2)
    assert analysis["effort"]["work_per_decision"] == 3_000
    again = alice.post(match_url(match_id, "analysis"))
    assert again.status_code == 200 and again.json() == analysis


def test_an_analysis_is_for_a_player_of_the_match_only(make_client, send):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND)["id"]
    _finish(send, alice, match_id)
    stranger = make_client()
    assert_problem(stranger.post(match_url(match_id, "analysis")), 403, "not_seated")
    assert_problem(stranger.get(match_url(match_id, "analysis")), 403, "not_seated")


def test_a_lesson_match_is_analysed_and_only_the_callers_seat_may_be_named(make_client, send):
    alice = make_client()
    match_id = alice.post(f"{API}/lessons/queen-of-spades/attempts").json()["id"]
    send(alice, match_url(match_id, "play"), {"card": "2S"})
    assert send(alice, match_url(match_id, "analysis")).status_code == 202
    analysis = alice.get(match_url(match_id, "analysis"), {"seat": "south"}).json()
    assert (analysis["status"], analysis["progress"]) == ("done", 1.0)
    [decision] = analysis["decisions"]
    assert (decision["hand"], decision["trick"], decision["played"]) == (1, 3, ["2S"])
    assert decision["best"] == ["QS"] and decision["loss"] > 0
    assert_problem(alice.get(match_url(match_id, "analysis"), {"seat": "north"}), 403, "not_seated")
    assert_problem(alice.get(match_url(match_id, "analysis"), {"seat": "up"}), 400,
                   "invalid_request")


def test_a_failed_analysis_says_so_and_is_queued_again_when_asked(make_client, send, monkeypatch):
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, rules=ONE_HAND)["id"]
    _finish(send, alice, match_id)

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")

    with monkeypatch.context() as patched:
        patched.setattr("bots.review.analyse", broken)
        send(alice, match_url(match_id, "analysis"))
    assert alice.get(match_url(match_id, "analysis")).json()["status"] == "failed"
    again = send(alice, match_url(match_id, "analysis"))
    assert again.status_code == 202 and again.json()["status"] == "queued"
    assert alice.get(match_url(match_id, "analysis")).json()["status"] == "done"


def _finished(client):
    """A match of ``client``'s that has finished: a lesson's attempt, its one move made."""
    match_id = client.post(f"{API}/lessons/queen-of-spades/attempts").json()["id"]
    assert client.post(match_url(match_id, "play"), {"card": "2S"}, format="json").status_code == 200
    return match_id


def _queued(make_client, analyses):
    """``(alice, bob, alice's match ids, bob's)``: ``analyses`` finished matches of Alice's
    analysed, then one of Bob's, asked for without running them (their commits' callbacks
    are not run)."""
    alice, bob = make_client(), make_client()
    alices = [_finished(alice) for _ in range(analyses)]
    bobs = _finished(bob)
    for client, match_id in [(alice, m) for m in alices] + [(bob, bobs)]:
        response = client.post(match_url(match_id, "analysis"))
        assert response.status_code == 202, response.content
    return alice, bob, alices, bobs


def test_the_next_hand_weighed_is_of_the_requester_served_longest_ago(make_client, monkeypatch):
    alice, bob, alices, bobs = _queued(make_client, 3)
    claimed = []
    claim = review.analysis_claim

    def recorded(**kwargs):
        analysis = claim(**kwargs)
        claimed.append(analysis and str(analysis.match_id))
        return analysis

    monkeypatch.setattr(review, "analysis_claim", recorded)
    while bots.review.analyse_next():
        pass
    # Queued in that order, Alice's three would go before Bob's one.
    assert claimed == [alices[0], bobs, alices[1], alices[2], None]
    assert all(client.get(match_url(match_id, "analysis")).json()["status"] == "done"
               for client, match_id in [(alice, m) for m in alices] + [(bob, bobs)])


def test_a_requester_has_one_hand_leased_at_a_time_and_a_lease_ended_is_claimed_again(make_client):
    alice, _, alices, bobs = _queued(make_client, 2)
    now = timezone.now()
    first, second = review.analysis_claim(now=now), review.analysis_claim(now=now)
    assert (str(first.match_id), str(second.match_id)) == (alices[0], bobs)
    assert review.analysis_claim(now=now) is None  # each holds a lease: Alice's second waits
    assert alice.get(match_url(alices[0], "analysis")).json()["status"] == "running"
    assert alice.get(match_url(alices[1], "analysis")).json()["status"] == "queued"
    later = now + review.ANALYSIS_LEASE
    again = review.analysis_claim(now=later)  # its worker died: the hand is weighed again
    assert (again.pk, again.hands_done) == (first.pk, 0)


def test_a_requester_busy_by_a_claim_the_query_did_not_see_yet_is_passed_over(make_client, monkeypatch):
    """The query may read the leases as they were when it began (a claim committing
    meanwhile): the requester's leases are counted again under its lock."""
    alice, bob = make_client(), make_client()
    alices = [_finished(alice) for _ in range(2)]
    bobs = _finished(bob)
    for match_id in alices:
        alice.post(match_url(match_id, "analysis"))
    assert str(review.analysis_claim(now=timezone.now()).match_id) == alices[0]
    bob.post(match_url(bobs, "analysis"))  # after Alice's claim: she was served longer ago
    waiting = review._waiting
    monkeypatch.setattr(review, "_waiting",  # every lease read as ended
                        lambda now: waiting(now + 2 * review.ANALYSIS_LEASE))
    now = timezone.now()
    assert str(review.analysis_claim(now=now).match_id) == bobs
    assert review.analysis_claim(now=now) is None


def test_a_hand_whose_leases_all_ended_unsaved_fails_its_analysis(make_client):
    alice = make_client()
    match_id = _finished(alice)
    alice.post(match_url(match_id, "analysis"))
    now = timezone.now()
    claimed = [review.analysis_claim(now=now + n * review.ANALYSIS_LEASE) for n in range(3)]
    assert [(str(a.match_id), a.attempts) for a in claimed] == [(match_id, 1), (match_id, 2),
                                                                (match_id, 3)]
    assert review.analysis_claim(now=now + 3 * review.ANALYSIS_LEASE) is None
    assert alice.get(match_url(match_id, "analysis")).json()["status"] == "failed"
    again = alice.post(match_url(match_id, "analysis"))
    assert again.status_code == 202 and again.json()["status"] == "queued"
    assert review.analysis_claim(now=now + 3 * review.ANALYSIS_LEASE).attempts == 1


def test_a_claim_whose_lease_ended_and_was_claimed_again_saves_nothing(make_client, monkeypatch):
    alice, _, alices, _ = _queued(make_client, 1)
    now = timezone.now()
    stale = review.analysis_claim(now=now)
    review.analysis_claim(now=now)  # Bob's
    current = review.analysis_claim(now=now + review.ANALYSIS_LEASE)
    assert (current.pk, current.attempts) == (stale.pk, 2)
    monkeypatch.setattr(review, "analysis_claim", lambda now: stale)
    assert bots.review.analyse_next()
    row = Analysis.objects.get(pk=stale.pk)
    assert (row.hands_done, row.decisions, row.leased_until) == (0, [], current.leased_until)
    assert alice.get(match_url(alices[0], "analysis")).json()["status"] == "running"


def _slow_hand(make_client, monkeypatch, seconds):
    """The id of a finished match of a new player's, its analysis asked for, whose first
    decision will take ``seconds`` longer to weigh; leases of 0.6 s renewed every 0.2 s."""
    alice = make_client()
    match_id = _finished(alice)
    alice.post(match_url(match_id, "analysis"))
    monkeypatch.setattr(review, "ANALYSIS_LEASE", timedelta(seconds=0.6))
    monkeypatch.setattr(bots.review, "LEASE_RENEWAL_S", 0.2)
    analyse, slowed = bots.review.analyse, []

    def slow_analyse(*args, **kwargs):
        if not slowed:
            slowed.append(time.sleep(seconds))
        return analyse(*args, **kwargs)

    monkeypatch.setattr(bots.review, "analyse", slow_analyse)
    return match_id


def test_a_hand_weighed_longer_than_the_lease_keeps_its_claim_and_is_saved(make_client, monkeypatch):
    match_id = _slow_hand(make_client, monkeypatch, 1.5)  # two and a half leases
    renew, claims_meanwhile = review.analysis_renew, []

    def renewed(**kwargs):
        lease = renew(**kwargs)
        claims_meanwhile.append(review.analysis_claim(now=timezone.now()))
        return lease

    monkeypatch.setattr(review, "analysis_renew", renewed)
    assert bots.review.analyse_next()
    assert len(claims_meanwhile) >= 3 and claims_meanwhile == [None] * len(claims_meanwhile)
    row = Analysis.objects.get(match_id=match_id)
    assert (row.status, row.hands_done, row.attempts, row.leased_until) == ("done", 1, 0, None)


def test_a_renewal_the_database_refused_is_tried_again_and_the_hand_saved(make_client, monkeypatch):
    match_id = _slow_hand(make_client, monkeypatch, 0.5)  # past the first renewal
    renew, refused = review.analysis_renew, []

    def refused_once(**kwargs):
        if not refused:
            refused.append(kwargs["pk"])
            raise OperationalError("the connection dropped")
        return renew(**kwargs)

    monkeypatch.setattr(review, "analysis_renew", refused_once)
    assert bots.review.analyse_next()
    row = Analysis.objects.get(match_id=match_id)
    assert refused == [row.pk] and (row.status, row.hands_done) == ("done", 1)


def test_a_hint_refused_503_does_not_count_against_the_hints_quota(make_client, monkeypatch,
                                                                   settings):
    alice, match_id = _hinted_match(make_client, monkeypatch, "2/hour")
    settings.HINTS_AT_ONCE = 0
    for _ in range(3):
        assert_problem(_hint(alice, match_id), 503, "unavailable")
    settings.HINTS_AT_ONCE = 1
    assert [_hint(alice, match_id).status_code for _ in range(2)] == [200, 200]
    assert_quota_exceeded(_hint(alice, match_id), "hints", 2, period_s=3600)


def test_a_hint_over_the_quota_is_429_before_it_seeks_a_search_slot(make_client, monkeypatch,
                                                                     settings):
    alice, match_id = _hinted_match(make_client, monkeypatch, "1/hour")
    assert _hint(alice, match_id).status_code == 200
    settings.HINTS_AT_ONCE = 0  # no slot: a hint that sought one would be 503
    assert_quota_exceeded(_hint(alice, match_id), "hints", 1, period_s=3600)


def test_a_hint_beyond_the_ones_weighed_at_once_is_503_with_retry_after_and_not_logged(
        make_client, settings, caplog):
    settings.HINTS_AT_ONCE = 0
    alice = make_client()
    match_id = create_match(alice, seats=THREE_BOTS, hints=True)["id"]
    with caplog.at_level(logging.INFO):
        response = _hint(alice, match_id)  # a deliberate refusal, not a server error
    body = assert_problem(response, 503, "unavailable")
    assert body["retry_after"] == 1 and response["Retry-After"] == "1"
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


@pytest.mark.django_db(transaction=True)
def test_a_second_hint_of_a_player_while_the_first_is_weighed_is_503_and_anothers_is_not(
        make_client, monkeypatch):
    alice, alices = _hinted_match(make_client, monkeypatch, "2/hour")
    bob = make_client()
    bobs = create_match(bob, seats=THREE_BOTS, hints=True)["id"]
    held, release = threading.Event(), threading.Event()
    weigh = bots.review.appraise

    def first_held(*args):
        if not held.is_set():
            held.set()
            assert release.wait(10)
        return weigh(*args)

    monkeypatch.setattr(bots.review, "appraise", first_held)

    def hint_in_thread(client, match_id):
        try:
            return _hint(client, match_id)
        finally:
            connections.close_all()

    def hinting() -> set[object]:
        return bots.review._hinting[os.getpid()][1]

    with ThreadPoolExecutor(2) as threads:
        first = threads.submit(hint_in_thread, alice, alices)
        try:
            assert held.wait(10)
            body = assert_problem(_hint(alice, alices), 503, "unavailable")
            assert body["retry_after"] == 1 and "your other hint" in body["detail"]
            assert_problem(_hint(alice, bobs), 403, "not_seated")  # not the 503: no hint sought
            bobs_hint = threads.submit(hint_in_thread, bob, bobs)
            deadline = time.monotonic() + 10
            while len(hinting()) < 2:  # bob's waits for the search thread, not refused
                assert time.monotonic() < deadline and not bobs_hint.done()
                time.sleep(0.01)
        finally:
            release.set()
        assert first.result().status_code == 200
        assert bobs_hint.result().status_code == 200
    assert hinting() == set()
    assert _hint(alice, alices).status_code == 200  # hers ended: she may ask again
    assert_quota_exceeded(_hint(alice, alices), "hints", 2, period_s=3600)  # the 503 uncounted
