from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerCreateRequest")


@_attrs_define
class PlayerCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        username (str): 1 to 150 of: ASCII letters, digits and @ . + - _
    """

    username: str

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        player_create_request = cls(
            username=username,
        )

        return player_create_request
