from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisHand")


@_attrs_define
class AnalysisHand:
    """
    Attributes:
        hand (int):
        loss (float):
        blunders (int):
    """

    hand: int
    loss: float
    blunders: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        loss = self.loss

        blunders = self.blunders

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand": hand,
                "loss": loss,
                "blunders": blunders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = d.pop("hand")

        loss = d.pop("loss")

        blunders = d.pop("blunders")

        analysis_hand = cls(
            hand=hand,
            loss=loss,
            blunders=blunders,
        )

        analysis_hand.additional_properties = d
        return analysis_hand

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
