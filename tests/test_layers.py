"""The layering of docs/architecture.md, "Layers", held by import-linter's contracts in
pyproject.toml: the contracts are kept, each breaks on the import it forbids, and the
third-party packages they forbid are every one the project imports."""

from __future__ import annotations

import subprocess
import sys
from copy import deepcopy
from pathlib import Path

import grimp
import pytest
from importlinter import api
from importlinter.contracts.forbidden import ForbiddenContract

ROOT = Path(__file__).resolve().parents[1]
CONFIG = api.read_configuration(str(ROOT / "pyproject.toml"))
CONTRACTS = {options["id"]: options for options in CONFIG["contracts_options"]}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """The project's import graph, third-party and standard library modules included."""
    return grimp.build_graph(*CONFIG["session_options"]["root_packages"],
                             include_external_packages=True, cache_dir=None)


def _kept(contract_id: str, graph: grimp.ImportGraph) -> bool:
    # A copy, as lint-imports checks each contract on one: a check may remove imports.
    graph = deepcopy(graph)
    contract = ForbiddenContract(name=contract_id, session_options=CONFIG["session_options"],
                                 contract_options=CONTRACTS[contract_id])
    return contract.check(graph, verbose=False).kept


def test_lint_imports_keeps_every_contract():
    run = subprocess.run([Path(sys.executable).parent / "lint-imports", "--no-cache", "--no-logo"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: 5 kept, 0 broken." in run.stdout
    assert set(CONTRACTS) == {"engine-pure", "games-below-apps", "strategies-on-engine",
                              "api-without-bots", "apps-without-project"}


@pytest.mark.parametrize(("contract_id", "importer", "imported"), [
    ("engine-pure", "games.engine.rules", "games.models"),
    ("engine-pure", "games.engine.decider", "games.errors"),
    ("engine-pure", "games.engine.cards", "django"),
    ("engine-pure", "games.engine.views", "bots.strategies"),
    ("games-below-apps", "games.services", "bots.tasks"),
    ("games-below-apps", "games.selectors", "hearts_api.models"),
    ("strategies-on-engine", "bots.strategies.easy", "games.selectors"),
    ("strategies-on-engine", "bots.strategies.expert", "bots.tasks"),
    ("strategies-on-engine", "bots.strategies", "django"),
    ("api-without-bots", "hearts_api.serializers", "bots.strategies"),
    ("apps-without-project", "hearts_api.health", "config.celery"),
    ("apps-without-project", "bots.tasks", "config.settings"),
])
def test_each_contract_breaks_on_an_import_it_forbids(graph, contract_id, importer, imported):
    assert _kept(contract_id, graph)
    broken = deepcopy(graph)
    broken.add_import(importer=importer, imported=imported)
    assert not _kept(contract_id, broken)


def test_strategies_may_import_the_engine_and_the_engine_itself(graph):
    allowed = deepcopy(graph)
    allowed.add_import(importer="bots.strategies.easy", imported="games.engine.kernel")
    allowed.add_import(importer="games.engine.rules", imported="games.engine.kernel")
    assert _kept("strategies-on-engine", allowed) and _kept("engine-pure", allowed)


def test_the_pure_layers_forbid_every_third_party_package_the_project_imports(graph):
    roots = set(CONFIG["session_options"]["root_packages"])
    third_party = {module for module in graph.modules
                   if "." not in module and module not in roots
                   and module not in sys.stdlib_module_names}
    assert {"django", "rest_framework", "celery"} <= third_party
    for contract_id in ("engine-pure", "strategies-on-engine"):
        assert third_party - set(CONTRACTS[contract_id]["forbidden_modules"]) == set(), contract_id
