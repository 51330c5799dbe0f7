"""``Idempotency-Key``: a retried POST gets its successful answer again instead of running
twice (docs/api.md, "Retries"): ``claim`` a player's key before the command, ``store`` a 2xx
answer sealed (Fernet) for ``KEEP_FOR``, ``release`` the key after any other answer;
``IdempotentMixin`` does it for a view's POST. Why: docs/adr/0091-idempotency-keys.md."""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from rest_framework.request import Request

from games import sealing
from games.errors import ServiceError

from .models import IdempotencyKey
from .problem_types import Problem
from .throttling import IdempotencyKeyThrottle

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = IdempotencyKey._meta.get_field("key").max_length
# An RFC 8941 sf-string without escapes, or a bare token; "abc" and abc are one key.
KEY_PATTERN = rf'^("[ !#-\[\]-~]{{1,{MAX_KEY_LENGTH}}}"|[!#-~]{{1,{MAX_KEY_LENGTH}}})$'
KEEP_FOR = timedelta(hours=24)
REPLAYED_HEADERS = ("Content-Type", "Location", "ETag")  # the rest are the view's own
SEAL_SALT = "hearts_api.idempotency.answer"  # the sealing key's salt off SECRET_KEY
_CLAIM_TRIES = 3  # a row deleted under a claim: after this many tries, treated as in flight


@dataclass(frozen=True)
class Claim:
    """The right to run the request of ``row`` (its id) and store its answer, while
    ``lease`` (uuid.UUID) is still the row's: a request whose claim was taken over has none."""

    row: int
    lease: uuid.UUID


@dataclass(frozen=True)
class StoredResponse:
    """The kept answer to a key: ``status`` (int), ``headers`` (dict of name -> str, of
    ``REPLAYED_HEADERS``) and ``body`` (bytes, as sent)."""

    status: int
    headers: dict[str, str]
    body: bytes

    def replay(self) -> HttpResponse:
        """The answer again, marked ``Idempotent-Replayed: true``."""
        response = HttpResponse(self.body, status=self.status, headers=self.headers)
        response[REPLAYED_HEADER] = "true"
        return response


# --- the header and the request ------------------------------------------------------------


def parse_key(header: str | None) -> str | None:
    """The key an ``Idempotency-Key`` header value (str, or None without the header) names
    (``KEY_PATTERN``; quotes removed), or None. Raises a 400 ``invalid_request`` with
    ``errors`` code ``max_length`` for a key over ``MAX_KEY_LENGTH`` characters and ``invalid`` for any
    other value the pattern refuses (empty, a character that is not printable ASCII)."""
    if header is None:
        return None
    quoted = len(header) >= 2 and header[0] == header[-1] == '"'
    key = header[1:-1] if quoted else header
    if len(key) > MAX_KEY_LENGTH:
        raise Problem.invalid(HEADER, "max_length",
                                      f"{HEADER} takes at most {MAX_KEY_LENGTH} characters.")
    if not re.fullmatch(KEY_PATTERN, header):
        raise Problem.invalid(HEADER, "invalid", f'{HEADER} takes 1 to {MAX_KEY_LENGTH} '
                                      'printable ASCII characters, bare or quoted: "abc"')
    return key


def fingerprint(method: str, path: str, body: bytes) -> str:
    """SHA-256 (hex) of a request's ``method``, ``path`` and ``body`` (its bytes as sent):
    what "the same request" means for a key."""
    digest = hashlib.sha256()
    for part in (method.encode(), path.encode(), body):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


# --- the rows ------------------------------------------------------------------------------


