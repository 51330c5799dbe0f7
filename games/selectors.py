"""The read side: a match, its state, one seat's view of it, its log of events, a
player's record, the daily challenge's attempts, and the move a match's bots owe.

A daily match (``games.daily``) is hidden until its day is over from everyone but its
player: ``match_watch_get`` and ``match_visible_get``, which every read of a match goes
through, raise ``not_found`` for it, as for a match that does not exist."""

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
    """A player's ``username``, ``record`` (all zeros before their first ended match),
    ``opponents`` (one ``OpponentRecord`` per set of opponents met, sorted by it) and
    ``rating`` (None before their first rated match)."""

    username: str
    record: models.PlayerRecord
    opponents: list[models.OpponentRecord]
    rating: models.Rating | None


def is_player(user: AbstractBaseUser) -> bool:
    """Whether ``user``'s account is a player's: not a staff account (``is_staff`` or
    ``is_superuser``). Staff run the service and do not play: the API refuses their
    credentials, and no profile or leaderboard shows them (``players``)."""
    return not (user.is_staff or user.is_superuser)  # type: ignore[attr-defined]


def players(relation: str = "") -> Q:
    """``is_player`` as a filter on the user model, reached through ``relation`` (a lookup
    path such as ``"player__"``; empty: the user model's own rows)."""
    return Q(**{f"{relation}is_staff": False, f"{relation}is_superuser": False})


def player_profile_get(*, username: str) -> PlayerProfile:
    """The record and rating of the player ``username`` (``games.records``; four queries).
    Raises ``not_found``, for a staff account too (``is_player``)."""
    user = get_user_model().objects.filter(players(), username=username).first()
    if user is None:
        raise ServiceError("not_found", "no such player")
    record = models.PlayerRecord.objects.filter(player=user).first()
    return PlayerProfile(user.get_username(), record or models.PlayerRecord(player=user),
                         list(models.OpponentRecord.objects.filter(player=user)
                              .order_by("opponents")),
                         models.Rating.objects.filter(player=user).first())


def leaderboard_list() -> QuerySet[models.Rating]:
    """Every rated player and bot level (``games.ratings``), the highest conservative
    estimate first (ties: the first rated first), with the player's row joined; no staff
    account (``is_player``)."""
    return (models.Rating.objects.filter(Q(player__isnull=True) | players("player__"),
                                         matches_rated__gt=0)
            .select_related("player").order_by("-ordinal", "id"))


# Parsed snapshots this process keeps, by (match id, version), the oldest dropped first.
_KEPT_STATES: dict[tuple[uuid.UUID, int], MatchState] = {}
_KEPT_LOCK = threading.Lock()
KEPT_STATES = 1024


def match_state(match: models.Match) -> MatchState:
    """The engine state from the match's snapshot: parsed once per snapshot the row holds
    (a command's lock and its decision read the same one), and once per process for each
    version read outside a transaction or committed (``keep_state``): a version's
    snapshot never changes, since only a command writes the row and each bumps its version."""
    parsed = match.__dict__.get("_parsed_state")
    if parsed is None or parsed[0] is not match.state:
        state = _KEPT_STATES.get((match.id, match.version))
        if state is None:
            state = state_from_json(match.state)
            if not connection.in_atomic_block:  # committed: a transaction's own may roll back
                keep_state(match.id, match.version, state)
        parsed = (match.state, state)
        match.__dict__["_parsed_state"] = parsed
    return parsed[1]


def keep_state(match_id: uuid.UUID, version: int, state: MatchState) -> None:
    """Keep ``state``, the committed state of match ``match_id`` at ``version``, for
    ``match_state`` (the last ``KEPT_STATES`` kept in this process)."""
    with _KEPT_LOCK:
        if len(_KEPT_STATES) >= KEPT_STATES:
            del _KEPT_STATES[next(iter(_KEPT_STATES))]
        _KEPT_STATES[(match_id, version)] = state


