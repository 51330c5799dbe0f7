"""The service layer's own refusals: what a command is refused for before the engine sees it.

The engine refuses a command for the rules (``games.engine.IllegalMove``, codes of
docs/rules.md, "Refusals"); these are the service's own: the match does not exist, the
caller has no seat in it, the version it expects is not current, a bot seat names a level
no bot plays, a daily challenge that is closed or already played. Each class
is one meaning, with its ``code`` of docs/api.md, "Errors", and the facts worth telling
the caller in ``details`` (JSON-ready), the same three attributes ``IllegalMove`` has, so
the API maps either kind to its problem by ``code``.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import date
from typing import ClassVar

from .bot_levels import BOT_LEVELS


class ServiceError(Exception):
    """A command or read refused by a service or selector. Subclasses set ``code``
    (str, a code of docs/api.md, "Errors"); ``message`` (str) says what happened this
    time; ``details`` (a mapping, JSON-ready) holds the facts a caller may act on."""

    code: ClassVar[str]

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    @property
    def details(self) -> Mapping[str, object]:
        """Facts for the caller beyond the message; none unless a subclass says so."""
        return {}


class MatchNotFound(ServiceError):
    """No match has the id ``match_id`` (uuid.UUID)."""

    code = "not_found"

    def __init__(self, match_id: uuid.UUID) -> None:
        super().__init__("no such match")
        self.match_id = match_id


class PlayerNotFound(ServiceError):
    """No player has the username ``username`` (str)."""

    code = "not_found"

    def __init__(self, username: str) -> None:
        super().__init__("no such player")
        self.username = username


class NotSeated(ServiceError):
    """A seat's command came from a player with no seat in the match (docs/api.md,
    "Errors": reads answer the spectator view instead, so only commands raise this)."""

    code = "not_seated"

    def __init__(self) -> None:
        super().__init__("you have no seat in this match")


class StaleVersion(ServiceError):
    """The ``expected`` version (int) is not the match's current ``version`` (int):
    someone acted since the caller read the match. ``details`` gives the current version,
    which the caller reads the match again at."""

    code = "stale_version"

    def __init__(self, expected: int | None, version: int, message: str | None = None) -> None:
        super().__init__(message or f"version {expected} is not current ({version})")
        self.expected = expected
        self.version = version

    @property
    def details(self) -> Mapping[str, object]:
        return {"version": self.version}


class StoodIn(StaleVersion):
    """A player's pass or play came in before a stand-in moved for the seat (its turn had
    timed out), so it was meant for a turn that is over; the current ``version`` (int) is
    the one to read the match at. The same meaning to a client as any stale version (no
    version was expected: ``expected`` is None)."""

    def __init__(self, version: int) -> None:
        super().__init__(None, version, "a stand-in moved for your seat after this request came "
                                        f"in (your turn had timed out); the match is at {version}")


class UnknownBotLevel(ServiceError):
    """A bot seat of a new match names ``level`` (str, or None for none), which is not
    one of ``games.bot_levels.BOT_LEVELS``. The API offers only those, so this guards the
    other callers: no bot task is ever queued for a level it cannot play."""

    code = "invalid_request"

    def __init__(self, level: str | None) -> None:
        super().__init__(f"unknown bot level {level!r}: one of {', '.join(BOT_LEVELS)}")
        self.level = level


class DailyNotFound(ServiceError):
    """The daily challenge of ``day`` (datetime.date) is not public yet: ``day`` is after
    today (UTC). The same meaning to a caller as any address with nothing there."""

    code = "not_found"

    def __init__(self, day: date) -> None:
        super().__init__(f"no daily challenge for {day.isoformat()} yet")
        self.day = day


class DailyClosed(ServiceError):
    """A daily match was asked for ``day`` (datetime.date), which is not today (UTC): a
    past day's challenge is over (its deals are public), a future day's not open yet."""

    code = "daily_closed"

    def __init__(self, day: date, today: date) -> None:
        when = "is over" if day < today else "has not begun"
        super().__init__(f"the daily challenge of {day.isoformat()} {when}; today's is "
                         f"{today.isoformat()} (UTC)")
        self.day = day


class DailyAttempted(ServiceError):
    """The player has had their one attempt at the daily challenge of ``day``
    (datetime.date): the match ``match_id`` (uuid.UUID), which ``details`` gives."""

    code = "daily_attempted"

    def __init__(self, day: date, match_id: uuid.UUID) -> None:
        super().__init__(f"you have played the daily challenge of {day.isoformat()} already: "
                         f"match {match_id}")
        self.day = day
        self.match_id = match_id

    @property
    def details(self) -> Mapping[str, object]:
        return {"match_id": str(self.match_id)}


class NotCreator(ServiceError):
    """Only the match's creator may do this (replace a player with a bot, cancel it)."""

    code = "not_creator"

    def __init__(self, message: str = "only the match's creator may replace a player") -> None:
        super().__init__(message)


class NotReplaceable(ServiceError):
    """The seat named holds no player, or its player is not overdue: their turn has not
    timed out, and no stand-in has moved for them since they last did."""

    code = "not_replaceable"


class QuotaExceeded(ServiceError):
    """A request over one of the documented limits of a player (settings ``QUOTAS`` and
    the rates of ``DEFAULT_THROTTLE_RATES``): ``quota`` (str, its name), ``limit`` (int),
    ``period_s`` (int: the window of a rate; None for a quota of things held) and
    ``retry_after`` (int seconds until it frees by itself; None when it frees only as
    something held ends). ``details`` gives all that are set."""

    code = "quota_exceeded"

    def __init__(self, quota: str, limit: int, message: str, *, period_s: int | None = None,
                 retry_after: int | None = None) -> None:
        super().__init__(message)
        self.quota, self.limit, self.period_s, self.retry_after = quota, limit, period_s, retry_after

    @property
    def details(self) -> Mapping[str, object]:
        found = {"quota": self.quota, "limit": self.limit, "period_s": self.period_s,
                 "retry_after": self.retry_after}
        return {name: value for name, value in found.items() if value is not None}
