"""Webhooks: endpoints a player registers for kinds of events (your turn, an invitation, a
match's end), each message written in the command's transaction and sent by the workers,
signed per the Standard Webhooks specification, retried with backoff for about a day; an
endpoint whose delivery fails for good is disabled until its owner enables it again. A
webhook keeps a bounded number of deliveries, pending and finished (docs/adr/0114)."""

from __future__ import annotations

import base64
import heapq
import ipaddress
import itertools
import logging
import os
import secrets
import socket
import ssl
import threading
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future
from contextlib import suppress
from datetime import datetime, timedelta
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from standardwebhooks.webhooks import Webhook as Signer

from . import locks, models, sealing
from .engine import MatchState
from .engine.events import CardPlayed, CardsPassed, Event, MatchAborted, MatchEnded, SeatInvited
from .errors import ServiceError, quota_exceeded

EVENTS = ("turn", "invitation", "match_ended")
# Seconds before each retry: the last, some 22 hours after the first try, ends it.
BACKOFF_S = (5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200)
TIMEOUT_S = 5  # for an attempt: the name's lookup, the POST and its answer's headers
MIN_POST_S = 0.05  # what the lookup must leave of TIMEOUT_S for the POST to be tried
SEAL_SALT = "games.webhooks.secret"  # the sealing key's salt off SECRET_KEY
CLAIM_S = 60  # how long an attempt holds its delivery before another sender may retry it
WAITING_PER_OWNER = 1000  # deliveries of one owner a process holds for its senders
TAGS_KEPT = 1000  # owners' tags a process keeps before it forgets those behind (_Senders)
Status = models.WebhookDelivery.Status
logger = logging.getLogger(__name__)


def webhook_create(*, owner: AbstractBaseUser, url: str,
                   events: Sequence[str]) -> tuple[models.Webhook, str]:
    """Register ``url`` for ``events`` with a fresh secret, stored sealed: the webhook and
    the secret. ``url_not_allowed`` for a URL ``url_refusal`` refuses, ``quota_exceeded``
    beyond ``QUOTAS["webhooks"]``."""
    refusal = url_refusal(url)
    if refusal:
        raise ServiceError("url_not_allowed", refusal)
    limit = settings.QUOTAS["webhooks"]
    with transaction.atomic():
        locks.lock_user(owner.pk)
        if models.Webhook.objects.filter(owner_id=owner.pk).count() >= limit:
            raise quota_exceeded("webhooks", limit, f"you hold {limit} webhooks, the most a "
                                                    "player may: delete one first")
        secret = "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()
        hook = models.Webhook.objects.create(owner_id=owner.pk, url=url, events=sorted(set(events)),
                                             sealed_secret=sealing.seal(secret.encode(), SEAL_SALT))
        _mark_matches(owner)
    return hook, secret


def signing_secret(hook: models.Webhook) -> str | None:
    """``hook``'s signing secret, or None when no key of this server opens it (``SECRET_KEY``
    changed and the old one is not in ``SECRET_KEY_FALLBACKS``)."""
    opened = sealing.unseal(bytes(hook.sealed_secret), SEAL_SALT)
    return None if opened is None else opened.decode()


def webhook_list(*, owner: AbstractBaseUser) -> QuerySet[models.Webhook]:
    return models.Webhook.objects.filter(owner_id=owner.pk).order_by("created_at", "id")


def webhook_get(*, owner: AbstractBaseUser, webhook_id: uuid.UUID) -> models.Webhook:
    """``owner``'s webhook ``webhook_id``; ``not_found`` for another's or none."""
    hook = models.Webhook.objects.filter(owner_id=owner.pk, id=webhook_id).first()
    if hook is None:
        raise ServiceError("not_found", "you have no webhook with that id")
    return hook


def webhook_enable(*, owner: AbstractBaseUser, webhook_id: uuid.UUID) -> models.Webhook:
    """Enable ``owner``'s webhook again; the deliveries that failed stay failed."""
    hook = webhook_get(owner=owner, webhook_id=webhook_id)
    hook.enabled = True
    hook.save(update_fields=["enabled"])
    return hook


def webhook_delete(*, owner: AbstractBaseUser, webhook_id: uuid.UUID) -> None:
    webhook_get(owner=owner, webhook_id=webhook_id).delete()


