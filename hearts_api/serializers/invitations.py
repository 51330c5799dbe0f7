"""An invitation to a seat, as its invited player sees it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rest_framework import serializers

from games.engine import Seat
from games.invitations import status_now
from games.models import Invitation

from .fields import SEAT_CHOICES, ResponseSerializer


class InvitationSerializer(ResponseSerializer):
    id = serializers.UUIDField(help_text="POST /invitations/{id}/decline names it")
    match_id = serializers.UUIDField(help_text="join the match to accept (POST "
                                               "/matches/{match_id}/join)")
    seat = serializers.ChoiceField(SEAT_CHOICES, help_text="the seat held for you")
    invited_by = serializers.CharField(help_text="the match's creator")
    status = serializers.ChoiceField(list(Invitation.Status.values),
                                     help_text="pending until you join (accepted) or decline, "
                                               "or its time is up (expired)")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(help_text="when the seat opens to anyone unless you "
                                                     "have joined")

    @staticmethod
    def body(invitation: Invitation, now: datetime) -> dict[str, Any]:
        return {"id": invitation.id, "match_id": invitation.match_id,
                "seat": Seat(invitation.seat).label,
                "invited_by": invitation.match.created_by.get_username(),
                "status": status_now(invitation, now), "created_at": invitation.created_at,
                "expires_at": invitation.expires_at}
