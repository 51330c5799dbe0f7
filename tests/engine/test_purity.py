"""The engine is pure: no Django, DRF or Celery, nothing outside a few stdlib modules,
no randomness of its own, and ``decide``/``evolve`` never change the state they are given."""

import ast
import copy
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import (
    DealHand,
    IllegalMove,
    PassCards,
    Phase,
    PlayCard,
    RuleSet,
    decide,
    evolve,
    state_to_json,
)

from .helpers import D1, Table, first_cards, first_legal

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "games" / "engine"
# re: parsing card codes against the pattern the schema publishes (pure, no I/O).
ALLOWED_STDLIB = {"__future__", "collections", "dataclasses", "enum", "random", "re", "typing"}


def test_importing_the_engine_loads_no_django_drf_or_celery_module():
    probe = ("import games.engine, sys; print(sorted(m for m in sys.modules "
             "if m.split('.')[0] in {'django', 'rest_framework', 'celery'}))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert run.stdout.strip() == "[]"


def engine_imports() -> list[tuple[str, str]]:
    """``(file, imported module)`` for every import in games/engine/*.py; relative imports
    are written ``.module`` (one dot per level)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                found += [(path.name, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found.append((path.name, "." * node.level + (node.module or "")))
    return found


def test_engine_source_imports_only_allowed_stdlib_modules_and_itself():
    imports = engine_imports()
    assert len({name for name, _ in imports}) >= 7  # the scan did find the engine's files
    outside = [
        (name, module) for name, module in imports
        if not (module.startswith(".") and not module.startswith(".."))
        and module.split(".")[0] not in ALLOWED_STDLIB
        and not (module == "games.engine" or module.startswith("games.engine."))
    ]
    assert outside == []


def test_dealing_is_a_pure_function_of_the_seed():
    table = Table(rules=RuleSet(), deal_now=False)
    first, again, other = (decide(table.now, DealHand(seed)) for seed in (7, 7, 8))
    assert first == again
    assert first[0].holdings != other[0].holdings


def unchanged(function, state, argument):
    """Call ``function(state, argument)``; assert it left ``state`` as it was, snapshot
    included. Returns the call's result, or the IllegalMove it raised."""
    before, snapshot = copy.deepcopy(state), state_to_json(state)
    try:
        result = function(state, argument)
    except IllegalMove as refusal:
        result = refusal
    assert state == before
    assert state_to_json(state) == snapshot
    return result


def test_decide_and_evolve_never_change_the_state_they_are_given():
    table = Table(D1, rules=RuleSet())
    steps = 0
    while table.now.phase in (Phase.PASSING, Phase.PLAYING):
        state = table.now
        seat = state.to_act[0]
        if state.phase is Phase.PASSING:
            command = PassCards(seat, first_cards(state, seat))
            wrong = PlayCard(seat, state.hand.holdings[seat][0])
        else:
            command = PlayCard(seat, first_legal(state, seat))
            wrong = PlayCard(seat.next(), state.hand.holdings[seat][0])
        assert isinstance(unchanged(decide, state, wrong), IllegalMove)
        for event in unchanged(decide, state, command):
            state = unchanged(evolve, state, event)
        table.do(command)
        steps += 1
    assert steps == 4 + 52 and table.now.phase is Phase.DEALING


@pytest.mark.parametrize("name", ["cards", "rules", "state", "events", "decider", "views"])
def test_engine_module_does_no_io_and_reads_no_clock(name):
    tree = ast.parse((ENGINE / f"{name}.py").read_text())
    calls = {node.func.id for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert calls & {"open", "print", "input", "exec", "eval", "__import__"} == set()
