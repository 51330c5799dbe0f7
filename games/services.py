"""The write side: each command runs in one transaction and appends its events.

A command locks the match row (``statements.match_read``), checks the optional
expected version, asks the engine to ``step``, deals any hand that is due,
inserts the events with their trick and hand rows, rewrites the snapshot, the players' turn
deadline (``games.timeouts``) and the move the bots owe (``games.dispatch``) in one statement
(``games.statements``), and, when the match ends, the players' records (``games.records``),
before the commit. After the commit ``match_advanced`` announces the new version. Two
concurrent commands on one match serialise on the row lock: the second sees the first one's
state, so no event is lost or duplicated.

A refusal raises either the engine's ``IllegalMove`` (a rule, with its code) or one of
this layer's own ``games.errors`` (``not_found``, ``not_seated``, ``stale_version``,
``invalid_request``, ``quota_exceeded``); nothing is written then.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.utils import timezone

from . import daily, dispatch, models, quotas, records, statements, timeouts
from .bot_levels import BOT_LEVELS
from .engine import (
    NEW_MATCH,
    AbortMatch,
    Card,
    Command,
    CreateMatch,
    DealHand,
    Event,
    IllegalMove,
    LeaveSeat,
    MatchState,
    PassCards,
    Phase,
    PlayCard,
    ReplaceSeat,
    RuleSet,
    Seat,
    TakeSeat,
    event_seat,
    event_to_json,
    state_to_json,
    step,
)
from .engine.cards import format_cards
from .engine.events import HandScored, MatchCreated, SeatLeft, SeatReplaced, SeatTaken, TrickTaken
from .engine.state import Deal
from .errors import ServiceError, match_not_found, quota_exceeded, unknown_bot_level
from .selectors import (
    LoggedEvent,
    fixed_deals_get,
    keep_state,
    leaves_count,
    match_seat_get,
    match_state,
    stood_in_last,
)
from .signals import match_advanced


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new match: ``kind`` is ``player`` (the creator), ``bot`` or ``open``."""

    kind: str
    bot_level: str | None = None


@dataclass(frozen=True)
class BotOptions:
    """How a match's bots move: ``delay_ms`` (0..10000) is a pause before each bot move, so
    people can follow the table; ``think_ms`` (10..5000) is a searching bot's (expert's) time
    budget per move. Both in milliseconds; the API validates the ranges."""

    delay_ms: int = models.BOT_DELAY_MS_DEFAULT
    think_ms: int = models.BOT_THINK_MS_DEFAULT


@dataclass(frozen=True)
class CommandResult:
    """A committed command: the match row, the state after it, the events it appended, and
    the seat that passed or played (None for the other commands), whose view answers it."""

    match: models.Match
    state: MatchState
    events: list[LoggedEvent]
    seat: Seat | None = None


def match_create(
    *,
    creator: AbstractBaseUser,
    seats: Sequence[SeatSpec],
    rules: RuleSet,
    deals: Sequence[Sequence[Sequence[Card]]] = (),
    bots: BotOptions = BotOptions(),
    turn_timeout_s: int | None = None,
    daily_date: date | None = None,
) -> CommandResult:
    """Create a match with four seats (north, east, south, west), its ``bots`` options and
    its ``turn_timeout_s`` (seconds, ``models.TURN_TIMEOUT_S_MIN`` to ``_MAX``; None:
    ``settings.OPEN_SEAT_TURN_TIMEOUT_S`` when a seat is open, else players' turns never
    time out; the API validates the range), and, if every seat is taken, deal its first
    hand. ``deals``, if any, are the first hands; the row's ``fixed_deals`` counts them.
    ``daily_date``: the daily challenge the match is the creator's attempt at
    (``daily_match_create``). Its bots' moves are charged to ``creator``. Raises
    ``invalid_request`` for a bot seat whose level is not in ``BOT_LEVELS``,
    ``quota_exceeded`` (``quotas.check_match_create``), both before anything is written, and
    ``IllegalMove`` for an invalid deal."""
    open_seat = any(spec.kind == "open" for spec in seats)
    if turn_timeout_s is None and open_seat:
        turn_timeout_s = settings.OPEN_SEAT_TURN_TIMEOUT_S
    commands: list[Command] = [CreateMatch(rules, tuple(tuple(map(tuple, d)) for d in deals))]  # type: ignore[arg-type]
    for seat, spec in zip(Seat, seats, strict=True):
        if spec.kind == "player":
            commands.append(TakeSeat(seat, player=creator.get_username()))
        elif spec.kind == "bot":
            if spec.bot_level not in BOT_LEVELS:
                raise unknown_bot_level(spec.bot_level)
            commands.append(TakeSeat(seat, bot_level=spec.bot_level))
    with transaction.atomic():
        quotas.check_match_create(creator, open_seat=open_seat, expert=any(
            spec.kind == "bot" and spec.bot_level == "expert" for spec in seats))
        dispatch.enrol(creator, timezone.now())
        match = models.Match.objects.create(id=uuid.uuid4(), created_by=creator, state={},
                                            bot_delay_ms=bots.delay_ms,
                                            bot_think_ms=bots.think_ms,
                                            fixed_deals=len(deals), turn_timeout_s=turn_timeout_s,
                                            daily_date=daily_date)
        return _run(match, NEW_MATCH, commands, users={creator.get_username(): creator})


