from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_kind_enum import DecisionKindEnum, check_decision_kind_enum

T = TypeVar("T", bound="AnalysisDecision")


@_attrs_define
class AnalysisDecision:
    """
    Attributes:
        hand (int):
        trick (int | None): null for the pass
        kind (DecisionKindEnum): * `pass` - pass
            * `play` - play
        played (list[str]): your card, or the cards you passed
        best (list[str]): the option with the fewest expected points found
        loss (float): the expected points of the hand you gave away against the best option
        blunder (bool): a loss of 2 points or more
    """

    hand: int
    trick: int | None
    kind: DecisionKindEnum
    played: list[str]
    best: list[str]
    loss: float
    blunder: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        trick: int | None
        trick = self.trick

        kind: str = self.kind

        played = self.played

        best = self.best

        loss = self.loss

        blunder = self.blunder

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hand": hand,
                "trick": trick,
                "kind": kind,
                "played": played,
                "best": best,
                "loss": loss,
                "blunder": blunder,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = d.pop("hand")

        def _parse_trick(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        trick = _parse_trick(d.pop("trick"))

        kind = check_decision_kind_enum(d.pop("kind"))

        played = cast(list[str], d.pop("played"))

        best = cast(list[str], d.pop("best"))

        loss = d.pop("loss")

        blunder = d.pop("blunder")

        analysis_decision = cls(
            hand=hand,
            trick=trick,
            kind=kind,
            played=played,
            best=best,
            loss=loss,
            blunder=blunder,
        )

        analysis_decision.additional_properties = d
        return analysis_decision

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
