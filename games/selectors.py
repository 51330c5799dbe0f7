"""The read side: matches, states, seat views, logs, records, daily attempts, and the move owed.
A user's read of a match goes through ``match_watch_get`` or ``match_visible_get`` (the
live feed: ``match_find`` then ``is_hidden_from``)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection
from django.db.models import F, Q, QuerySet, Window
from django.db.models.functions import Rank

from . import daily, models, statements
from .bot_levels import STAND_IN_LEVEL
from .engine import (
    Event,
    MatchState,
    Seat,
    SeatView,
    event_from_json,
    seat_view,
    state_from_json,
)
from .engine.events import CardPlayed, CardsPassed, MatchCreated, SeatLeft
from .engine.state import Deal
from .errors import ServiceError, match_not_found


@dataclass(frozen=True)
class PlayerProfile:
    """A player's record (zeros before any), opponent records, and rating (None before any)."""

    username: str
    record: models.PlayerRecord
    opponents: list[models.OpponentRecord]
    rating: models.Rating | None
    bot_account: models.BotAccount | None


def is_player(user: AbstractBaseUser) -> bool:
    """Whether ``user`` is a player, not staff (``is_staff`` or ``is_superuser``): staff do not play."""
    return not (user.is_staff or user.is_superuser)  # type: ignore[attr-defined]


def players(relation: str = "") -> Q:
    """``is_player`` as a filter, through the lookup path ``relation`` (e.g. ``"player__"``)."""
    return Q(**{f"{relation}is_staff": False, f"{relation}is_superuser": False})


def player_profile_get(*, username: str) -> PlayerProfile:
    """The profile of the player ``username``; ``not_found`` for none or a staff account."""
    user = get_user_model().objects.filter(players(), username=username).first()
    if user is None:
        raise ServiceError("not_found", "no such player")
    record = models.PlayerRecord.objects.filter(player=user).first()
    return PlayerProfile(user.get_username(), record or models.PlayerRecord(player=user),
                         list(models.OpponentRecord.objects.filter(player=user)
                              .order_by("opponents")),
                         models.Rating.objects.filter(player=user).first(),
                         models.BotAccount.objects.filter(user=user).select_related("owner")
                         .first())


LEADERBOARD_KINDS = {"player": Q(player__isnull=False, player__bot_account__isnull=True),
                     "bot": Q(player__bot_account__isnull=False),
                     "builtin": Q(player__isnull=True)}


def leaderboard_list(*, kind: str | None = None) -> QuerySet[models.Rating]:
    """Every rated player and bot level, highest ``ordinal`` first (ties: first rated), no
    staff; ``kind`` (``LEADERBOARD_KINDS``) keeps people, bot accounts or built-in levels."""
    ratings = models.Rating.objects.filter(Q(player__isnull=True) | players("player__"),
                                           matches_rated__gt=0)
    if kind is not None:
        ratings = ratings.filter(LEADERBOARD_KINDS[kind])
    return ratings.select_related("player__bot_account").order_by("-ordinal", "id")


_KEPT_STATES: dict[tuple[uuid.UUID, int], MatchState] = {}
_KEPT_LOCK = threading.Lock()
KEPT_STATES = 1024


def match_state(match: models.Match) -> MatchState:
    """The state of the row's snapshot, parsed once per row and once per process for each
    committed version (``keep_state``; docs/adr/0030)."""
    parsed = match.__dict__.get("_parsed_state")
    if parsed is None or parsed[0] is not match.state:
        state = _KEPT_STATES.get((match.id, match.version))
        if state is None:
            state = state_from_json(match.state)
            if not connection.in_atomic_block:  # a transaction's own may roll back
                keep_state(match.id, match.version, state)
        parsed = (match.state, state)
        match.__dict__["_parsed_state"] = parsed
    return parsed[1]


def keep_state(match_id: uuid.UUID, version: int, state: MatchState) -> None:
    """Keep the committed ``state`` of ``match_id`` at ``version`` (the last ``KEPT_STATES``)."""
    with _KEPT_LOCK:
        if len(_KEPT_STATES) >= KEPT_STATES:
            del _KEPT_STATES[next(iter(_KEPT_STATES))]
        _KEPT_STATES[(match_id, version)] = state


