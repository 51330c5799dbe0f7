"""Rate limits (DRF's sliding-window throttles) whose every refusal says when to retry.

The counters live in Django's default cache: Redis when ``REDIS_URL`` is set, so every web
process counts together, else each process's own memory (config/settings.py, ``CACHES``).
"""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import RedisError
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

logger = logging.getLogger(__name__)


class _RetryAfterThrottle(SimpleRateThrottle):
    def allow_request(self, request: Request, view: Any) -> bool:
        """DRF's check, except that while Redis cannot be reached the request is let through
        (and logged): an outage of the counters' store does not take the API down with it."""
        try:
            return super().allow_request(request, view)
        except RedisError as error:
            logger.warning("throttle counters unreachable, request not counted: %r", error)
            return True

    def wait(self) -> float:
        """Seconds (> 0) until a request may pass: until so many of the counted requests
        (``history``, newest first) leave the window that fewer than the rate remain. DRF's
        own gives None when more than the rate are counted (a rate lowered since, or counts
        from processes racing), and a 429 would then have no Retry-After."""
        counted = self.history[self.num_requests - 1] if self.num_requests else self.now
        return counted + self.duration - self.now


class AnonThrottle(_RetryAfterThrottle, AnonRateThrottle):
    """Per address, for requests without a token (rate ``THROTTLE_ANON``)."""


class UserThrottle(_RetryAfterThrottle, UserRateThrottle):
    """Per player, for requests with a token (rate ``THROTTLE_USER``; by address without)."""


class LoginThrottle(_RetryAfterThrottle):
    """Per address, for HTTP Basic attempts (rate ``THROTTLE_LOGIN``), right or wrong.

    DRF throttles after it authenticates, and a refused password ends the request there:
    no throttle of a view's ever counts a failed login. So the Basic authenticator asks
    this one first (``check``), before any password is hashed."""

    scope = "login"

    def get_cache_key(self, request: Request, view: Any) -> str:
        # By address alone: the player is not known yet (reading request.user here would
        # authenticate again, from inside authentication).
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def check(self, request: Request) -> None:
        """Count one attempt from ``request``'s address. Raises ``Throttled`` (429, with
        the seconds to wait) when the address is over the rate."""
        if not self.allow_request(request, None):
            raise Throttled(self.wait())