def claim(*, user: AbstractBaseUser, key: str, fingerprint: str,
          count: Callable[[], None]) -> Claim | StoredResponse:
    """Take ``user``'s ``key`` for a request with ``fingerprint`` (own transaction): a ``Claim``
    (no live row: none, expired, in flight past ``IDEMPOTENCY_IN_FLIGHT_SECONDS``, or sealed
    under no key held) or the ``StoredResponse`` of that request. Raises
    ``idempotency_key_reused`` (another request) or ``request_in_progress``. ``count()`` runs
    before a ``Claim`` is returned; what it raises leaves the key as it was."""
    for _ in range(_CLAIM_TRIES):
        with transaction.atomic():
            now = timezone.now()
            lease = uuid.uuid4()
            try:
                with transaction.atomic():  # a savepoint: the constraint may refuse it
                    row = IdempotencyKey.objects.create(
                        user=user, key=key, fingerprint=fingerprint, lease=lease,
                        state=IdempotencyKey.State.IN_FLIGHT, claimed_at=now,
                        expires_at=now + KEEP_FOR)
                count()  # raising, it rolls the insert back
                return Claim(row.pk, lease)
            except IntegrityError:
                pass
            row = IdempotencyKey.objects.select_for_update().filter(user=user, key=key).first()
            if row is None:
                continue  # deleted since the insert failed: try again
            live = row.expires_at > now  # an expired row counts as absent
            if live and row.fingerprint != fingerprint:
                raise ServiceError("idempotency_key_reused")
            done = live and row.state == IdempotencyKey.State.DONE
            body = unseal(bytes(row.body)) if done else None
            if body is not None:
                return StoredResponse(row.status, dict(row.headers), body)
            if live and row.state == IdempotencyKey.State.IN_FLIGHT and not _abandoned(row, now):
                raise ServiceError("request_in_progress")
            # Expired, its request died, or its answer sealed under a key no longer held:
            # this one takes the key over.
            count()
            row.fingerprint, row.state, row.lease = fingerprint, IdempotencyKey.State.IN_FLIGHT, lease
            row.claimed_at, row.expires_at, row.status = now, now + KEEP_FOR, None
            row.headers, row.body = {}, b""
            row.save()
            return Claim(row.pk, lease)
    raise ServiceError("request_in_progress")


def _abandoned(row: IdempotencyKey, now: datetime) -> bool:
    """Whether ``row``'s request has been in flight for longer than any request runs."""
    bound = timedelta(seconds=settings.IDEMPOTENCY_IN_FLIGHT_SECONDS)
    return row.state == IdempotencyKey.State.IN_FLIGHT and row.claimed_at <= now - bound


def store(held: Claim, response: HttpResponseBase) -> None:
    """Keep ``response`` (rendered; successful, ``is_kept``) as the answer to ``held``'s
    key, unless the claim was taken over meanwhile."""
    headers = {name: response[name] for name in REPLAYED_HEADERS if name in response}
    IdempotencyKey.objects.filter(pk=held.row, lease=held.lease).update(
        state=IdempotencyKey.State.DONE, status=response.status_code, headers=headers,
        body=seal(response.content))


def seal(answer: bytes) -> bytes:
    """``answer`` sealed under this server's first key (``SECRET_KEY``'s)."""
    return sealing.seal(answer, SEAL_SALT)


def unseal(sealed: bytes) -> bytes | None:
    """The answer ``sealed`` holds, or None when no key of this server opens it."""
    return sealing.unseal(sealed, SEAL_SALT)


def release(held: Claim) -> None:
    """Delete ``held``'s row (unless taken over): the next request with the key runs."""
    IdempotencyKey.objects.filter(pk=held.row, lease=held.lease).delete()


def purge_expired() -> int:
    """Delete every expired row; returns how many."""
    deleted, _ = IdempotencyKey.objects.filter(expires_at__lte=timezone.now()).delete()
    return deleted


def is_kept(status: int) -> bool:
    """Whether an answer with ``status`` is stored: a success (2xx). A refusal changed
    nothing and a server error says "try again": either way a retry runs again."""
    return 200 <= status < 300


# --- the views -----------------------------------------------------------------------------


class _Replay(Exception):
    """Carries a stored response from ``initial`` (where no response can be returned) to
    ``handle_exception``."""

    def __init__(self, stored: StoredResponse) -> None:
        super().__init__("replay")
        self.stored = stored


class IdempotentMixin:
    """An ``APIView``'s POST with an ``Idempotency-Key``, after DRF's ``initial``: the key is
    read (400) and claimed (409, 422, 429 ``quota_exceeded``); a stored answer is replayed,
    else the view runs and its answer is stored (``is_kept``) or the key released."""

    _claim: Claim | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        key = parse_key(request.headers.get(HEADER)) if request.method == "POST" else None
        if key is None:
            return
        claimed = claim(user=request.user, key=key,
                        fingerprint=fingerprint(request.method, request.path, request.body),
                        count=lambda: IdempotencyKeyThrottle().check(request, self))
        if isinstance(claimed, StoredResponse):
            raise _Replay(claimed)
        self._claim = claimed

    def handle_exception(self, exc: Exception) -> HttpResponseBase:
        if isinstance(exc, _Replay):
            return exc.stored.replay()
        return super().handle_exception(exc)  # type: ignore[misc, no-any-return]

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            response: Any = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        except BaseException:
            if self._claim is not None:
                release(self._claim)
            raise
        if self._claim is not None:
            if is_kept(response.status_code):
                store(self._claim, response.render())
            else:
                release(self._claim)
        return response  # type: ignore[no-any-return]
