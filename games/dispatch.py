"""Fair shares of the bot workers: the due-work outbox and the one rule that hands it out
(docs/architecture.md, "Fair shares").

A command's transaction writes the match's ``DueWork`` row (``due_work``): the move its bots,
or a stand-in, owe, charged to the match's creator. ``claim`` hands a worker the next move:
among the owners with a move due, lane 0 (a player seated) before lane 1 (bots only), then
the owner served longest ago (``BotShare``: round-robin), then that owner's earliest move; an
owner whose moves hold ``settings.BOT_DECISIONS_PER_USER`` leases already waits its turn. A
claim leases the row for ``lease_ms`` (a worker that dies lets it go then) and the move's
own command clears it, or ``release`` does when nothing was done.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q

from . import models
from .engine import MatchState

# A lease's length beyond the match's thinking time (THINK_OVERRUN x bot_think_ms): room for
# a worker's round trips; a dead worker's move is made again this long after it took it.
LEASE_MARGIN_MS = 5_000
# An owner never served goes first.
NEVER = datetime(2000, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Claim:
    """A leased move: match ``match_id`` owes it at ``version``; ``lease`` names the claim."""

    match_id: uuid.UUID
    version: int
    lease: uuid.UUID


def due_work(match: models.Match, state: MatchState, now: datetime) -> models.DueWork | None:
    """The ``DueWork`` row of ``match`` as ``state`` leaves it (None: nothing is due): a
    bot to act, due after the match's ``bot_delay_ms``, else a player whose turn times out,
    due at ``match.turn_deadline``."""
    if state.phase.is_over:
        return None
    bot_to_act = any((occupant := state.seats[seat]) is not None and occupant.is_bot
                     for seat in state.to_act)
    if bot_to_act:
        due_at = now + timedelta(milliseconds=match.bot_delay_ms)
    elif match.turn_deadline is not None:
        due_at = match.turn_deadline
    else:
        return None
    seated = any(occupant is not None and not occupant.is_bot for occupant in state.seats)
    return models.DueWork(match_id=match.id, owner_id=match.created_by_id, lane=0 if seated else 1,
                          version=match.version, due_at=due_at,
                          lease_ms=LEASE_MARGIN_MS + models.THINK_OVERRUN * match.bot_think_ms)


def enrol(owner: AbstractBaseUser) -> None:
    """Give ``owner`` a place in the round (once; a new owner goes first)."""
    models.BotShare.objects.bulk_create([models.BotShare(owner=owner, served_at=NEVER)],
                                        ignore_conflicts=True)


def claim(*, now: datetime) -> Claim | None:
    """Lease the next due move (module docstring) until ``now`` plus its ``lease_ms``, in a
    transaction of its own; None when no owner has one it may take now."""
    at = connection.ops.adapt_datetimefield_value(now)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_claim_select(connection.vendor == "postgresql"),
                       [at, at, at, settings.BOT_DECISIONS_PER_USER, at, at])
        row = cursor.fetchone()
        if row is None:
            return None
        match_id, version, owner_id, lease_ms = row
        lease = uuid.uuid4()
        until = connection.ops.adapt_datetimefield_value(now + timedelta(milliseconds=lease_ms))
        work, share = models.DueWork._meta, models.BotShare._meta
        cursor.execute(f"UPDATE {work.db_table} SET leased_until = %s, lease = %s "
                       f"WHERE match_id = %s", [until, _uuid_value(lease), match_id])
        cursor.execute(f"UPDATE {share.db_table} SET served_at = %s WHERE owner_id = %s",
                       [at, owner_id])
    return Claim(_uuid(match_id), version, lease)


@cache
def _claim_select(locking: bool) -> str:
    """The claim's one query (module docstring): the next owner's earliest due move. With
    ``locking`` (PostgreSQL), the owner's row and the move's are locked, skipping those
    another claim holds; SQLite runs one writer at a time anyway."""
    work, share = models.DueWork._meta.db_table, models.BotShare._meta.db_table
    claimable = "{w}.due_at <= %s AND ({w}.leased_until IS NULL OR {w}.leased_until <= %s)"
    owner = (f"SELECT s.owner_id FROM {share} s JOIN (SELECT d.owner_id, min(d.lane) AS lane "
             f"FROM {work} d WHERE {claimable.format(w='d')} GROUP BY d.owner_id) due "
             f"ON due.owner_id = s.owner_id WHERE (SELECT count(*) FROM {work} r "
             f"WHERE r.owner_id = s.owner_id AND r.leased_until > %s) < %s "
             f"ORDER BY due.lane, s.served_at, s.owner_id LIMIT 1"
             + (" FOR UPDATE OF s SKIP LOCKED" if locking else ""))
    return (f"SELECT w.match_id, w.version, w.owner_id, w.lease_ms FROM {work} w "
            f"WHERE w.owner_id = ({owner}) AND {claimable.format(w='w')} "
            f"ORDER BY w.lane, w.due_at LIMIT 1" + (" FOR UPDATE OF w SKIP LOCKED" if locking else ""))


def _uuid_value(value: uuid.UUID) -> object:
    return models.DueWork._meta.get_field("lease").get_db_prep_save(value, connection)


def _uuid(value: object) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def release(claim: Claim) -> None:
    """End ``claim``'s lease when its move was not made (the match had moved on): the row is
    due again at once, unless a command has rewritten it since."""
    models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease).update(
        leased_until=None, lease=None)


def next_due_at(*, now: datetime) -> datetime | None:
    """When a move next becomes claimable as of ``now``: the earliest ``due_at`` no live
    lease holds, or the earliest end of a lease (None: nothing is owed)."""
    free = (models.DueWork.objects.filter(Q(leased_until__isnull=True) | Q(leased_until__lte=now))
            .order_by("due_at").values_list("due_at", flat=True).first())
    held = (models.DueWork.objects.filter(leased_until__gt=now).order_by("leased_until")
            .values_list("leased_until", flat=True).first())
    return min((t for t in (free, held) if t is not None), default=None)


def stalled(*, now: datetime) -> Q:
    """As a filter on ``Match`` rows: a move due more than ``settings.BOT_STALL_SECONDS``
    ago that no worker holds (the admin marks these)."""
    cutoff = now - timedelta(seconds=settings.BOT_STALL_SECONDS)
    return Q(Exists(models.DueWork.objects.filter(
        Q(match=OuterRef("pk")), Q(due_at__lt=cutoff),
        Q(leased_until__isnull=True) | Q(leased_until__lte=now))))


def due_now(match_id: uuid.UUID, now: datetime) -> datetime | None:
    """Make match ``match_id``'s due move due ``now`` and free of any lease (an operator's
    "wake bots"); its ``due_at`` now, or None when it owes none."""
    updated = models.DueWork.objects.filter(pk=match_id).update(due_at=now, leased_until=None,
                                                                lease=None)
    return now if updated else None
