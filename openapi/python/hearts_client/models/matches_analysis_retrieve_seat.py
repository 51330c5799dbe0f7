from typing import Literal

MatchesAnalysisRetrieveSeat = Literal["east", "north", "south", "west"]

MATCHES_ANALYSIS_RETRIEVE_SEAT_VALUES: set[MatchesAnalysisRetrieveSeat] = {
    "east",
    "north",
    "south",
    "west",
}


def check_matches_analysis_retrieve_seat(value: str) -> MatchesAnalysisRetrieveSeat:
    if value in MATCHES_ANALYSIS_RETRIEVE_SEAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCHES_ANALYSIS_RETRIEVE_SEAT_VALUES!r}")
