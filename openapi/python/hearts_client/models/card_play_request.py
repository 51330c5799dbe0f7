from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardPlayRequest")


@_attrs_define
class CardPlayRequest:
    """A request body; a field it does not name is refused (400 unknown_field).

    Attributes:
        card (str): Card code: rank (2-9, T or 10, J, Q, K, A) + suit (C, D, H, S or a suit symbol), either case: 2C,
            TH, 10h, Q♠. Anything else is 400 unknown_card. Example: QS.
    """

    card: str

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        card_play_request = cls(
            card=card,
        )

        return card_play_request
