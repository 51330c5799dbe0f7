from typing import Literal

ArenaRunStatusEnum = Literal["abandoned", "finished", "running"]

ARENA_RUN_STATUS_ENUM_VALUES: set[ArenaRunStatusEnum] = {
    "abandoned",
    "finished",
    "running",
}


def check_arena_run_status_enum(value: str) -> ArenaRunStatusEnum:
    if value in ARENA_RUN_STATUS_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ARENA_RUN_STATUS_ENUM_VALUES!r}")
