"""API tokens (django-rest-knox's hashed tokens, with a name per app) and idempotency keys."""

from django.conf import settings
from django.db import models
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """A player's bearer token. Only its SHA-512 digest is stored (knox); ``token_key`` is
    the token's first characters, enough for the owner to tell tokens apart."""

    name = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["created"]


class IdempotencyKey(models.Model):
    """A player's ``Idempotency-Key`` and the first response to it (hearts_api.idempotency).

    A row is claimed ``in_flight`` (in a transaction of its own, before the command runs,
    so a concurrent retry sees it), then ``done`` with the response stored: ``status``,
    the headers worth replaying (a JSON object of name -> value) and the body's bytes.
    ``fingerprint`` is the SHA-256 (hex) of the request's method, path and body. ``lease``
    names the claim, so a request whose claim was taken over cannot store over its taker.
    Past ``expires_at`` the row counts as absent; beat purges it."""

    class State(models.TextChoices):
        IN_FLIGHT = "in_flight"
        DONE = "done"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    state = models.CharField(max_length=16, choices=State.choices)
    lease = models.UUIDField()
    claimed_at = models.DateTimeField()
    expires_at = models.DateTimeField(db_index=True)
    status = models.PositiveSmallIntegerField(null=True)
    headers = models.JSONField(default=dict)
    body = models.BinaryField(default=b"")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"],
                                               name="idempotency_key_per_player")]
