"""The service layer's refusals: what a command or read is refused for beside the rules.

The engine refuses a command for the rules (``games.engine.IllegalMove``, codes of
docs/rules.md, "Refusals"); a service or selector raises ``ServiceError`` with a code of
docs/api.md, "Errors" (the API's catalog of problems, which gives each code its status,
title and page): the match does not exist, the caller has no seat in it, the version it
expects is not current, a quota is full, ... Both carry ``code``, ``message`` and
``details``, so the API answers either with the problem of its code.
"""

from __future__ import annotations

from .bot_levels import BOT_LEVELS


class ServiceError(Exception):
    """A command or read refused by a service or selector: ``code`` (str, a problem code of
    docs/api.md, "Errors"), ``message`` (str, what happened this time; None: the code's
    title says it all) and ``details`` (the facts a caller may act on, JSON-ready, which the
    API answers as members; a None value is left out)."""

    def __init__(self, code: str, message: str | None = None, **details: object) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.details = {name: value for name, value in details.items() if value is not None}


def match_not_found() -> ServiceError:
    """No match has the id asked for (or the caller may not see it yet)."""
    return ServiceError("not_found", "no such match")


def unknown_bot_level(level: str | None) -> ServiceError:
    """A bot seat names ``level``, not one of ``BOT_LEVELS``. The API offers only those, so
    this guards the other callers: no bot move is ever owed for a level no bot plays."""
    return ServiceError("invalid_request", f"unknown bot level {level!r}: one of {', '.join(BOT_LEVELS)}")


def quota_exceeded(quota: str, limit: int, message: str, *, period_s: int | None = None,
                   retry_after: int | None = None) -> ServiceError:
    """Over one of a player's documented limits (settings ``QUOTAS``, and the rates of
    ``DEFAULT_THROTTLE_RATES``): ``quota`` (its name), ``limit``, ``period_s`` (a rate's
    window; None for a quota of things held) and ``retry_after`` (seconds until it frees by
    itself; None when only something held ending frees it)."""
    return ServiceError("quota_exceeded", message, quota=quota, limit=limit, period_s=period_s,
                        retry_after=retry_after)
