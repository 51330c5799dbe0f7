from typing import Literal

LeaderboardEntryKindEnum = Literal["bot", "builtin", "player"]

LEADERBOARD_ENTRY_KIND_ENUM_VALUES: set[LeaderboardEntryKindEnum] = {
    "bot",
    "builtin",
    "player",
}


def check_leaderboard_entry_kind_enum(value: str) -> LeaderboardEntryKindEnum:
    if value in LEADERBOARD_ENTRY_KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LEADERBOARD_ENTRY_KIND_ENUM_VALUES!r}")
