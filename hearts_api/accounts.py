"""Players and their bearer tokens: registration (with or without a password), issuing,
revoking and listing tokens.

Why here and not in ``games``: a player is a Django user who exists for the API, and a
token is a django-rest-knox row of this app's own model (``hearts_api.ApiToken``, which
``settings.KNOX_TOKEN_MODEL`` names). ``games`` takes a user as given and never needs to
know how one signs in, and it must not import ``hearts_api``; so the accounts' writes
and their one read live beside the token model, and the views only validate, call these
and serialize (docs/architecture.md, "Layers").

Refusals are ``games.errors.ServiceError``s, which the API's handler answers by ``code``
like the game services' own.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.errors import ServiceError, quota_exceeded

from .models import ApiToken

# The name of the token a player gets on registration.
FIRST_TOKEN_NAME = "first token"
# What a username may be (registration refuses any other; HTTP Basic looks up no other).
USERNAME_PATTERN = r"^[A-Za-z0-9_.@+-]{1,150}$"
# A password's length bounds, in characters. The shortest is the MinimumLengthValidator's
# min_length in settings.AUTH_PASSWORD_VALIDATORS (a test holds them equal), said here too
# so that the schema says it; the longest bounds what a hash (and a guess) costs.
PASSWORD_MIN_LENGTH = 8
PASSWORD_MAX_LENGTH = 128


@dataclass(frozen=True)
class IssuedToken:
    """A token just created: its row (``ApiToken``, whose ``user`` is the owner) and the
    token itself (str), which only this answer ever shows: the database keeps its digest."""

    row: ApiToken
    token: str


# --- writes -------------------------------------------------------------------------------


def registration_check() -> None:
    """Raises ``registration_closed`` when self-registration is switched off. The API calls
    it before reading the body: a closed registration is refused whatever the request
    holds (docs/api.md, "Auth")."""
    if not settings.SELF_REGISTRATION:
        raise ServiceError("registration_closed")


def player_create(*, username: str, password: str | None = None) -> IssuedToken:
    """Register a player ``username`` and issue its first token, both or neither. With a
    ``password`` the player may later mint tokens with HTTP Basic credentials; it is stored
    hashed (``settings.PASSWORD_HASHERS``). Without one the player's password is unusable:
    no credentials but its tokens ever authenticate it. Both already valid
    (``PlayerCreateSerializer``, the password through Django's validators). Raises
    ``registration_closed`` and ``username_taken``."""
    registration_check()
    with transaction.atomic():
        try:
            # Its own savepoint: the unique constraint decides a race between two
            # registrations of one name, and the outer transaction survives the refusal.
            with transaction.atomic():
                # password=None: create_user sets an unusable password.
                user = get_user_model().objects.create_user(username=username,
                                                            password=password)
        except IntegrityError:
            raise ServiceError("username_taken") from None
        return token_create(user=user, name=FIRST_TOKEN_NAME)


def token_create(*, user: AbstractBaseUser, name: str = "") -> IssuedToken:
    """Issue another token for ``user``, named ``name`` (what it is for; may be empty). It
    never expires: it lives until its owner revokes it (``settings.REST_KNOX``). Raises
    ``quota_exceeded`` (quota ``tokens``, no retry_after) when ``user`` already holds
    ``settings.QUOTAS["tokens"]``; the user's row is locked while counting, so two
    requests at once cannot both pass the limit."""
    limit = settings.QUOTAS["tokens"]
    with transaction.atomic():
        get_user_model().objects.select_for_update().only("pk").get(pk=user.pk)
        if token_list(user=user).count() >= limit:
            raise quota_exceeded("tokens", limit, f"You hold {limit} tokens, the most a player "
                                                  "may: revoke one first.")
        row, token = ApiToken.objects.create(user=user, expiry=None, name=name)
    return IssuedToken(row, token)


def token_revoke(*, user: AbstractBaseUser, token_key: str) -> None:
    """Delete ``user``'s token with ``token_key``; from then on it authenticates nobody.
    Raises ``not_found`` when ``user`` has none with that key (another player's token
    included: it is not theirs to revoke, nor to learn of)."""
    deleted, _ = ApiToken.objects.filter(user=user, token_key=token_key).delete()
    if not deleted:
        raise ServiceError("not_found", "You have no token with that key.")


# --- reads --------------------------------------------------------------------------------


def token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """``user``'s tokens, oldest first (of two as old, by digest: an order pages keep;
    their rows: ``token_key``, ``name``, ``created``; never the token itself, which is not
    stored), without any past its expiry: those are refused (``auth``), and deleted when
    presented."""
    unexpired = Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())
    return ApiToken.objects.filter(unexpired, user=user).order_by("created", "digest")
