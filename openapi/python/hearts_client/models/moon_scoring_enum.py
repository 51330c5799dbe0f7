from typing import Literal

MoonScoringEnum = Literal["add_to_others", "shooters_choice", "subtract_from_shooter"]

MOON_SCORING_ENUM_VALUES: set[MoonScoringEnum] = {
    "add_to_others",
    "shooters_choice",
    "subtract_from_shooter",
}


def check_moon_scoring_enum(value: str) -> MoonScoringEnum:
    if value in MOON_SCORING_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MOON_SCORING_ENUM_VALUES!r}")
