"""Does a match's event log replay to its stored snapshot? (``manage.py verify_match`` and
the admin's verify action.)

States are compared, not JSON, so a snapshot written in an older format still matches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import models
from .engine import MatchState, event_from_json, replay, state_from_json


@dataclass(frozen=True)
class Verification:
    """What checking one match found: its log's row count and seqs, its row's ``version``,
    and whether the replay equals the snapshot's state."""

    events: int
    version: int
    is_contiguous: bool
    replays_to_snapshot: bool

    @property
    def is_ok(self) -> bool:
        """Contiguous seqs, as many as the version, replaying to the snapshot."""
        return self.is_contiguous and self.events == self.version and self.replays_to_snapshot

    def __str__(self) -> str:
        verdict = "ok" if self.is_ok else "MISMATCH"
        gaps = "" if self.is_contiguous else ", seqs not contiguous"
        replayed = "" if self.replays_to_snapshot else ", replay differs from the snapshot"
        return f"{verdict} ({self.events} events, version {self.version}{gaps}{replayed})"


def match_verify(*, match: models.Match) -> Verification:
    """Replay ``match``'s whole log (one query) and compare it with the row."""
    rows = list(match.events.order_by("seq").values_list("seq", "payload"))
    contiguous = [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
    replayed = replay(event_from_json(payload) for _, payload in rows) if rows else None
    return Verification(len(rows), match.version, contiguous,
                        replayed is not None and replayed == _snapshot(match.state))


def _snapshot(data: Any) -> MatchState | None:
    """The snapshot's state, or None when it cannot be read."""
    try:
        return state_from_json(data)
    except (ValueError, KeyError, TypeError):
        return None
