from typing import Literal

MatchStatusEnum = Literal["aborted", "finished", "passing", "playing", "waiting"]

MATCH_STATUS_ENUM_VALUES: set[MatchStatusEnum] = {
    "aborted",
    "finished",
    "passing",
    "playing",
    "waiting",
}


def check_match_status_enum(value: str) -> MatchStatusEnum:
    if value in MATCH_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCH_STATUS_ENUM_VALUES!r}")
