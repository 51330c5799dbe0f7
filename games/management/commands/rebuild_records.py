"""``manage.py rebuild_records``: recompute every player's record from the event logs
(``games.records.records_rebuild``), e.g. after upgrading to a version that records more."""

from typing import Any

from django.core.management.base import BaseCommand

from games.records import records_rebuild


class Command(BaseCommand):
    help = "Recompute every player's record from the event logs of the ended matches."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"recorded {records_rebuild()} ended match(es)")
