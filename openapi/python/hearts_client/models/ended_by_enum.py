from typing import Literal

EndedByEnum = Literal["hand_cap", "lesson", "max_hands", "target_score"]

ENDED_BY_ENUM_VALUES: set[EndedByEnum] = {
    "hand_cap",
    "lesson",
    "max_hands",
    "target_score",
}


def check_ended_by_enum(value: str) -> EndedByEnum:
    if value in ENDED_BY_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ENDED_BY_ENUM_VALUES!r}")