def delivery_list(*, owner: AbstractBaseUser,
                  webhook_id: uuid.UUID) -> QuerySet[models.WebhookDelivery]:
    """The deliveries of ``owner``'s webhook, newest first."""
    hook = webhook_get(owner=owner, webhook_id=webhook_id)
    return hook.deliveries.order_by("-created_at", "-id")


def url_refusal(url: str) -> str | None:
    """Why ``url`` may not receive webhooks, or None, judged without a name lookup (a
    request's thread never waits on DNS): an absolute https URL whose host, if an address,
    is public; a name is resolved and judged at each delivery (``_checked``). With
    ``WEBHOOK_ALLOW_PRIVATE``, http and any address."""
    return _checked(url, resolve=False)[0]


def _checked(url: str, *, resolve: bool = True) -> tuple[str | None, str | None]:
    """``(why url may not be used, None)`` or ``(None, the public address its host is or
    resolves to within TIMEOUT_S)``; ``(None, None)`` when ``WEBHOOK_ALLOW_PRIVATE`` lets any
    be used, or for a name not ``resolve``d."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "a webhook URL is an absolute https URL", None
    if parts.scheme not in ("https", "http") or not parts.hostname:
        return "a webhook URL is an absolute https URL", None
    try:
        port = parts.port
    except ValueError:  # out of range, or not a number
        port = 0
    if port == 0:
        return "a webhook URL's port is 1 to 65535", None
    if settings.WEBHOOK_ALLOW_PRIVATE:
        return None, None
    if parts.scheme != "https":
        return "a webhook URL must use https", None
    refused = "that host may not receive webhooks: it must resolve to public addresses only"
    host = parts.hostname if resolve else parts.hostname.removesuffix(".")
    try:  # AI_NUMERICHOST: an address in any form (127.1 too), never a lookup
        found = (_looked_up(host, port or 443) if resolve else
                 socket.getaddrinfo(host, port or 443, proto=socket.IPPROTO_TCP,
                                    flags=socket.AI_NUMERICHOST))
    except TimeoutError:
        return f"its host's name was not looked up within {TIMEOUT_S} s", None
    except socket.gaierror as error:
        if not resolve and error.errno == socket.EAI_NONAME and ":" not in host:
            return None, None  # a name
        return refused, None  # the same words: no probe of which names exist
    except (OSError, UnicodeError):
        return refused, None
    addresses = [str(info[4][0]) for info in found]
    if not addresses or not all(_public(ipaddress.ip_address(a)) for a in addresses):
        return refused, None
    return None, addresses[0]


def _looked_up(host: str, port: int) -> list[Any]:
    """``socket.getaddrinfo`` of ``host`` (TCP), or ``TimeoutError`` after ``TIMEOUT_S``: the
    lookup runs on a thread of its own, left to the resolver's timeouts if it outlasts that."""
    found: Future[list[Any]] = Future()

    def look_up() -> None:
        try:
            found.set_result(socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP))
        except BaseException as error:  # noqa: BLE001  (the caller's to handle)
            found.set_exception(error)

    threading.Thread(target=look_up, name="webhook-lookup", daemon=True).start()
    return found.result(timeout=TIMEOUT_S)


