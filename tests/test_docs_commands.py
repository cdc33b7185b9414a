"""Every command the documents give a reader still exists as written: a `ludotheque`
command and its options (parsed by the command line itself: a renamed option, a value of
the wrong type, a missing argument), an example's or a module's options (read from its
`--help`), a `make` target, a `pip install` extra. Commands quoted in the prose are checked
too, for their command and option names only (they hold placeholders: FILE, GAME, N).

Nothing is run here: the commands' outputs are the other tests' business (the examples in
tests/interop/test_docs_and_examples.py, the command line in tests/test_cli*.py).
"""

from __future__ import annotations

import functools
import re
import shlex
import subprocess
import sys
import tomllib

import click
import pytest
import typer

from ludotheque import cli
from tests.test_docs_languages import ROOT, SHELL, blocks, pages

CLI = typer.main.get_command(cli.app)
SPAN = re.compile(r"`((?:ludotheque|ludo|python|make|pip install) [^`]+)`")
FENCED = re.compile(r"^ *```.*?^ *```", re.DOTALL | re.MULTILINE)
HELP = {"--help", "-h"}
EXTRAS = re.compile(r"\[([a-z,]+)\]")


def commands(page) -> list[tuple[str, list[str]]]:
    """("block" or "prose", the command's words) of each command `page` gives."""
    found = []
    for kind, text, _ in blocks(page):
        if kind in SHELL:
            for line in text.replace("\\\n", " ").splitlines():
                found.append(("block", shlex.split(line, comments=True)))
    prose = " ".join(FENCED.sub("", page.read_text(encoding="utf-8")).split())
    found += [("prose", span.split()) for span in SPAN.findall(prose)]
    return [(kind, words) for kind, words in found if words]


CASES = [(page, kind, words) for page in pages() for kind, words in commands(page)]
ids = [f"{page.relative_to(ROOT)}: {' '.join(words)}" for page, _, words in CASES]


def options_of(command: click.Command) -> set[str]:
    return {name for param in command.params for name in param.opts + param.secondary_opts}


@functools.cache
def script_options(script: tuple[str, ...]) -> str:
    """The `--help` page of `python <script...>`."""
    return subprocess.run([sys.executable, *script, "--help"], capture_output=True, text=True,
                          timeout=120, check=True, cwd=ROOT).stdout


def flags(words: list[str]) -> list[str]:
    return [word.split("=")[0] for word in words if word.startswith("-") and word != "-"]


def check_ludotheque(kind: str, words: list[str]) -> None:
    while words[:1] == ["--lang"]:  # `ludotheque --lang fr rules dtc`
        words = words[2:]
    name, *args = words
    assert name in CLI.commands, f"no command {name!r}"
    command = CLI.commands[name]
    unknown = set(flags(args)) - options_of(command) - HELP
    assert not unknown, f"`ludotheque {name}` has no option {sorted(unknown)}"
    if kind == "block":  # a whole command: parsed as the command line parses it
        try:
            command.make_context(name, list(args))
        except click.exceptions.Exit:
            pass


def check_python(words: list[str]) -> None:
    if words[0] == "-m":
        script, args = tuple(words[:2]), words[2:]
    else:
        script, args = (words[0],), words[1:]
        assert (ROOT / words[0]).is_file(), f"no file {words[0]}"
    unknown = {flag for flag in flags(args) if not re.search(
        rf"(?<![\w-]){re.escape(flag)}(?![\w-])", script_options(script))}
    assert not unknown, f"`python {' '.join(script)}` has no option {sorted(unknown)}"


def check_make(words: list[str]) -> None:
    """Each word a target of the Makefile, or `NAME=value` setting one of its variables."""
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([\w-]+):", makefile, re.MULTILINE))
    variables = set(re.findall(r"^(\w+)\s*\??=", makefile, re.MULTILINE))
    settings = {word.partition("=")[0] for word in words if "=" in word}
    words = [word for word in words if "=" not in word]
    assert set(words) <= targets, f"no make target {sorted(set(words) - targets)}"
    assert settings <= variables, f"no make variable {sorted(settings - variables)}"


def check_pip(words: list[str]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    asked = {extra for word in words if "ludotheque" in word or word.startswith(".")
             for found in EXTRAS.findall(word) for extra in found.split(",")}
    unknown = asked - set(project["optional-dependencies"])
    assert not unknown, f"no extra {sorted(unknown)} in pyproject.toml"


OUR_MODULES = (["-m", "ludotheque.interop.solve"], ["-m", "ludotheque.i18n.catalogs"])


@pytest.mark.parametrize(("page", "kind", "words"), CASES, ids=ids)
def test_a_documented_command_exists_as_written(page, kind, words):
    while re.match(r"^[A-Z_]+=", words[0]):  # `LANG=fr_FR.UTF-8 ludotheque ...`
        words = words[1:]
    program, *rest = words
    if program in ("ludotheque", "ludo"):
        check_ludotheque(kind, rest)
    elif program == "python" and (rest[:2] in OUR_MODULES or rest[0].startswith("examples/")):
        check_python(rest)
    elif program == "make":
        check_make(rest)
    elif program == "pip" and rest[:1] == ["install"]:
        check_pip(rest[1:])


def test_the_commands_are_found():
    """The parser above sees the README's commands, in blocks and in the prose."""
    found = {(kind, words[0], words[1]) for page, kind, words in CASES
             if page.name == "README.md"}
    assert {("block", "ludotheque", "serve"), ("block", "make", "run"),
            ("prose", "ludotheque", "replay"), ("prose", "pip", "install")} <= found


@pytest.mark.parametrize("page", ["README.md", "LISEZMOI.md"])
def test_the_dependencies_paragraph_names_every_dependency(page):
    """The README's (and LISEZMOI's) list of what is installed names every package of the
    run time, the web extra and the test extra, as pyproject.toml has them (a package
    added to an extra, segno, zxing-cpp, was left out of the list)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    wanted = {re.match(r"[A-Za-z0-9_.-]+", spec).group()
              for spec in (*project["dependencies"], *extras["web"], *extras["test"])}
    text = (ROOT / page).read_text(encoding="utf-8")
    listed = re.search(r"^(?:Dependencies|Dépendances) ?:.*?(?:\n\n|\Z)", text,
                       re.DOTALL | re.MULTILINE)
    assert listed, f"{page} has no paragraph of dependencies"
    named = set(re.findall(r"`([A-Za-z0-9_.-]+)`", listed.group()))
    assert wanted <= named, f"{page} does not name {sorted(wanted - named)}"
