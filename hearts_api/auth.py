"""Bearer-token authentication (``Authorization: Bearer <token>``), from django-rest-knox."""

import re
from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from rest_framework import exceptions

# A token as POST /players and POST /tokens give it: hexadecimal digits.
ACCESS_TOKEN_PATTERN = r"^[0-9a-f]{1,128}$"


class BearerTokenAuthentication(TokenAuthentication):
    """Knox's token check with the ``Bearer`` prefix (settings.REST_KNOX)."""


class BearerTokenScheme(OpenApiAuthenticationExtension):
    """Documents the scheme in the OpenAPI schema as HTTP bearer auth."""

    target_class = BearerTokenAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer",
                "description": "A token from POST /api/v1/players or POST /api/v1/tokens."}


class QueryTokenAuthentication(TokenAuthentication):
    """``?access_token=<token>``, for the stream only: a browser's ``EventSource`` cannot
    send an ``Authorization`` header. The same tokens and checks as the header's."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        token = request.query_params.get("access_token")
        if not token:
            return None
        if not re.fullmatch(ACCESS_TOKEN_PATTERN, token):  # no NUL or the like reaches the database
            raise exceptions.AuthenticationFailed("Invalid token.")
        return self.authenticate_credentials(token.encode())


class QueryTokenScheme(OpenApiAuthenticationExtension):
    """Documents ``?access_token=`` as an API key in the query."""

    target_class = QueryTokenAuthentication
    name = "accessToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "query", "name": "access_token",
                "description": "The bearer token in the query, for EventSource clients "
                               "(GET /matches/{id}/stream only)."}
