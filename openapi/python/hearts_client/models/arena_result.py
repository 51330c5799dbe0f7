from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.arena_seat_result import ArenaSeatResult


T = TypeVar("T", bound="ArenaResult")


@_attrs_define
class ArenaResult:
    """
    Attributes:
        advantage (float): points per hand the field took more than the bot at the same seat of the same deal, the mean
            over deals: above 0, the bot is stronger than the field
        ci95 (list[float]): the advantage's 95% interval, [low, high]
        deals (int):
        per_seat (list[ArenaSeatResult]):
    """

    advantage: float
    ci95: list[float]
    deals: int
    per_seat: list[ArenaSeatResult]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        advantage = self.advantage

        ci95 = self.ci95

        deals = self.deals

        per_seat = []
        for per_seat_item_data in self.per_seat:
            per_seat_item = per_seat_item_data.to_dict()
            per_seat.append(per_seat_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "advantage": advantage,
                "ci95": ci95,
                "deals": deals,
                "per_seat": per_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arena_seat_result import ArenaSeatResult  # noqa: PLC0415

        d = dict(src_dict)
        advantage = d.pop("advantage")

        ci95 = cast(list[float], d.pop("ci95"))

        deals = d.pop("deals")

        per_seat = []
        _per_seat = d.pop("per_seat")
        for per_seat_item_data in _per_seat:
            per_seat_item = ArenaSeatResult.from_dict(per_seat_item_data)

            per_seat.append(per_seat_item)

        arena_result = cls(
            advantage=advantage,
            ci95=ci95,
            deals=deals,
            per_seat=per_seat,
        )

        arena_result.additional_properties = d
        return arena_result

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
