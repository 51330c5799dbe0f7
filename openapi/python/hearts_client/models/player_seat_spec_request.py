from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_seat_spec_request_kind import PlayerSeatSpecRequestKind, check_player_seat_spec_request_kind

T = TypeVar("T", bound="PlayerSeatSpecRequest")


@_attrs_define
class PlayerSeatSpecRequest:
    """You sit here (at most one seat of a match; two are 409 already_seated).

    Attributes:
        kind (PlayerSeatSpecRequestKind):
    """

    kind: PlayerSeatSpecRequestKind

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_player_seat_spec_request_kind(d.pop("kind"))

        player_seat_spec_request = cls(
            kind=kind,
        )

        return player_seat_spec_request
