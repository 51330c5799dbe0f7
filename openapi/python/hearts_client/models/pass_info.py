from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

T = TypeVar("T", bound="PassInfo")


@_attrs_define
class PassInfo:
    """
    Attributes:
        given (list[str] | None): your pass, once submitted
        received (list[str] | None): what you received, once all four passed
        waiting_for (list[SeatEnum]):
    """

    given: list[str] | None
    received: list[str] | None
    waiting_for: list[SeatEnum]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        given: list[str] | None
        if isinstance(self.given, list):
            given = self.given

        else:
            given = self.given

        received: list[str] | None
        if isinstance(self.received, list):
            received = self.received

        else:
            received = self.received

        waiting_for = []
        for waiting_for_item_data in self.waiting_for:
            waiting_for_item: str = waiting_for_item_data
            waiting_for.append(waiting_for_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "given": given,
                "received": received,
                "waiting_for": waiting_for,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_given(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                given_type_0 = cast(list[str], data)

                return given_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        given = _parse_given(d.pop("given"))

        def _parse_received(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                received_type_0 = cast(list[str], data)

                return received_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        received = _parse_received(d.pop("received"))

        waiting_for = []
        _waiting_for = d.pop("waiting_for")
        for waiting_for_item_data in _waiting_for:
            waiting_for_item = check_seat_enum(waiting_for_item_data)

            waiting_for.append(waiting_for_item)

        pass_info = cls(
            given=given,
            received=received,
            waiting_for=waiting_for,
        )

        pass_info.additional_properties = d
        return pass_info

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
