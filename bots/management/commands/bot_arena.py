"""``manage.py bot_arena``: the arena (``python -m bots.arena``) as a management command."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from bots import arena


class Command(BaseCommand):
    help = arena.__doc__.split("\n\n")[0] if arena.__doc__ else ""

    def add_arguments(self, parser: CommandParser) -> None:
        arena.add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self.stdout.write(arena.report_text(options))
        except ValueError as error:
            raise CommandError(str(error)) from None
