from typing import Literal

VerdictEnum = Literal["legal_not_wanted", "right"]

VERDICT_ENUM_VALUES: set[VerdictEnum] = {
    "legal_not_wanted",
    "right",
}


def check_verdict_enum(value: str) -> VerdictEnum:
    if value in VERDICT_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VERDICT_ENUM_VALUES!r}")
