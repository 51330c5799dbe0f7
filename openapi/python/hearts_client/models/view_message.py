from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_message_event import ViewMessageEvent, check_view_message_event

T = TypeVar("T", bound="ViewMessage")


@_attrs_define
class ViewMessage:
    """your seat view; id: its version

    Attributes:
        event (ViewMessageEvent):
        id (str):
        data (str):
    """

    event: ViewMessageEvent
    id: str
    data: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event: str = self.event

        id = self.id

        data = self.data

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = check_view_message_event(d.pop("event"))

        id = d.pop("id")

        data = d.pop("data")

        view_message = cls(
            event=event,
            id=id,
            data=data,
        )

        view_message.additional_properties = d
        return view_message

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
