"""The API's JSON for matches, made from the engine's domain objects, and for players'
records: one function per response shape.

The engine gives domain objects (``MatchState``, ``SeatView``, events and their redacted
stored form); this module alone turns them into the match bodies of docs/api.md (the
summary, the seat view, events, command results). Views return these dicts as they are,
and the output serializers in ``serializers`` only describe them for the schema
(``tests/api/test_presenters.py`` checks that each serializer gives back exactly what it
is handed, so none reshapes or drops a key). Plain Python: no DRF. The small bodies of
players, tokens and ``/healthz`` are written in their views.

Key order is part of the body and stays as clients have seen it: the summary's and the
view's follow their serializers' fields; an event's is ``seq``, ``type``, ``seat``,
``at``, then its stored fields (tests/api/test_presenters.py pins one of each).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from games.engine import Event, MatchState, PassDirection, Phase, Seat, SeatView, redact
from games.engine import seat_view as engine_seat_view
from games.engine.cards import format_cards
from games.engine.events import event_seat
from games.engine.state import Occupant, Trick, result_to_json

if TYPE_CHECKING:  # annotations only: the presenters need nothing of Django at run time
    from games.daily import Challenge
    from games.engine.state import Deal
    from games.models import DailyAttempt, Match, Rating
    from games.selectors import LoggedEvent, PlayerProfile


def match_summary(match: Match, state: MatchState) -> dict[str, Any]:
    """The match summary (docs/api.md, "Matches"): ``{"id", "status", "rules", "bots",
    "seats", "hand_number", "scores", "version", "created_at", "result", "fixed_deals",
    "turn_timeout_s", "daily"}``."""
    view = engine_seat_view(state, None)
    return {
        "id": match.id,
        "status": match.status,
        "rules": view.rules.to_json(),
        "bots": {"delay_ms": match.bot_delay_ms, "think_ms": match.bot_think_ms},
        "seats": [{"seat": seat.label, "kind": seat_kind(occupant),
                   "name": occupant.player if occupant else None,
                   "bot_level": occupant.bot_level if occupant else None}
                  for seat, occupant in zip(Seat, view.players, strict=True)],
        "hand_number": view.hand_number,
        "scores": _by_seat(view.scores),
        "version": match.version,
        "created_at": match.created_at,
        "result": result_to_json(view.result) if view.result else None,
        "fixed_deals": match.fixed_deals,
        "turn_timeout_s": match.turn_timeout_s,
        "daily": match.daily_date,
    }


def lobby_entry(match: Match, state: MatchState) -> dict[str, Any]:
    """A lobby entry (docs/api.md, "Matches"): the match summary plus ``open_seats``, the
    names of the seats nobody holds, north to west."""
    return {**match_summary(match, state),
            "open_seats": [seat.label for seat in state.open_seats]}


def seat_kind(occupant: Occupant | None) -> str:
    """Who sits in a seat, as the summary's ``kind`` says it: ``player``, ``bot`` or ``open``."""
    if occupant is None:
        return "open"
    return "bot" if occupant.is_bot else "player"


def match_seat_view(view: SeatView, match: Match) -> dict[str, Any]:
    """``seat_view`` of ``match`` as its row stands (its version, fixed deals and turn
    deadline)."""
    return seat_view(view, match_id=match.id, version=match.version,
                     fixed_deals=match.fixed_deals, turn_deadline=match.turn_deadline)


def seat_view(view: SeatView, *, match_id: uuid.UUID, version: int, fixed_deals: int,
              turn_deadline: datetime | None) -> dict[str, Any]:
    """The seat view (docs/api.md, "The seat view") of match ``match_id`` at ``version``;
    ``fixed_deals`` is the match row's (the engine's state keeps only the deals to come),
    ``turn_deadline`` when a stand-in moves for the players to act (``games.timeouts``).

    ``pass`` is the caller's own pass, null on a hold hand and for a spectator; it comes
    last, as in the schema.
    """
    has_pass = view.seat is not None and view.pass_direction not in (None, PassDirection.HOLD)
    return {
        "match_id": match_id,
        "version": version,
        "status": view.status.value,
        "seat": view.seat.label if view.seat is not None else None,
        "hand_number": view.hand_number,
        "pass_direction": view.pass_direction.value if view.pass_direction else None,
        "hand": format_cards(view.hand),
        "to_act": [seat.label for seat in view.to_act],
        "is_your_turn": view.is_your_turn,
        "turn_deadline": turn_deadline,
        "legal_cards": format_cards(view.legal_cards),
        "trick": _trick(view.trick) if view.trick else None,
        "tricks": [_trick(trick) for trick in view.tricks],
        "hearts_broken": view.hearts_broken,
        "tricks_won": _by_seat(view.tricks_won),
        "hand_points": _by_seat(view.hand_points),
        "scores": _by_seat(view.scores),
        "players": [{"seat": seat.label, "name": occupant.player if occupant else None,
                     "bot_level": occupant.bot_level if occupant else None}
                    for seat, occupant in zip(Seat, view.players, strict=True)],
        "rules": view.rules.to_json(),
        "result": result_to_json(view.result) if view.result else None,
        "fixed_deals": fixed_deals,
        "end_started_after": view.end_started_after,
        "pass": {
            "given": format_cards(view.pass_given) if view.pass_given else None,
            "received": format_cards(view.pass_received) if view.pass_received else None,
            "waiting_for": ([seat.label for seat in view.to_act]
                            if view.status is Phase.PASSING else []),
        } if has_pass else None,
    }