def daily_match_create(*, player: AbstractBaseUser, day: date) -> CommandResult:
    """Create ``player``'s one match of the daily challenge of ``day`` (``games.daily``):
    the player in south, the day's bots, rules and four deals (so ``fixed_deals`` 4), and
    its ``DailyAttempt`` row in the same transaction; the bots then move as in any match.

    Raises ``daily_closed`` when ``day`` is not today (UTC), and ``daily_attempted`` when
    the player has an attempt at it already, also when two requests race: the attempt's
    unique (date, player) lets one commit, and the other, rolled back whole, is refused."""
    today = daily.today()
    if day != today:
        raise ServiceError("daily_closed", f"the daily challenge of {day.isoformat()} "
                           f"{'is over' if day < today else 'has not begun'}; today's is "
                           f"{today.isoformat()} (UTC)")
    _refuse_second_attempt(day, player)
    challenge = daily.challenge(day)
    seats = [SeatSpec("player") if seat is daily.PLAYER_SEAT
             else SeatSpec("bot", challenge.bot_levels[seat]) for seat in Seat]
    try:
        with transaction.atomic():
            result = match_create(creator=player, seats=seats, rules=challenge.rules,
                                  deals=daily.deals(day), daily_date=day)
            models.DailyAttempt.objects.create(date=day, player=player, match=result.match)
    except IntegrityError:
        _refuse_second_attempt(day, player)  # the racing attempt that committed first
        raise
    return result


def _refuse_second_attempt(day: date, player: AbstractBaseUser) -> None:
    """Raises ``daily_attempted`` when ``player`` has an attempt at ``day`` already."""
    earlier = models.DailyAttempt.objects.filter(date=day, player=player).first()
    if earlier is not None:
        raise ServiceError("daily_attempted", "you have played the daily challenge of "
                           f"{day.isoformat()} already: match {earlier.match_id}",
                           match_id=str(earlier.match_id))


def match_join(*, match_id: uuid.UUID, player: AbstractBaseUser, seat: Seat | None) -> CommandResult:
    """Seat ``player`` in ``seat`` (None: the first open seat, or the seat the player left
    while its bot still holds it); deals when the table fills.

    Raises ``not_found``, and ``IllegalMove``: ``match_finished``, ``already_seated``
    (also for another seat than the one the player left), ``seat_taken``, ``match_full``.
    """
    with transaction.atomic():
        match = _lock(match_id)
        command = TakeSeat(seat, player=player.get_username())
        return _run(match, match_state(match), [command], users={player.get_username(): player})


def cards_pass(
    *, match_id: uuid.UUID, player: AbstractBaseUser, cards: Sequence[Card],
    expected_version: int | None = None, requested_at: datetime | None = None,
) -> CommandResult:
    """Pass ``cards`` from the player's seat (docs/rules.md, "Pass"); ``requested_at``:
    when the request came in (``_lock_seat``).

    Raises ``not_found``, ``not_seated``, ``stale_version`` (in that order), then the
    engine's ``IllegalMove``."""
    with transaction.atomic():
        match, seat = _lock_seat(match_id, player, expected_version, requested_at)
        return _run(match, match_state(match), [PassCards(seat, tuple(cards))], seat=seat)


