"""``Idempotency-Key`` on the POSTs (docs/api.md, "Retries"): a retry of the same request
gets its successful answer again, marked ``Idempotent-Replayed: true``, and runs again
after a refusal; the key with another request is 422, while in flight 409, malformed 400;
keys are per player, limited to a rate of new ones, expire after 24 hours and are purged
by beat (hearts_api/idempotency.py)."""

from __future__ import annotations

import importlib
import uuid
from datetime import timedelta

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from games import services
from games.models import Event, Match
from hearts_api import idempotency
from hearts_api.models import IdempotencyKey
from hearts_api.tasks import purge_idempotency_keys

from .helpers import (
    API,
    D1,
    assert_invalid,
    assert_problem,
    assert_quota_exceeded,
    assert_refused,
    match_url,
)

pytestmark = pytest.mark.django_db

KEY = "HTTP_IDEMPOTENCY_KEY"
BOTS = [{"kind": "player"}] + [{"kind": "bot", "level": "random"}] * 3
PLAY_2C = b'{"card": "2C"}'
SEAL_MIGRATION = importlib.import_module("hearts_api.migrations.0003_seal_kept_answers")


def _played(match_id: str) -> list[str]:
    return [event.payload["card"] for event in
            Event.objects.filter(match_id=match_id, type="card_played").order_by("seq")]


def _create(client, key: str, seats=BOTS):
    return client.post(f"{API}/matches", {"seats": seats}, format="json", **{KEY: key})


def _play(client, match_id: str, body: bytes, key: str):
    """POST /play with exactly ``body`` (its bytes are part of the key's fingerprint)."""
    return client.post(match_url(match_id, "play"), body, content_type="application/json",
                       **{KEY: key})


def _row(client, key: str, *, fingerprint: str, claimed_ago: timedelta = timedelta(0),
         expires_in: timedelta = idempotency.KEEP_FOR,
         state: str = IdempotencyKey.State.IN_FLIGHT, **response) -> IdempotencyKey:
    """A key row of ``client``'s player, as ``claim`` and ``store`` would leave it."""
    now = timezone.now()
    return IdempotencyKey.objects.create(
        user=get_user_model().objects.get(username=client.username), key=key,
        fingerprint=fingerprint, state=state, lease=uuid.uuid4(),
        claimed_at=now - claimed_ago, expires_at=now + expires_in, **response)


def _play_fingerprint(match_id: str, body: bytes = PLAY_2C) -> str:
    return idempotency.fingerprint("POST", match_url(match_id, "play"), body)


# --- replays --------------------------------------------------------------------------------