# NAT64 (well-known and local-use), IPv4-compatible and -translated, Teredo and site-local:
# ranges that reach private networks or carry an IPv4 address of any kind.
_NOT_PUBLIC_V6 = tuple(ipaddress.ip_network(n) for n in (
    "64:ff9b::/96", "64:ff9b:1::/48", "::/96", "::ffff:0:0:0/96", "2001::/32", "fec0::/10"))


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Global and not multicast; for IPv6 none of ``_NOT_PUBLIC_V6``, and a mapped or 6to4
    address only if the IPv4 one it carries is global too."""
    if address.is_multicast:
        return False
    if isinstance(address, ipaddress.IPv6Address):
        if any(address in network for network in _NOT_PUBLIC_V6):
            return False
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is not None and not embedded.is_global:
            return False
    return address.is_global


def _mark_matches(owner: AbstractBaseUser) -> None:
    # The owner's unfinished matches look for deliveries from now on.
    (models.Match.objects.filter(Q(seats__player_id=owner.pk) | Q(invitations__player_id=owner.pk))
     .exclude(status__in=models.Match.ENDED).update(hooked=True))


def seated(match: models.Match, user: AbstractBaseUser) -> None:
    """Mark ``match`` when ``user``, seated or invited in it, has a webhook."""
    if not match.hooked and models.Webhook.objects.filter(owner_id=user.pk).exists():
        match.hooked = True
        match.save(update_fields=["hooked"])


def emitted(match: models.Match, before: MatchState, after: MatchState, events: Sequence[Event],
            now: datetime) -> None:
    """Write the deliveries a command's ``events`` owe (``before`` -> ``after``), to be sent
    once it commits: ``turn`` to each player newly to act, ``invitation`` to the invited,
    ``match_ended`` to every player of a match that ended. One owed to a webhook holding
    ``WEBHOOK_PENDING_MAX`` pending is dropped and counted (docs/adr/0114)."""
    owed: list[tuple[str, str, dict[str, Any]]] = []  # (username, type, body)
    base = {"match_id": str(match.id), "version": match.version}
    acted = {event.seat for event in events if isinstance(event, CardPlayed | CardsPassed)}
    newly = set(after.players_to_act) - (set(before.players_to_act) - acted)
    for seat in sorted(newly):
        occupant = after.seats[seat]
        if occupant is not None and occupant.player:
            owed.append((occupant.player, "turn", {"type": "turn", **base, "seat": seat.label}))
    for event in events:
        if isinstance(event, SeatInvited):
            owed.append((event.player, "invitation", {"type": "invitation", **base,
                                                      "seat": event.seat.label}))
        elif isinstance(event, MatchEnded | MatchAborted):
            owed += [(name, "match_ended", {"type": "match_ended", **base,
                                            "status": after.phase.value})
                     for name in {o.player or o.left_by for o in after.seats if o} if name]
    if not owed:
        return
    hooks = models.Webhook.objects.filter(owner__username__in={name for name, _, _ in owed},
                                          enabled=True).select_related("owner")
    rows = [models.WebhookDelivery(webhook=hook, type=kind, payload=body, created_at=now,
                                   next_attempt_at=now)
            for name, kind, body in owed for hook in hooks
            if hook.owner.get_username() == name and kind in hook.events]
    rows, dropped = _within_pending_max(rows)
    models.WebhookDelivery.objects.bulk_create(rows)
    for hook_id, count in dropped.items():
        models.Webhook.objects.filter(id=hook_id).update(
            deliveries_dropped=F("deliveries_dropped") + count)
    if rows:
        ids = [row.id for row in rows]
        transaction.on_commit(lambda: _queue(ids))


def _within_pending_max(rows: list[models.WebhookDelivery]) -> tuple[
        list[models.WebhookDelivery], dict[uuid.UUID, int]]:
    """``rows`` but those that would take their webhook past ``WEBHOOK_PENDING_MAX``
    pending, and how many were left out of each webhook."""
    pending = Counter(dict(models.WebhookDelivery.objects  # no query for no rows
                           .filter(webhook_id__in={row.webhook_id for row in rows},
                                   status=Status.PENDING)
                           .values("webhook_id").annotate(count=Count("id"))
                           .values_list("webhook_id", "count")))
    kept: list[models.WebhookDelivery] = []
    dropped: Counter[uuid.UUID] = Counter()
    for row in rows:
        if pending[row.webhook_id] < settings.WEBHOOK_PENDING_MAX:
            kept.append(row)
            pending[row.webhook_id] += 1
        else:
            dropped[row.webhook_id] += 1
    return kept, dropped


def _trim(hook_id: uuid.UUID) -> None:
    """Delete the webhook's finished deliveries but its newest ``WEBHOOK_DELIVERIES_KEPT``."""
    finished = models.WebhookDelivery.objects.filter(webhook_id=hook_id).exclude(
        status=Status.PENDING)
    kept = settings.WEBHOOK_DELIVERIES_KEPT
    first_gone = list(finished.order_by("-created_at", "-id")
                      .values_list("created_at", "id")[kept:kept + 1])
    if first_gone:
        [(created_at, delivery_id)] = first_gone
        finished.filter(Q(created_at__lt=created_at)
                        | Q(created_at=created_at, id__lte=delivery_id)).delete()


