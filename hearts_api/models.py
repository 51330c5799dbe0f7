"""API tokens (django-rest-knox's hashed tokens, with a name per app) and idempotency keys."""

from django.conf import settings
from django.db import models
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """A player's bearer token: knox stores its digest and ``token_key``, its first characters."""

    name = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["created"]


class IdempotencyKey(models.Model):
    """A player's ``Idempotency-Key``: claimed ``in_flight``, then ``done`` with the response to
    replay; ``fingerprint`` is the request's SHA-256, ``lease`` its claim (``idempotency``)."""

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
