"""Bot accounts: players that are programs. Registering one (or turning a player into one,
never back), marking the matches they sit in, and the cap on matches among bot accounts."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from . import locks, models
from .engine import MatchState, Phase
from .engine.state import Occupant
from .errors import ServiceError, quota_exceeded

CAP_PERIOD_S = 86_400


def is_bot_account(user: AbstractBaseUser) -> bool:
    return models.BotAccount.objects.filter(user_id=user.pk).exists()


def bot_account_create(*, user: AbstractBaseUser, owner: AbstractBaseUser | None) -> None:
    """Make ``user`` a bot account of ``owner`` (None: nobody's), marked in every match it
    has sat in; a bot account already is left as it is."""
    with transaction.atomic():
        _, created = models.BotAccount.objects.get_or_create(user_id=user.pk,
                                                             defaults={"owner": owner})
        if not created:
            return
        sat = models.Seat.objects.filter(Q(player_id=user.pk) | Q(left_by_id=user.pk))
        for match in (models.Match.objects.select_for_update().order_by("pk")
                      .filter(id__in=sat.values("match_id")).only("id", "bot_accounts")):
            match.bot_accounts = sorted({*match.bot_accounts, user.get_username()})
            match.save(update_fields=["bot_accounts"])


def refuse_daily(player: AbstractBaseUser) -> None:
    """Raises ``not_for_bot_accounts``: the daily challenge is for people."""
    if is_bot_account(player):
        raise ServiceError("not_for_bot_accounts", "the daily challenge is for people; a bot "
                                                   "account may not take it")


def seated(match: models.Match, state: MatchState, user: AbstractBaseUser) -> None:
    """Mark ``user``, just seated in ``match`` (now ``state``), if it is a bot account. When
    that fills a table whose players, two or more, are all bot accounts, each of them may
    have started at most ``BOT_ACCOUNT_MATCHES_PER_DAY`` such matches in the last ``CAP_PERIOD_S``:
    else ``quota_exceeded`` (``bot_account_matches``). Call it in the seating transaction,
    after its other locks (it locks the bot accounts' rows)."""
    if not is_bot_account(user):
        return
    match.bot_accounts = sorted({*match.bot_accounts, user.get_username()})
    players = [o.player for o in state.seats if o is not None and o.player and not o.is_bot]
    match.bot_accounts_only = (state.phase is not Phase.WAITING and len(players) >= 2
                               and set(players) <= set(match.bot_accounts))
    if match.bot_accounts_only:
        locks.lock_bot_accounts(players)  # tables filling at once count one after another
        limit = settings.BOT_ACCOUNT_MATCHES_PER_DAY
        since = timezone.now() - timedelta(seconds=CAP_PERIOD_S)
        for name in players:
            held = models.Match.objects.filter(
                Q(seats__player__username=name) | Q(seats__left_by__username=name),
                bot_accounts_only=True, created_at__gte=since,
            ).exclude(pk=match.pk).distinct().count()  # a seat left still counts
            if held >= limit:
                raise quota_exceeded(
                    "bot_account_matches", limit, f"{name} has played {held} matches among bot "
                    f"accounts only in the last {CAP_PERIOD_S // 3600} hours, the most a bot "
                    "account may; a match "
                    "with a person at the table is not capped", period_s=CAP_PERIOD_S)
    match.save(update_fields=["bot_accounts", "bot_accounts_only"])


def seat_is_bot(match: models.Match, occupant: Occupant | None) -> bool:
    """Whether a program holds the seat: a built-in bot or a bot account."""
    return occupant is not None and (occupant.is_bot or occupant.player in match.bot_accounts)
