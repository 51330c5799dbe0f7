from typing import Literal

DecisionKindEnum = Literal["pass", "play"]

DECISION_KIND_ENUM_VALUES: set[DecisionKindEnum] = {
    "pass",
    "play",
}


def check_decision_kind_enum(value: str) -> DecisionKindEnum:
    if value in DECISION_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DECISION_KIND_ENUM_VALUES!r}")
