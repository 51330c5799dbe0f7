"""Bearer-token authentication (``Authorization: Bearer <token>``), from django-rest-knox."""

from knox.auth import TokenAuthentication


class BearerTokenAuthentication(TokenAuthentication):
    """Knox's token check with the ``Bearer`` prefix (settings.REST_KNOX)."""