def _queue(ids: Sequence[uuid.UUID], countdown: float = 0) -> None:
    """Hand each delivery to the senders (``send``) after ``countdown`` seconds: by a
    worker's ticket, or, without a broker (tasks run in-process), by ``_LATER``."""
    from .tasks import deliver_webhook  # the task module imports this one
    for delivery_id in ids:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            _LATER.add(countdown, delivery_id)
        else:
            deliver_webhook.apply_async((str(delivery_id),), countdown=countdown)


class _Later:
    """Without a broker: one thread of this process (started with its first delivery; a
    forked child starts its own) that hands each delivery to ``send`` once its countdown
    has passed, however many wait."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self.ready = threading.Condition()
        self.due: list[tuple[float, int, uuid.UUID]] = []  # a heap of (when, order, delivery)
        self.order = itertools.count()
        self.started = False

    def add(self, countdown: float, delivery_id: uuid.UUID) -> None:
        with self.ready:
            if not self.started:
                threading.Thread(target=self._run, name="webhook-later", daemon=True).start()
                self.started = True
            heapq.heappush(self.due, (time.monotonic() + countdown, next(self.order), delivery_id))
            self.ready.notify()

    def _run(self) -> None:
        while True:
            with self.ready:
                while not self.due or self.due[0][0] > time.monotonic():
                    self.ready.wait(self.due[0][0] - time.monotonic() if self.due else None)
                _, _, delivery_id = heapq.heappop(self.due)
            try:
                send(delivery_id)
            except Exception:
                logger.exception("webhook delivery %s not handed to the senders", delivery_id)
            finally:
                with suppress(Exception):
                    connection.close()  # the thread's own


_LATER = _Later()


def send(delivery_id: uuid.UUID) -> str:
    """Hand a pending delivery to this process's ``WEBHOOK_SENDERS`` sender threads and
    return at once: ``queued``, or ``taken`` when it is not pending (or its webhook not
    enabled), ``dropped`` when its owner already has ``WAITING_PER_OWNER`` waiting here
    (beat's sweep, where beat runs, sends it later). Each owner's deliveries go one at a
    time, and a free sender serves the owner that has had the least of the senders' time:
    an owner's slow endpoints hold one sender of a process and none of the worker's other
    tasks (docs/adr/0113, 0115)."""
    owner = (models.WebhookDelivery.objects
             .filter(id=delivery_id, status=Status.PENDING, webhook__enabled=True)
             .values_list("webhook__owner_id", flat=True).first())
    if owner is None:
        return "taken"
    return _SENDERS.add(owner, delivery_id)


class _Senders:
    """This process's sender threads (started with its first delivery; a forked child
    starts its own) and, by owner, the deliveries waiting for them. Owners share the
    senders' time by start-time fair queuing: an owner's tag grows by the seconds each of
    its deliveries took, a free sender takes the ready owner of the lowest tag, and an
    owner that had nothing waiting starts again from its last tag or, if higher, the
    highest tag taken so far."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self.lock = threading.Lock()
        self.ready = threading.Condition(self.lock)
        self.started = False
        self.waiting: dict[int, dict[uuid.UUID, None]] = {}  # owners ready, or sending
        self.ready_owners: list[tuple[float, int, int]] = []  # a heap of (tag, arrival, owner)
        self.arrivals = itertools.count()
        self.clock = 0.0  # the highest tag taken so far
        self.spent: dict[int, float] = {}  # owners' tags ahead of the clock, none of theirs waiting
        self.forget_at = TAGS_KEPT

    def add(self, owner: int, delivery_id: uuid.UUID) -> str:
        with self.lock:
            if not self.started:
                for number in range(settings.WEBHOOK_SENDERS):
                    threading.Thread(target=self._send, name=f"webhook-sender-{number}",
                                     daemon=True).start()
                self.started = True
            waiting = self.waiting.get(owner)
            if waiting is None:
                waiting = self.waiting[owner] = {}
                tag = max(self.spent.pop(owner, 0.0), self.clock)
                heapq.heappush(self.ready_owners, (tag, next(self.arrivals), owner))
                self.ready.notify()
            elif len(waiting) >= WAITING_PER_OWNER:
                logger.warning("webhook delivery %s dropped: its owner has %d waiting",
                               delivery_id, len(waiting))
                return "dropped"
            waiting[delivery_id] = None  # once, however often it is asked for
        return "queued"

    def _send(self) -> None:
        """Forever: the ready owner of the lowest tag sends its oldest waiting delivery,
        then, if more wait, is ready again with the seconds it took added to its tag."""
        while True:
            with self.ready:
                while not self.ready_owners:
                    self.ready.wait()
                tag, _, owner = heapq.heappop(self.ready_owners)
                self.clock = max(self.clock, tag)
                waiting = self.waiting[owner]
                delivery_id = next(iter(waiting))
                del waiting[delivery_id]
            started = time.monotonic()
            try:
                deliver(delivery_id)
                connection.close()  # the thread's own
            except Exception:
                logger.exception("webhook delivery %s", delivery_id)
                with suppress(Exception):
                    connection.close()
            finally:
                tag += time.monotonic() - started
                with self.ready:
                    if waiting:
                        heapq.heappush(self.ready_owners, (tag, next(self.arrivals), owner))
                        self.ready.notify()
                    else:
                        del self.waiting[owner]
                        if tag > self.clock:
                            self.spent[owner] = tag
                        if len(self.spent) > self.forget_at:  # forget the tags now behind
                            self.spent = {o: t for o, t in self.spent.items() if t > self.clock}
                            self.forget_at = max(TAGS_KEPT, 2 * len(self.spent))