def test_a_retried_play_gets_the_first_answer_again_and_plays_once(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    first = _play(north, table.id, PLAY_2C, "play-1")
    assert first.status_code == 200
    assert "Idempotent-Replayed" not in first
    retry = _play(north, table.id, PLAY_2C, "play-1")
    assert retry.status_code == 200
    assert retry["Idempotent-Replayed"] == "true"
    assert retry["Content-Type"] == "application/json"
    assert retry.content == first.content
    assert _played(table.id) == ["2C"]
    assert table.view("east")["to_act"] == ["east"]
    row = IdempotencyKey.objects.get(key="play-1")
    assert (row.state, row.status, row.fingerprint) == ("done", 200, _play_fingerprint(table.id))
    assert row.expires_at - row.claimed_at == timedelta(hours=24)


def test_a_quoted_key_and_the_same_key_bare_are_one_key(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    first = _play(north, table.id, PLAY_2C, '"k-1"')
    retry = _play(north, table.id, PLAY_2C, "k-1")
    assert (first.status_code, retry.status_code) == (200, 200)
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.content == first.content
    assert _played(table.id) == ["2C"]


def test_a_retried_create_returns_the_same_match_and_location_and_creates_no_other(client_a):
    first = _create(client_a, "create-1")
    assert first.status_code == 201
    retry = _create(client_a, "create-1")
    assert retry.status_code == 201
    assert retry["Idempotent-Replayed"] == "true"
    assert retry["Location"] == first["Location"]
    assert retry["Location"].endswith(f"/api/v1/matches/{first.json()['id']}")
    assert retry.json() == first.json()
    assert Match.objects.count() == 1


def test_a_retried_token_request_shows_the_same_token_and_issues_no_other(client_a):
    tokens = f"{API}/tokens"
    first = client_a.post(tokens, {"name": "phone"}, format="json", **{KEY: "t-1"})
    retry = client_a.post(tokens, {"name": "phone"}, format="json", **{KEY: "t-1"})
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json()["token"] == first.json()["token"]
    assert [token["name"] for token in client_a.get(tokens).json()["results"]] == ["", "phone"]


def test_a_kept_answer_is_sealed_so_the_database_holds_no_token(client_a):
    first = client_a.post(f"{API}/tokens", {"name": "phone"}, format="json", **{KEY: "t-1"})
    token = first.json()["token"]
    kept = bytes(IdempotencyKey.objects.get(key="t-1").body)
    assert token.encode() not in kept and b"phone" not in kept
    assert idempotency.unseal(kept) == first.content


def test_an_answer_sealed_before_a_key_rotation_replays_with_the_old_key_as_a_fallback(
        client_a, settings):
    first = client_a.post(f"{API}/tokens", {}, format="json", **{KEY: "t-1"})
    settings.SECRET_KEY_FALLBACKS, settings.SECRET_KEY = [settings.SECRET_KEY], "rotated " * 8
    retry = client_a.post(f"{API}/tokens", {}, format="json", **{KEY: "t-1"})
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json()["token"] == first.json()["token"]


def test_an_answer_no_key_opens_counts_as_expired_and_the_request_runs_again(client_a, settings):
    first = client_a.post(f"{API}/tokens", {}, format="json", **{KEY: "t-1"})
    settings.SECRET_KEY = "rotated, the old key dropped " * 2
    again = client_a.post(f"{API}/tokens", {}, format="json", **{KEY: "t-1"})
    assert again.status_code == 201 and "Idempotent-Replayed" not in again
    assert again.json()["token"] != first.json()["token"]
    assert client_a.get(f"{API}/tokens").json()["count"] == 3  # registration's, then two
    retry = client_a.post(f"{API}/tokens", {}, format="json", **{KEY: "t-1"})
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json()["token"] == again.json()["token"]


def test_an_answer_kept_before_sealing_is_sealed_by_the_migration_and_replays(client_a):
    answer = b'{"token_key": "0123456789abcde", "name": "", "token": "kept-in-clear"}'
    fingerprint = idempotency.fingerprint("POST", f"{API}/tokens", b"{}")
    row = _row(client_a, "t-1", fingerprint=fingerprint, state=IdempotencyKey.State.DONE,
               status=201, headers={"Content-Type": "application/json"}, body=answer)
    SEAL_MIGRATION.seal_kept_answers(django_apps, None)
    row.refresh_from_db()
    assert b"kept-in-clear" not in bytes(row.body)
    retry = client_a.post(f"{API}/tokens", b"{}", content_type="application/json", **{KEY: "t-1"})
    assert (retry.status_code, retry["Idempotent-Replayed"], retry.content) == (201, "true", answer)
    unopenable = _row(client_a, "t-2", fingerprint=fingerprint, state=IdempotencyKey.State.DONE,
                      status=201, body=b"sealed under a key no longer held")
    SEAL_MIGRATION.open_kept_answers(django_apps, None)
    row.refresh_from_db()
    assert bytes(row.body) == answer
    assert not IdempotencyKey.objects.filter(pk=unopenable.pk).exists()


def test_a_retried_join_replays_the_summary(make_client):
    creator, joiner = make_client(), make_client()
    match_id = _create(creator, "c", [{"kind": "player"}, {"kind": "open"},
                                      {"kind": "bot", "level": "easy"},
                                      {"kind": "open"}]).json()["id"]
    first = joiner.post(match_url(match_id, "join"), {}, format="json", **{KEY: "j"})
    retry = joiner.post(match_url(match_id, "join"), {}, format="json", **{KEY: "j"})
    assert (first.status_code, retry.status_code) == (200, 200)
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.content == first.content
    assert [seat["kind"] for seat in retry.json()["seats"]] == ["player", "player", "bot", "open"]


def test_a_refusal_is_not_kept_and_a_retry_runs_again_once_the_request_would_pass(make_table):
    table = make_table(D1)
    east = table.clients["east"]
    early = b'{"card": "8D"}'
    assert_problem(_play(east, table.id, early, "early"), 409, "not_your_turn")
    assert IdempotencyKey.objects.count() == 0
    table.played("N 2C")  # now it is east's turn, and 8D is legal
    retry = _play(east, table.id, early, "early")
    assert retry.status_code == 200 and "Idempotent-Replayed" not in retry
    assert _played(table.id) == ["2C", "8D"]
    again = _play(east, table.id, early, "early")
    assert again["Idempotent-Replayed"] == "true" and again.content == retry.content


def test_a_malformed_body_is_refused_again_not_replayed(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    first = _play(north, table.id, b'{"card": "2C", "x": 1}', "bad")
    retry = _play(north, table.id, b'{"card": "2C", "x": 1}', "bad")
    assert_invalid(first, "x")
    assert_invalid(retry, "x")
    assert "Idempotent-Replayed" not in retry
    assert IdempotencyKey.objects.count() == 0


def test_no_key_stores_nothing(make_table):
    table = make_table(D1)
    assert table.play("north", "2C").status_code == 200
    assert IdempotencyKey.objects.count() == 0


# --- per player -----------------------------------------------------------------------------


def test_the_same_key_of_two_players_names_two_requests(make_client):
    alice, bob = make_client(), make_client()
    first, second = _create(alice, "same"), _create(bob, "same")
    assert (first.status_code, second.status_code) == (201, 201)
    assert "Idempotent-Replayed" not in second
    assert first.json()["id"] != second.json()["id"]
    assert second.json()["seats"][0]["name"] == bob.username
    assert Match.objects.count() == 2


# --- refusals -------------------------------------------------------------------------------


def test_the_key_with_another_body_is_idempotency_key_reused_422(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    assert _play(north, table.id, PLAY_2C, "k").status_code == 200
    table.played("E 8D, S 10S, W JC, W AC")  # north's turn again
    assert_refused(table, lambda: _play(north, table.id, b'{"card": "3C"}', "k"), 422,
                   "idempotency_key_reused")
    assert "Idempotent-Replayed" not in _play(north, table.id, b'{"card": "3C"}', "k")
    # Spelled otherwise, the body is another request too.
    assert_refused(table, lambda: _play(north, table.id, b'{"card":"2C"}', "k"),
                   422, "idempotency_key_reused")


def test_the_key_on_another_path_is_idempotency_key_reused_422(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    assert _play(north, table.id, PLAY_2C, "k").status_code == 200
    response = north.post(f"{API}/tokens", PLAY_2C, content_type="application/json",
                          **{KEY: "k"})
    assert_problem(response, 422, "idempotency_key_reused")
    assert [token["name"] for token in north.get(f"{API}/tokens").json()["results"]] == [""]


def test_a_key_over_255_characters_is_invalid_request_400(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    for header in ("k" * 256, '"' + "k" * 256 + '"'):
        body = assert_refused(table, lambda h=header: _play(north, table.id, PLAY_2C, h),
                              400, "invalid_request")
        assert [(e["field"], e["code"]) for e in body["errors"]] == [
            ("Idempotency-Key", "max_length")]
    assert IdempotencyKey.objects.count() == 0
    assert _play(north, table.id, PLAY_2C, '"' + "k" * 255 + '"').status_code == 200
    assert IdempotencyKey.objects.get().key == "k" * 255


@pytest.mark.parametrize("header", ["clé", "tab\there", "bell\x07", "", '""', 'a"b',
                                    '"back\\slash"', "two words"])
def test_a_key_not_printable_ascii_or_in_neither_form_is_invalid_request_400(make_table, header):
    table = make_table(D1)
    body = assert_refused(table, lambda: _play(table.clients["north"], table.id, PLAY_2C,
                                               header), 400, "invalid_request")
    assert [(e["field"], e["code"]) for e in body["errors"]] == [("Idempotency-Key", "invalid")]
    assert IdempotencyKey.objects.count() == 0


def test_the_same_request_while_its_key_is_in_flight_is_request_in_progress_409(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    _row(north, "busy", fingerprint=_play_fingerprint(table.id))
    assert_refused(table, lambda: _play(north, table.id, PLAY_2C, "busy"), 409,
                   "request_in_progress")
    assert "Idempotent-Replayed" not in _play(north, table.id, PLAY_2C, "busy")
    assert IdempotencyKey.objects.get(key="busy").state == IdempotencyKey.State.IN_FLIGHT


def test_another_request_while_the_key_is_in_flight_is_idempotency_key_reused_422(make_table):
    table = make_table(D1)
    _row(table.clients["north"], "busy", fingerprint=_play_fingerprint(table.id, b"{}"))
    assert_refused(table, lambda: _play(table.clients["north"], table.id, PLAY_2C, "busy"),
                   422, "idempotency_key_reused")


def test_a_key_in_flight_longer_than_the_bound_is_taken_over(make_table, settings):
    settings.IDEMPOTENCY_IN_FLIGHT_SECONDS = 60
    table = make_table(D1)
    north = table.clients["north"]
    fingerprint = _play_fingerprint(table.id)
    _row(north, "alive", fingerprint=fingerprint, claimed_ago=timedelta(seconds=55))
    _row(north, "dead", fingerprint=fingerprint, claimed_ago=timedelta(seconds=65))
    assert_refused(table, lambda: _play(north, table.id, PLAY_2C, "alive"), 409,
                   "request_in_progress")
    taken_over = _play(north, table.id, PLAY_2C, "dead")
    assert taken_over.status_code == 200
    assert "Idempotent-Replayed" not in taken_over
    assert _played(table.id) == ["2C"]
    assert IdempotencyKey.objects.get(key="dead").state == IdempotencyKey.State.DONE


def test_refusals_before_the_key_leave_it_unread(make_table, anon_client):
    table = make_table(D1)
    response = anon_client.post(match_url(table.id, "play"), PLAY_2C,
                                content_type="application/json", **{KEY: "x" * 300})
    assert_problem(response, 401, "not_authenticated")
    assert IdempotencyKey.objects.count() == 0


# --- what is not stored ---------------------------------------------------------------------


def test_a_server_error_is_not_stored_and_a_retry_runs_again(make_table, monkeypatch):
    table = make_table(D1)
    north = table.clients["north"]
    north.raise_request_exception = False

    def broken(**kwargs):
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr(services, "card_play", broken)
        assert_problem(_play(north, table.id, PLAY_2C, "k"), 500, "server_error")
    assert IdempotencyKey.objects.count() == 0
    retry = _play(north, table.id, PLAY_2C, "k")
    assert retry.status_code == 200
    assert "Idempotent-Replayed" not in retry
    assert _played(table.id) == ["2C"]


@pytest.mark.parametrize(("status", "kept"), [(200, True), (201, True), (204, True),
                                              (304, False), (400, False), (409, False),
                                              (422, False), (429, False), (500, False),
                                              (503, False)])
def test_only_successful_answers_are_kept(status, kept):
    assert idempotency.is_kept(status) is kept


# --- the rate of new keys -------------------------------------------------------------------


def _key_rate(monkeypatch, rate):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**SimpleRateThrottle.THROTTLE_RATES, "idempotency_keys": rate})


def test_a_new_key_over_the_rate_is_quota_exceeded_429_and_claims_nothing(client_a, monkeypatch):
    _key_rate(monkeypatch, "2/day")
    assert [_create(client_a, key).status_code for key in ("k1", "k2")] == [201, 201]
    body = assert_quota_exceeded(_create(client_a, "k3"), "idempotency_keys", 2, 86400)
    assert body["retry_after"] > 86300  # the first key leaves the window in a day
    assert Match.objects.count() == 2
    assert sorted(IdempotencyKey.objects.values_list("key", flat=True)) == ["k1", "k2"]
    # A retry that finds its kept answer is not a new key; nor is a request without one.
    assert _create(client_a, "k1")["Idempotent-Replayed"] == "true"
    assert client_a.post(f"{API}/matches", {"seats": BOTS}, format="json").status_code == 201


def test_each_run_under_a_key_counts_a_retry_after_a_refusal_too(client_a, monkeypatch):
    _key_rate(monkeypatch, "2/day")
    bad = {"seats": [{"kind": "player"}] * 4}  # two seats of one player: 409
    for _ in range(2):
        refused = client_a.post(f"{API}/matches", bad, format="json", **{KEY: "again"})
        assert_problem(refused, 409, "already_seated")
    assert_quota_exceeded(_create(client_a, "k3"), "idempotency_keys", 2, 86400)


def test_the_rate_of_new_keys_is_each_players_own(make_client, monkeypatch):
    _key_rate(monkeypatch, "1/day")
    alice, bob = make_client(), make_client()
    assert _create(alice, "k1").status_code == 201
    assert_quota_exceeded(_create(alice, "k2"), "idempotency_keys", 1, 86400)
    assert _create(bob, "k1").status_code == 201



# --- expiry ---------------------------------------------------------------------------------


def test_an_expired_key_counts_as_absent(client_a):
    first = _create(client_a, "old")
    row = IdempotencyKey.objects.get(key="old")
    row.expires_at = timezone.now() - timedelta(seconds=1)
    row.save()
    again = _create(client_a, "old")
    assert again.status_code == 201
    assert "Idempotent-Replayed" not in again
    assert again.json()["id"] != first.json()["id"]
    assert Match.objects.count() == 2
    row.refresh_from_db()
    assert row.expires_at > timezone.now() + timedelta(hours=23)
    assert idempotency.unseal(bytes(row.body)) == again.content


def test_an_expired_key_may_name_another_request(make_table):
    table = make_table(D1)
    north = table.clients["north"]
    _row(north, "old", fingerprint="0" * 64, state=IdempotencyKey.State.DONE, status=200,
         expires_in=-timedelta(seconds=1))
    assert _play(north, table.id, PLAY_2C, "old").status_code == 200
    assert _played(table.id) == ["2C"]


def test_beat_purges_expired_keys_hourly(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["purge-idempotency-keys"]
    assert (entry["task"], entry["schedule"]) == (purge_idempotency_keys.name, timedelta(hours=1))


def test_the_purge_task_deletes_only_expired_keys(client_a):
    for key, expires_in in (("gone", -timedelta(seconds=1)), ("kept", timedelta(seconds=30))):
        _row(client_a, key, fingerprint="0" * 64, expires_in=expires_in)
    assert purge_idempotency_keys() == 1
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["kept"]
