"""The row locks that make a player's quota checks count one request after another, and
their order (docs/adr/0117): a user's row before a match's; bot accounts' rows after
every other lock."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model

from . import models


def lock_user(pk: object) -> None:
    """Lock user ``pk``'s row until the transaction ends, before any match's row. ``FOR NO
    KEY UPDATE``: a transaction holding a match may still insert rows that reference it."""
    get_user_model().objects.select_for_update(no_key=True).filter(pk=pk).exists()


def lock_match_creator(match_id: object) -> None:
    """``lock_user`` for the creator of match ``match_id`` (none: nothing to lock)."""
    lock_user(models.Match.objects.filter(pk=match_id).values("created_by_id")[:1])


def lock_bot_accounts(usernames: Iterable[str]) -> None:
    """Lock the bot accounts' rows of ``usernames`` in one order, after every other lock."""
    list(models.BotAccount.objects.select_for_update(of=("self",), no_key=True)
         .filter(user__username__in=usernames).order_by("pk").values_list("pk", flat=True))