def match_seat_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser, lock: bool = False
) -> tuple[models.Match, Seat | None]:
    """The match row and ``user``'s seat in it (None: a spectator, or a player who left the
    seat to a bot), in one query. With ``lock``, the row stays locked until the transaction
    ends (``statements.match_read``). The seat is read off the row's own snapshot, not the
    ``Seat`` rows: a command that waited for the lock reads the row as the command before
    it left it, and the seat with it (another table read in the same statement would be
    as of before the wait). Raises ``not_found``."""
    match = statements.match_read(match_id, lock=lock)
    if match is None:
        raise match_not_found()
    return match, seat_of(match_state(match), user)


def seat_of(state: MatchState, user: AbstractBaseUser | AnonymousUser) -> Seat | None:
    """``user``'s seat in ``state`` (None: a spectator, anonymous, or a player who left the
    seat to a bot): ``MatchState.seat_of`` its username."""
    return state.seat_of(user.get_username()) if user.is_authenticated else None


def match_find(*, match_id: uuid.UUID) -> models.Match | None:
    """The match row, or None when there is none (one query). Whom it is hidden from is
    the caller's to ask (``is_hidden_from``): a read shared by several watchers."""
    return statements.match_read(match_id, lock=False)


def match_watch_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser
) -> tuple[models.Match, Seat | None]:
    """``match_seat_get`` for a read of the match (its view, events, stream): raises
    ``not_found`` as well for a daily match ``user`` may not watch yet
    (``is_hidden_from``). One query."""
    match, seat = match_seat_get(match_id=match_id, user=user)
    if is_hidden_from(match, user):
        raise match_not_found()
    return match, seat


def match_visible_get(*, match_id: uuid.UUID,
                      user: AbstractBaseUser | AnonymousUser) -> models.Match:
    """The match row, for ``user`` to read; raises ``not_found`` when there is none and
    for a daily match ``user`` may not watch yet (``is_hidden_from``). One query."""
    match = statements.match_read(match_id, lock=False)
    if match is None or is_hidden_from(match, user):
        raise match_not_found()
    return match


