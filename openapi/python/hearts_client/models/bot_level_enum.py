from typing import Literal

BotLevelEnum = Literal["easy", "expert", "hard", "medium", "random"]

BOT_LEVEL_ENUM_VALUES: set[BotLevelEnum] = {
    "easy",
    "expert",
    "hard",
    "medium",
    "random",
}


def check_bot_level_enum(value: str) -> BotLevelEnum:
    if value in BOT_LEVEL_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_LEVEL_ENUM_VALUES!r}")
