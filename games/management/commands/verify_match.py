"""``manage.py verify_match ID``: does replaying the event log give the stored snapshot?
(``games.verification``, which the admin's verify action runs too.)"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.models import Match
from games.verification import match_verify


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
            verification = match_verify(match=match)
            self.stdout.write(f"{match_id}: {verification}")
            if not verification.is_ok:
                failed.append(match_id)
        if failed:
            raise CommandError(f"{len(failed)} match(es) do not replay to their snapshot")
