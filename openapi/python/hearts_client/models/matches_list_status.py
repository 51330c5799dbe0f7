from typing import Literal

MatchesListStatus = Literal["aborted", "finished", "passing", "playing", "waiting"]

MATCHES_LIST_STATUS_VALUES: set[MatchesListStatus] = {
    "aborted",
    "finished",
    "passing",
    "playing",
    "waiting",
}


def check_matches_list_status(value: str) -> MatchesListStatus:
    if value in MATCHES_LIST_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCHES_LIST_STATUS_VALUES!r}")
