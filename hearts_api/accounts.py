"""Players and their bearer tokens, beside ``ApiToken`` (``games`` must not import ``hearts_api``);
refusals are ``ServiceError``s."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import locks
from games.bot_accounts import bot_account_create
from games.errors import ServiceError, quota_exceeded

from .models import ApiToken

FIRST_TOKEN_NAME = "first token"
# The only usernames registration accepts and HTTP Basic looks up; not dots alone, which
# no URL can name (/players/{username}: "." and ".." are path segments).
USERNAME_MAX_LENGTH = get_user_model()._meta.get_field("username").max_length
USERNAME_PATTERN = rf"^(?!\.+$)[A-Za-z0-9_.@+-]{{1,{USERNAME_MAX_LENGTH}}}$"
# A password's length bounds; the minimum is AUTH_PASSWORD_VALIDATORS'.
PASSWORD_MIN_LENGTH: int = next(
    validator["OPTIONS"]["min_length"] for validator in settings.AUTH_PASSWORD_VALIDATORS
    if validator["NAME"].endswith(".MinimumLengthValidator"))
PASSWORD_MAX_LENGTH = 128


@dataclass(frozen=True)
class IssuedToken:
    """A token just created: its row and the token itself, never stored (only its digest is)."""

    row: ApiToken
    token: str




def username_in_use(username: str, *, database: str = "default", exclude_pk: object = None) -> bool:
    """Whether a user (but ``exclude_pk``) holds ``username``, ignoring case (docs/adr/0116)."""
    users = get_user_model()._default_manager.db_manager(database)
    return users.filter(username__iexact=username).exclude(pk=exclude_pk).exists()


def registration_check() -> None:
    """Raises ``registration_closed`` when ``SELF_REGISTRATION`` is off."""
    if not settings.SELF_REGISTRATION:
        raise ServiceError("registration_closed")


def player_create(*, username: str, password: str | None = None, bot: bool = False,
                  owner: AbstractBaseUser | None = None) -> IssuedToken:
    """Register ``username`` (no ``password``: unusable) with its first token, all or nothing;
    ``bot``: as a bot account of ``owner``. Raises ``registration_closed``, ``username_taken``."""
    registration_check()
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: the unique constraint decides a race
                user = get_user_model().objects.create_user(username=username,
                                                            password=password)
        except IntegrityError:
            raise ServiceError("username_taken") from None
        if bot:
            bot_account_create(user=user, owner=owner)
        return token_create(user=user, name=FIRST_TOKEN_NAME)


def token_create(*, user: AbstractBaseUser, name: str = "") -> IssuedToken:
    """Issue ``user`` another token, which never expires; ``quota_exceeded`` when they hold
    ``QUOTAS["tokens"]`` already (counted under the user's row lock)."""
    limit = settings.QUOTAS["tokens"]
    with transaction.atomic():
        locks.lock_user(user.pk)
        if token_list(user=user).count() >= limit:
            raise quota_exceeded("tokens", limit, f"You hold {limit} tokens, the most a player "
                                                  "may: revoke one first.")
        row, token = ApiToken.objects.create(user=user, expiry=None, name=name)
    return IssuedToken(row, token)


def token_revoke(*, user: AbstractBaseUser, token_key: str) -> None:
    """Delete ``user``'s token ``token_key``; ``not_found`` if they have none (another's included)."""
    deleted, _ = ApiToken.objects.filter(user=user, token_key=token_key).delete()
    if not deleted:
        raise ServiceError("not_found", "You have no token with that key.")




def token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """``user``'s unexpired tokens, oldest first (then by digest, a stable order for pages)."""
    unexpired = Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())
    return ApiToken.objects.filter(unexpired, user=user).order_by("created", "digest")
