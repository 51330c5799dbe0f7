from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ApiTokenCreated")


@_attrs_define
class ApiTokenCreated:
    """
    Attributes:
        token_key (str): The token's first characters.
        name (str):
        created (datetime.datetime):
        token (str): Bearer token; shown only this once.
    """

    token_key: str
    name: str
    created: datetime.datetime
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        token_key = self.token_key

        name = self.name

        created = self.created.isoformat()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "token_key": token_key,
                "name": name,
                "created": created,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token_key = d.pop("token_key")

        name = d.pop("name")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        token = d.pop("token")

        api_token_created = cls(
            token_key=token_key,
            name=name,
            created=created,
            token=token,
        )

        api_token_created.additional_properties = d
        return api_token_created

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
