"""``manage.py verify_match ID``: does replaying the event log give the stored snapshot?

States are compared, not JSON, so a snapshot written in an older format still matches."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.engine import MatchState, event_from_json, replay, state_from_json
from games.models import Match


class Command(BaseCommand):
    help = "Replay a match's event log and compare the result with its stored snapshot."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match_id", nargs="+")

    def handle(self, *args: Any, **options: Any) -> None:
        failed = []
        for match_id in options["match_id"]:
            match = Match.objects.filter(pk=match_id).first()
            if match is None:
                raise CommandError(f"no match {match_id}")
            rows = list(match.events.order_by("seq").values_list("seq", "payload"))
            contiguous = [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
            replayed = replay(event_from_json(payload) for _, payload in rows)
            ok = (contiguous and len(rows) == match.version
                  and replayed == _snapshot(match.state))
            self.stdout.write(f"{match_id}: {'ok' if ok else 'MISMATCH'} "
                              f"({len(rows)} events, version {match.version})")
            if not ok:
                failed.append(match_id)
        if failed:
            raise CommandError(f"{len(failed)} match(es) do not replay to their snapshot")


def _snapshot(data: Any) -> MatchState | None:
    """The snapshot's state, or None when it cannot be read (an unknown format version or
    missing fields): a snapshot that cannot be read does not match its log either."""
    try:
        return state_from_json(data)
    except (ValueError, KeyError, TypeError):
        return None
