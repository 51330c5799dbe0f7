"""The daily challenge of a UTC date: its rules, bots, deals, bot seeds and results (docs/api.md)."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings
from django.utils import timezone

from . import models
from .engine import MatchState, RuleSet, Seat, SeatView
from .engine.cards import Card
from .engine.decider import shuffled_deal
from .engine.events import SeatLeft
from .engine.state import Deal, Trick

HANDS = 4  # one per pass direction of the default rotation
PLAYER_SEAT = Seat.SOUTH
BOT_SEATS = (Seat.WEST, Seat.NORTH, Seat.EAST)  # the order an opponent set names them in
OPPONENT_SETS: tuple[tuple[str, str, str], ...] = (
    ("medium", "medium", "medium"),
    ("easy", "medium", "hard"),
    ("hard", "hard", "hard"),
    ("medium", "hard", "expert"),
    ("hard", "expert", "hard"),
    ("easy", "hard", "expert"),
    ("expert", "expert", "expert"),
)
# Date D plays OPPONENT_SETS[D.toordinal() % 7]: by weekday, Sunday first.


def today() -> date:
    """Today's date in UTC (``timezone.now``): the daily open now."""
    return timezone.now().astimezone(UTC).date()


def is_over(day: date) -> bool:
    """Whether ``day`` (UTC) has ended: its deals may be shown, its matches watched."""
    return day < today()


def closes_at(day: date) -> datetime:
    """When ``day``'s challenge closes (and its deals are revealed): its end, in UTC."""
    return datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)


@dataclass(frozen=True)
class Challenge:
    """The challenge of ``day``: ``rules``, ``bot_levels`` by seat, ``hands`` and the player's ``seat``."""

    day: date
    rules: RuleSet
    bot_levels: dict[Seat, str]
    hands: int = HANDS
    seat: Seat = PLAYER_SEAT


def challenge(day: date) -> Challenge:
    """The challenge of ``day`` (any date: past, today or future)."""
    levels = OPPONENT_SETS[day.toordinal() % len(OPPONENT_SETS)]
    return Challenge(day, RuleSet(max_hands=HANDS), dict(zip(BOT_SEATS, levels, strict=True)))


def _hmac(message: str) -> bytes:
    return hmac.new(settings.DAILY_SECRET.encode(), message.encode(), hashlib.sha256).digest()


def _bits63(digest: bytes) -> int:
    """The first 63 bits of ``digest``, as a non-negative integer."""
    return int.from_bytes(digest[:8], "big") >> 1


def deal_seed(day: date, number: int) -> int:
    """The seed of deal ``number`` (1 to ``HANDS``) of ``day``: the first 63 bits of
    HMAC-SHA256(key ``settings.DAILY_SECRET``, message ``"<day ISO>:<number>"``)."""
    return _bits63(_hmac(f"{day.isoformat()}:{number}"))


def deals(day: date) -> list[Deal]:
    """The four deals of ``day``, ``shuffled_deal`` of each ``deal_seed``."""
    return [shuffled_deal(deal_seed(day, number)) for number in range(1, HANDS + 1)]


def position_key(view: SeatView) -> bytes:
    """The position a seat sees, with nothing that differs between two players' matches of a daily."""
    def trick(trick: Trick | None) -> list[object] | None:
        return None if trick is None else [trick.leader.label, cards(trick.cards)]

    def cards(held: Iterable[Card] | None) -> list[str] | None:
        return None if held is None else [str(card) for card in held]

    assert view.seat is not None
    position = {
        "seat": view.seat.label, "status": view.status.value, "hand_number": view.hand_number,
        "pass_direction": view.pass_direction.value if view.pass_direction else None,
        "hand": cards(view.hand), "pass_given": cards(view.pass_given),
        "pass_received": cards(view.pass_received), "trick": trick(view.trick),
        "tricks": [trick(done) for done in view.tricks], "scores": list(view.scores),
    }
    return json.dumps(position, sort_keys=True, separators=(",", ":")).encode()


def bot_seed(day: date, view: SeatView) -> int:
    """A bot's seed in ``day``'s challenge: the first 63 bits of HMAC-SHA256 of
    ``position_key(view)`` keyed by HMAC-SHA256(``DAILY_SECRET``, ``"<day ISO>:bots"``)."""
    key = _hmac(f"{day.isoformat()}:bots")
    return _bits63(hmac.new(key, position_key(view), hashlib.sha256).digest())


def attempt_recorded(match: models.Match, state: MatchState, ended_at: datetime) -> None:
    """Record a daily attempt finished in its day, unless its player ever left the seat."""
    if match.daily_date is None or state.result is None or ended_at >= closes_at(match.daily_date):
        return
    if models.Event.objects.filter(match=match, type=SeatLeft.type).exists():
        return
    seconds = max(0, int((ended_at - match.created_at).total_seconds()))
    models.DailyAttempt.objects.filter(match=match).update(
        points=state.totals[PLAYER_SEAT], seconds=seconds, finished_at=ended_at)
