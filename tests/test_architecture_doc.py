"""docs/architecture.md names every module (issue 14): a module added without a line
there fails here, so the map stays true."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "ludotheque"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
WORDS = set(re.findall(r"[A-Za-z_0-9]+", DOC))


def test_every_module_is_named_in_the_architecture_page():
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "games" and len(relative.parts) > 2:
            continue  # a game's own files: the game package table (below)
        if any(f"{folder}/" in DOC for folder in relative.parts[1:-1]):
            continue  # inside a folder the page names as a whole (e.g. migrations/)
        if relative.name == "__init__.py" and len(relative.parts) > 1:
            name = relative.parts[-2]  # a package: its folder's name
        else:
            name = relative.stem
        if name not in WORDS and f"{name}.py" not in DOC:
            missing.append(str(relative))
    assert not missing, f"docs/architecture.md does not name: {', '.join(missing)}"


def test_every_file_of_a_game_package_is_in_the_table():
    files = {path.name for path in (PACKAGE / "games").glob("*/*.py")}
    missing = sorted(name for name in files if f"`{name}`" not in DOC)
    assert not missing, f"the game package table lacks: {', '.join(missing)}"
