from typing import Literal

ReasonEnum = Literal["declined", "expired"]

REASON_ENUM_VALUES: set[ReasonEnum] = {
    "declined",
    "expired",
}


def check_reason_enum(value: str) -> ReasonEnum:
    if value in REASON_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REASON_ENUM_VALUES!r}")
