"""Fair shares of the bot workers (docs/adr/0001): a command writes the move its match owes
(``due_work``), and ``claim`` leases the next one: the owner served longest ago with a move
due and fewer than ``BOT_DECISIONS_PER_USER`` leases, then that owner's earliest move, matches
with a player first; a search waits while ``BOT_SEARCHES_AT_ONCE`` run."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper
from django.db.models import Exists, OuterRef, Q

from . import models, statements
from .bot_levels import SEARCHING_LEVELS
from .engine import MatchState
from .selectors import match_state

# A lease's length beyond THINK_OVERRUN x bot_think_ms: a dead worker's move is redone after it.
LEASE_MARGIN_MS = 5_000
# Owners a claim may pass over before it gives up.
CLAIM_TRIES = 4
# The PostgreSQL advisory lock under which a claim of a search counts the searches running.
SEARCH_LOCK = 0x48656172
_CLAIMABLE = ("{w}.due_at <= %s AND ({w}.leased_until IS NULL OR {w}.leased_until <= %s) "
              "AND (%s OR NOT {w}.search)")


@dataclass(frozen=True)
class Claim:
    """A leased move: match ``match_id`` owes it at ``version``; ``lease`` names the claim."""

    match_id: uuid.UUID
    version: int
    lease: uuid.UUID


def due_work(match: models.Match, state: MatchState, now: datetime) -> models.DueWork | None:
    """The move ``match`` owes in ``state``, or None: a bot's, due after ``bot_delay_ms``, else a
    stand-in's at ``turn_deadline``."""
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
    """Give ``owner`` a place at the back of the round, once."""
    models.BotShare.objects.bulk_create([models.BotShare(owner=owner, served_at=now)],
                                        ignore_conflicts=True)


def claim(*, now: datetime) -> Claim | None:
    """Lease the next due move for its ``lease_ms``, in its own transaction; None if none may be taken."""
    at = connection.ops.adapt_datetimefield_value(now)
    locking = connection.vendor == "postgresql"
    work, share = models.DueWork._meta.db_table, models.BotShare._meta.db_table
    passed: list[object] = []
    with transaction.atomic(), connection.cursor() as cursor:
        searches = _searches_running(cursor, at) < settings.BOT_SEARCHES_AT_ONCE
        for _ in range(CLAIM_TRIES):
            cursor.execute(_owner_select(locking, len(passed)),
                           [at, at, searches, at, settings.BOT_DECISIONS_PER_USER, *passed])
            found = cursor.fetchone()
            if found is None:
                return None
            owner = found[0]
            # Counted again under the owner's lock: sees a claim that committed meanwhile.
            cursor.execute(f"SELECT count(*) FROM {work} WHERE owner_id = %s AND leased_until > %s",
                           [owner, at])
            if cursor.fetchone()[0] >= settings.BOT_DECISIONS_PER_USER:
                passed.append(owner)
                continue
            cursor.execute(_work_select(locking), [owner, at, at, searches])
            row = cursor.fetchone()
            if row is None:  # a command is rewriting it
                passed.append(owner)
                continue
            match_id, version, lease_ms, search = row
            if search and locking:  # counted again, one search claim at a time
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [SEARCH_LOCK])
                if _searches_running(cursor, at) >= settings.BOT_SEARCHES_AT_ONCE:
                    searches = False
                    continue
            lease = uuid.uuid4()
            until = connection.ops.adapt_datetimefield_value(now + timedelta(milliseconds=lease_ms))
            cursor.execute(f"UPDATE {work} SET leased_until = %s, lease = %s WHERE match_id = %s",
                           [until, _uuid_value(lease), match_id])
            cursor.execute(f"UPDATE {share} SET served_at = %s WHERE owner_id = %s", [at, owner])
            return Claim(_uuid(match_id), version, lease)
    return None


def _searches_running(cursor: CursorWrapper, at: object) -> int:
    """The searches leased past ``at``."""
    cursor.execute(f"SELECT count(*) FROM {models.DueWork._meta.db_table} "
                   "WHERE search AND leased_until > %s", [at])
    return int(cursor.fetchone()[0])


@cache
def _owner_select(locking: bool, passed: int) -> str:
    """The next owner in the round but the ``passed``, locked with ``SKIP LOCKED`` if ``locking``."""
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
    return (f"SELECT w.match_id, w.version, w.lease_ms, w.search FROM {work} w WHERE w.owner_id = %s "
            f"AND {_CLAIMABLE.format(w='w')} ORDER BY w.lane, w.due_at LIMIT 1"
            + (" FOR UPDATE OF w SKIP LOCKED" if locking else ""))


def _uuid_value(value: uuid.UUID) -> object:
    return models.DueWork._meta.get_field("lease").get_db_prep_save(value, connection)


def _uuid(value: object) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def release(claim: Claim, now: datetime) -> None:
    """End ``claim``'s lease, its move not made: the row is due again if the match still owes
    one, else deleted; nothing if the lease is no longer the row's."""
    with transaction.atomic():
        match = statements.match_read(claim.match_id, lock=True)  # the match first, as commands
        mine = models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease)
        due = due_work(match, match_state(match), now) if match is not None else None
        if due is None:
            mine.delete()
        else:
            mine.update(due_at=due.due_at, version=due.version, lane=due.lane,
                        search=due.search, leased_until=None, lease=None)


def renew(claim: Claim, now: datetime) -> None:
    """Hold ``claim``'s lease ``lease_ms`` from ``now`` again (a search still thinking)."""
    lease_ms = models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease).values_list(
        "lease_ms", flat=True).first()
    if lease_ms is not None:
        models.DueWork.objects.filter(pk=claim.match_id, lease=claim.lease).update(
            leased_until=now + timedelta(milliseconds=lease_ms))


def next_due_at(*, now: datetime) -> datetime | None:
    """When a move next becomes claimable: the earliest free ``due_at`` or lease end; None if none."""
    free = (models.DueWork.objects.filter(Q(leased_until__isnull=True) | Q(leased_until__lte=now))
            .order_by("due_at").values_list("due_at", flat=True).first())
    held = (models.DueWork.objects.filter(leased_until__gt=now).order_by("leased_until")
            .values_list("leased_until", flat=True).first())
    return min((t for t in (free, held) if t is not None), default=None)


def stalled(*, now: datetime) -> Q:
    """``Match`` rows owing a move due over ``BOT_STALL_SECONDS`` ago that no worker holds."""
    cutoff = now - timedelta(seconds=settings.BOT_STALL_SECONDS)
    return Q(Exists(models.DueWork.objects.filter(
        Q(match=OuterRef("pk")), Q(due_at__lt=cutoff),
        Q(leased_until__isnull=True) | Q(leased_until__lte=now))))


def due_now(match_id: uuid.UUID, now: datetime) -> datetime | None:
    """Make ``match_id``'s unleased bot move (not a stand-in's) due ``now``; None if there is none."""
    updated = (models.DueWork.objects.filter(pk=match_id, match__bot_to_act=True)
               .filter(Q(leased_until__isnull=True) | Q(leased_until__lte=now))
               .update(due_at=now, leased_until=None, lease=None))
    return now if updated else None
