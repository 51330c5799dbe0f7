"""Format versions of the engine's stored JSON: the events of the log and the snapshot.

Each stored object carries ``"v"``, the version of its format. A reader upcasts an
older object before parsing it: ``upcast`` applies the upcasters from its version to
the current one, each turning version ``n`` into ``n + 1``, so a row is read in any
format it was ever written in and never rewritten. A format change bumps the current
version and adds the upcaster from the last one (``events.UPCASTERS``,
``state.SNAPSHOT_UPCASTERS``); ``tests/engine/fixtures/`` keeps a log and a snapshot
written by older code, and the tests replay them.

>>> upcast({"v": 1, "n": 2}, 2, {1: lambda old: {**old, "v": 2, "n": old["n"] * 10}}, "demo")
{'v': 2, 'n': 20}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def upcast(data: dict[str, Any], current: int, upcasters: Mapping[int, Upcaster],
           what: str) -> dict[str, Any]:
    """``data`` (stored JSON of version ``data["v"]``) in format version ``current``.

    ``upcasters[n]`` turns version ``n`` into ``n + 1``. Raises ``ValueError`` naming
    ``what`` for a version that is not an integer from 1 to ``current``.
    """
    version = data.get("v")
    if type(version) is not int or not 1 <= version <= current:
        raise ValueError(f"unknown {what} format version: {version!r}")
    while version < current:
        data = upcasters[version](data)
        version += 1
    return data
