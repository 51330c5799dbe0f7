"""The service layer's refusals beside the rules': ``ServiceError`` by problem code."""

from __future__ import annotations

from .bot_levels import BOT_LEVELS


class ServiceError(Exception):
    """A refusal by ``code`` (docs/api.md, "Errors"), ``message`` (None: the catalog's default
    detail for the code), ``details`` (the problem's extension members)."""

    def __init__(self, code: str, message: str | None = None, **details: object) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.details = {name: value for name, value in details.items() if value is not None}


def match_not_found() -> ServiceError:
    return ServiceError("not_found", "no such match")


def unknown_bot_level(level: str | None) -> ServiceError:
    return ServiceError("invalid_request", f"unknown bot level {level!r}: one of {', '.join(BOT_LEVELS)}")


def quota_exceeded(quota: str, limit: int, message: str, *, period_s: int | None = None,
                   retry_after: int | None = None) -> ServiceError:
    """Over ``quota``; ``period_s`` a rate's window, ``retry_after`` seconds until it frees, if known."""
    return ServiceError("quota_exceeded", message, quota=quota, limit=limit, period_s=period_s,
                        retry_after=retry_after)