_SENDERS = _Senders()


def deliver(delivery_id: uuid.UUID) -> str:
    """Send one pending delivery that is due (once, whoever else asks) and record the
    attempt: a 2xx delivers it; else it is retried after ``BACKOFF_S``, and after the last
    its webhook is disabled, its other pending deliveries failed. A delivery that ends
    trims its webhook's finished ones to the newest ``WEBHOOK_DELIVERIES_KEPT``. The POST
    runs outside any transaction (and, outside a caller's, holds no database connection),
    within ``TIMEOUT_S``, the name's lookup included (but with ``WEBHOOK_ALLOW_PRIVATE``).
    Returns the delivery's status, or ``taken`` when there was nothing to send (another holds
    it, it is not due, or no longer pending) or its attempt found it no longer pending."""
    now = timezone.now()
    with transaction.atomic():  # claim it: the claim's lease keeps other senders off
        delivery = (models.WebhookDelivery.objects.select_for_update(skip_locked=True)
                    .select_related("webhook")
                    .filter(id=delivery_id, status=Status.PENDING, webhook__enabled=True,
                            next_attempt_at__lte=now + timedelta(seconds=1))
                    .first())
        if delivery is None:
            return "taken"
        delivery.next_attempt_at = now + timedelta(seconds=CLAIM_S)
        delivery.save(update_fields=["next_attempt_at"])
    if not connection.in_atomic_block:
        connection.close()  # back to the pool while the POST waits
    hook = delivery.webhook
    status_code, error = _post(hook, delivery)
    now = timezone.now()
    delivery.attempts += 1
    delivery.last_status_code, delivery.last_error = status_code, error[:200]
    if status_code is not None and 200 <= status_code < 300:
        delivery.status, delivery.delivered_at = Status.DELIVERED, now
    elif delivery.attempts > len(BACKOFF_S):
        delivery.status = Status.FAILED
    else:
        wait = BACKOFF_S[delivery.attempts - 1]
        delivery.next_attempt_at = now + timedelta(seconds=wait)
    ended = delivery.status != Status.PENDING
    with transaction.atomic():
        if ended:  # the webhook's row first: its deliveries' ends go one at a time
            models.Webhook.objects.select_for_update().filter(id=hook.id).exists()
        # Only while still pending: another delivery's end may have failed it meanwhile.
        if not models.WebhookDelivery.objects.filter(id=delivery.id, status=Status.PENDING).update(
                **{name: getattr(delivery, name) for name in (
                    "attempts", "last_status_code", "last_error", "status", "delivered_at",
                    "next_attempt_at")}):
            return "taken"
        if not ended:
            if _ticket_waits(wait):
                transaction.on_commit(lambda: _queue([delivery.id], countdown=wait))
            return str(delivery.status)
        if delivery.status == Status.FAILED:  # for good: the webhook and its others with it
            models.Webhook.objects.filter(id=hook.id).update(enabled=False)
            hook.deliveries.filter(status=Status.PENDING).update(
                status=Status.FAILED, last_error="its webhook was disabled: another delivery "
                                                 "failed for good")
        _trim(hook.id)
    return str(delivery.status)


