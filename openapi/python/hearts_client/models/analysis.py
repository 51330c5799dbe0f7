from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analysis_status_enum import AnalysisStatusEnum, check_analysis_status_enum
from ..models.seat_enum import SeatEnum, check_seat_enum

if TYPE_CHECKING:
    from ..models.analysis_decision import AnalysisDecision
    from ..models.analysis_effort import AnalysisEffort
    from ..models.analysis_hand import AnalysisHand


T = TypeVar("T", bound="Analysis")


@_attrs_define
class Analysis:
    """
    Attributes:
        match_id (UUID):
        seat (SeatEnum): * `north` - north
            * `east` - east
            * `south` - south
            * `west` - west
        status (AnalysisStatusEnum): * `queued` - queued
            * `running` - running
            * `done` - done
            * `failed` - failed
        progress (float): the share of the match's hands analysed
        decisions (list[AnalysisDecision]): each pass, and each play with more than one legal card, of the hands
            analysed so far, oldest first; moves a stand-in made for the seat are not its decisions
        hands (list[AnalysisHand]): the hands analysed so far
        total_loss (float):
        blunders (int):
        effort (AnalysisEffort):
    """

    match_id: UUID
    seat: SeatEnum
    status: AnalysisStatusEnum
    progress: float
    decisions: list[AnalysisDecision]
    hands: list[AnalysisHand]
    total_loss: float
    blunders: int
    effort: AnalysisEffort
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        match_id = str(self.match_id)

        seat: str = self.seat

        status: str = self.status

        progress = self.progress

        decisions = []
        for decisions_item_data in self.decisions:
            decisions_item = decisions_item_data.to_dict()
            decisions.append(decisions_item)

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        total_loss = self.total_loss

        blunders = self.blunders

        effort = self.effort.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "match_id": match_id,
                "seat": seat,
                "status": status,
                "progress": progress,
                "decisions": decisions,
                "hands": hands,
                "total_loss": total_loss,
                "blunders": blunders,
                "effort": effort,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_decision import AnalysisDecision  # noqa: PLC0415
        from ..models.analysis_effort import AnalysisEffort  # noqa: PLC0415
        from ..models.analysis_hand import AnalysisHand  # noqa: PLC0415

        d = dict(src_dict)
        match_id = UUID(d.pop("match_id"))

        seat = check_seat_enum(d.pop("seat"))

        status = check_analysis_status_enum(d.pop("status"))

        progress = d.pop("progress")

        decisions = []
        _decisions = d.pop("decisions")
        for decisions_item_data in _decisions:
            decisions_item = AnalysisDecision.from_dict(decisions_item_data)

            decisions.append(decisions_item)

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = AnalysisHand.from_dict(hands_item_data)

            hands.append(hands_item)

        total_loss = d.pop("total_loss")

        blunders = d.pop("blunders")

        effort = AnalysisEffort.from_dict(d.pop("effort"))

        analysis = cls(
            match_id=match_id,
            seat=seat,
            status=status,
            progress=progress,
            decisions=decisions,
            hands=hands,
            total_loss=total_loss,
            blunders=blunders,
            effort=effort,
        )

        analysis.additional_properties = d
        return analysis

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
