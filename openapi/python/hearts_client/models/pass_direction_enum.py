from typing import Literal

PassDirectionEnum = Literal["across", "hold", "left", "right"]

PASS_DIRECTION_ENUM_VALUES: set[PassDirectionEnum] = {
    "across",
    "hold",
    "left",
    "right",
}


def check_pass_direction_enum(value: str) -> PassDirectionEnum:
    if value in PASS_DIRECTION_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PASS_DIRECTION_ENUM_VALUES!r}")
