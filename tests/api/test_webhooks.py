"""Webhooks over HTTP (docs/api.md, "Webhooks"): registered with a secret shown once,
owed by the commands that make a turn, an invitation or a match's end, sent signed to a
real receiver on loopback (Standard Webhooks), retried, and disabled after the last retry."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone
from standardwebhooks.webhooks import Webhook as Verifier

from games import webhooks
from games.models import Webhook, WebhookDelivery
from tests.e2e.stack import wait_until

from ..receiver import Receiver
from .helpers import API, assert_invalid, assert_problem, create_match

pytestmark = pytest.mark.django_db

BOTS = [{"kind": "bot", "level": "easy"}] * 3


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    settings.WEBHOOK_ALLOW_PRIVATE = True
    found = Receiver()
    yield found
    found.close()


def register(client: Any, url: str, *events: str) -> dict[str, Any]:
    response = client.post(f"{API}/webhooks", {"url": url, "events": list(events)}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_registration_retried_with_its_idempotency_key_gets_the_same_webhook_once(client_a,
                                                                                   receiver):
    body = {"url": receiver.url, "events": ["turn"]}
    first = client_a.post(f"{API}/webhooks", body, format="json", HTTP_IDEMPOTENCY_KEY="hook-1")
    again = client_a.post(f"{API}/webhooks", body, format="json", HTTP_IDEMPOTENCY_KEY="hook-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    assert Webhook.objects.count() == 1


# Each carries or is a private address (loopback, 10/8, ULA, link-local).
CARRYING_PRIVATE = ["::127.0.0.1", "64:ff9b::a00:1", "2002:7f00:1::", "::ffff:10.0.0.1",
                    "fd00::1", "169.254.169.254"]


def resolving_to(address: str) -> Any:
    return lambda *args, **kwargs: [(socket.AF_INET6 if ":" in address else socket.AF_INET,
                                     socket.SOCK_STREAM, 6, "", (address, 443))]


def test_a_webhook_shows_its_secret_once_and_lists_without_it(client_a, receiver):
    created = register(client_a, receiver.url, "turn", "match_ended")
    assert created["secret"].startswith("whsec_") and created["enabled"] is True
    assert created["events"] == ["match_ended", "turn"]
    [listed] = client_a.get(f"{API}/webhooks").json()["results"]
    assert listed == {k: created[k] for k in ("id", "url", "events", "enabled",
                                              "deliveries_dropped", "created_at")}
    assert created["deliveries_dropped"] == 0


@pytest.mark.parametrize("url", ["http://example.com/hook", "https://127.0.0.1/hook",
                                 "https://10.1.2.3/hook", "https://[::1]/hook",
                                 "https://127.1/hook", "https://2130706433/hook",
                                 "https://0x7f.1/hook", "https://127.0.0.1./hook",
                                 "https://[fe80::1%25lo]/hook", "https://[64:ff9b:1::a00:1]/hook",
                                 "https://[::ffff:0:7f00:1]/hook", "https://[fec0::1]/hook",
                                 "https://224.0.0.1/hook", "https://example.com:99999/",
                                 "https://8.8.8.8:0/hook", "https://example.com:0/",
                                 "https://[2001:0:808:808::1]/hook"])
def test_only_https_to_public_addresses_unless_the_setting_allows(client_a, url):
    response = client_a.post(f"{API}/webhooks", {"url": url, "events": ["turn"]}, format="json")
    assert_problem(response, 422, "url_not_allowed")


@pytest.mark.parametrize("url", ["https://example.com:99999/", "https://example.com:0/",
                                 "https://8.8.8.8:65536/hook"])
def test_a_port_out_of_range_is_refused_saying_so(client_a, url):
    response = client_a.post(f"{API}/webhooks", {"url": url, "events": ["turn"]}, format="json")
    assert "port is 1 to 65535" in assert_problem(response, 422, "url_not_allowed")["detail"]


@pytest.mark.parametrize("url", ["ftp://example.com/", "https://", "example.com", " https://x.io"])
def test_a_webhook_url_is_an_absolute_http_url(client_a, url):
    response = client_a.post(f"{API}/webhooks", {"url": url, "events": ["turn"]}, format="json")
    [error] = assert_invalid(response, "url")
    assert error["detail"].startswith("Does not match the pattern ^https?://")


def test_a_player_holds_at_most_the_quota_of_webhooks(client_a, receiver, settings):
    settings.QUOTAS = {**settings.QUOTAS, "webhooks": 1}
    register(client_a, receiver.url, "turn")
    response = client_a.post(f"{API}/webhooks", {"url": receiver.url, "events": ["turn"]},
                             format="json")
    assert assert_problem(response, 429, "quota_exceeded")["quota"] == "webhooks"


def test_your_turn_is_owed_when_a_seat_of_yours_becomes_to_act(client_a, receiver):
    register(client_a, receiver.url, "turn")
    summary = create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    [turn] = WebhookDelivery.objects.filter(type="turn")
    assert turn.payload == {"type": "turn", "match_id": summary["id"], "seat": "north",
                            "version": summary["version"]}


def test_an_invitation_is_owed_to_the_invited_and_nothing_to_others(client_a, make_client,
                                                                     receiver):
    bob = make_client("bob")
    register(bob, receiver.url, "invitation")
    register(client_a, receiver.url, "invitation")
    summary = create_match(client_a, seats=[{"kind": "player"},
                                            {"kind": "invited", "username": "bob"}, *BOTS[:2]])
    [owed] = WebhookDelivery.objects.all()
    assert (owed.webhook.owner.username, owed.payload) == ("bob", {
        "type": "invitation", "match_id": summary["id"], "seat": "east",
        "version": summary["version"]})


def test_a_registered_webhook_hears_of_the_matches_already_under_way(client_a, receiver):
    summary = create_match(client_a, seats=[{"kind": "player"}, {"kind": "open"}, *BOTS[:2]])
    register(client_a, receiver.url, "match_ended")
    client_a.post(f"{API}/matches/{summary['id']}/cancel")
    [ended] = WebhookDelivery.objects.all()
    assert ended.payload["type"] == "match_ended" and ended.payload["status"] == "aborted"


def test_a_delivery_is_signed_as_standard_webhooks_says_and_listed_delivered(client_a, receiver):
    created = register(client_a, receiver.url, "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    delivery = WebhookDelivery.objects.get()

    assert webhooks.deliver(delivery.id) == "delivered"

    [(headers, body)] = receiver.received
    verified = Verifier(created["secret"]).verify(body, headers)
    assert verified == delivery.payload and headers["webhook-id"] == str(delivery.id)
    [listed] = client_a.get(f"{API}/webhooks/{created['id']}/deliveries").json()["results"]
    assert (listed["status"], listed["attempts"], listed["last_status_code"]) == (
        "delivered", 1, 204)
    assert webhooks.deliver(delivery.id) == "taken"  # sent once
    assert len(receiver.received) == 1


def test_a_failing_endpoint_is_retried_with_backoff_then_disabled_and_enabled_again(
        client_a, receiver):
    created = register(client_a, receiver.url, "turn")
    receiver.status = 500
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    delivery = WebhookDelivery.objects.get()

    assert webhooks.deliver(delivery.id) == "pending"
    delivery.refresh_from_db()
    waited = (delivery.next_attempt_at - delivery.created_at).total_seconds()
    assert (delivery.attempts, delivery.last_status_code) == (1, 500)
    assert webhooks.BACKOFF_S[0] <= waited < webhooks.BACKOFF_S[0] + 5
    assert webhooks.deliver(delivery.id) == "taken"  # not yet due: nothing is sent
    for _ in webhooks.BACKOFF_S:
        delivery.refresh_from_db()
        with time_machine.travel(delivery.next_attempt_at, tick=False):
            webhooks.deliver(delivery.id)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", len(webhooks.BACKOFF_S) + 1)
    hook = client_a.get(f"{API}/webhooks").json()["results"][0]
    assert hook["enabled"] is False
    enabled = client_a.post(f"{API}/webhooks/{created['id']}/enable")
    assert enabled.json()["enabled"] is True
    assert len(receiver.received) == len(webhooks.BACKOFF_S) + 1
    assert {json.loads(body)["type"] for _, body in receiver.received} == {"turn"}


def test_a_retry_longer_than_the_brokers_visibility_timeout_is_left_to_the_sweep(
        client_a, receiver, monkeypatch, settings, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    tickets: list[float] = []
    monkeypatch.setattr(webhooks, "_queue", lambda ids, countdown=0: tickets.append(countdown))
    register(client_a, receiver.url, "turn")
    receiver.status = 500
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    delivery = WebhookDelivery.objects.get()

    for _ in webhooks.BACKOFF_S:
        delivery.refresh_from_db()
        with time_machine.travel(delivery.next_attempt_at, tick=False), \
                django_capture_on_commit_callbacks(execute=True):
            webhooks.deliver(delivery.id)

    assert tickets == [5, 30, 120]  # 600 s and longer: the broker's 600 s would repeat them


@pytest.mark.parametrize(("pending_max", "dropped"), [(2, 1), (3, 0)])
def test_a_delivery_owed_beyond_the_webhooks_most_pending_is_dropped_and_counted(
        client_a, make_client, receiver, settings, pending_max, dropped):
    settings.WEBHOOK_PENDING_MAX = pending_max
    bob = make_client("bob")
    created = register(bob, receiver.url, "invitation")
    later = timezone.now() + timedelta(hours=1)
    WebhookDelivery.objects.bulk_create(
        WebhookDelivery(webhook_id=created["id"], type="turn", payload={},
                        created_at=timezone.now(), next_attempt_at=later) for _ in range(2))

    create_match(client_a, seats=[{"kind": "player"}, {"kind": "invited", "username": "bob"},
                                  *BOTS[:2]])

    assert WebhookDelivery.objects.filter(type="invitation").count() == 1 - dropped
    [hook] = bob.get(f"{API}/webhooks").json()["results"]
    assert hook["deliveries_dropped"] == dropped


def test_deliveries_one_command_owes_stop_at_the_webhooks_most_pending(db, settings):
    settings.WEBHOOK_PENDING_MAX = 3
    [[pending]] = hooked_deliveries(1)
    hook = WebhookDelivery.objects.get(id=pending).webhook
    now = timezone.now()
    owed = [WebhookDelivery(webhook=hook, type="turn", payload={"n": n}, created_at=now,
                            next_attempt_at=now) for n in range(4)]

    kept, dropped = webhooks._within_pending_max(owed)

    assert ([row.payload["n"] for row in kept], dropped) == ([0, 1], {hook.id: 2})


def test_a_delivery_that_ends_keeps_its_webhooks_newest_finished_ones_and_every_pending_one(
        db, settings, monkeypatch):
    settings.WEBHOOK_DELIVERIES_KEPT = 2
    busy, quiet = hooked_deliveries(5, 3)
    now = timezone.now()
    for age, delivery_id in enumerate([*busy, *quiet]):  # the first of each the newest
        WebhookDelivery.objects.filter(id=delivery_id).update(
            created_at=now - timedelta(minutes=age), status=WebhookDelivery.Status.DELIVERED)
    WebhookDelivery.objects.filter(id__in=[busy[0], busy[1]]).update(
        status=WebhookDelivery.Status.PENDING, next_attempt_at=now)

    monkeypatch.setattr(webhooks, "_post", lambda hook, delivery: (204, ""))
    assert webhooks.deliver(busy[0]) == "delivered"

    assert set(WebhookDelivery.objects.values_list("id", flat=True)) == {
        busy[0], busy[1], busy[2], *quiet}


def test_a_delivery_failing_for_good_fails_its_webhooks_other_pending_ones(client_a, receiver):
    created = register(client_a, receiver.url, "turn")
    receiver.status = 500
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    first = WebhookDelivery.objects.get()
    other = WebhookDelivery.objects.create(webhook_id=created["id"], type="turn", payload={},
                                           created_at=timezone.now(),
                                           next_attempt_at=timezone.now() + timedelta(days=2))
    WebhookDelivery.objects.filter(id=first.id).update(attempts=len(webhooks.BACKOFF_S))

    assert webhooks.deliver(first.id) == "failed"

    other.refresh_from_db()
    assert (other.status, other.attempts) == ("failed", 0)
    assert other.last_error == "its webhook was disabled: another delivery failed for good"
    assert client_a.get(f"{API}/webhooks").json()["results"][0]["enabled"] is False


def test_a_delivery_failed_by_its_webhooks_disabling_while_it_is_sent_stays_failed(
        client_a, receiver, monkeypatch):
    created = register(client_a, receiver.url, "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    sending = WebhookDelivery.objects.get()
    last = WebhookDelivery.objects.create(webhook_id=created["id"], type="turn", payload={},
                                          created_at=timezone.now(),
                                          next_attempt_at=timezone.now(),
                                          attempts=len(webhooks.BACKOFF_S))

    def post(hook: Any, delivery: Any) -> tuple[int, str]:
        if delivery.id == sending.id:  # meanwhile the other one fails for good
            assert webhooks.deliver(last.id) == "failed"
        return 500, ""
    monkeypatch.setattr(webhooks, "_post", post)

    assert webhooks.deliver(sending.id) == "taken"
    sending.refresh_from_db()
    assert (sending.status, sending.attempts) == ("failed", 0)


def test_another_players_webhook_is_not_found(client_a, make_client, receiver):
    created = register(client_a, receiver.url, "turn")
    mallory = make_client("mallory")
    for response in (mallory.delete(f"{API}/webhooks/{created['id']}"),
                     mallory.post(f"{API}/webhooks/{created['id']}/enable"),
                     mallory.get(f"{API}/webhooks/{created['id']}/deliveries")):
        assert_problem(response, 404, "not_found")
    assert client_a.delete(f"{API}/webhooks/{created['id']}").status_code == 204


@pytest.mark.parametrize(("events", "field"), [
    ([], "events"), (["turn", "turn"], "events"), (["moves"], "events.0")])
def test_the_events_are_known_kinds_each_named_once(client_a, receiver, events, field):
    response = client_a.post(f"{API}/webhooks", {"url": receiver.url, "events": events},
                             format="json")
    assert_invalid(response, field)


def test_a_url_that_cannot_be_sent_to_is_an_attempt_that_failed(client_a, receiver):
    register(client_a, "http://" + "a" * 70 + ".example/hook", "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    delivery = WebhookDelivery.objects.get()
    assert webhooks.deliver(delivery.id) == "pending"
    delivery.refresh_from_db()
    assert delivery.last_error.startswith("UnicodeError") and delivery.last_status_code is None


def test_each_play_of_a_hand_is_owed_one_turn_to_its_player_trick_winners_too(make_table,
                                                                            receiver):
    # target 1: the hand dealt when west sat down is the match's only one
    table = make_table(rules={"pass_rotation": ["hold"], "target_score": 1,
                              "tie_policy": "share"})
    for client in table.clients.values():
        register(client, receiver.url, "turn")
    table.play_out_hand()
    turns = WebhookDelivery.objects.filter(type="turn").order_by("payload__version")
    # the first player's turn began before the webhooks were registered
    assert turns.count() == 51
    assert {t.webhook.owner.username for t in turns} == set(table.names().values())


def test_a_delivery_connects_to_the_address_it_checked_naming_the_host(client_a, monkeypatch,
                                                                       receiver, settings):
    """A name that resolves elsewhere between the check and the connection (DNS rebinding)
    is not asked again: the request goes to the public address checked."""
    created = register(client_a, receiver.url, "turn")
    Webhook.objects.filter(id=created["id"]).update(url="https://hooks.example.com:8443/in")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    settings.WEBHOOK_ALLOW_PRIVATE = False
    monkeypatch.setattr(socket, "getaddrinfo", resolving_to("93.184.216.34"))
    sent: list[httpx.Request] = []
    real_client = httpx.Client
    monkeypatch.setattr(httpx, "Client", lambda **kwargs: real_client(
        transport=httpx.MockTransport(lambda request: sent.append(request) or httpx.Response(204)),
        **kwargs))

    assert webhooks.deliver(WebhookDelivery.objects.get().id) == "delivered"

    [request] = sent
    assert (str(request.url), request.headers["host"]) == (
        "https://93.184.216.34:8443/in", "hooks.example.com:8443")
    assert request.extensions["sni_hostname"] == "hooks.example.com"


@pytest.mark.parametrize("address", CARRYING_PRIVATE)
def test_an_address_that_carries_a_private_one_is_refused_at_registration(client_a, address):
    host = f"[{address}]" if ":" in address else address
    response = client_a.post(f"{API}/webhooks", {"url": f"https://{host}/in", "events": ["turn"]},
                             format="json")
    assert_problem(response, 422, "url_not_allowed")


@pytest.mark.parametrize("address", CARRYING_PRIVATE)
def test_a_name_is_not_looked_up_at_registration_and_refused_at_delivery_if_private(
        client_a, monkeypatch, address):
    real_getaddrinfo = socket.getaddrinfo

    def no_lookup(*args: Any, flags: int = 0, **kwargs: Any) -> Any:
        assert flags & socket.AI_NUMERICHOST, "a request's thread looked a name up"
        return real_getaddrinfo(*args, flags=flags, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", no_lookup)
    register(client_a, "https://hooks.example.com/in", "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    monkeypatch.setattr(socket, "getaddrinfo", resolving_to(address))
    monkeypatch.setattr(httpx, "Client", None)  # nothing may be sent

    assert webhooks.deliver(WebhookDelivery.objects.get().id) == "pending"

    delivery = WebhookDelivery.objects.get()
    assert (delivery.attempts, delivery.last_status_code) == (1, None)
    assert delivery.last_error.startswith("that host may not receive webhooks")


def test_an_endpoint_that_trickles_its_answer_is_cut_off_at_the_attempts_deadline(
        client_a, receiver, monkeypatch):
    monkeypatch.setattr(webhooks, "TIMEOUT_S", 1)  # the trickle outlasts it many times
    listener = socket.create_server(("127.0.0.1", 0))

    def trickle() -> None:
        connection, _ = listener.accept()
        connection.recv(65536)
        connection.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        for _ in range(8):  # a byte every 0.9 s, never the end of the headers
            time.sleep(0.9)
            with contextlib.suppress(OSError):
                connection.sendall(b"a")
        connection.close()

    threading.Thread(target=trickle, daemon=True).start()
    register(client_a, f"http://127.0.0.1:{listener.getsockname()[1]}/hook", "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    started = time.monotonic()
    assert webhooks.deliver(WebhookDelivery.objects.get().id) == "pending"
    assert time.monotonic() - started < webhooks.TIMEOUT_S + 0.5  # not at the next byte
    listener.close()


def test_a_name_whose_lookup_hangs_ends_the_attempt_at_its_deadline(client_a, monkeypatch,
                                                                     settings):
    monkeypatch.setattr(webhooks, "TIMEOUT_S", 1)
    register(client_a, "https://hooks.example.com/in", "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    settings.WEBHOOK_ALLOW_PRIVATE = False
    answered = threading.Event()

    def hanging(*args: Any, **kwargs: Any) -> Any:
        answered.wait(10)  # a resolver that does not answer until the attempt has ended
        raise socket.gaierror(socket.EAI_AGAIN, "no answer")
    monkeypatch.setattr(socket, "getaddrinfo", hanging)
    monkeypatch.setattr(httpx, "Client", None)  # nothing may be sent

    assert webhooks.deliver(WebhookDelivery.objects.get().id) == "pending"

    answered.set()
    delivery = WebhookDelivery.objects.get()
    assert (delivery.attempts, delivery.last_status_code) == (1, None)
    assert delivery.last_error == "its host's name was not looked up within 1 s"


def test_a_lookup_that_leaves_no_time_for_the_post_ends_the_attempt(client_a, monkeypatch,
                                                                     settings):
    monkeypatch.setattr(webhooks, "MIN_POST_S", webhooks.TIMEOUT_S + 1)  # more than any lookup leaves
    register(client_a, "https://hooks.example.com/in", "turn")
    create_match(client_a, seats=[{"kind": "player"}, *BOTS])
    settings.WEBHOOK_ALLOW_PRIVATE = False
    monkeypatch.setattr(socket, "getaddrinfo", resolving_to("93.184.216.34"))
    monkeypatch.setattr(httpx, "Client", None)  # nothing may be sent

    assert webhooks.deliver(WebhookDelivery.objects.get().id) == "pending"

    assert WebhookDelivery.objects.get().last_error.startswith("its host's name was looked up too late")


def test_without_a_broker_waiting_deliveries_share_one_thread(monkeypatch, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    handed: list[Any] = []
    monkeypatch.setattr(webhooks, "send", handed.append)
    monkeypatch.setattr(webhooks, "_LATER", webhooks._Later())
    def scheduling() -> int:
        return sum(thread.name == "webhook-later" for thread in threading.enumerate())
    threads = scheduling()
    soon, *later = [uuid.uuid4() for _ in range(50)]
    webhooks._queue(later, countdown=3600)
    webhooks._queue([soon], countdown=0.05)
    assert scheduling() == threads + 1
    for _ in range(200):
        if handed:
            break
        time.sleep(0.02)
    assert handed == [soon]


def test_the_secret_is_stored_sealed_and_a_rotated_key_still_opens_it(client_a, receiver,
                                                                       settings):
    created = register(client_a, receiver.url, "turn")
    hook = Webhook.objects.get()
    assert created["secret"].encode() not in bytes(hook.sealed_secret)
    assert webhooks.signing_secret(hook) == created["secret"]
    settings.SECRET_KEY_FALLBACKS, settings.SECRET_KEY = [settings.SECRET_KEY], "a" * 50
    assert webhooks.signing_secret(hook) == created["secret"]
    settings.SECRET_KEY_FALLBACKS = []
    assert webhooks.signing_secret(hook) is None


def hooked_deliveries(*counts: int) -> list[list[Any]]:
    """For each count, a new owner's webhook with that many deliveries due: their ids."""
    now = timezone.now()
    found = []
    for count in counts:
        hook = Webhook.objects.create(owner=get_user_model().objects.create_user(f"o{len(found)}"),
                                      url="https://hooks.example.com/in", events=["turn"],
                                      sealed_secret=b"")
        found.append([WebhookDelivery.objects.create(webhook=hook, type="turn", payload={},
                                                     created_at=now, next_attempt_at=now).id
                      for _ in range(count)])
    return found


