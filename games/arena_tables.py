"""What a command does to the arena table it plays (games.arena): the commands call these."""

from __future__ import annotations

import uuid

from django.db import transaction

from . import models
from .engine import MatchState, Phase


def is_table(match: models.Match) -> bool:
    return models.ArenaTable.objects.filter(match_id=match.pk).exists()


def ended(match: models.Match, state: MatchState) -> bool:
    """Record the points of ``match``, just ended, if it is an arena table, and have its run
    go on once the command commits; whether it is one."""
    points = list(state.totals) if state.phase is Phase.FINISHED else None
    run_id = (models.ArenaTable.objects.filter(match_id=match.pk)
              .values_list("run_id", flat=True).first())
    if run_id is None:
        return False
    models.ArenaTable.objects.filter(match_id=match.pk).update(points=points)
    transaction.on_commit(lambda: advance_later(run_id), robust=True)
    return True


def advance_later(run_id: uuid.UUID) -> None:
    """Have a worker (without a broker: this thread) advance the run ``run_id``; a lost
    ticket is made up by beat's ``advance_arena_runs``."""
    from .tasks import advance_arena_run  # the task module imports this one
    advance_arena_run.delay(str(run_id))