def is_hidden_from(match: models.Match, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``match`` is a daily attempt (``daily_date``) whose day is not over and whose
    player (its creator, seated or having left the seat to a bot) is not ``user``: nobody
    else may see any of it before the deals are public."""
    return (match.daily_date is not None and match.created_by_id != user.pk
            and not daily.is_over(match.daily_date))


def daily_challenge_get(*, day: date) -> tuple[daily.Challenge, list[Deal] | None]:
    """The daily challenge of ``day`` and, once the day is over, its four deals (None
    before). Raises ``not_found`` for a day after today (UTC)."""
    _check_day(day)
    return daily.challenge(day), daily.deals(day) if daily.is_over(day) else None


def _check_day(day: date) -> None:
    """Raises ``not_found`` for a day after today (UTC): it has no challenge yet."""
    if day > daily.today():
        raise ServiceError("not_found", f"no daily challenge for {day.isoformat()} yet")


def daily_attempt_get(*, day: date, user: AbstractBaseUser) -> models.DailyAttempt | None:
    """``user``'s attempt at the daily challenge of ``day``, with its match, or None."""
    return (models.DailyAttempt.objects.select_related("match")
            .filter(date=day, player=user).first())


def daily_leaderboard_list(*, day: date) -> QuerySet[models.DailyAttempt]:
    """The finished attempts at the daily challenge of ``day``: fewest points first, then
    fewest seconds, then the first finished; ``rank`` annotated (1 = the best; equal points
    and seconds share a rank), with the player's row joined; no staff account's
    (``is_player``). Raises ``not_found`` for a day after today (UTC)."""
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
    """The matches ``user`` created, has a seat in, or left a seat of that its bot still
    holds (the player may take it back), newest first, optionally of one status."""
    matches = models.Match.objects.filter(
        Q(seats__player=user) | Q(seats__left_by=user) | Q(created_by=user)).distinct()
    if status:
        matches = matches.filter(status=status)
    return matches.order_by("-created_at", "-id")


def lobby_list(*, user: AbstractBaseUser) -> QuerySet[models.Match]:
    """The matches ``user`` may join: at least one open seat and none of them ``user``'s
    (nor one ``user`` left: that seat is the only one they may take, and its bot holds it),
    newest first. A match waits exactly while a seat is open (the engine deals when the
    fourth is taken), so ``waiting`` is the open-seat test; the seats themselves are read
    from each row's snapshot, so a page costs one query and no more per match."""
    return (models.Match.objects.filter(status=models.Match.Status.WAITING)
            .exclude(seats__player=user).exclude(seats__left_by=user)
            .order_by("-created_at", "-id"))


@dataclass(frozen=True)
class LoggedEvent:
    """One event of a match's log: its seq, the event, and when it was written."""

    seq: int
    event: Event
    at: datetime


def event_list(*, match: models.Match, after: int, limit: int) -> list[LoggedEvent]:
    """Up to ``limit`` events with seq > ``after`` and at most the row's ``version``,
    oldest first (whole: redacting them for a seat is the caller's,
    ``games.engine.visible``). Bounded by the version read, so the events end where the
    snapshot beside them stands, even while another command commits."""
    rows = match.events.filter(seq__gt=after, seq__lte=match.version).order_by("seq")[:limit]
    return [LoggedEvent(row.seq, event_from_json(row.payload), row.created_at) for row in rows]


def event_list_spans(*, match: models.Match, spans: Iterable[tuple[int, int]]) -> list[LoggedEvent]:
    """The events with ``after < seq <= last`` for any ``(after, last)`` of ``spans`` and at
    most the row's ``version``, oldest first, each once: ``event_list`` for several readers
    at once, in one query."""
    merged: list[tuple[int, int]] = []  # overlapping spans as one
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
    """How many times the player ``username`` left ``match``'s seat: their ``seat_left``
    events (one query, on the log's index of ``seat_left`` rows)."""
    return match.events.filter(type=SeatLeft.type, payload__player=username).count()


def stood_in_last(*, match: models.Match, seat: Seat) -> bool:
    """Whether the last move of ``seat`` in ``match`` (a card played or a pass) was a
    stand-in's (``auto``): its player has not moved since their turn last timed out."""
    payload = (match.events.filter(seat=seat, type__in=(CardPlayed.type, CardsPassed.type))
               .order_by("-seq").values_list("payload", flat=True).first())
    return bool(payload and payload.get("auto"))


def fixed_deals_get(*, match: models.Match) -> tuple[Deal, ...]:
    """The explicit deals ``match`` was created with (``fixed_deals`` of them, hand 1
    first), read from its log's ``match_created`` (seq 1: one query on the log's unique
    index)."""
    created = event_from_json(match.events.values_list("payload", flat=True).get(seq=1))
    assert isinstance(created, MatchCreated)
    return created.deals


# --- what the bots read ------------------------------------------------------------------------


@dataclass(frozen=True)
class BotTurn:
    """A move owed in ``match`` (the row as read, its state parsed on it) at its version:
    the bot at ``seat``, of ``level``, must act (``auto``: a stand-in, for a player whose
    turn timed out); ``view`` is all it may see."""

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
        """The date of the daily challenge the match plays; None: not a daily (nor a
        stand-in's move, which plays as in any match)."""
        return None if self.auto else self.match.daily_date


def due_turn(*, match_id: uuid.UUID, version: int, now: datetime) -> BotTurn | None:
    """The move owed in match ``match_id`` at ``version`` as of ``now``: the first bot to act
    in seat order, else, once the players' ``turn_deadline`` has passed, a stand-in
    (``STAND_IN_LEVEL``) for the first player to act (docs/api.md, "Nobody stalls a
    table"). None when there is no such match, it is not at ``version``, or nothing is
    owed now."""
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