def senders(monkeypatch: Any, settings: Any, threads: int,
            hold: set[Any]) -> tuple[list[Any], threading.Event]:
    """Fresh senders on ``threads`` threads whose deliveries are recorded as they start;
    those in ``hold`` hang until the event is set."""
    settings.WEBHOOK_SENDERS = threads
    monkeypatch.setattr(webhooks, "_SENDERS", webhooks._Senders())
    started: list[Any] = []
    release = threading.Event()

    def deliver(delivery_id: Any) -> str:
        started.append(delivery_id)
        if delivery_id in hold:
            assert release.wait(10)
        return "delivered"
    monkeypatch.setattr(webhooks, "deliver", deliver)
    return started, release


def test_the_senders_send_each_owners_deliveries_one_at_a_time(monkeypatch, settings):
    """An endpoint that hangs holds one sender thread: another owner's deliveries go out
    meanwhile, and the hanging owner's next one waits for its first."""
    hanging, quick = hooked_deliveries(2, 2)
    started, release = senders(monkeypatch, settings, 2, set(hanging))

    assert [webhooks.send(i) for i in hanging + quick] == ["queued"] * 4
    wait_until(lambda: len(started) == 3, timeout=5, what="3 started", interval=0.01)
    time.sleep(0.2)
    assert sorted(started) == sorted([hanging[0], *quick])
    release.set()
    wait_until(lambda: len(started) == 4, timeout=5, what="4 started", interval=0.01)
    assert started[3] == hanging[1]
    WebhookDelivery.objects.filter(id=quick[0]).update(status="delivered")
    assert webhooks.send(quick[0]) == "taken"


