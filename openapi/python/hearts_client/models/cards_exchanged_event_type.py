from typing import Literal

CardsExchangedEventType = Literal["cards_exchanged"]

CARDS_EXCHANGED_EVENT_TYPE_VALUES: set[CardsExchangedEventType] = {
    "cards_exchanged",
}


def check_cards_exchanged_event_type(value: str) -> CardsExchangedEventType:
    if value in CARDS_EXCHANGED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CARDS_EXCHANGED_EVENT_TYPE_VALUES!r}")
