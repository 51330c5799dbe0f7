from typing import Literal

MatchesReplaceSeatSeat = Literal["east", "north", "south", "west"]

MATCHES_REPLACE_SEAT_SEAT_VALUES: set[MatchesReplaceSeatSeat] = {
    "east",
    "north",
    "south",
    "west",
}


def check_matches_replace_seat_seat(value: str) -> MatchesReplaceSeatSeat:
    if value in MATCHES_REPLACE_SEAT_SEAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MATCHES_REPLACE_SEAT_SEAT_VALUES!r}")
