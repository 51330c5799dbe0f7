"""Players' and tokens' request and response shapes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from ..accounts import (
    PASSWORD_MAX_LENGTH,
    PASSWORD_MIN_LENGTH,
    USERNAME_MAX_LENGTH,
    USERNAME_PATTERN,
)
from ..models import ApiToken
from .fields import (
    ResponseSerializer,
    StrictBooleanField,
    StrictCharField,
    StrictRegexField,
    StrictSerializer,
)


class PasswordField(StrictCharField):
    """A new password, checked by ``validate_password``; the schema's ``pattern`` states the
    one rule of ``AUTH_PASSWORD_VALIDATORS`` a pattern can: not only digits."""

    pattern = r"^(?![0-9]+$)"


class PlayerCreateSerializer(StrictSerializer):
    username = StrictRegexField(USERNAME_PATTERN, help_text=f"1 to {USERNAME_MAX_LENGTH} of: ASCII letters, "
                                                            "digits and @ . + - _, not dots alone; "
                                                            "unique ignoring case (409 "
                                                            "username_taken)")
    # Never echoed: DRF's and Django's messages name the rule broken, not the value.
    password = PasswordField(
        required=False, write_only=True, trim_whitespace=False,
        min_length=PASSWORD_MIN_LENGTH, max_length=PASSWORD_MAX_LENGTH,
        help_text=f"Optional: lets the player mint tokens with HTTP Basic credentials "
                  f"(POST /tokens). {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} "
                  f"characters, not entirely numeric, not a common password, not too like "
                  f"the username; else 400 invalid_request with the reason's code "
                  f"(password_too_common, ...). Left out, the player has tokens only.")
    bot = StrictBooleanField(
        required=False, default=False,
        help_text="true: a bot account, a program that plays, shown as a bot wherever it sits "
                  "(is_bot); sent with a bearer token, that token's player is its owner. A bot "
                  "account may not take the daily challenge; it is one for good.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """``attrs`` as they are, once a password among them passes Django's validators
        (``settings.AUTH_PASSWORD_VALIDATORS``, the username's similarity included).
        Raises ``ValidationError`` on field ``password``, one error per validator that
        refuses it, each with that validator's code (``password_too_common``,
        ``password_entirely_numeric``, ``password_too_similar``, ...)."""
        if "password" in attrs:
            try:
                validate_password(attrs["password"], get_user_model()(username=attrs["username"]))
            except DjangoValidationError as refused:
                raise serializers.ValidationError({"password": [
                    serializers.ErrorDetail(" ".join(error.messages), code=error.code)
                    for error in refused.error_list]}) from None
        return attrs


class PlayerCreatedSerializer(ResponseSerializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Bearer token; shown only this once.")

    @staticmethod
    def body(username: str, token: str) -> dict[str, Any]:
        return {"username": username, "token": token}


class TokenCreateSerializer(StrictSerializer):
    name = StrictRegexField(r"^[^\x00]*$", max_length=ApiToken._meta.get_field("name").max_length,
                            required=False,
                            allow_blank=True,
                            help_text="What the token is for, e.g. the app's name (no NUL "
                                      "character); left out, empty.")


class ApiTokenSerializer(serializers.Serializer):
    token_key = serializers.CharField(help_text="The token's first characters.")
    name = serializers.CharField()
    created = serializers.DateTimeField()


class ApiTokenCreatedSerializer(ApiTokenSerializer):
    token = serializers.CharField(help_text="Bearer token; shown only this once.")
