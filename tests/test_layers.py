"""The layers point down: each package imports only packages below it, games import only the
core, the kit for game authors, i18n and their own package, and no two modules import each
other (directly or around a loop). Read from the source with `ast`, function-local imports
included, so that a lazy import cannot hide a back-edge."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ludotheque"

# Bottom to top. A package may import those of a lower rank (and itself).
RANKS = {
    "i18n": 0,
    "core": 1,
    "kit": 2,
    "games": 3,
    "bots": 4,
    "testing": 4,  # the conformance kit: for tests, never imported by product code
    "interop": 5,
    "sim": 6,
    "ui": 7,
    "web": 7,  # the web table: beside the terminal, below the command line
    "cli": 8,
    "__main__": 9,
}
# The one edge up, on purpose: asked for a game by name, the registry imports the catalogue
# of built-in games (ludotheque.games), which registers each of them.
ALLOWED_UP = {("ludotheque.core.registry", "ludotheque.games")}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> set[str]:
    """Every ludotheque module `module` imports, anywhere in its file."""
    targets: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            submodules = [f"{base}.{alias.name}" for alias in node.names]
            names = [name for name in submodules if name in MODULES] or [base]
        else:
            continue
        for name in names:
            if name.startswith("ludotheque"):
                resolved = _resolve(name)
                if resolved and resolved != module:
                    targets.add(resolved)
    return targets


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "(root)"


def test_every_package_has_a_layer():
    layers = {_layer(module) for module in MODULES} - {"(root)"}
    assert layers <= set(RANKS), f"give these packages a rank: {sorted(layers - set(RANKS))}"


def test_each_layer_imports_only_the_layers_below():
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items() if _layer(module) != "(root)"
        for target in targets
        if _layer(target) != _layer(module) and (module, target) not in ALLOWED_UP
        and (_layer(target) == "(root)" or RANKS[_layer(target)] >= RANKS[_layer(module)])
    )
    assert not wrong, "imports that point up or sideways:\n" + "\n".join(wrong)


def test_games_import_only_the_core_the_kit_i18n_and_their_own_package():
    allowed = ("ludotheque.core", "ludotheque.kit", "ludotheque.i18n")
    wrong = []
    for module, targets in GRAPH.items():
        if not module.startswith("ludotheque.games."):
            continue
        own = ".".join(module.split(".")[:3])
        wrong += [f"{module} -> {target}" for target in targets
                  if not (target == own or target.startswith(own + ".")
                          or any(target == a or target.startswith(a + ".") for a in allowed))]
    assert not wrong, "\n".join(sorted(wrong))


def test_product_code_never_imports_the_test_kit():
    wrong = sorted(f"{module} -> {target}" for module, targets in GRAPH.items()
                   if _layer(module) != "testing" for target in targets
                   if _layer(target) == "testing")
    assert not wrong, "\n".join(wrong)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _without_allowed(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    return {module: {t for t in targets if (module, t) not in ALLOWED_UP}
            for module, targets in graph.items()}


def test_no_import_cycle_between_modules():
    assert _cycles(_without_allowed(GRAPH)) == []


def test_no_import_cycle_between_packages():
    packages: dict[str, set[str]] = {}
    for module, targets in _without_allowed(GRAPH).items():
        packages.setdefault(_layer(module), set()).update(
            _layer(t) for t in targets if _layer(t) != _layer(module))
    assert _cycles(packages) == []


def test_the_check_sees_a_back_edge():
    """The checks above would catch the loops this issue removed."""
    loop = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(loop) == [["a", "b", "c"]]
    assert "ludotheque.core.game" in GRAPH["ludotheque.core.match"]
