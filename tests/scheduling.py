"""How pytest-xdist shares the suite out between its processes (``make test``: three).

xdist's default (``--dist load``) hands each process a chunk of consecutive tests and
can leave one process alone with the last long ones, and the e2e tests that share a
stack (``e2e_stack``, tests/e2e/conftest.py) may land on both processes, each then
starting a stack of its own. Here instead the longest tests come first and each process
is handed one test at a time, so that the long ones are shared out and the short ones
even out the end; and the tests on the e2e stack go to one process together (xdist's
own grouping, ``--dist loadgroup`` with ``xdist_group`` marks, groups nothing under
pytest 9.2: pytest-xdist issue 1386).
"""

from __future__ import annotations

from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

# The longest tests, tens of seconds each: most of the suite's time; then the longest
# in-process ones and those running Node, seconds each, so that no process ends alone with
# one (nor beside the ``LAST`` test).
LONGEST = ("tests/e2e/", "tests/engine/test_openspiel_differential.py",
           "tests/bots/test_analysis.py", "tests/engine/test_properties.py",
           "tests/api/test_live.py", "tests/games/test_records.py",
           "tests/web/test_build.py", "tests/sdk/test_regeneration.py")
# Tests that time the service: they run last, when the other process has (nearly) nothing
# left to run, each on a stack of its own.
LAST = ("tests/e2e/test_noisy_neighbour.py",)
# The modules whose tests use ``e2e_stack``: one left out still passes, but may start a
# second stack in the other process. Not those whose every test starts processes of its
# own (test_faults.py, test_database_outage.py, test_make_up.py): they are shared out
# one at a time like any other, the longest first.
E2E_STACK_MODULES = ("tests/e2e/test_bot_delay.py", "tests/e2e/test_browser_table.py",
                     "tests/e2e/test_full_match.py",
                     "tests/e2e/test_idempotency.py", "tests/e2e/test_live.py",
                     "tests/e2e/test_sdk_examples.py", "tests/e2e/test_timeouts.py")


# The cluster's tests share one cluster (tests/e2e/cluster.py): one unit, for one process.
CLUSTER_MODULE = "tests/e2e/test_cluster.py"


class OneTestAtATime(LoadScopeScheduling):
    """Each process is handed one test at a time, in collection order, except the tests
    on the e2e stack and those on the cluster: a unit each, for one process."""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.startswith(E2E_STACK_MODULES):
            return "e2e_stack"
        return "cluster" if nodeid.startswith(CLUSTER_MODULE) else nodeid


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: with -p no:xdist there is no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScopeScheduling | None:
    """``OneTestAtATime`` in place of the default; another ``--dist`` given on the command
    line is xdist's to serve."""
    return OneTestAtATime(config, log) if config.getvalue("dist") == "load" else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In each xdist process (all sort alike): the longest tests first, the ``LAST`` ones
    last. Without xdist the order stays."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: (item.nodeid.startswith(LAST),
                                     not item.nodeid.startswith(LONGEST)))
