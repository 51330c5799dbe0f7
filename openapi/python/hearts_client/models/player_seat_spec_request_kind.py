from typing import Literal

PlayerSeatSpecRequestKind = Literal["player"]

PLAYER_SEAT_SPEC_REQUEST_KIND_VALUES: set[PlayerSeatSpecRequestKind] = {
    "player",
}


def check_player_seat_spec_request_kind(value: str) -> PlayerSeatSpecRequestKind:
    if value in PLAYER_SEAT_SPEC_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_SEAT_SPEC_REQUEST_KIND_VALUES!r}")
