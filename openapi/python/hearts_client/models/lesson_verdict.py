from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verdict_enum import VerdictEnum, check_verdict_enum

T = TypeVar("T", bound="LessonVerdict")


@_attrs_define
class LessonVerdict:
    """
    Attributes:
        verdict (VerdictEnum): * `right` - right
            * `legal_not_wanted` - legal_not_wanted
        explanation (str):
    """

    verdict: VerdictEnum
    explanation: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        verdict: str = self.verdict

        explanation = self.explanation

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "verdict": verdict,
                "explanation": explanation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        verdict = check_verdict_enum(d.pop("verdict"))

        explanation = d.pop("explanation")

        lesson_verdict = cls(
            verdict=verdict,
            explanation=explanation,
        )

        lesson_verdict.additional_properties = d
        return lesson_verdict

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
