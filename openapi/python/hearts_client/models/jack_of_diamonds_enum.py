from typing import Literal

JackOfDiamondsEnum = Literal[-10, 0]

JACK_OF_DIAMONDS_ENUM_VALUES: set[JackOfDiamondsEnum] = {
    -10,
    0,
}


def check_jack_of_diamonds_enum(value: int) -> JackOfDiamondsEnum:
    if value in JACK_OF_DIAMONDS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JACK_OF_DIAMONDS_ENUM_VALUES!r}")
