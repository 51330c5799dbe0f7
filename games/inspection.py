"""What the admin's match inspection reads: score sheet, log pages, the table at any event.
An unrevealed daily shows no card until its day closes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from . import daily, models, timeouts
from .engine import Event, MatchState, Seat, event_from_json, replay

EVENT_PAGE_SIZE = 50


@dataclass(frozen=True)
class ScoreLine:
    """One scored hand, by seat name; ``is_tiebreak``: played after the end began."""

    hand_number: int
    pass_direction: str
    points: dict[str, int]
    totals: dict[str, int]
    moon_shooter: str | None
    is_sun: bool
    is_tiebreak: bool


def score_sheet(*, match: models.Match) -> list[ScoreLine]:
    """The match's scored hands, oldest first, from its ``Hand`` rows."""
    end_started_after = match.state.get("end_started_after")
    return [ScoreLine(hand.number, hand.pass_direction, hand.points, hand.totals,
                      Seat(hand.moon_shooter).label if hand.moon_shooter is not None else None,
                      hand.is_sun, end_started_after is not None and hand.number > end_started_after)
            for hand in match.hands.order_by("number")]


def unrevealed_until(match: models.Match) -> datetime | None:
    """When the day of a daily attempt not yet over closes; None for any other match."""
    day = match.daily_date
    return daily.closes_at(day) if day is not None and not daily.is_over(day) else None


def is_unrevealed_daily(match: models.Match) -> bool:
    """Whether ``match`` is a daily attempt whose day is not over (``unrevealed_until``)."""
    return unrevealed_until(match) is not None


def shown_event(*, match: models.Match, payload: dict[str, Any]) -> dict[str, Any]:
    """A stored event's ``payload`` as the admin shows it: its type alone for an unrevealed daily."""
    return {"type": payload["type"]} if is_unrevealed_daily(match) else payload


@dataclass(frozen=True)
class LogRow:
    """One stored event as the admin shows it, ``fields`` less ``type`` and ``v``."""

    seq: int
    type: str
    seat: str | None
    at: datetime
    fields: dict[str, Any]

    @property
    def fields_json(self) -> str:
        """``fields`` as compact JSON, for the page."""
        return json.dumps(self.fields, separators=(", ", ": "))


@dataclass(frozen=True)
class EventPage:
    """Events ``first``..``last``; ``previous``/``next``: the pages' first seqs around it, or None."""

    first: int
    last: int
    version: int
    rows: list[LogRow]
    previous: int | None
    next: int | None


def event_page(*, match: models.Match, first: int, size: int = EVENT_PAGE_SIZE) -> EventPage:
    """The page of ``size`` events from seq ``first`` (clamped to 1..version), as shown."""
    version = match.version
    first = min(max(first, 1), max(version, 1))
    last = min(first + size - 1, version)
    rows = [LogRow(row.seq, row.type, Seat(row.seat).label if row.seat is not None else None,
                   row.created_at,
                   {key: value for key, value in shown_event(match=match, payload=row.payload).items()
                    if key not in ("type", "v")})
            for row in match.events.filter(seq__gte=first, seq__lte=last).order_by("seq")]
    return EventPage(first, last, version, rows, max(1, first - size) if first > 1 else None,
                     last + 1 if last < version else None)


@dataclass(frozen=True)
class TableAt:
    """The match as its log describes it right after event ``seq``: ``event`` is that event
    (written ``at``), ``state`` the replay of events 1..``seq``."""

    seq: int
    event: Event
    at: datetime
    state: MatchState
    turn_deadline: datetime | None


def table_at(*, match: models.Match, seq: int) -> TableAt:
    """``match`` replayed up to event ``seq``, with the turn deadline then; ``ValueError`` for a
    seq outside 1..``version``."""
    if not 1 <= seq <= match.version:
        raise ValueError(f"no event {seq} in a log of {match.version}")
    logged = [(event_from_json(payload), at) for payload, at in
              match.events.filter(seq__lte=seq).order_by("seq").values_list("payload", "created_at")]
    state = replay(event for event, _ in logged)
    deadline = timeouts.turn_deadline(state, match.turn_timeout_s, timeouts.turn_start(logged))
    return TableAt(seq, logged[-1][0], logged[-1][1], state, deadline)


def trick_seq(*, match: models.Match, hand_number: int, trick_number: int | None) -> int | None:
    """The seq of trick ``trick_number``'s ``trick_taken`` in hand ``hand_number`` (None: the hand's
    ``hand_dealt``), or None if there is none."""
    rows = (match.events.filter(type__in=("hand_dealt", "trick_taken")).order_by("seq")
            .values_list("seq", "type", "payload"))
    hand = None
    for seq, kind, payload in rows:
        if kind == "hand_dealt":
            hand = payload["hand_number"]
            if hand == hand_number and trick_number is None:
                return seq
        elif hand == hand_number and payload["number"] == trick_number:
            return seq
    return None
