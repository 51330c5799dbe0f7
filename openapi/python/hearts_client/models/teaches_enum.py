from typing import Literal

TeachesEnum = Literal[
    "clean_first_trick",
    "end_of_match",
    "following_suit",
    "hearts_broken",
    "jack_of_diamonds",
    "moon_scoring",
    "pass_count",
    "pass_rotation",
    "passing",
    "queen_breaks_hearts",
    "queen_of_spades",
    "scoring",
    "shoot_the_sun",
    "shooting_the_moon",
    "sloughing",
    "two_of_clubs",
]

TEACHES_ENUM_VALUES: set[TeachesEnum] = {
    "clean_first_trick",
    "end_of_match",
    "following_suit",
    "hearts_broken",
    "jack_of_diamonds",
    "moon_scoring",
    "pass_count",
    "pass_rotation",
    "passing",
    "queen_breaks_hearts",
    "queen_of_spades",
    "scoring",
    "shoot_the_sun",
    "shooting_the_moon",
    "sloughing",
    "two_of_clubs",
}


def check_teaches_enum(value: str) -> TeachesEnum:
    if value in TEACHES_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TEACHES_ENUM_VALUES!r}")
