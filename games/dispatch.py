"""Fair shares of the bot workers: the due-work outbox and the one rule that hands it out
(docs/architecture.md, "Bots: fair shares of the workers"; docs/adr/0001).

A command's transaction writes the match's ``DueWork`` row (``due_work``): the move its bots,
or a stand-in, owe, charged to the match's creator. ``claim`` hands a worker the next move:
among the owners with a move due, the one served longest ago (``BotShare``: round-robin; a
new owner joins at the back), then that owner's move in a match with a player seated before
one of bots only, the earliest first; an owner whose moves hold
``settings.BOT_DECISIONS_PER_USER`` leases already waits its turn, and a searching bot's
move waits while ``settings.BOT_SEARCHES_AT_ONCE`` searches run (the other workers stay
free for quick moves, however many accounts ask for searches). A claim leases the row for
``lease_ms`` (renewed while a search thinks; a worker that dies lets it go then); the move's
own command clears it (another command keeps it), or ``release`` does when nothing was done.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q

from . import models, statements
from .bot_levels import SEARCHING_LEVELS
from .engine import MatchState
from .selectors import match_state

# A lease's length beyond the match's thinking time (THINK_OVERRUN x bot_think_ms): room for
# a worker's round trips; a dead worker's move is made again this long after it took it.
LEASE_MARGIN_MS = 5_000
# Owners a claim may pass over (busy, or its move taken at that instant) before it gives up.
CLAIM_TRIES = 4
_CLAIMABLE = ("{w}.due_at <= %s AND ({w}.leased_until IS NULL OR {w}.leased_until <= %s) "
              "AND (%s OR NOT {w}.search)")


@dataclass(frozen=True)
class Claim:
    """A leased move: match ``match_id`` owes it at ``version``; ``lease`` names the claim."""

    match_id: uuid.UUID
    version: int
    lease: uuid.UUID


def due_work(match: models.Match, state: MatchState, now: datetime) -> models.DueWork | None:
    """The ``DueWork`` row of ``match`` (its ``turn_deadline`` as ``state`` leaves it; None:
    nothing is due): the first bot to act, due after the match's ``bot_delay_ms``, else a
    player whose turn times out, due at ``match.turn_deadline`` (a stand-in's move)."""
    if state.is_over:
        return None
    bots = state.bots_to_act
    if bots:
        due_at = now + timedelta(milliseconds=match.bot_delay_ms)
    elif match.turn_deadline is not None:
        due_at = match.turn_deadline
    else:
        return None
    return models.DueWork(match_id=match.id, owner_id=match.created_by_id,
                          lane=0 if state.has_players else 1,
                          search=bool(bots) and bots[0][1] in SEARCHING_LEVELS,
                          version=match.version, due_at=due_at,
                          lease_ms=LEASE_MARGIN_MS + models.THINK_OVERRUN * match.bot_think_ms)


def enrol(owner: AbstractBaseUser, now: datetime) -> None:
    """Give ``owner`` a place in the round, at its back as of ``now`` (once: a new account
    does not go before those waiting)."""
    models.BotShare.objects.bulk_create([models.BotShare(owner=owner, served_at=now)],
                                        ignore_conflicts=True)


def claim(*, now: datetime) -> Claim | None:
    """Lease the next due move (module docstring) until ``now`` plus its ``lease_ms``, in a
    transaction of its own; None when no owner has one it may take now."""
    at = connection.ops.adapt_datetimefield_value(now)
    locking = connection.vendor == "postgresql"
    work, share = models.DueWork._meta.db_table, models.BotShare._meta.db_table
    passed: list[object] = []  # owners found busy or without a free move once locked
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {work} WHERE search AND leased_until > %s", [at])
        searches = cursor.fetchone()[0] < settings.BOT_SEARCHES_AT_ONCE  # may one start?
        for _ in range(CLAIM_TRIES):
            cursor.execute(_owner_select(locking, len(passed)),
                           [at, at, searches, at, settings.BOT_DECISIONS_PER_USER, *passed])
            found = cursor.fetchone()
            if found is None:
                return None
            owner = found[0]
            # Counted again now that the owner's row is ours: a claim that committed while
            # the query above ran is seen by this statement (its snapshot is newer).
            cursor.execute(f"SELECT count(*) FROM {work} WHERE owner_id = %s AND leased_until > %s",
                           [owner, at])
            if cursor.fetchone()[0] >= settings.BOT_DECISIONS_PER_USER:
                passed.append(owner)
                continue
            cursor.execute(_work_select(locking), [owner, at, at, searches])
            row = cursor.fetchone()
            if row is None:  # its one due move is being rewritten by a command right now
                passed.append(owner)
                continue
            match_id, version, lease_ms = row
            lease = uuid.uuid4()
            until = connection.ops.adapt_datetimefield_value(now + timedelta(milliseconds=lease_ms))
            cursor.execute(f"UPDATE {work} SET leased_until = %s, lease = %s WHERE match_id = %s",
                           [until, _uuid_value(lease), match_id])
            cursor.execute(f"UPDATE {share} SET served_at = %s WHERE owner_id = %s", [at, owner])
            return Claim(_uuid(match_id), version, lease)
    return None


@cache
def _owner_select(locking: bool, passed: int) -> str:
    """The next owner in the round (module docstring), other than the ``passed`` ones. With
    ``locking`` (PostgreSQL) its row is locked, skipping those another claim holds; SQLite
    runs one writer at a time anyway."""
    work, share = models.DueWork._meta.db_table, models.BotShare._meta.db_table
    not_passed = f" AND s.owner_id NOT IN ({', '.join(['%s'] * passed)})" if passed else ""
    return (f"SELECT s.owner_id FROM {share} s JOIN (SELECT DISTINCT d.owner_id FROM {work} d "
            f"WHERE {_CLAIMABLE.format(w='d')}) due ON due.owner_id = s.owner_id "
            f"WHERE (SELECT count(*) FROM {work} r WHERE r.owner_id = s.owner_id "
            f"AND r.leased_until > %s) < %s{not_passed} ORDER BY s.served_at, s.owner_id LIMIT 1"
            + (" FOR UPDATE OF s SKIP LOCKED" if locking else ""))


@cache
def _work_select(locking: bool) -> str:
    """The owner's earliest due move, locked (``locking``) unless another claim holds it."""
    work = models.DueWork._meta.db_table
    return (f"SELECT w.match_id, w.version, w.lease_ms FROM {work} w WHERE w.owner_id = %s "
            f"AND {_CLAIMABLE.format(w='w')} ORDER BY w.lane, w.due_at LIMIT 1"
            + (" FOR UPDATE OF w SKIP LOCKED" if locking else ""))


def _uuid_value(value: uuid.UUID) -> object:
    return models.DueWork._meta.get_field("lease").get_db_prep_save(value, connection)


def _uuid(value: object) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def release(claim: Claim, now: datetime) -> None:
    """End ``claim``'s lease when its move was not made (the match had moved on, or owed
    nothing at that version as of ``now``): the row is due again when the match as it
    stands owes a move, or deleted; unless the holder's lease is no longer the row's."""
    with transaction.atomic():
        match = statements.match_read(claim.match_id, lock=True)  # as commands: the match first
        mine = models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease)
        due = due_work(match, match_state(match), now) if match is not None else None
        if due is None:
            mine.delete()
        else:
            mine.update(due_at=due.due_at, version=due.version, lane=due.lane,
                        leased_until=None, lease=None)


def renew(claim: Claim, now: datetime) -> None:
    """Hold ``claim``'s lease ``lease_ms`` from ``now`` again (a search still thinking)."""
    lease_ms = models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease).values_list(
        "lease_ms", flat=True).first()
    if lease_ms is not None:
        models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease).update(
            leased_until=now + timedelta(milliseconds=lease_ms))


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
    """Make match ``match_id``'s bot move due ``now`` (an operator's "wake bots"): not a
    stand-in's, which waits for its deadline, nor one a worker holds. Its ``due_at`` now, or
    None when there is no such move."""
    updated = (models.DueWork.objects.filter(pk=match_id, match__bot_to_act=True)
               .filter(Q(leased_until__isnull=True) | Q(leased_until__lte=now))
               .update(due_at=now, leased_until=None, lease=None))
    return now if updated else None
