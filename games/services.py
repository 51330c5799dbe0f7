"""The write side: each command locks its match, ``step``s, and writes its events, projections,
snapshot and owed move in one transaction (docs/architecture.md, "A command"). Refusals are
the engine's ``IllegalMove`` or a ``ServiceError``; nothing is written then."""

from __future__ import annotations

import dataclasses
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

from . import (
    arena_tables,
    bot_accounts,
    daily,
    dispatch,
    invitations,
    lessons,
    locks,
    models,
    quotas,
    records,
    statements,
    timeouts,
    webhooks,
)
from .bot_levels import BOT_LEVELS, STAND_IN_LEVEL
from .engine import (
    NEW_MATCH,
    AbortMatch,
    Card,
    Command,
    CreateMatch,
    DealHand,
    EndLesson,
    Event,
    IllegalMove,
    InviteSeat,
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
from .engine.events import (
    HandScored,
    MatchAborted,
    MatchCreated,
    MatchEnded,
    SeatInvited,
    SeatLeft,
    SeatReleased,
    SeatReplaced,
    SeatTaken,
    TrickTaken,
)
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
from .signals import MATCH_ADVANCED_CHANNEL, announcement, match_advanced


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new match: ``kind`` is ``player`` (the creator), ``bot``, ``open`` or
    ``invited`` (held for ``username``)."""

    kind: str
    bot_level: str | None = None
    username: str | None = None


def default_think_ms() -> int:
    """A searching bot's budget per move when a match does not say: the default, within the
    deployment's ``BOT_THINK_MS_CEILING``."""
    return min(models.BOT_THINK_MS_DEFAULT, settings.BOT_THINK_MS_CEILING)


@dataclass(frozen=True)
class BotOptions:
    """How a match's bots move: ``delay_ms``, a pause before each move, and ``think_ms``, a
    searching bot's budget per move (milliseconds; the API validates the ranges)."""

    delay_ms: int = models.BOT_DELAY_MS_DEFAULT
    think_ms: int = dataclasses.field(default_factory=default_think_ms)


@dataclass(frozen=True)
class CommandResult:
    """A committed command: the row, the state after it, its events, the seat that passed
    or played (None otherwise), and in a lesson's match the ``(verdict, explanation)`` of
    that move."""

    match: models.Match
    state: MatchState
    events: list[LoggedEvent]
    seat: Seat | None = None
    lesson: tuple[str, str] | None = None


def match_create(
    *,
    creator: AbstractBaseUser,
    seats: Sequence[SeatSpec],
    rules: RuleSet,
    deals: Sequence[Sequence[Sequence[Card]]] = (),
    bots: BotOptions = BotOptions(),
    turn_timeout_s: int | None = None,
    daily_date: date | None = None,
    hints: bool = False,
    for_arena: bool = False,
) -> CommandResult:
    """Create a match of four ``seats`` (north to west) whose first hands are ``deals``, dealing
    when the table is full; ``turn_timeout_s`` None: ``OPEN_SEAT_TURN_TIMEOUT_S`` if a seat is
    open, else none; ``hints``: its players may ask for hints; ``for_arena``: an arena table,
    whose creator may be invited. Its bots' moves are charged to ``creator``. Raises ``invalid_request``
    (unknown bot level), ``quota_exceeded``, and ``IllegalMove`` for an invalid deal."""
    open_seat = any(spec.kind in ("open", "invited") for spec in seats)
    if turn_timeout_s is None and open_seat:
        turn_timeout_s = settings.OPEN_SEAT_TURN_TIMEOUT_S
    commands: list[Command] = [CreateMatch(rules, tuple(tuple(map(tuple, d)) for d in deals))]  # type: ignore[arg-type]
    users = {creator.get_username(): creator}
    for seat, spec in zip(Seat, seats, strict=True):
        if spec.kind == "player":
            commands.append(TakeSeat(seat, player=creator.get_username()))
        elif spec.kind == "bot":
            if spec.bot_level not in BOT_LEVELS:
                raise unknown_bot_level(spec.bot_level)
            commands.append(TakeSeat(seat, bot_level=spec.bot_level))
        elif spec.kind == "invited":
            if spec.username == creator.get_username() and not for_arena:
                raise ServiceError("already_seated", "you may not invite yourself")
            invited = invitations.invitee(spec.username or "")
            users[invited.get_username()] = invited
            commands.append(InviteSeat(seat, invited.get_username()))
    with transaction.atomic():
        quotas.check_match_create(creator, open_seat=open_seat, expert=any(
            spec.kind == "bot" and spec.bot_level == "expert" for spec in seats))
        dispatch.enrol(creator, timezone.now())
        match = models.Match.objects.create(id=uuid.uuid4(), created_by=creator, state={},
                                            bot_delay_ms=bots.delay_ms,
                                            bot_think_ms=bots.think_ms,
                                            fixed_deals=len(deals), turn_timeout_s=turn_timeout_s,
                                            daily_date=daily_date, hints=hints)
        for user in users.values():
            webhooks.seated(match, user)
        result = _run(match, NEW_MATCH, commands, users=users)
        if any(spec.kind == "player" for spec in seats):
            bot_accounts.seated(match, result.state, creator)
        return result


def daily_match_create(*, player: AbstractBaseUser, day: date) -> CommandResult:
    """Create ``player``'s one match of the daily challenge of ``day`` and its ``DailyAttempt``.
    Raises ``daily_closed`` unless ``day`` is today (UTC), ``daily_attempted`` for a second
    attempt (also when two race: the attempt's unique (date, player) lets one commit)."""
    today = daily.today()
    if day != today:
        raise ServiceError("daily_closed", f"the daily challenge of {day.isoformat()} "
                           f"{'is over' if day < today else 'has not begun'}; today's is "
                           f"{today.isoformat()} (UTC)")
    bot_accounts.refuse_daily(player)
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
        _refuse_second_attempt(day, player)
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
    """Seat ``player`` in ``seat`` (None: the first open one, or the one they left); deals when
    the table fills. Raises ``not_found``, ``invitation_closed`` (a late join of an arena
    table), then ``IllegalMove``, then ``quota_exceeded``. Locks the player's row, then the
    match's (``games.locks``)."""
    with transaction.atomic():
        locks.lock_user(player.pk)
        match = _lock(match_id)
        state = match_state(match)
        arena_tables.refuse_late_join(match, player, timezone.now())
        commands: list[Command] = [*invitations.expired_releases(match, state, timezone.now()),
                                   TakeSeat(seat, player=player.get_username())]
        webhooks.seated(match, player)
        result = _run(match, state, commands, users={player.get_username(): player})
        quotas.check_join(match, state, player)
        bot_accounts.seated(match, result.state, player)
        return result


def invitation_decline(*, invitation_id: uuid.UUID, player: AbstractBaseUser) -> models.Invitation:
    """``player`` declines their invitation: its seat is open to anyone (a ``seat_released``
    event), or at an arena table the match is aborted (and so its run). Raises ``not_found``
    (none of theirs), ``invitation_closed`` (accepted, declined or expired)."""
    with transaction.atomic():
        invitation = invitations.invitation_get(invitation_id=invitation_id, user=player)
        match = _lock(invitation.match_id)
        invitation.refresh_from_db()
        status = invitations.status_now(invitation, timezone.now())
        state = match_state(match)
        if status == models.Invitation.Status.PENDING and (
                state.invited[invitation.seat] != player.get_username()):
            status = models.Invitation.Status.EXPIRED  # the table no longer holds it
        if status != models.Invitation.Status.PENDING:
            raise ServiceError("invitation_closed", f"this invitation is {status}",
                               invitation_status=status)
        _run(match, state, arena_tables.decline_commands(match, Seat(invitation.seat)))
        invitation.refresh_from_db()
        return invitation


def invitations_expire(*, match_id: uuid.UUID) -> int:
    """Release the seats of ``match_id`` whose invitations expired; how many."""
    with transaction.atomic():
        match = _lock(match_id)
        releases = invitations.expired_releases(match, match_state(match), timezone.now())
        if releases:
            _run(match, match_state(match), releases)
        return len(releases)


def cards_pass(
    *, match_id: uuid.UUID, player: AbstractBaseUser, cards: Sequence[Card],
    expected_version: int | None = None, requested_at: datetime | None = None,
) -> CommandResult:
    """Pass ``cards`` from the player's seat. Raises ``not_found``, ``not_seated``,
    ``stale_version`` (see ``_lock_seat``), then ``IllegalMove``."""
    with transaction.atomic():
        match, seat = _lock_seat(match_id, player, expected_version, requested_at)
        return _seat_move(match, seat, PassCards(seat, tuple(cards)))


def card_play(
    *, match_id: uuid.UUID, player: AbstractBaseUser, card: Card,
    expected_version: int | None = None, requested_at: datetime | None = None,
) -> CommandResult:
    """Play ``card`` from the player's seat. Raises ``not_found``, ``not_seated``,
    ``stale_version`` (see ``_lock_seat``), then ``IllegalMove``."""
    with transaction.atomic():
        match, seat = _lock_seat(match_id, player, expected_version, requested_at)
        return _seat_move(match, seat, PlayCard(seat, card))


def _seat_move(match: models.Match, seat: Seat, command: PassCards | PlayCard) -> CommandResult:
    """A player's pass or play; in a lesson's match, the lesson's end right after it and
    the lesson's verdict on it."""
    if not match.lesson:
        return _run(match, match_state(match), [command], seat=seat)
    lesson = lessons.lessons().get(match.lesson)  # None: a lesson no longer served
    result = _run(match, match_state(match), [command, EndLesson()], seat=seat)
    return dataclasses.replace(result, lesson=lesson.verdict(command) if lesson else None)


def lesson_attempt_create(*, player: AbstractBaseUser, slug: str) -> CommandResult:
    """A match at the position of the lesson ``slug``: ``player`` in the lesson's seat, bots
    in the others, the lesson's deal and scripted moves played; the player's unfinished
    attempts at lessons are called off. Raises ``not_found`` for no such lesson."""
    lesson = lessons.lesson_get(slug)
    commands: list[Command] = [CreateMatch(lesson.rules, (lesson.deal,))]
    commands += [TakeSeat(seat, player=player.get_username()) if seat == lesson.seat
                 else TakeSeat(seat, bot_level=STAND_IN_LEVEL) for seat in Seat]
    with transaction.atomic():
        locks.lock_user(player.pk)
        dispatch.enrol(player, timezone.now())  # a passing lesson's bots pass
        earlier = (models.Match.objects.select_for_update().filter(created_by=player)
                   .exclude(lesson="").exclude(status__in=models.Match.ENDED).order_by("pk"))
        for match in earlier:
            _run(match, match_state(match), [AbortMatch("a new lesson was started")])
        match = models.Match.objects.create(id=uuid.uuid4(), created_by=player, state={},
                                            fixed_deals=1, lesson=slug)
        return _run(match, NEW_MATCH, [*commands, *lesson.history],
                    users={player.get_username(): player})


def seat_leave(*, match_id: uuid.UUID, player: AbstractBaseUser, bot_level: str) -> CommandResult:
    """Leave the player's seat to a bot of ``bot_level`` until they ``match_join`` again; a
    lesson's match or an arena table is called off instead. Raises ``invalid_request``, ``not_found``,
    ``not_seated``, ``quota_exceeded`` (``leaves_per_match``, ``unfinished_expert_matches``),
    then ``IllegalMove``."""
    if bot_level not in BOT_LEVELS:
        raise unknown_bot_level(bot_level)
    with transaction.atomic():
        quotas.lock_for_expert_seat(match_id, bot_level)
        match, seat = _lock_seat(match_id, player, None)
        if match.lesson:
            return _run(match, match_state(match), [AbortMatch("its learner left the lesson")])
        if arena_tables.is_table(match):
            return _run(match, match_state(match), [AbortMatch("the bot left its arena table")])
        limit = settings.QUOTAS["leaves_per_match"]
        if leaves_count(match=match, username=player.get_username()) >= limit:
            raise quota_exceeded("leaves_per_match", limit,
                                 f"you have left this match {limit} times, the most a player may")
        quotas.check_expert_seat(match, match_state(match), bot_level)
        return _run(match, match_state(match), [LeaveSeat(seat, bot_level)],
                    users={player.get_username(): player})


def seat_replace(*, match_id: uuid.UUID, by: AbstractBaseUser, seat: Seat, bot_level: str,
                 now: datetime) -> CommandResult:
    """The creator (``by``) replaces the player in ``seat`` for good with a bot of ``bot_level``,
    once the player is overdue at ``now``: past their turn's deadline, or stood in for since
    they last moved; never in a lesson's match or at an arena table. Raises
    ``invalid_request``, ``not_found``, ``not_creator``, ``not_replaceable``,
    ``quota_exceeded``, then ``IllegalMove``."""
    if bot_level not in BOT_LEVELS:
        raise unknown_bot_level(bot_level)
    with transaction.atomic():
        quotas.lock_for_expert_seat(match_id, bot_level)
        match = _lock(match_id)
        if match.created_by_id != by.pk:
            raise ServiceError("not_creator", "only the match's creator may replace a player")
        state = match_state(match)
        occupant = state.seats[seat]
        users = {}
        if not state.is_over:  # else the engine refuses: match_finished
            if occupant is None or occupant.player is None:
                raise ServiceError("not_replaceable", f"no player holds {seat.label}")
            if match.lesson:
                raise ServiceError("not_replaceable", "a lesson's learner is never replaced: "
                                   "leaving the seat calls the lesson off")
            if arena_tables.is_table(match):
                raise ServiceError("not_replaceable", "the bot at an arena table is never "
                                   "replaced: its run measures that bot")
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
    """The creator (``by``) aborts a match still waiting for players. Raises ``not_found``,
    ``not_creator``, then ``IllegalMove`` (``match_finished``, ``wrong_phase``)."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.created_by_id != by.pk:
            raise ServiceError("not_creator", "only the match's creator may cancel it")
        state = match_state(match)
        if not state.is_over and state.phase is not Phase.WAITING:
            raise IllegalMove("wrong_phase", "only a match still waiting for players may be "
                                             "cancelled: this one has started")
        return _run(match, state, [AbortMatch(CANCELLED)])


CANCELLED = "cancelled by its creator before it started"


def match_abort(*, match_id: uuid.UUID, reason: str) -> CommandResult:
    """An operator stops the match for ``reason``, with no result. Raises ``ValueError`` for an
    empty reason, ``not_found``, then ``IllegalMove`` (``match_finished``)."""
    if not reason.strip():
        raise ValueError("an abort needs a reason")
    with transaction.atomic():
        match = _lock(match_id)
        return _run(match, match_state(match), [AbortMatch(reason.strip())])


def seat_command(
    *, match_id: uuid.UUID, command: PassCards | PlayCard, expected_version: int,
    lease: uuid.UUID | None = None, read: models.Match | None = None,
) -> CommandResult:
    """A bot's or stand-in's pass or play, the move of the worker's ``lease``; ``read``: the row
    as read at ``expected_version``, then only its version is locked and compared
    (docs/adr/0030). Raises ``not_found``, ``stale_version``, then ``IllegalMove``."""
    with transaction.atomic():
        if read is not None and read.id == match_id and read.version == expected_version:
            version = statements.match_version_lock(match_id)
            if version is None:
                raise match_not_found()
            _check_version(version, expected_version)
            match = read
        else:
            match = _lock(match_id)
            _check_version(match.version, expected_version)
        return _run(match, match_state(match), [command], lease=lease)


def _lock(match_id: uuid.UUID) -> models.Match:
    """The match row, locked until the transaction ends; raises ``not_found``."""
    match = statements.match_read(match_id, lock=True)
    if match is None:
        raise match_not_found()
    return match


def _check_version(version: int, expected_version: int | None) -> None:
    """Raises ``stale_version`` unless ``expected_version`` is None or ``version``."""
    if expected_version is not None and expected_version != version:
        raise ServiceError("stale_version", f"version {expected_version} is not current "
                           f"({version})", version=version)


def _lock_seat(
    match_id: uuid.UUID, player: AbstractBaseUser, expected_version: int | None,
    requested_at: datetime | None = None,
) -> tuple[models.Match, Seat]:
    """Lock the match and find the player's seat, then check the version and that no stand-in
    moved for the seat after ``requested_at`` (the move was meant for that turn). Raises
    ``not_found``, ``not_seated``, ``stale_version``, in that order."""
    match, seat = match_seat_get(match_id=match_id, user=player, lock=True)
    if seat is None:
        raise ServiceError("not_seated", "you have no seat in this match")
    _check_version(match.version, expected_version)
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
    """Step each command, deal each hand that falls due (explicit deal n while n <=
    ``fixed_deals``, else a fresh seed), and write it all; ``seat`` is the sender's."""
    events: list[Event] = []
    rows: list[Model] = []
    fixed: tuple[Deal, ...] | None = None
    initial = state
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
                deal = DealHand(seed=secrets.randbits(63))
            new, state = step(state, deal)
            events += new
    now = timezone.now()
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
    notify = ((MATCH_ADVANCED_CHANNEL, announcement(match.id, match.version))
              if settings.LIVE_NOTIFIER == "postgresql" else None)
    written = ["version", "state", "status", "bot_to_act", "turn_started_at", "turn_deadline",
               "updated_at"]
    if match.open_to_all != bool(state.open_seats):
        match.open_to_all = bool(state.open_seats)
        written.append("open_to_all")
    statements.command_write(match, rows, written, due, lease, notify)
    if match.hooked:
        webhooks.emitted(match, initial, state, events, now)
    if logged and logged[-1].event.type in records.RECORDED_EVENTS:
        arena_tables.ended(match, state)
        if records.is_recorded(match):
            records.match_recorded(match, state, logged[-1].at)  # reads the hand rows above
            daily.attempt_recorded(match, state, logged[-1].at)
    match_id, version = match.id, match.version
    due_at = due.due_at if due is not None else None
    transaction.on_commit(lambda: keep_state(match_id, version, state))
    transaction.on_commit(lambda: match_advanced.send(
        sender=models.Match, match_id=match_id, version=version, due_at=due_at))
    return CommandResult(match, state, logged, seat)


def _project(match: models.Match, before: MatchState, event: Event, after: MatchState,
             users: dict[str, AbstractBaseUser]) -> list[Model]:
    """The projection rows ``event`` changes: a seat's is written now, a new trick's or hand's is
    returned for ``statements.command_write``; ``users`` by username."""
    hand = after.hand
    if isinstance(event, SeatInvited | SeatReleased | SeatTaken | MatchAborted | MatchEnded):
        invitations.projected(match, event, users)
    if isinstance(event, SeatTaken | SeatLeft | SeatReplaced):
        occupant = after.seats[event.seat]
        assert occupant is not None
        seat = {"player": users.get(occupant.player or ""), "bot_level": occupant.bot_level or "",
                "left_by": users.get(occupant.left_by or "")}
        if before.seats[event.seat] is None:
            models.Seat.objects.create(match=match, position=event.seat, **seat)
        else:
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
