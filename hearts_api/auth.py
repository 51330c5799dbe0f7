"""Authentication: bearer tokens (``Authorization: Bearer <token>``, from django-rest-knox)
everywhere, and HTTP Basic credentials on POST /tokens alone, to mint a token."""

import base64
import binascii
import re
from hmac import compare_digest
from typing import Any

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import get_token_model
from knox.settings import CONSTANTS
from knox.signals import token_expired
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication, get_authorization_header

from games import selectors, statements

from .accounts import PASSWORD_MAX_LENGTH, USERNAME_PATTERN
from .throttling import LoginThrottle

# A token as POST /players and POST /tokens give it: hexadecimal digits.
ACCESS_TOKEN_PATTERN = r"^[0-9a-f]{1,128}$"


class _OneQueryTokenAuthentication(TokenAuthentication):
    """Knox's token check in one query (SQL built once, ``games.statements.rows_with_related``):
    the token's row and its user. Knox's second query, for the user's expired tokens, is
    skipped (tokens never expire here); the token presented is still checked against its own
    expiry, and a revoked token has no row (docs/architecture.md)."""

    def authenticate_credentials(self, token: bytes) -> tuple[Any, Any]:
        """``(user, token row)`` for the presented ``token``, as knox's
        ``TokenAuthentication.authenticate_credentials``; raises ``AuthenticationFailed``
        (401) for a token with no live row or an inactive user."""
        text = token.decode("utf-8")
        key = text[:CONSTANTS.TOKEN_KEY_LENGTH]
        rows = statements.rows_with_related(get_token_model(), "user", "token_key", key)
        if rows is None:  # not PostgreSQL: knox's own query
            return super().authenticate_credentials(token)  # type: ignore[no-any-return]
        for auth_token in rows:
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(text)
            except (TypeError, binascii.Error):
                break
            if compare_digest(digest, auth_token.digest):  # type: ignore[attr-defined]
                return self.validate_user(auth_token)  # type: ignore[no-any-return]
        raise exceptions.AuthenticationFailed("Invalid token.")

    def validate_user(self, auth_token: Any) -> tuple[Any, Any]:
        """``(user, token row)`` for a live token; raises ``AuthenticationFailed`` (401) for
        an inactive user (knox's check) and, as for a revoked token, a staff account's:
        staff are not players (``selectors.is_player``)."""
        if not selectors.is_player(auth_token.user):
            raise exceptions.AuthenticationFailed("Invalid token.")
        return super().validate_user(auth_token)  # type: ignore[no-any-return]

    def _cleanup_token(self, auth_token: Any) -> bool:
        """Whether the presented ``auth_token`` has expired (then it is deleted, as knox
        does); the user's other tokens are not read."""
        if auth_token.expiry is None or auth_token.expiry >= timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True


class BearerTokenAuthentication(_OneQueryTokenAuthentication):
    """Knox's token check with the ``Bearer`` prefix (settings.REST_KNOX), for tokens that
    can be ours only: a credential that is not ``ACCESS_TOKEN_PATTERN`` (bytes that are
    not ASCII included, which knox would fail to decode) is refused before the database."""

    def authenticate_credentials(self, token: bytes) -> tuple[Any, Any]:
        return super().authenticate_credentials(_checked(token))  # type: ignore[no-any-return]


def _checked(token: bytes) -> bytes:
    """``token`` if it can be one of ours (``ACCESS_TOKEN_PATTERN``); raises
    ``AuthenticationFailed`` (401) for anything else, undecodable bytes and NUL included."""
    try:
        text = token.decode("ascii")
    except UnicodeDecodeError:
        raise exceptions.AuthenticationFailed("Invalid token.") from None
    if not re.fullmatch(ACCESS_TOKEN_PATTERN, text):
        raise exceptions.AuthenticationFailed("Invalid token.")
    return token


class BearerTokenScheme(OpenApiAuthenticationExtension):
    """Documents the scheme in the OpenAPI schema as HTTP bearer auth."""

    target_class = BearerTokenAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer",
                "description": "A token from POST /api/v1/players or POST /api/v1/tokens."}


class QueryTokenAuthentication(_OneQueryTokenAuthentication):
    """``?access_token=<token>``, for the stream only: a browser's ``EventSource`` cannot
    send an ``Authorization`` header. The same tokens and checks as the header's."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        token = request.query_params.get("access_token")
        if not token:
            return None
        return self.authenticate_credentials(_checked(token.encode("utf-8", "surrogateescape")))


class QueryTokenScheme(OpenApiAuthenticationExtension):
    """Documents ``?access_token=`` as an API key in the query."""

    target_class = QueryTokenAuthentication
    name = "accessToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "query", "name": "access_token",
                "description": "The bearer token in the query, for EventSource clients "
                               "(GET /matches/{id}/stream only)."}


class BasicCredentialsAuthentication(BasicAuthentication):
    """HTTP Basic credentials (RFC 7617, UTF-8), on ``POST /tokens`` only. Each attempt counts
    against ``LoginThrottle`` first (429); anything but a player's right password is
    ``AuthenticationFailed`` (401); another scheme: None."""

    def authenticate(self, request: Any) -> tuple[Any, None] | None:
        scheme, *credentials = get_authorization_header(request).split() or [b""]
        if scheme.lower() != b"basic":
            return None
        LoginThrottle().check(request)
        username, password = _basic_credentials(credentials)
        return self.authenticate_credentials(username, password, request)

    def authenticate_credentials(self, userid: str, password: str,
                                 request: Any = None) -> tuple[Any, None]:
        if not re.fullmatch(USERNAME_PATTERN, userid) or len(password) > PASSWORD_MAX_LENGTH:
            raise exceptions.AuthenticationFailed("Invalid username/password.")
        user, _ = super().authenticate_credentials(userid, password, request)
        if not selectors.is_player(user):
            raise exceptions.AuthenticationFailed("Invalid username/password.")
        return user, None


def _basic_credentials(credentials: list[bytes]) -> tuple[str, str]:
    """``(username, password)`` of one strict-base64 word of UTF-8 ``username:password`` (the
    first colon splits them); raises ``AuthenticationFailed`` for anything else."""
    try:
        [encoded] = credentials
        decoded = base64.b64decode(encoded, validate=True).decode("utf-8")
    except ValueError:  # no word or several; bad base64 (binascii.Error) or UTF-8 (a ValueError too)
        raise exceptions.AuthenticationFailed("Invalid basic header: send base64 of "
                                              "UTF-8 username:password.") from None
    username, colon, password = decoded.partition(":")
    if not colon:
        raise exceptions.AuthenticationFailed("Invalid basic header: no colon between "
                                              "username and password.")
    return username, password


class BasicCredentialsScheme(OpenApiAuthenticationExtension):
    """Documents HTTP Basic credentials in the OpenAPI schema (POST /tokens only)."""

    target_class = BasicCredentialsAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "basic",
                "description": "The username and password of a player who registered with "
                               "a password (POST /api/v1/players), to mint a token at "
                               "POST /api/v1/tokens; no other operation takes them."}