def match_seat_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser, lock: bool = False
) -> tuple[models.Match, Seat | None]:
    """The match row (locked with ``lock``) and ``user``'s seat, read off its snapshot so a
    command that waited for the lock sees the seat as the last command left it, in one
    query. Raises ``not_found``."""
    match = statements.match_read(match_id, lock=lock)
    if match is None:
        raise match_not_found()
    return match, seat_of(match_state(match), user)


def seat_of(state: MatchState, user: AbstractBaseUser | AnonymousUser) -> Seat | None:
    """``user``'s seat in ``state``; None for a spectator, anonymous or not."""
    return state.seat_of(user.get_username()) if user.is_authenticated else None


def match_find(*, match_id: uuid.UUID) -> models.Match | None:
    """The match row or None, for several watchers: each asks ``is_hidden_from``."""
    return statements.match_read(match_id, lock=False)


def match_watch_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser
) -> tuple[models.Match, Seat | None]:
    """``match_seat_get`` for a read; ``not_found`` too when ``is_hidden_from`` ``user``."""
    match, seat = match_seat_get(match_id=match_id, user=user)
    if is_hidden_from(match, user):
        raise match_not_found()
    return match, seat


def match_visible_get(*, match_id: uuid.UUID,
                      user: AbstractBaseUser | AnonymousUser) -> models.Match:
    """The match row for ``user`` to read; ``not_found`` for none or ``is_hidden_from``."""
    match = statements.match_read(match_id, lock=False)
    if match is None or is_hidden_from(match, user):
        raise match_not_found()
    return match


