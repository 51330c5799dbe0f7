from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invitation_status_enum import InvitationStatusEnum, check_invitation_status_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="Invitation")


@_attrs_define
class Invitation:
    """
    Attributes:
        id (UUID): POST /invitations/{id}/decline names it
        match_id (UUID): join the match to accept (POST /matches/{match_id}/join)
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        invited_by (str): the match's creator
        status (InvitationStatusEnum): * `pending` - pending
            * `accepted` - accepted
            * `declined` - declined
            * `expired` - expired
        created_at (datetime.datetime):
        expires_at (datetime.datetime): when the seat opens to anyone unless you have joined
    """

    id: UUID
    match_id: UUID
    seat: SeatEnum
    invited_by: str
    status: InvitationStatusEnum
    created_at: datetime.datetime
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        match_id = str(self.match_id)

        seat: str = self.seat

        invited_by = self.invited_by

        status: str = self.status

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "match_id": match_id,
                "seat": seat,
                "invited_by": invited_by,
                "status": status,
                "created_at": created_at,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        match_id = UUID(d.pop("match_id"))

        seat = check_seat_enum(d.pop("seat"))

        invited_by = d.pop("invited_by")

        status = check_invitation_status_enum(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        invitation = cls(
            id=id,
            match_id=match_id,
            seat=seat,
            invited_by=invited_by,
            status=status,
            created_at=created_at,
            expires_at=expires_at,
        )

        invitation.additional_properties = d
        return invitation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
