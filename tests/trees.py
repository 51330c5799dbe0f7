"""Comparing generated trees with their committed copies."""

from __future__ import annotations

import filecmp
from collections.abc import Sequence
from pathlib import Path


def differences(left: Path, right: Path, ignore: Sequence[str] = ()) -> list[str]:
    """Files that differ, or are on one side only, between two trees (``ignore``d names and
    caches left out)."""
    comparison = filecmp.dircmp(left, right, ignore=[*ignore, *filecmp.DEFAULT_IGNORES])
    found = [f"{comparison.left}/{name}" for name in
             comparison.left_only + comparison.right_only + comparison.diff_files]
    for sub in comparison.subdirs.values():
        found += differences(Path(sub.left), Path(sub.right), ignore)
    return found
