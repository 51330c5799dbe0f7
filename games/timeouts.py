"""When a player's turn times out (docs/api.md, "Nobody stalls a table"), for commands and replays."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from .engine import Event, MatchState
from .engine.events import CardsPassed, SeatLeft, SeatReplaced, SeatTaken


def starts_turn(event: Event) -> bool:
    """Whether ``event`` starts the next turn: any but a pass or a seat changing hands."""
    return not isinstance(event, CardsPassed | SeatTaken | SeatLeft | SeatReplaced)


def turn_deadline(state: MatchState, timeout_s: int | None,
                  turn_started_at: datetime | None) -> datetime | None:
    """``turn_started_at`` plus ``timeout_s`` seconds while a player is to act, else None."""
    if timeout_s is None or turn_started_at is None or not state.players_to_act:
        return None
    return turn_started_at + timedelta(seconds=timeout_s)


def turn_start(logged: Iterable[tuple[Event, datetime]],
               start: datetime | None = None) -> datetime | None:
    """The start of the turn after ``(event, at)`` pairs: the last that ``starts_turn``, else ``start``."""
    for event, at in logged:
        if starts_turn(event):
            start = at
    return start
