"""Format versions of stored JSON: ``upcast`` reads an object of any version ``"v"`` ever written.

>>> upcast({"v": 1, "n": 2}, 2, {1: lambda old: {**old, "v": 2, "n": old["n"] * 10}}, "demo")
{'v': 2, 'n': 20}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def upcast(data: dict[str, Any], current: int, upcasters: Mapping[int, Upcaster],
           what: str) -> dict[str, Any]:
    """``data`` in version ``current``, through ``upcasters[n]`` (version n to n + 1);
    ``ValueError`` naming ``what`` unless ``data["v"]`` is an integer in 1..``current``."""
    version = data.get("v")
    if type(version) is not int or not 1 <= version <= current:
        raise ValueError(f"unknown {what} format version: {version!r}")
    while version < current:
        data = upcasters[version](data)
        version += 1
    return data
