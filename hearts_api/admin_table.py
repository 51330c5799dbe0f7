"""The admin's table at any event, replayed from the log and shown only through the seat views
the API would have served then (docs/architecture.md, "The admin")."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rest_framework.utils.encoders import JSONEncoder  # dates as the API writes them

from games import inspection
from games.engine import Seat, event_to_json, seat_view
from games.models import Match
from games.selectors import LoggedEvent

from .serializers.events import event_body
from .serializers.play import SeatViewSerializer

VIEWERS = ("all", "spectator", *(seat.label for seat in Seat))


def viewers(match: Match) -> tuple[str, ...]:
    """Whom the page may show ``match`` as, the default first; nobody for an unrevealed daily."""
    return () if inspection.is_unrevealed_daily(match) else VIEWERS


@dataclass(frozen=True)
class SeatRow:
    """One seat on the page; cards are codes, None where the viewer may not see them."""

    seat: str
    name: str | None
    bot_level: str | None
    holding: list[str] | None
    pass_given: list[str] | None
    pass_received: list[str] | None
    tricks_won: int
    hand_points: int
    score: int


@dataclass(frozen=True)
class TablePage:
    """The table after event ``at`` as ``viewer`` sees it: ``public`` its seat view (a
    spectator's for ``all``), ``view_json`` as the API serves it (None for ``all``), and
    ``event_json`` the event as its client read it (as stored, for ``all``)."""

    at: int
    version: int
    viewer: str
    position: str
    seats: list[SeatRow]
    public: dict[str, Any]
    view_json: str | None
    event_json: str


def table_page(*, match: Match, at: int, viewer: str) -> TablePage:
    """The page for ``match`` after event ``at`` as ``viewer`` sees it; ``ValueError`` for an
    ``at`` outside the log or a viewer not in ``viewers(match)``."""
    if viewer not in viewers(match):
        raise ValueError(f"{match.id} is not shown as {viewer!r}")
    table = inspection.table_at(match=match, seq=at)
    shown = list(Seat) if viewer == "all" else [] if viewer == "spectator" else [Seat.from_label(viewer)]

    def view(seat: Seat | None) -> dict[str, Any]:
        return SeatViewSerializer.body(seat_view(table.state, seat), match, at,
                                       table.turn_deadline)

    views = {seat: view(seat) for seat in shown}
    public = views[shown[0]] if len(shown) == 1 else view(None)
    rows = [_seat_row(seat, public, views.get(seat)) for seat in Seat]
    if viewer == "all":
        event = {"seq": at, "at": table.at, **event_to_json(table.event)}
        view_json = None
    else:
        viewing = shown[0] if shown else None
        event = event_body(LoggedEvent(at, table.event, table.at), viewing)
        view_json = json.dumps(public, indent=2, cls=JSONEncoder)
    return TablePage(at, match.version, viewer, _position(public), rows, public, view_json,
                     json.dumps(event, indent=2, cls=JSONEncoder))


def _seat_row(seat: Seat, public: dict[str, Any], own: dict[str, Any] | None) -> SeatRow:
    player = public["players"][seat]
    passed = own["pass"] if own is not None else None
    return SeatRow(seat.label, player["name"], player["bot_level"],
                   own["hand"] if own is not None else None,
                   passed["given"] if passed else None, passed["received"] if passed else None,
                   public["tricks_won"][seat.label], public["hand_points"][seat.label],
                   public["scores"][seat.label])


def _position(view: dict[str, Any]) -> str:
    """Where in the match the table stands, in words: ``hand 2, 5 tricks complete``."""
    if not view["hand_number"]:
        return "before the first hand"
    tricks = len(view["tricks"])
    trick = view["trick"]
    playing = f", trick {trick['number']}: {len(trick['cards'])} cards played" if trick else ""
    return f"hand {view['hand_number']}, {tricks} trick{'s' if tricks != 1 else ''} complete{playing}"
