"""The engine is pure: no Django, DRF or Celery, nothing outside a few stdlib modules, no
clock, no randomness of its own, and ``decide``/``evolve`` never change the state they are
given. The source checks read every module under games/engine (found, not listed)."""

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


# What reads the clock, by qualified name.
CLOCK_READS = {f"time.{name}" for name in (
    "time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns",
    "process_time", "process_time_ns", "thread_time", "thread_time_ns", "clock_gettime",
    "clock_gettime_ns", "localtime", "gmtime", "ctime", "asctime", "strftime")} | {
    f"datetime.{kind}.{name}" for kind in ("datetime", "date") for name in ("now", "utcnow", "today")
} | {"os.times", "uuid.uuid1", "uuid.uuid6", "uuid.uuid7"}
# Randomness not of a caller's seed: the random module's global generator (all of it but
# ``random.Random``), the system's entropy.
GLOBAL_RANDOMNESS = {"random", "secrets", "os.urandom", "os.getrandom", "uuid.uuid4"}
RANDOM_OF_A_SEED = "random.Random"


def engine_modules() -> list[Path]:
    """Every Python file under games/engine."""
    modules = sorted(ENGINE.rglob("*.py"))
    assert ENGINE / "__init__.py" in modules and ENGINE / "decider.py" in modules
    return modules


def package_of(path: Path) -> str:
    """The package a module's relative imports start from: ``games.engine`` for
    games/engine/cards.py and games/engine/__init__.py alike."""
    return ".".join(path.relative_to(ROOT).parent.parts)


def imports_of(source: str, package: str) -> dict[str, str]:
    """Each name the imports in ``source`` bind -> the absolute dotted name it stands for
    (``from time import monotonic as m``: ``m`` -> ``time.monotonic``; ``from time import *``:
    ``*`` -> ``time``)."""
    bound = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name if alias.asname else alias.name.split(".")[0]
                bound[alias.asname or top] = top
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            base = ".".join([*parts, node.module] if node.module else parts)
            for alias in node.names:
                bound[alias.asname or alias.name] = base if alias.name == "*" else f"{base}.{alias.name}"
    return bound


def dotted(node: ast.AST) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for any other expression."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute) and (head := dotted(node.value)) is not None:
        return [*head, node.attr]
    return None


def is_impure(name: str) -> bool:
    """``name`` is (under) a clock read or global randomness; ``random`` alone, a module
    that also holds ``random.Random``, is not."""
    return name not in ("random", RANDOM_OF_A_SEED) and not name.startswith(RANDOM_OF_A_SEED + ".") and any(
        name == impure or name.startswith(impure + ".") for impure in CLOCK_READS | GLOBAL_RANDOMNESS)


def impure_references(source: str, package: str) -> list[str]:
    """The clock reads and global randomness that ``source`` imports or names (through any
    alias), by qualified name; a star import from a module that has them, as ``module.*``."""
    bound = imports_of(source, package)
    named = {name for key, name in bound.items() if key != "*"}
    named |= {f"{name}.*" for key, name in bound.items() if key == "*"
              and any(impure.startswith(name + ".") or impure == name
                      for impure in CLOCK_READS | GLOBAL_RANDOMNESS)}
    for node in ast.walk(ast.parse(source)):
        parts = dotted(node)
        if parts and parts[0] in bound:
            named.add(".".join([bound[parts[0]], *parts[1:]]))
    return sorted(name for name in named if name.endswith(".*") or is_impure(name))


def test_engine_source_imports_only_allowed_stdlib_modules_and_itself():
    outside = [
        (path.name, module) for path in engine_modules()
        for module in imports_of(path.read_text(), package_of(path)).values()
        if module.split(".")[0] not in ALLOWED_STDLIB
        and not (module == "games.engine" or module.startswith("games.engine."))
    ]
    assert outside == []


@pytest.mark.parametrize("path", engine_modules(), ids=lambda path: path.name)
def test_engine_module_reads_no_clock_and_draws_no_global_randomness(path):
    assert impure_references(path.read_text(), package_of(path)) == []


@pytest.mark.parametrize(("source", "found"), [
    ("import time\ntime.monotonic()", ["time.monotonic"]),
    ("import time as t\nt.perf_counter_ns()", ["time.perf_counter_ns"]),
    ("from time import monotonic as m", ["time.monotonic"]),
    ("from time import *", ["time.*"]),
    ("import datetime\ndatetime.datetime.now()", ["datetime.datetime.now"]),
    ("from datetime import datetime\ndatetime.utcnow()", ["datetime.datetime.utcnow"]),
    ("from datetime import date\nstamp = date.today", ["datetime.date.today"]),
    ("import random\nrandom.shuffle(deck)", ["random.shuffle"]),
    ("from random import choice", ["random.choice"]),
    ("import os\nos.urandom(8)", ["os.urandom"]),
    ("import random\nrandom.Random(seed).shuffle(deck)", []),
    ("from datetime import timedelta\ntimedelta(days=1)", []),
])
def test_the_purity_scan_finds_clock_reads_and_global_randomness_in_any_form(source, found):
    assert impure_references(source, "games.engine") == found


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


@pytest.mark.parametrize("path", engine_modules(), ids=lambda path: path.name)
def test_engine_module_does_no_io(path):
    tree = ast.parse(path.read_text())
    calls = {node.func.id for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert calls & {"open", "print", "input", "exec", "eval", "__import__"} == set()
