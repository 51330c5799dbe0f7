from typing import Literal

OpenSeatSpecRequestKind = Literal["open"]

OPEN_SEAT_SPEC_REQUEST_KIND_VALUES: set[OpenSeatSpecRequestKind] = {
    "open",
}


def check_open_seat_spec_request_kind(value: str) -> OpenSeatSpecRequestKind:
    if value in OPEN_SEAT_SPEC_REQUEST_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {OPEN_SEAT_SPEC_REQUEST_KIND_VALUES!r}")
