"""How pytest-xdist shares the suite out between its processes (``make test``: three).

xdist's default (``--dist load``) hands each process a chunk of consecutive tests and
can leave one process alone with the last long ones, and tests that share processes they
start (the e2e stack, a PostgreSQL cluster, a module's server) may land on several
processes, each then starting them again. Here instead the longest tests come first and
each process is handed one test at a time, so that the long ones are shared out and the
short ones even out the end; and the tests that share processes go to one process
together (xdist's own grouping, ``--dist loadgroup`` with ``xdist_group`` marks, groups
nothing under pytest 9.2: pytest-xdist issue 1386).
"""

from __future__ import annotations

from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

# The longest tests, tens of seconds each: most of the suite's time; then the longest
# in-process ones and those running Node, seconds each, so that no process ends alone with
# one.
LONGEST = ("tests/e2e/", "tests/engine/test_openspiel_differential.py",
           "tests/bots/test_analysis.py", "tests/engine/test_properties.py",
           "tests/api/test_live.py", "tests/games/test_records.py",
           "tests/web/test_build.py", "tests/sdk/test_regeneration.py")
# Tests that share processes they start go to one process together, a unit each, which
# starts them once: those on the e2e stack (``e2e_stack``, tests/e2e/conftest.py; a module
# left out still passes, but may start a second stack in another process), those on this
# process's PostgreSQL cluster (``fault_cluster``), the cluster's (tests/e2e/cluster.py),
# and those of a module-scoped server. The others are shared out one at a time.
UNITS = {
    **dict.fromkeys(("tests/e2e/test_bot_delay.py", "tests/e2e/test_browser_table.py",
                     "tests/e2e/test_full_match.py", "tests/e2e/test_idempotency.py",
                     "tests/e2e/test_live.py", "tests/e2e/test_sdk_examples.py",
                     "tests/e2e/test_timeouts.py"), "e2e_stack"),
    **dict.fromkeys(("tests/e2e/test_faults.py", "tests/e2e/test_database_outage.py"),
                    "fault_cluster"),
    "tests/e2e/test_cluster.py": "cluster",
    "tests/e2e/test_body_limit.py": "body_limit_server",
    "tests/e2e/test_raw_requests.py": "raw_requests_server",
}


class OneTestAtATime(LoadScopeScheduling):
    """Each process is handed one test at a time, except the tests of a unit of ``UNITS``:
    the unit's tests all at once, to one process. xdist hands out the units first, those
    of most tests first (its ``--loadscope-reorder``), then the single tests in collection
    order."""

    def _split_scope(self, nodeid: str) -> str:
        return UNITS.get(nodeid.split("::", 1)[0], nodeid)


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: with -p no:xdist there is no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScopeScheduling | None:
    """``OneTestAtATime`` in place of the default; another ``--dist`` given on the command
    line is xdist's to serve."""
    return OneTestAtATime(config, log) if config.getvalue("dist") == "load" else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In each xdist process (all sort alike): the longest tests first. Without xdist the
    order stays."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: not item.nodeid.startswith(LONGEST))
