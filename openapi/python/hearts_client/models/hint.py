from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.decision_kind_enum import DecisionKindEnum, check_decision_kind_enum

if TYPE_CHECKING:
    from ..models.hint_option import HintOption
    from ..models.hint_pass import HintPass


T = TypeVar("T", bound="Hint")


@_attrs_define
class Hint:
    """
    Attributes:
        version (int): the match's version the hint is for
        kind (DecisionKindEnum): * `pass` - pass
            * `play` - play
        options (list[HintOption]): when playing: each legal card, in canonical order; empty when passing
        recommended (None | str): when playing: the card with the fewest expected points Example: QS.
        effort_ms (int): the CPU budget the search was given
        deals (int): deals the options were weighed over
        pass_ (HintPass | None): when passing: the pass with the fewest expected points, among the likely ones
    """

    version: int
    kind: DecisionKindEnum
    options: list[HintOption]
    recommended: None | str
    effort_ms: int
    deals: int
    pass_: HintPass | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.hint_pass import HintPass  # noqa: PLC0415

        version = self.version

        kind: str = self.kind

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        recommended: None | str
        recommended = self.recommended

        effort_ms = self.effort_ms

        deals = self.deals

        pass_: dict[str, Any] | None
        if isinstance(self.pass_, HintPass):
            pass_ = self.pass_.to_dict()
        else:
            pass_ = self.pass_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "kind": kind,
                "options": options,
                "recommended": recommended,
                "effort_ms": effort_ms,
                "deals": deals,
                "pass": pass_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hint_option import HintOption  # noqa: PLC0415
        from ..models.hint_pass import HintPass  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        kind = check_decision_kind_enum(d.pop("kind"))

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = HintOption.from_dict(options_item_data)

            options.append(options_item)

        def _parse_recommended(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        recommended = _parse_recommended(d.pop("recommended"))

        effort_ms = d.pop("effort_ms")

        deals = d.pop("deals")

        def _parse_pass_(data: object) -> HintPass | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pass_type_0 = HintPass.from_dict(data)

                return pass_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HintPass | None, data)

        pass_ = _parse_pass_(d.pop("pass"))

        hint = cls(
            version=version,
            kind=kind,
            options=options,
            recommended=recommended,
            effort_ms=effort_ms,
            deals=deals,
            pass_=pass_,
        )

        hint.additional_properties = d
        return hint

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
