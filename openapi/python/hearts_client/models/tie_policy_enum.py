from typing import Literal

TiePolicyEnum = Literal["play_on", "share"]

TIE_POLICY_ENUM_VALUES: set[TiePolicyEnum] = {
    "play_on",
    "share",
}


def check_tie_policy_enum(value: str) -> TiePolicyEnum:
    if value in TIE_POLICY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TIE_POLICY_ENUM_VALUES!r}")