def is_hidden_from(match: models.Match, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``match`` is another player's daily attempt whose day is not over."""
    return (match.daily_date is not None and match.created_by_id != user.pk
            and not daily.is_over(match.daily_date))


def daily_challenge_get(*, day: date) -> tuple[daily.Challenge, list[Deal] | None]:
    """The daily challenge of ``day`` and, once it is over, its deals; ``not_found`` after today."""
    _check_day(day)
    return daily.challenge(day), daily.deals(day) if daily.is_over(day) else None


def _check_day(day: date) -> None:
    """Raises ``not_found`` for a day after today (UTC)."""
    if day > daily.today():
        raise ServiceError("not_found", f"no daily challenge for {day.isoformat()} yet")


def daily_attempt_get(*, day: date, user: AbstractBaseUser) -> models.DailyAttempt | None:
    """``user``'s attempt at the daily challenge of ``day``, with its match, or None."""
    return (models.DailyAttempt.objects.select_related("match")
            .filter(date=day, player=user).first())


def daily_leaderboard_list(*, day: date) -> QuerySet[models.DailyAttempt]:
    """Finished attempts at ``day``'s challenge by fewest points, seconds, then first finished,
    with ``rank`` (ties share it); no staff. Raises ``not_found`` after today."""
    _check_day(day)
    return (models.DailyAttempt.objects.filter(players("player__"), date=day,
                                               finished_at__isnull=False)
            .select_related("player")
            .annotate(rank=Window(Rank(), order_by=[F("points").asc(), F("seconds").asc()]))
            .order_by("points", "seconds", "finished_at", "id"))


def seat_view_get(*, match: models.Match, seat: Seat | None) -> SeatView:
    """The view of ``seat`` (the spectator view for None) of the match as its row stands."""
    return seat_view(match_state(match), seat)


def match_list(*, user: AbstractBaseUser, status: str | None = None) -> QuerySet[models.Match]:
    """The matches ``user`` created, sits in or left a seat of, newest first, maybe of ``status``."""
    matches = models.Match.objects.filter(
        Q(seats__player=user) | Q(seats__left_by=user) | Q(created_by=user)).distinct()
    if status:
        matches = matches.filter(status=status)
    return matches.order_by("-created_at", "-id")


def lobby_list(*, user: AbstractBaseUser) -> QuerySet[models.Match]:
    """The matches ``user`` may join, newest first: waiting (so a seat is open) and no seat
    ``user``'s or left by them."""
    return (models.Match.objects.filter(status=models.Match.Status.WAITING, open_to_all=True)
            .exclude(seats__player=user).exclude(seats__left_by=user)
            .order_by("-created_at", "-id"))


@dataclass(frozen=True)
class LoggedEvent:
    """One event of a match's log: its seq, the event, and when it was written."""

    seq: int
    event: Event
    at: datetime


def event_list(*, match: models.Match, after: int, limit: int) -> list[LoggedEvent]:
    """Up to ``limit`` whole events with ``after < seq <= match.version``, oldest first (the
    caller applies ``visible``)."""
    rows = match.events.filter(seq__gt=after, seq__lte=match.version).order_by("seq")[:limit]
    return [LoggedEvent(row.seq, event_from_json(row.payload), row.created_at) for row in rows]


def event_list_spans(*, match: models.Match, spans: Iterable[tuple[int, int]]) -> list[LoggedEvent]:
    """``event_list`` for several ``(after, last)`` spans at once, each event once, in one query."""
    merged: list[tuple[int, int]] = []
    for after, last in sorted(spans):
        if merged and after <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
        else:
            merged.append((after, last))
    if not merged:
        return []
    wanted = Q()
    for after, last in merged:
        wanted |= Q(seq__gt=after, seq__lte=last)
    rows = match.events.filter(wanted, seq__lte=match.version).order_by("seq")
    return [LoggedEvent(row.seq, event_from_json(row.payload), row.created_at) for row in rows]


def leaves_count(*, match: models.Match, username: str) -> int:
    """How many ``seat_left`` events of the player ``username`` ``match`` has."""
    return match.events.filter(type=SeatLeft.type, payload__player=username).count()


def stood_in_last(*, match: models.Match, seat: Seat) -> bool:
    """Whether the last pass or play of ``seat`` in ``match`` was a stand-in's (``auto``)."""
    payload = (match.events.filter(seat=seat, type__in=(CardPlayed.type, CardsPassed.type))
               .order_by("-seq").values_list("payload", flat=True).first())
    return bool(payload and payload.get("auto"))


def fixed_deals_get(*, match: models.Match) -> tuple[Deal, ...]:
    """The explicit deals of ``match``, hand 1 first, from its ``match_created`` (seq 1)."""
    created = event_from_json(match.events.values_list("payload", flat=True).get(seq=1))
    assert isinstance(created, MatchCreated)
    return created.deals




@dataclass(frozen=True)
class BotTurn:
    """A move owed in ``match`` at its version by the bot of ``level`` at ``seat`` (``auto``: a
    stand-in for a timed-out player); ``view`` is all it may see."""

    match: models.Match
    seat: Seat
    level: str
    view: SeatView
    auto: bool = False

    @property
    def match_id(self) -> uuid.UUID:
        return self.match.id

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def think_ms(self) -> int:
        """The match's search budget per play, in milliseconds."""
        return self.match.bot_think_ms

    @property
    def daily(self) -> date | None:
        """The daily challenge's date; None for another match or a stand-in's move."""
        return None if self.auto else self.match.daily_date


def due_turn(*, match_id: uuid.UUID, version: int, now: datetime) -> BotTurn | None:
    """The move owed in ``match_id`` at ``version`` at ``now``: the first bot to act, else, past
    ``turn_deadline``, a stand-in for the first player to act; None if nothing is owed."""
    match = statements.match_read(match_id, lock=False)
    if match is None or match.version != version:
        return None
    state = match_state(match)
    bots, players = state.bots_to_act, state.players_to_act
    if bots:
        seat, level = bots[0]
        return BotTurn(match, seat, level, seat_view(state, seat))
    if match.turn_deadline is None or match.turn_deadline > now or not players:
        return None
    return BotTurn(match, players[0], STAND_IN_LEVEL, seat_view(state, players[0]), auto=True)
