"""`make run` installs the `web` extra only (the brief's first command): whatever the web
table imports on its way, lazy imports included, must come with that extra, or be asked
for by name where only scale-out needs it (Redis, PostgreSQL: the `scale` extra, named in
a clear error, never a traceback). A SQLite file an older version made once crashed
`make run` on a missing Alembic; `bench-server` on a missing httpx."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ludotheque.core.errors import MissingExtraError

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "src" / "ludotheque" / "web"
# imported only where several servers are used, each through require_extra(..., "scale")
SCALE_ONLY = {"redis": "broker.py", "psycopg": "services.py"}


def _imports(folder: Path) -> dict[str, set[str]]:
    """Third-party top-level modules imported anywhere in `folder` (functions too): the
    files importing each."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top != "ludotheque":
                    found.setdefault(top, set()).add(path.name)
    return found


def _split(requirement: str) -> tuple[str, set[str], str]:
    """A requirement's distribution (lower case), its extras and its environment marker."""
    found = re.match(r"\s*([A-Za-z0-9_.-]+)\s*(?:\[([^\]]*)\])?[^;]*(?:;(.*))?", requirement)
    assert found, requirement
    extras = {name.strip() for name in (found[2] or "").split(",") if name.strip()}
    return found[1].lower(), extras, found[3] or ""


def _requirements(extra: str, project: dict) -> dict[str, set[str]]:
    """The distributions an extra installs directly (its own `ludotheque[...]` followed),
    with the project's own dependencies: {name: the extras asked of it}."""
    names: dict[str, set[str]] = {}
    pending, seen = [extra], set()
    while pending:
        current = pending.pop()
        seen.add(current)
        for requirement in project["optional-dependencies"][current]:
            name, extras, _ = _split(requirement)
            if name == "ludotheque":
                pending += [each for each in extras if each not in seen]
            else:
                names.setdefault(name, set()).update(extras)
    for requirement in project["dependencies"]:
        name, extras, _ = _split(requirement)
        names.setdefault(name, set()).update(extras)
    return names


def test_everything_the_web_table_imports_comes_with_the_web_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    web = _requirements("web", project)
    distributions = importlib.metadata.packages_distributions()
    missing = {}
    for module, files in _imports(WEB).items():
        owners = {name.lower() for name in distributions.get(module, [module])}
        # a module a requirement's own extras bring (websockets: uvicorn[standard])
        brought = any(owner in web or _required_by(owner, web) for owner in owners)
        if not brought and SCALE_ONLY.get(module) not in files:
            missing[module] = sorted(files)
    assert missing == {}, f"imported by the web table, not in the web extra: {missing}"
    scale = _requirements("scale", project)
    assert all(module in scale for module in ("redis", "psycopg"))


def _required_by(owner: str, asked: dict[str, set[str]]) -> bool:
    """`owner` is installed by one of the distributions `asked` (with the extras asked of
    it, as pip installs them; not its other extras)."""
    for name, extras in asked.items():
        try:
            requires = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requires:
            required, _, marker = _split(requirement)
            wanted = re.findall(r"extra\s*==\s*[\"']([^\"']+)[\"']", marker)
            if required == owner and (not wanted or set(wanted) & extras):
                return True
    return False


def test_a_redis_broker_without_the_scale_extra_says_which_extra(monkeypatch):
    from ludotheque.web.broker import make_broker

    monkeypatch.setitem(sys.modules, "redis", None)
    monkeypatch.setitem(sys.modules, "redis.asyncio", None)
    with pytest.raises(MissingExtraError) as caught:
        make_broker("redis://127.0.0.1:1")
    assert "pip install 'ludotheque[scale]'" in caught.value.message("en")
    assert "ludotheque[scale]" in caught.value.message("fr")


def test_a_temporary_postgresql_without_the_scale_extra_says_which_extra(monkeypatch):
    from ludotheque.web.services import temp_postgres

    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(MissingExtraError) as caught, temp_postgres():
        pass
    assert "pip install 'ludotheque[scale]'" in caught.value.message("en")


def test_make_bench_installs_only_what_make_run_does(tmp_path):
    """`make bench` times 17's random playouts: nothing there needs Ray, PyTorch or
    OpenSpiel, which it once installed (minutes, gigabytes) before a 6-second measure."""
    # run from `make test` too: its flags would make the inner make name its directory
    alone = {name: value for name, value in os.environ.items()
             if name not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    dry = subprocess.run(["make", "--no-print-directory", "-n", "bench",
                          f"VENV={tmp_path / 'venv'}"], cwd=ROOT, env=alone,
                         capture_output=True, text=True, check=True).stdout
    installs = [line for line in dry.splitlines() if "pip install" in line]
    assert len(installs) == 1 and installs[0].endswith('-e ".[web]"'), installs
    assert dry.rstrip().endswith("ludotheque bench diciassette")
