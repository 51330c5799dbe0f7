from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.match_status_enum import MatchStatusEnum, check_match_status_enum

T = TypeVar("T", bound="DailyAttempt")


@_attrs_define
class DailyAttempt:
    """Your attempt at the day's challenge: its match and that match's status.

    Attributes:
        match_id (UUID):
        status (MatchStatusEnum): * `waiting` - waiting
            * `passing` - passing
            * `playing` - playing
            * `finished` - finished
            * `aborted` - aborted
    """

    match_id: UUID
    status: MatchStatusEnum
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        match_id = str(self.match_id)

        status: str = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "match_id": match_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        match_id = UUID(d.pop("match_id"))

        status = check_match_status_enum(d.pop("status"))

        daily_attempt = cls(
            match_id=match_id,
            status=status,
        )

        daily_attempt.additional_properties = d
        return daily_attempt

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