def card_play(
    *, match_id: uuid.UUID, player: AbstractBaseUser, card: Card,
    expected_version: int | None = None, requested_at: datetime | None = None,
) -> CommandResult:
    """Play ``card`` from the player's seat (docs/rules.md, "Following" to "Winning a
    trick"); ``requested_at``: when the request came in (``_lock_seat``).

    Raises ``not_found``, ``not_seated``, ``stale_version`` (in that order), then the
    engine's ``IllegalMove``."""
    with transaction.atomic():
        match, seat = _lock_seat(match_id, player, expected_version, requested_at)
        return _run(match, match_state(match), [PlayCard(seat, card)], seat=seat)


def seat_leave(*, match_id: uuid.UUID, player: AbstractBaseUser, bot_level: str) -> CommandResult:
    """The player's seat passes to a bot of ``bot_level`` for the rest of the match, until
    the player takes it back with ``match_join`` (docs/api.md, "Commands"). A player may
    leave a match ``QUOTAS["leaves_per_match"]`` times.

    Raises ``invalid_request``, ``not_found``, ``not_seated``, ``quota_exceeded``
    (``leaves_per_match``: the player's ``seat_left`` events in the match number that
    many; ``unfinished_expert_matches``: an expert would take the match's creator over
    it), then the engine's ``IllegalMove`` (``match_finished``)."""
    if bot_level not in BOT_LEVELS:
        raise unknown_bot_level(bot_level)
    with transaction.atomic():
        match, seat = _lock_seat(match_id, player, None)
        limit = settings.QUOTAS["leaves_per_match"]
        if leaves_count(match=match, username=player.get_username()) >= limit:
            raise quota_exceeded("leaves_per_match", limit,
                                 f"you have left this match {limit} times, the most a player may")
        quotas.check_expert_seat(match, match_state(match), bot_level)
        return _run(match, match_state(match), [LeaveSeat(seat, bot_level)],
                    users={player.get_username(): player})


def seat_replace(*, match_id: uuid.UUID, by: AbstractBaseUser, seat: Seat, bot_level: str,
                 now: datetime) -> CommandResult:
    """The match's creator (``by``) replaces the player in ``seat`` with a bot of
    ``bot_level`` for the rest of the match (a ``seat_replaced``; the player may not take the
    seat back), once that player is overdue as of ``now``: their turn's deadline has passed,
    or a stand-in has moved for them since they last moved (docs/api.md, "Nobody stalls a
    table").

    Raises ``invalid_request``, ``not_found``, ``not_creator``, ``not_replaceable``,
    ``quota_exceeded`` (``unfinished_expert_matches``, as for a leave), and the engine's
    ``IllegalMove`` (``match_finished``) for an ended match."""
    if bot_level not in BOT_LEVELS:
        raise unknown_bot_level(bot_level)
    with transaction.atomic():
        match = _lock(match_id)
        if match.created_by_id != by.pk:
            raise ServiceError("not_creator", "only the match's creator may replace a player")
        state = match_state(match)
        occupant = state.seats[seat]
        users = {}
        if not state.is_over:  # an ended match: the engine refuses it, match_finished
            if occupant is None or occupant.player is None:
                raise ServiceError("not_replaceable", f"no player holds {seat.label}")
            overdue = (seat in state.to_act and match.turn_deadline is not None
                       and match.turn_deadline <= now)
            if not overdue and not stood_in_last(match=match, seat=seat):
                raise ServiceError("not_replaceable", f"{occupant.player} in {seat.label} is not "
                                   "overdue: their turn has not timed out, and no stand-in has "
                                   "moved for them since they last did")
            quotas.check_expert_seat(match, state, bot_level)
            users = {occupant.player: models.Seat.objects.get(match=match, position=seat).player}
        return _run(match, state, [ReplaceSeat(seat, bot_level)], users=users)


