from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.open_seat_spec_request_kind import OpenSeatSpecRequestKind, check_open_seat_spec_request_kind

T = TypeVar("T", bound="OpenSeatSpecRequest")


@_attrs_define
class OpenSeatSpecRequest:
    """Any player may take this seat with join; the match starts when all four are taken.

    Attributes:
        kind (OpenSeatSpecRequestKind):
    """

    kind: OpenSeatSpecRequestKind

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
        kind = check_open_seat_spec_request_kind(d.pop("kind"))

        open_seat_spec_request = cls(
            kind=kind,
        )

        return open_seat_spec_request