def event(seq: int, event: Event, viewer: Seat | None, at: datetime) -> dict[str, Any]:
    """An event as the API lists it (docs/api.md, "Events"): ``{"seq", "type", "seat",
    "at", …payload}``, the payload redacted for ``viewer`` (``redact``); ``seat`` is the
    seat the event is about, if any."""
    payload = redact(event, viewer)
    del payload["v"]
    about = event_seat(event)
    return {"seq": seq, "type": payload.pop("type"),
            "seat": about.label if about is not None else None, "at": at, **payload}


def events(logged: Sequence[LoggedEvent], viewer: Seat | None) -> list[dict[str, Any]]:
    """``event`` of each logged event, in order."""
    return [event(item.seq, item.event, viewer, item.at) for item in logged]


def command_result(match: Match, logged: Sequence[LoggedEvent], view: SeatView) -> dict[str, Any]:
    """A command's answer: ``{"version", "events", "view"}``, the events it appended and
    the caller's view after them, both for the caller's seat (``view.seat``)."""
    return {"version": match.version, "events": events(logged, view.seat),
            "view": match_seat_view(view, match)}


def _by_seat(values: Sequence[int]) -> dict[str, int]:
    return {seat.label: values[seat] for seat in Seat}


def _trick(trick: Trick) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": trick.number,
        "leader": trick.leader.label,
        "cards": [{"seat": seat.label, "card": str(card)} for seat, card in trick.plays],
    }
    if trick.winner is not None:
        data["winner"] = trick.winner.label
        data["points"] = trick.points
    return data


def player_profile(profile: PlayerProfile) -> dict[str, Any]:
    """A player's public profile (docs/api.md, "Players, records, ratings, daily"):
    ``{"username", "matches_played", "matches_won", "matches_shared", "matches_lost",
    "matches_aborted", "hands_played", "moons_shot", "suns_shot", "rating", "records"}``
    (``rating``: null or ``rating_figures``), each record
    ``{"opponents", "matches_finished", "matches_won", "matches_shared", "fastest_win"}``
    and the fastest win null or ``{"hands", "match_id", "ended_at", "seat", "scores",
    "moons"}``."""
    record = profile.record
    return {
        "username": profile.username,
        **{field: getattr(record, field) for field in (
            "matches_played", "matches_won", "matches_shared", "matches_lost",
            "matches_aborted", "hands_played", "moons_shot", "suns_shot")},
        "rating": rating_figures(profile.rating) if profile.rating else None,
        "records": [{
            "opponents": entry.opponents,
            "matches_finished": entry.matches_finished,
            "matches_won": entry.matches_won,
            "matches_shared": entry.matches_shared,
            "fastest_win": None if entry.fastest_win_hands is None else {
                "hands": entry.fastest_win_hands,
                "match_id": entry.fastest_win_match_id,
                "ended_at": entry.fastest_win_ended_at,
                "seat": Seat(entry.fastest_win_seat).label,
                # jsonb keeps no key order: the body's is the schema's
                "scores": {seat.label: entry.fastest_win_scores[seat.label] for seat in Seat},
                "moons": [{"hand": moon["hand"], "seat": moon["seat"], "sun": moon["sun"]}
                          for moon in entry.fastest_win_moons],
            },
        } for entry in profile.opponents],
    }


def rating_figures(rating: Rating) -> dict[str, Any]:
    """A rating as the API shows it: ``{"conservative", "mu", "sigma", "matches_rated"}``,
    where ``conservative`` is the estimate ``mu - 3 sigma`` (``games.ratings``)."""
    return {"conservative": rating.ordinal, "mu": rating.mu, "sigma": rating.sigma,
            "matches_rated": rating.matches_rated}


def leaderboard_entry(rating: Rating, rank: int) -> dict[str, Any]:
    """One row of the leaderboard: ``{"rank", "kind", "name", "rating"}``, where ``kind``
    is ``player`` (``name``: the username) or ``bot`` (``name``: the level) and ``rating``
    is ``rating_figures``."""
    player = rating.player
    return {"rank": rank, "kind": "player" if player else "bot",
            "name": player.get_username() if player else rating.bot_level,
            "rating": rating_figures(rating)}


def daily_challenge(challenge: Challenge, closes_at: datetime, deals: Sequence[Deal] | None,
                    attempt: DailyAttempt | None) -> dict[str, Any]:
    """A day's daily challenge (docs/api.md, "Players, records, ratings, daily"):
    ``{"date", "closes_at", "rules", "seat", "bot_levels", "hands", "deals", "attempt"}``;
    ``bot_levels`` by seat (west, north, east), ``deals`` null until the day is over, then
    each ``{"north", "east", "south", "west"}`` of 13 card codes, and ``attempt`` null or the
    caller's ``{"match_id", "status"}``."""
    return {
        "date": challenge.day.isoformat(),
        "closes_at": closes_at,
        "rules": challenge.rules.to_json(),
        "seat": challenge.seat.label,
        "bot_levels": {seat.label: level for seat, level in challenge.bot_levels.items()},
        "hands": challenge.hands,
        "deals": None if deals is None else [
            {seat.label: format_cards(deal[seat]) for seat in Seat} for deal in deals],
        "attempt": None if attempt is None else {"match_id": attempt.match_id,
                                                 "status": attempt.match.status},
    }


def daily_leaderboard_entry(attempt: DailyAttempt) -> dict[str, Any]:
    """One row of a day's leaderboard: ``{"rank", "username", "points", "seconds",
    "finished_at"}`` (``rank`` annotated by ``selectors.daily_leaderboard_list``)."""
    return {"rank": attempt.rank,  # type: ignore[attr-defined]
            "username": attempt.player.get_username(), "points": attempt.points,
            "seconds": attempt.seconds, "finished_at": attempt.finished_at}