def match_cancel(*, match_id: uuid.UUID, by: AbstractBaseUser) -> CommandResult:
    """The creator (``by``) calls off a match still waiting for players: a ``match_aborted``
    before any deal, which frees its place in the creator's quotas.

    Raises ``not_found``, ``not_creator``, then the engine's ``IllegalMove``:
    ``match_finished`` when it has ended, ``wrong_phase`` once its first hand is dealt."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.created_by_id != by.pk:
            raise ServiceError("not_creator", "only the match's creator may cancel it")
        state = match_state(match)
        if not state.is_over and state.phase is not Phase.WAITING:
            raise IllegalMove("wrong_phase", "only a match still waiting for players may be "
                                             "cancelled: this one has started")
        return _run(match, state, [AbortMatch(CANCELLED)])


# The reason a cancelled match's match_aborted gives.
CANCELLED = "cancelled by its creator before it started"


def match_abort(*, match_id: uuid.UUID, reason: str) -> CommandResult:
    """Stop the match for ``reason`` (non-empty text: an operator's words, shown to every
    seat in the ``match_aborted`` event); it ends with no result and takes no more commands.

    Raises ``not_found``, ``ValueError`` for an empty reason, and the engine's
    ``IllegalMove`` (``match_finished``) when the match is already over."""
    if not reason.strip():
        raise ValueError("an abort needs a reason")
    with transaction.atomic():
        match = _lock(match_id)
        return _run(match, match_state(match), [AbortMatch(reason.strip())])


def seat_command(
    *, match_id: uuid.UUID, command: PassCards | PlayCard, expected_version: int,
    lease: uuid.UUID | None = None, read: models.Match | None = None,
) -> CommandResult:
    """Run a pass or play for a seat named in ``command`` (the entry point of the bots, who
    have no user, and of a timed-out player's stand-in, whose command is ``auto``), the move
    of the worker's ``lease`` on it (``games.dispatch``). The same checks as a player's
    command, and the version must be current. ``read``: the row as read at
    ``expected_version`` (the bot's turn, ``selectors.due_turn``); only its version is then
    locked and compared, the row not read again (only a command changes it, and each
    command its version).

    Raises ``not_found``, ``stale_version``, then the engine's ``IllegalMove``."""
    with transaction.atomic():
        if read is not None and read.id == match_id and read.version == expected_version:
            version = statements.match_version_lock(match_id)
            if version is None:
                raise match_not_found()
            if version != expected_version:
                raise ServiceError("stale_version", f"version {expected_version} is not current "
                                   f"({version})", version=version)
            match = read
        else:
            match = _lock(match_id)
            _check_version(match, expected_version)
        return _run(match, match_state(match), [command], lease=lease)


def _lock(match_id: uuid.UUID) -> models.Match:
    """The match row, locked until the transaction ends; raises ``not_found``."""
    match = statements.match_read(match_id, lock=True)
    if match is None:
        raise match_not_found()
    return match


def _check_version(match: models.Match, expected_version: int | None) -> None:
    """Raises ``stale_version`` unless ``expected_version`` is None or the current one."""
    if expected_version is not None and expected_version != match.version:
        raise ServiceError("stale_version", f"version {expected_version} is not current "
                           f"({match.version})", version=match.version)


def _lock_seat(
    match_id: uuid.UUID, player: AbstractBaseUser, expected_version: int | None,
    requested_at: datetime | None = None,
) -> tuple[models.Match, Seat]:
    """Lock the match and find the player's seat (one query), then check the expected
    version, and that no stand-in moved for the seat after ``requested_at`` (when the
    request came in): a move sent for the turn a stand-in has just played must not land on
    the next one (the seat that takes the trick leads again). Raises ``not_found``,
    ``not_seated``, ``stale_version``, in that order."""
    match, seat = match_seat_get(match_id=match_id, user=player, lock=True)
    if seat is None:
        raise ServiceError("not_seated", "you have no seat in this match")
    _check_version(match, expected_version)
    if requested_at is not None and match.updated_at > requested_at:
        since = match.events.filter(seat=seat, created_at__gt=requested_at)
        if any(payload.get("auto") for payload in since.values_list("payload", flat=True)):
            raise ServiceError("stale_version", "a stand-in moved for your seat after this request "
                               "came in (your turn had timed out); the match is at "
                               f"{match.version}", version=match.version)
    return match, seat


def _run(
    match: models.Match,
    state: MatchState,
    commands: Sequence[Command],
    users: dict[str, AbstractBaseUser] | None = None,
    seat: Seat | None = None,
    lease: uuid.UUID | None = None,
) -> CommandResult:
    """Step each command in turn, deal any hand that falls due, and persist everything;
    ``seat`` is the sender's, for the result, ``lease`` the worker's whose move it is. Hand
    n is the match's explicit deal n while n <= ``match.fixed_deals`` (from the
    ``match_created`` of this run, or else read from the log when such a hand is due), else
    a shuffle."""
    events: list[Event] = []
    rows: list[Model] = []
    fixed: tuple[Deal, ...] | None = None  # the match's explicit deals, once one is due
    for command in commands:
        before = state
        new, state = step(state, command)
        events += new
        rows += [row for event in new for row in _project(match, before, event, state, users or {})]
        while state.phase is Phase.DEALING:
            number = state.hands_played + 1
            if number <= match.fixed_deals:
                if fixed is None:
                    created = next((e for e in events if isinstance(e, MatchCreated)), None)
                    fixed = (created.deals if created is not None
                             else fixed_deals_get(match=match))
                deal = DealHand(holdings=fixed[number - 1])
            else:
                # The deal's randomness comes from the OS CSPRNG and is recorded in hand_dealt.
                deal = DealHand(seed=secrets.randbits(63))
            new, state = step(state, deal)
            events += new
    now = timezone.now()  # the events' time and the row's: one instant, the command's
    appended = [models.Event(match=match, seq=seq, type=event.type, payload=event_to_json(event),
                             seat=event_seat(event), created_at=now)
                for seq, event in enumerate(events, start=match.version + 1)]
    logged = [LoggedEvent(row.seq, event, now) for row, event in zip(appended, events, strict=True)]
    rows = [*appended, *rows]
    match.version += len(events)
    match.state = state_to_json(state)
    match.status = state.phase.value
    match.bot_to_act = bool(state.bots_to_act)
    match.turn_started_at = timeouts.turn_start(((e.event, e.at) for e in logged),
                                                match.turn_started_at)
    match.turn_deadline = timeouts.turn_deadline(state, match.turn_timeout_s, match.turn_started_at)
    match.updated_at = now
    due = dispatch.due_work(match, state, now)
    statements.command_write(match, rows, ["version", "state", "status", "bot_to_act",
                                           "turn_started_at", "turn_deadline", "updated_at"],
                             due, lease)
    if logged and logged[-1].event.type in records.RECORDED_EVENTS:
        records.match_recorded(match, state, logged[-1].at)  # reads the hand rows just written
        daily.attempt_recorded(match, state, logged[-1].at)
    match_id, version = match.id, match.version
    due_at = due.due_at if due is not None else None
    transaction.on_commit(lambda: keep_state(match_id, version, state))
    transaction.on_commit(lambda: match_advanced.send(
        sender=models.Match, match_id=match_id, version=version, due_at=due_at))
    return CommandResult(match, state, logged, seat)


def _project(match: models.Match, before: MatchState, event: Event, after: MatchState,
             users: dict[str, AbstractBaseUser]) -> list[Model]:
    """The projection rows an event changes, read off the states around the command that
    caused it (before any hand it leaves due is dealt): a seat's row is
    written here, a trick's or a hand's is returned, new, to go with the command's own
    statement (``statements.command_write``); ``users`` are the players the command names,
    by username."""
    hand = after.hand
    if isinstance(event, SeatTaken | SeatLeft | SeatReplaced):
        occupant = after.seats[event.seat]
        assert occupant is not None
        seat = {"player": users.get(occupant.player or ""), "bot_level": occupant.bot_level or "",
                "left_by": users.get(occupant.left_by or "")}
        if before.seats[event.seat] is None:
            models.Seat.objects.create(match=match, position=event.seat, **seat)
        else:  # a seat changing hands: left to its bot, or taken back
            models.Seat.objects.filter(match=match, position=event.seat).update(**seat)
    elif isinstance(event, TrickTaken) and hand is not None:
        trick = hand.tricks[-1]
        return [models.Trick(match=match, hand_number=hand.number, number=trick.number,
                             leader=trick.leader, winner=event.winner, points=event.points,
                             cards=format_cards(trick.cards))]
    elif isinstance(event, HandScored) and hand is not None:
        data = event.to_json()
        return [models.Hand(match=match, number=event.hand_number,
                            pass_direction=hand.pass_direction.value, points=data["points"],
                            totals=data["totals"], moon_shooter=event.moon_shooter,
                            is_sun=event.is_sun)]
    return []