def _ticket_waits(seconds: float) -> bool:
    """Whether a retry after ``seconds`` gets a ticket: always without a broker; with one,
    if shorter than its visibility timeout (a longer countdown is handed out again at each
    timeout). Beat's sweep sends the later ones, a minute or two late."""
    return settings.CELERY_TASK_ALWAYS_EAGER or (
        seconds < settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])


def _post(hook: models.Webhook, delivery: models.WebhookDelivery) -> tuple[int | None, str]:
    """POST the signed delivery; ``(status code, "")`` or ``(None, why it failed)``."""
    import httpx  # only a delivery needs it: every process starts without it

    started = time.monotonic()
    refusal, address = _checked(hook.url)  # again, and used: what a name resolves to may change
    if refusal:
        return None, refusal
    signing = signing_secret(hook)
    if signing is None:
        return None, "its signing secret was sealed under a SECRET_KEY this server no longer holds"
    body = DjangoJSONEncoder().encode(delivery.payload).encode()
    at = timezone.now()
    headers = {"content-type": "application/json", "webhook-id": str(delivery.id),
               "webhook-timestamp": str(int(at.timestamp())),
               "webhook-signature": Signer(signing).sign(str(delivery.id), at, body)}
    connected: list[socket.socket] = []

    def trace(event: str, info: dict[str, Any]) -> None:  # httpcore's trace extension
        if event in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
            connected.append(info["return_value"].get_extra_info("socket"))  # TLS wraps anew

    def cut() -> None:  # wakes a read blocked on a trickling answer at once
        for sock in connected:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        client.close()

    url, extensions = hook.url, {"trace": trace}
    if address is not None:  # connect to the address checked, naming the host to TLS and HTTP
        parts = urlsplit(hook.url)
        headers["host"] = parts.netloc
        extensions["sni_hostname"] = parts.hostname or ""
        literal = f"[{address}]" if ":" in address else address
        url = parts._replace(netloc=f"{literal}:{parts.port or 443}").geturl()
    left = TIMEOUT_S - (time.monotonic() - started)
    if left < MIN_POST_S:
        return None, f"its host's name was looked up too late to send within {TIMEOUT_S} s"
    client = httpx.Client(timeout=left, follow_redirects=False, verify=_tls())
    deadline = threading.Timer(left, cut)  # a trickling answer is cut off
    deadline.start()
    try:  # the answer's status is all that counts: its body is not read
        request = client.build_request("POST", url, content=body, headers=headers,
                                       extensions=extensions)
        response = client.send(request, stream=True)
        response.close()
        return response.status_code, ""
    except (httpx.HTTPError, httpx.InvalidURL, ValueError, RuntimeError) as error:  # IDNA's,
        return None, type(error).__name__  # a closed client's; the class only: no detail
    finally:
        deadline.cancel()
        client.close()


@cache
def _tls() -> ssl.SSLContext:
    """The TLS context of every attempt, made once per process: loading the CA bundle into
    a new one is most of an attempt's CPU, held under the GIL that bot moves share."""
    import httpx
    return httpx.create_ssl_context()


def due(now: datetime, limit: int = 500, per_owner: int = 20) -> list[uuid.UUID]:
    """Pending deliveries whose attempt is over a minute late (a ticket lost, none sent for
    a retry 10 min or more away, or waiting in a process's senders), at most ``per_owner``
    of an owner's: each owner's oldest first, then each one's second, and so on."""
    late = (models.WebhookDelivery.objects
            .filter(status=Status.PENDING, webhook__enabled=True,
                    next_attempt_at__lte=now - timedelta(minutes=1))
            .annotate(place=Window(RowNumber(), partition_by=F("webhook__owner_id"),
                                   order_by=(F("next_attempt_at").asc(), F("id").asc()))))
    return list(late.filter(place__lte=per_owner).order_by("place", "next_attempt_at", "id")
                .values_list("id", flat=True)[:limit])
