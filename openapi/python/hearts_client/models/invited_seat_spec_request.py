from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.invited_seat_spec_request_kind import InvitedSeatSpecRequestKind, check_invited_seat_spec_request_kind

T = TypeVar("T", bound="InvitedSeatSpecRequest")


@_attrs_define
class InvitedSeatSpecRequest:
    """This seat is held for one player or bot account (GET /invitations shows it to them)
    until they join, decline, or INVITATION_TTL_S passes; then it is open.

        Attributes:
            kind (InvitedSeatSpecRequestKind):
            username (str): the invited player (404 not_found for nobody)
    """

    kind: InvitedSeatSpecRequestKind
    username: str

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_invited_seat_spec_request_kind(d.pop("kind"))

        username = d.pop("username")

        invited_seat_spec_request = cls(
            kind=kind,
            username=username,
        )

        return invited_seat_spec_request
