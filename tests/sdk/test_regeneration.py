"""Both SDKs are exactly what their generators make of openapi/schema.yaml today (``make
sdk`` regenerates them; the Python one through openapi/open_event_union.py, with the
hand-written openapi/python_layer copied in), and the generators run without a warning."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trees import differences

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SCHEMA = ROOT / "openapi" / "schema.yaml"
PYTHON_SDK = ROOT / "openapi" / "python"
# What running ruff over the SDK and installing it leave beside the generated files.
IGNORED = [".ruff_cache", "build", "hearts_client.egg-info"]


def test_python_sdk_is_regenerated_from_the_schema_without_a_warning(tmp_path: Path) -> None:
    out, schema = tmp_path / "python", tmp_path / "schema.yaml"
    # The hand-written layer, where the config's post hook finds it: beside the output.
    shutil.copytree(ROOT / "openapi" / "python_layer", tmp_path / "python_layer")
    subprocess.run([sys.executable, str(ROOT / "openapi" / "open_event_union.py"), str(SCHEMA),
                    str(schema)], check=True, timeout=60)
    run = subprocess.run(
        [str(BIN / "openapi-python-client"), "generate", "--path", str(schema),
         "--config", str(ROOT / "openapi" / "python-client.yaml"), "--meta", "setup",
         "--output-path", str(out), "--fail-on-warning"],
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"},  # its ruff
        capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stdout + run.stderr
    assert differences(out, PYTHON_SDK, IGNORED) == [], "openapi/python is stale: run `make sdk`"


@pytest.mark.skipif(not shutil.which("npm"), reason="needs Node and npm (make test installs "
                                                    "the TypeScript tools where npm exists)")
def test_typescript_sdk_is_regenerated_from_the_schema_without_a_warning() -> None:
    if not (ROOT / "node_modules" / ".bin" / "openapi-typescript").exists():
        pytest.fail("node_modules is missing: run `npm ci` (make test does)")
    # The generator's --check compares its output with openapi/typescript/src/schema.ts.
    run = subprocess.run(["npm", "run", "--silent", "-w", "openapi/typescript", "check"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, "openapi/typescript is stale: run `make sdk`\n" + run.stdout + run.stderr
    assert "warn" not in (run.stdout + run.stderr).lower()
