from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenCreateRequest")


@_attrs_define
class TokenCreateRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        name (str | Unset): What the token is for, e.g. the app's name (no NUL character); left out, empty.
    """

    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        token_create_request = cls(
            name=name,
        )

        return token_create_request
