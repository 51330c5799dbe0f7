from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardsPassRequest")


@_attrs_define
class CardsPassRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        cards (list[str]): The cards you pass: the rules' pass_count of them (3 by default; another count is 422
            wrong_pass_count).
    """

    cards: list[str]

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        cards_pass_request = cls(
            cards=cards,
        )

        return cards_pass_request
