"""What the commands do at an arena table (games.arena): its seats are fixed, a decline or
a leave aborts it, and its end records its points and moves its run on after the commit."""

from __future__ import annotations

import uuid
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from . import models
from .engine import AbortMatch, MatchState, Phase, ReleaseSeat, Seat
from .errors import ServiceError


def is_table(match: models.Match) -> bool:
    return models.ArenaTable.objects.filter(match_id=match.pk).exists()


def ended(match: models.Match, state: MatchState) -> None:
    """If the just-ended ``match`` is an arena table: record its points (none when aborted)
    and have its run go on once the command commits."""
    run_id = (models.ArenaTable.objects.filter(match_id=match.pk)
              .values_list("run_id", flat=True).first())
    if run_id is None:
        return
    points = list(state.totals) if state.phase is Phase.FINISHED else None
    models.ArenaTable.objects.filter(match_id=match.pk).update(points=points)
    transaction.on_commit(lambda: advance_later(run_id), robust=True)


def advance_later(run_id: uuid.UUID) -> None:
    """Have a worker (without a broker: this thread) advance the run ``run_id``; a lost
    ticket is made up by beat's ``advance_arena_runs``."""
    from .tasks import advance_arena_run  # the task module imports this one
    advance_arena_run.delay(str(run_id))


def decline_commands(match: models.Match, seat: Seat) -> list[ReleaseSeat | AbortMatch]:
    """A decline of ``seat``: its release, and at an arena table the match's abort."""
    release = ReleaseSeat(seat, models.Invitation.Status.DECLINED.value)
    return [release, AbortMatch("the bot declined its arena table")] if is_table(match) else [
        release]


def refuse_late_join(match: models.Match, player: AbstractBaseUser, now: datetime) -> None:
    """Raises ``invitation_closed`` for ``player``'s join of an arena table whose invitation
    for them expired by ``now`` (its run is abandoned: the seat never opens)."""
    if models.Invitation.objects.filter(match=match, player=player, expires_at__lte=now,
                                        status=models.Invitation.Status.PENDING,
                                        match__arena_table__isnull=False).exists():
        raise ServiceError("invitation_closed", "this arena table's invitation has expired, "
                           "and with it the run", invitation_status=models.Invitation.Status.EXPIRED.value)
