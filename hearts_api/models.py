"""API tokens: django-rest-knox's hashed tokens, with a name per app."""

from django.db import models
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """A player's bearer token. Only its SHA-512 digest is stored (knox); ``token_key`` is
    the token's first characters, enough for the owner to tell tokens apart."""

    name = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["created"]
