from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.played_card import PlayedCard


T = TypeVar("T", bound="CurrentTrick")


@_attrs_define
class CurrentTrick:
    """
    Attributes:
        number (int): 1..13
        leader (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        cards (list[PlayedCard]):
    """

    number: int
    leader: SeatEnum
    cards: list[PlayedCard]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        leader: str = self.leader

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "leader": leader,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.played_card import PlayedCard  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        leader = check_seat_enum(d.pop("leader"))

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = PlayedCard.from_dict(cards_item_data)

            cards.append(cards_item)

        current_trick = cls(
            number=number,
            leader=leader,
            cards=cards,
        )

        current_trick.additional_properties = d
        return current_trick

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
