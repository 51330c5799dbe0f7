"""The read side: a match, its state, one seat's view of it, its log of events, a
player's record, the daily challenge's attempts, and what the bots' tasks read (the move a
bot owes, the matches whose bot turn has stalled).

A daily match (``games.daily``) is hidden until its day is over from everyone but its
player: ``match_watch_get`` and ``match_visible_get``, which every read of a match goes
through, raise ``MatchNotFound`` for it, as for a match that does not exist."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, NamedTuple

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import DurationField, Exists, F, Func, OuterRef, Q, QuerySet, Window
from django.db.models.functions import Rank
from django.db.models.lookups import LessThan

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
from .engine.events import MatchCreated, SeatLeft
from .engine.state import Deal
from .errors import DailyNotFound, MatchNotFound, PlayerNotFound


@dataclass(frozen=True)
class PlayerProfile:
    """A player's ``username``, ``record`` (all zeros before their first ended match),
    ``opponents`` (one ``OpponentRecord`` per set of opponents met, sorted by it) and
    ``rating`` (None before their first rated match)."""

    username: str
    record: models.PlayerRecord
    opponents: list[models.OpponentRecord]
    rating: models.Rating | None


def player_profile_get(*, username: str) -> PlayerProfile:
    """The record and rating of the player ``username`` (``games.records``; four queries).
    Raises ``PlayerNotFound``."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise PlayerNotFound(username)
    record = models.PlayerRecord.objects.filter(player=user).first()
    return PlayerProfile(user.get_username(), record or models.PlayerRecord(player=user),
                         list(models.OpponentRecord.objects.filter(player=user)
                              .order_by("opponents")),
                         models.Rating.objects.filter(player=user).first())


def leaderboard_list() -> QuerySet[models.Rating]:
    """Every rated player and bot level (``games.ratings``), the highest conservative
    estimate first (ties: the first rated first), with the player's row joined."""
    return (models.Rating.objects.filter(matches_rated__gt=0).select_related("player")
            .order_by("-ordinal", "id"))


def match_state(match: models.Match) -> MatchState:
    """The engine state from the match's snapshot (parsed once per snapshot the row holds:
    a command's lock and its decision read the same one)."""
    parsed = match.__dict__.get("_parsed_state")
    if parsed is None or parsed[0] is not match.state:
        parsed = (match.state, state_from_json(match.state))
        match.__dict__["_parsed_state"] = parsed
    return parsed[1]


def match_seat_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser, lock: bool = False
) -> tuple[models.Match, Seat | None]:
    """The match row and ``user``'s seat in it (None: a spectator, or a player who left the
    seat to a bot), in one query. With ``lock``, the row stays locked until the transaction
    ends (``statements.match_read``). The seat is read off the row's own snapshot, not the
    ``Seat`` rows: a command that waited for the lock reads the row as the command before
    it left it, and the seat with it (another table read in the same statement would be
    as of before the wait). Raises ``MatchNotFound``."""
    match = statements.match_read(match_id, lock=lock)
    if match is None:
        raise MatchNotFound(match_id)
    if not user.is_authenticated:
        return match, None
    username = user.get_username()
    state = match_state(match)
    return match, next((seat for seat in Seat if (occupant := state.seats[seat]) is not None
                        and occupant.player == username), None)


def match_watch_get(
    *, match_id: uuid.UUID, user: AbstractBaseUser | AnonymousUser
) -> tuple[models.Match, Seat | None]:
    """``match_seat_get`` for a read of the match (its view, events, stream): raises
    ``MatchNotFound`` as well for a daily match ``user`` may not watch yet
    (``is_hidden_from``). One query."""
    match, seat = match_seat_get(match_id=match_id, user=user)
    if is_hidden_from(match, user):
        raise MatchNotFound(match_id)
    return match, seat


def match_visible_get(*, match_id: uuid.UUID,
                      user: AbstractBaseUser | AnonymousUser) -> models.Match:
    """The match row, for ``user`` to read; raises ``MatchNotFound`` when there is none and
    for a daily match ``user`` may not watch yet (``is_hidden_from``). One query."""
    match = statements.match_read(match_id, lock=False)
    if match is None or is_hidden_from(match, user):
        raise MatchNotFound(match_id)
    return match