def test_an_owner_with_more_waiting_lets_another_go_first(monkeypatch, settings):
    first, second = hooked_deliveries(3, 1)
    started, release = senders(monkeypatch, settings, 1, {first[0]})

    for delivery_id in first + second:
        webhooks.send(delivery_id)
    release.set()

    wait_until(lambda: len(started) == 4, timeout=5, what="4 started", interval=0.01)
    assert started == [first[0], second[0], first[1], first[2]]


def test_a_free_sender_serves_the_owner_that_has_had_the_least_of_the_senders_time(
        monkeypatch, settings):
    """An owner whose endpoint takes long waits behind another's quick deliveries: owners
    share the senders' time, not their turns."""
    slow, quick = hooked_deliveries(3, 3)
    started, release = senders(monkeypatch, settings, 1, {slow[0]})

    for delivery_id in slow + quick:
        webhooks.send(delivery_id)
    time.sleep(0.3)  # slow[0] takes 0.3 s of the sender's time
    release.set()

    wait_until(lambda: len(started) == 6, timeout=5, what="6 started", interval=0.01)
    assert started == [slow[0], *quick, slow[1], slow[2]]


def test_an_owner_back_after_a_slow_delivery_keeps_the_time_it_took(monkeypatch, settings):
    slow, quick, other = hooked_deliveries(2, 2, 1)
    settings.WEBHOOK_SENDERS = 1
    monkeypatch.setattr(webhooks, "_SENDERS", webhooks._Senders())
    started: list[Any] = []
    gates = {slow[0]: threading.Event(), other[0]: threading.Event()}

    def deliver(delivery_id: Any) -> str:
        started.append(delivery_id)
        if delivery_id in gates:
            assert gates[delivery_id].wait(10)
        return "delivered"
    monkeypatch.setattr(webhooks, "deliver", deliver)

    webhooks.send(slow[0])
    time.sleep(0.3)  # slow[0] takes 0.3 s; then its owner has nothing waiting
    gates[slow[0]].set()
    webhooks.send(other[0])  # holds the sender while the others come
    wait_until(lambda: len(started) == 2, timeout=5, what="2 started", interval=0.01)
    for delivery_id in (slow[1], *quick):
        webhooks.send(delivery_id)
    gates[other[0]].set()

    wait_until(lambda: len(started) == 5, timeout=5, what="5 started", interval=0.01)
    assert started == [slow[0], other[0], *quick, slow[1]]


def test_the_sweep_sends_again_late_deliveries_owners_in_turn_at_most_some_of_each(db):
    many, few = hooked_deliveries(30, 2)
    late = timezone.now() - timedelta(minutes=5)
    WebhookDelivery.objects.update(next_attempt_at=late)
    WebhookDelivery.objects.filter(id__in=many).update(next_attempt_at=late - timedelta(hours=1))

    found = webhooks.due(timezone.now(), per_owner=20)

    assert len(found) == 22 and set(few) <= set(found[:4])  # each owner's oldest, then second
    assert set(webhooks.due(late + timedelta(seconds=59))) == set(found) - set(few)

