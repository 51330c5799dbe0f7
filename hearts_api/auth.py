"""Bearer-token authentication (``Authorization: Bearer <token>``), from django-rest-knox."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication


class BearerTokenAuthentication(TokenAuthentication):
    """Knox's token check with the ``Bearer`` prefix (settings.REST_KNOX)."""


class BearerTokenScheme(OpenApiAuthenticationExtension):
    """Documents the scheme in the OpenAPI schema as HTTP bearer auth."""

    target_class = BearerTokenAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer",
                "description": "A token from POST /api/v1/players or POST /api/v1/tokens."}
