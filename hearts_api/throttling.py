"""Rate limits (``DEFAULT_THROTTLE_RATES``), each refusal saying when to retry: DRF's throttle
classes counted by ``limits``' moving window, on Redis when set, else per process; some
rates are quotas (429 ``quota_exceeded``). Why: docs/adr/0090-rate-limits.md."""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
import threading
import time
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import MovingWindowRateLimiter
from redis.exceptions import RedisError
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from games.errors import quota_exceeded

logger = logging.getLogger(__name__)

KEY_PREFIX = "hearts"  # keys "hearts:LIMITER/throttle_<scope>_<who>/<rate>/<seconds>/second"
REDIS_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 1}


class ThreadSafeMemoryStorage(MemoryStorage):
    """``limits``' memory storage, counting one request at a time (ADR 0090: 5.8.0 races on
    its expiry timer)."""

    def __init__(self) -> None:
        super().__init__()
        self._counting = threading.Lock()

    def acquire_entry(self, *args: Any, **kwargs: Any) -> bool:
        with self._counting:
            return super().acquire_entry(*args, **kwargs)


@functools.cache
def limiter() -> MovingWindowRateLimiter:
    """The process's limiter: on Redis at ``settings.REDIS_URL`` when set (keys under
    ``KEY_PREFIX``), else in this process's memory. Built on first use, after a web
    server's fork; built anew when a test changes ``REDIS_URL``."""
    url = settings.REDIS_URL
    storage = (RedisStorage(url, key_prefix=KEY_PREFIX, **REDIS_OPTIONS) if url
               else ThreadSafeMemoryStorage())
    return MovingWindowRateLimiter(storage)


@receiver(setting_changed)
def _forget_limiter(*, setting: str, **kwargs: Any) -> None:
    if setting == "REDIS_URL":
        limiter.cache_clear()


class _MovingWindowThrottle(SimpleRateThrottle):
    """DRF's throttle (rate, scope and key) counted by ``limiter()``; a refused request is
    not counted, as with DRF's own."""

    _wait = 0

    def allow_request(self, request: Request, view: Any, *, count: bool = True) -> bool:
        """Count ``request`` (unless not ``count``) and say whether it is within the rate.
        While Redis cannot be reached the request is let through (and logged): an outage of
        the counters' store does not take the API down with it."""
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        rate = RateLimitItemPerSecond(self.num_requests, self.duration)
        try:
            if (limiter().hit if count else limiter().test)(rate, key):
                return True
            window = limiter().get_window_stats(rate, key)
        except RedisError as error:
            logger.warning("throttle counters unreachable, request not counted: %r", error)
            return True
        self._wait = max(1, math.ceil(window.reset_time - time.time()))
        return False

    def wait(self) -> float:
        """Seconds (an integer > 0) until a request may pass, after a refusal."""
        return self._wait

    def get_ident(self, request: Request) -> str:
        """The client's address: an IPv6 one as its network of ``THROTTLE_IPV6_PREFIX`` bits
        (an IPv4-mapped one as that IPv4 address)."""
        ident = super().get_ident(request)
        try:
            address = ipaddress.ip_address(ident)
        except ValueError:
            return ident
        if not isinstance(address, ipaddress.IPv6Address):
            return ident
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network((address, settings.THROTTLE_IPV6_PREFIX), strict=False))


class _PerAddress(_MovingWindowThrottle):
    """Counted per address, with a token or without."""

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AnonThrottle(_MovingWindowThrottle, AnonRateThrottle):
    """Per address, for requests without a token (rate ``THROTTLE_ANON``)."""


class RegistrationThrottle(_PerAddress, AnonThrottle):
    """Per address, for registrations, with a token (a bot account's owner) or without: in
    the bucket of requests without a token (rate ``THROTTLE_ANON``)."""


class UserThrottle(_MovingWindowThrottle, UserRateThrottle):
    """Per player, for requests with a token (rate ``THROTTLE_USER``; by address without)."""


class LoginThrottle(_PerAddress):
    """Per address, for HTTP Basic attempts (rate ``THROTTLE_LOGIN``), right or wrong: the
    Basic authenticator asks it (``check``) before any password is hashed (ADR 0090)."""

    scope = "login"

    def check(self, request: Request) -> None:
        """Count one attempt from ``request``'s address. Raises ``Throttled`` (429, with
        the seconds to wait) when the address is over the rate."""
        if not self.allow_request(request, None):
            raise Throttled(self.wait())


class _QuotaThrottle(_MovingWindowThrottle):
    """A rate that is a quota: its scope (of ``DEFAULT_THROTTLE_RATES``) is the quota's name."""

    def check(self, request: Request, view: Any, *, count: bool = True) -> None:
        """Count ``request`` against the rate (unless not ``count``: only whether one more
        would pass). Raises ``quota_exceeded`` (``limit``, ``period_s`` and ``retry_after``)
        when it is over it; a refused request is not counted."""
        if not self.allow_request(request, view, count=count):
            raise quota_exceeded(
                self.scope, self.num_requests, f"Over the quota {self.scope}: at most "
                f"{self.num_requests} in {self.duration} s. Try again in {self.wait()} s.",
                period_s=self.duration, retry_after=self.wait())


class MatchCreationThrottle(_QuotaThrottle, UserRateThrottle):
    """``POST /matches`` per player (rate ``RATE_MATCH_CREATIONS``), on top of the
    player's general rate."""

    scope = "match_creations"


class IdempotencyKeyThrottle(_QuotaThrottle, UserRateThrottle):
    """New ``Idempotency-Key`` claims per player (rate ``RATE_IDEMPOTENCY_KEYS``)."""

    scope = "idempotency_keys"


class PasswordRegistrationThrottle(_QuotaThrottle, _PerAddress):
    """Registrations with a password per address, with a token or without (rate
    ``RATE_PASSWORD_REGISTRATIONS``), counted before the password is checked or hashed."""

    scope = "password_registrations"


class HintThrottle(_QuotaThrottle, UserRateThrottle):
    """``GET /matches/{id}/hint`` per player (rate ``RATE_HINTS``): each is a search."""

    scope = "hints"


class AnalysisThrottle(_QuotaThrottle, UserRateThrottle):
    """New analyses per player (rate ``RATE_ANALYSES``)."""

    scope = "analyses"