def is_hidden_from(match: models.Match, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``match`` is a daily attempt (``daily_date``) whose day is not over and whose
    player (its creator, seated or having left the seat to a bot) is not ``user``: nobody
    else may see any of it before the deals are public."""
    return (match.daily_date is not None and match.created_by_id != user.pk
            and not daily.is_over(match.daily_date))


def daily_challenge_get(*, day: date) -> tuple[daily.Challenge, list[Deal] | None]:
    """The daily challenge of ``day`` and, once the day is over, its four deals (None
    before). Raises ``DailyNotFound`` for a day after today (UTC)."""
    _check_day(day)
    return daily.challenge(day), daily.deals(day) if daily.is_over(day) else None


def _check_day(day: date) -> None:
    """Raises ``DailyNotFound`` for a day after today (UTC): it has no challenge yet."""
    if day > daily.today():
        raise DailyNotFound(day)


def daily_attempt_get(*, day: date, user: AbstractBaseUser) -> models.DailyAttempt | None:
    """``user``'s attempt at the daily challenge of ``day``, with its match, or None."""
    return (models.DailyAttempt.objects.select_related("match")
            .filter(date=day, player=user).first())


def daily_leaderboard_list(*, day: date) -> QuerySet[models.DailyAttempt]:
    """The finished attempts at the daily challenge of ``day``: fewest points first, then
    fewest seconds, then the first finished; ``rank`` annotated (1 = the best; equal points
    and seconds share a rank), with the player's row joined. Raises ``DailyNotFound`` for a
    day after today (UTC)."""
    _check_day(day)
    return (models.DailyAttempt.objects.filter(date=day, finished_at__isnull=False)
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
    ``games.engine.redact``). Bounded by the version read, so the events end where the
    snapshot beside them stands, even while another command commits."""
    rows = match.events.filter(seq__gt=after, seq__lte=match.version).order_by("seq")[:limit]
    return [LoggedEvent(row.seq, event_from_json(row.payload), row.created_at) for row in rows]


def leaves_count(*, match: models.Match, username: str) -> int:
    """How many times the player ``username`` left ``match``'s seat: their ``seat_left``
    events (one query, on the log's index of ``seat_left`` rows)."""
    return match.events.filter(type=SeatLeft.type, payload__player=username).count()


def fixed_deals_get(*, match: models.Match) -> tuple[Deal, ...]:
    """The explicit deals ``match`` was created with (``fixed_deals`` of them, hand 1
    first), read from its log's ``match_created`` (seq 1: one query on the log's unique
    index)."""
    created = event_from_json(match.events.values_list("payload", flat=True).get(seq=1))
    assert isinstance(created, MatchCreated)
    return created.deals


# --- what the bots' tasks read ----------------------------------------------------------------


@dataclass(frozen=True)
class BotTurn:
    """A move a bot owes: the bot at ``seat``, of ``level``, must act in match ``match_id``
    at ``version``; ``view`` is all it may see, ``think_ms`` the match's search budget per
    play, ``daily`` the date of the daily challenge the match plays (None: not a daily)."""

    match_id: uuid.UUID
    version: int
    seat: Seat
    level: str
    view: SeatView
    think_ms: int
    daily: date | None = None


def stand_in_turn(*, match_id: uuid.UUID | str, deadline: datetime,
                  now: datetime) -> BotTurn | None:
    """The move a stand-in (``STAND_IN_LEVEL``) owes in match ``match_id`` for the players'
    turn that times out at ``deadline``: the first player to act, in seat order (while
    several pass at once, one after another). None when there is no such match, its turn
    deadline is no longer ``deadline`` (the turn was played) or is after ``now``
    (docs/api.md, "Nobody stalls a table")."""
    match = models.Match.objects.filter(pk=match_id).first()
    if match is None or match.turn_deadline != deadline or deadline > now:
        return None
    state = match_state(match)
    seat = next((seat for seat in state.to_act
                 if (occupant := state.seats[seat]) is not None and not occupant.is_bot), None)
    if seat is None:
        return None
    return BotTurn(match.id, match.version, seat, STAND_IN_LEVEL, seat_view(state, seat),
                   match.bot_think_ms)


def timed_out_list(*, now: datetime, limit: int) -> list[tuple[uuid.UUID, datetime]]:
    """Up to ``limit`` matches whose players' turn deadline passed before ``now``, as
    ``(match_id, turn_deadline)``, the longest overdue first."""
    rows = (models.Match.objects.filter(turn_deadline__lte=now).order_by("turn_deadline")
            .values_list("id", "turn_deadline")[:limit])
    return list(rows)


def bot_turn_get(*, match_id: uuid.UUID | str, version: int) -> BotTurn | None:
    """The bot move due in match ``match_id`` at ``version``; None when there is no such
    match, it is no longer at ``version``, or no bot is to act. While several bots must act
    (all pass at once) the first of them in seat order, north first."""
    match = models.Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version or not match.bot_to_act:
        return None
    state = match_state(match)
    seat, level = next((seat, occupant.bot_level) for seat in state.to_act
                       if (occupant := state.seats[seat]) is not None and occupant.bot_level)
    return BotTurn(match.id, match.version, seat, level, seat_view(state, seat),
                   match.bot_think_ms, match.daily_date)


class _Milliseconds(Func):
    """A whole number of milliseconds as a duration, on PostgreSQL and on SQLite (the
    embedded default), so the stall rule is one expression on both."""

    template = "(%(expressions)s) * INTERVAL '1 millisecond'"
    output_field = DurationField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        # Django keeps a duration on SQLite as its number of microseconds.
        return self.as_sql(compiler, connection, template="(%(expressions)s) * 1000", **extra)


def bot_stalled(*, now: datetime, thinking: bool = True) -> Q:
    """The stall rule, as a filter on ``Match`` rows: an unfinished match whose turn has
    sat with a bot (``bot_to_act``) for longer than ``settings.BOT_STALL_SECONDS`` beyond
    its own pause and thinking time (``bot_delay_ms`` plus ``THINK_OVERRUN`` times
    ``bot_think_ms``), as of ``now``. A match waiting out its delay, or whose expert is
    still thinking, is not stalled. The admin marks these. ``thinking=False`` leaves the
    thinking time out: the sweep's rule, which asks the task markers (``bots.markers``)
    whether a task is still thinking."""
    cutoff = now - timedelta(seconds=settings.BOT_STALL_SECONDS)
    think = models.THINK_OVERRUN * F("bot_think_ms") if thinking else 0
    allowance = _Milliseconds(F("bot_delay_ms") + think)
    # updated_at < cutoff first: it narrows on the (status, bot_to_act, updated_at) index.
    over = [models.Match.Status.FINISHED, models.Match.Status.ABORTED]
    return (Q(bot_to_act=True, updated_at__lt=cutoff) & ~Q(status__in=over)
            & Q(LessThan(F("updated_at") + allowance, cutoff)))


class StalledTurn(NamedTuple):
    """A match whose bot turn has stalled at ``version``; ``player_seated``: a player (not
    a bot) holds one of its seats."""

    match_id: uuid.UUID
    version: int
    player_seated: bool


def _players_seats() -> QuerySet[models.Seat]:
    """The seats players hold: ``has_player`` read off the ``Seat`` rows, which mirror the
    snapshot's occupants (``services._project``)."""
    return models.Seat.objects.filter(player__isnull=False)


def _player_seated() -> Exists:
    return Exists(_players_seats().filter(match=OuterRef("pk")))


def bot_stalled_list(*, now: datetime, limit: int, thinking: bool = True) -> list[StalledTurn]:
    """Up to ``limit`` matches stalled as of ``now`` (``bot_stalled``, with or without the
    thinking time), the longest-waiting first."""
    rows = (models.Match.objects.filter(bot_stalled(now=now, thinking=thinking))
            .order_by("updated_at").annotate(player_seated=_player_seated())
            .values_list("id", "version", "player_seated")[:limit])
    return [StalledTurn(*row) for row in rows]


def has_player(state: MatchState) -> bool:
    """Whether a player (not a bot) holds one of ``state``'s seats."""
    return any(occupant is not None and not occupant.is_bot for occupant in state.seats)


def player_seated(*, match_id: uuid.UUID | str) -> bool:
    """Whether a player (not a bot) holds a seat of match ``match_id`` (False for no match)."""
    return _players_seats().filter(match_id=match_id).exists()
