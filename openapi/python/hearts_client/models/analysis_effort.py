from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AnalysisEffort")


@_attrs_define
class AnalysisEffort:
    """
    Attributes:
        work_per_decision (int): search work units each decision was weighed with: the same on every server, so an
            analysis is reproducible
        cpu_ms (int): CPU milliseconds the analysis has taken so far
    """

    work_per_decision: int
    cpu_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        work_per_decision = self.work_per_decision

        cpu_ms = self.cpu_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "work_per_decision": work_per_decision,
                "cpu_ms": cpu_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        work_per_decision = d.pop("work_per_decision")

        cpu_ms = d.pop("cpu_ms")

        analysis_effort = cls(
            work_per_decision=work_per_decision,
            cpu_ms=cpu_ms,
        )

        analysis_effort.additional_properties = d
        return analysis_effort

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
