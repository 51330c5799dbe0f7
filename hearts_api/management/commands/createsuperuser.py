"""Django's ``createsuperuser``, refusing a username another user holds but for case
(docs/adr/0116) as it refuses one held exactly, rather than failing on the index."""

from __future__ import annotations

from django.contrib.auth.management.commands import createsuperuser

from hearts_api.accounts import username_in_use


class Command(createsuperuser.Command):
    def _validate_username(self, username: str, verbose_field_name: str, database: str) -> str | None:
        refusal: str | None = super()._validate_username(username, verbose_field_name, database)
        if refusal is None and username_in_use(username, database=database):
            return f"Error: That {verbose_field_name} is already taken, but for case."
        return refusal
