"""Every document exists in English and French (the project's rule for every text a person
reads), and the two say the same thing where a reader types or runs it.

The pages are the repository's Markdown files (README, docs/, any folder a README is added to),
but for docs/strength/ (the strength tables' data) and folders that are not the project's (hidden,
virtual environments, builds). The French twin of `page.md` is `page.fr.md`, except the README's,
LISEZMOI.md, the French name for it. Each twin opens with a line linking to the other.

Code blocks must say which kind they are. Commands (sh, console...) and code (python, json, po...)
are the same in both languages, but for what a person reads rather than runs: comments, the
language asked for (`--lang fr`, `lang="fr"`) and, in Python, strings written for people (those with
a space). A `text` block (a diagram, sample output) is translated freely: only its place is checked.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FRENCH_NAMES = {"README.md": "LISEZMOI.md"}
SHELL = {"sh", "bash", "console", "shell", "make"}
FENCE = re.compile(r"^( *)(```+)\s*(\S*)")
HEADING = re.compile(r"^(#{1,6}) ")
LINK = re.compile(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)")
SWITCH = {"en": "*En français : [{twin}]({twin}).*", "fr": "*In English: [{twin}]({twin}).*"}
NOT_PAGES = {"node_modules", "venv", "build", "dist", "__pycache__", "artifacts", "strength"}


def pages() -> list[Path]:
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if not (
            name.startswith(".") or name in NOT_PAGES or name.endswith(".egg-info"))]
        found += [Path(folder, name) for name in files if name.endswith(".md")]
    return sorted(found)


def is_french(page: Path) -> bool:
    return page.name.endswith(".fr.md") or page.name in FRENCH_NAMES.values()


def twin(page: Path) -> Path:
    english = {french: name for name, french in FRENCH_NAMES.items()}
    if is_french(page):
        return page.with_name(english.get(page.name) or page.name.removesuffix(".fr.md") + ".md")
    return page.with_name(FRENCH_NAMES.get(page.name) or page.name.removesuffix(".md") + ".fr.md")


ENGLISH = [page for page in pages() if not is_french(page)]
ids = [str(page.relative_to(ROOT)) for page in ENGLISH]


def read(page: Path) -> list[str]:
    return page.read_text(encoding="utf-8").splitlines()


def blocks(page: Path) -> list[tuple[str, str, int]]:
    """The fenced blocks of `page`: (kind, text without the fence's indent, line number)."""
    found, open_fence = [], None
    for number, line in enumerate(read(page), 1):
        fence = FENCE.match(line)
        if open_fence is None:
            if fence:
                open_fence, body = (fence.group(1), fence.group(2), fence.group(3), number), []
        elif fence and fence.group(2) == open_fence[1] and not fence.group(3):
            found.append((open_fence[2], "\n".join(body), open_fence[3]))
            open_fence = None
        else:
            body.append(line.removeprefix(open_fence[0]))
    assert open_fence is None, f"{page.name}: the block of line {open_fence[3]} is never closed"
    return found


def headings(page: Path) -> list[int]:
    """The level of each heading, outside code blocks."""
    levels, in_block = [], False
    for line in read(page):
        if FENCE.match(line):
            in_block = not in_block
        elif not in_block and (heading := HEADING.match(line)):
            levels.append(len(heading.group(1)))
    return levels


def shell_words(text: str) -> list[list[str]]:
    """Each command's words, without comments and without the language option."""
    commands = []
    for line in text.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        while "--lang" in words:
            at = words.index("--lang")
            del words[at:at + 2]
        if words:
            commands.append(words)
    return commands


def python_tokens(text: str) -> list[str]:
    """The code's tokens, but for comments, a `lang="fr"` argument and strings for people."""
    kept = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            continue
        word = token.string
        if token.type == tokenize.STRING and " " in word:
            word = "<text for people>"
        kept.append(word)
        if kept[-3:] in (["lang", "=", '"fr"'], ["lang", "=", '"en"']):
            del kept[-4 if kept[-4:-3] == [","] else -3:]
    return kept


def what_is_run(kind: str, text: str) -> object:
    if kind in SHELL:
        return shell_words(text)
    if kind == "python":
        return python_tokens(text)
    return text


def test_the_pages_are_found():
    names = {str(page.relative_to(ROOT)) for page in ENGLISH}
    assert {"README.md", "docs/architecture.md", "docs/interop/gymnasium.md"} <= names
    assert not any(name.startswith("docs/strength/") for name in names)


def test_every_french_page_translates_an_english_one():
    for page in pages():
        if is_french(page):
            original = twin(page)
            assert original.exists(), f"{page.relative_to(ROOT)}: no English {original.name}"


@pytest.mark.parametrize("page", ENGLISH, ids=ids)
def test_each_page_has_a_french_twin_and_they_link_to_each_other(page):
    french = twin(page)
    assert french.exists(), f"{page.relative_to(ROOT)} has no French twin {french.name}"
    for one, other, lang in ((page, french, "en"), (french, page, "fr")):
        switch = SWITCH[lang].format(twin=other.name)
        assert switch in read(one)[:3], f"{one.name}: no {switch!r} under its title"


@pytest.mark.parametrize("page", ENGLISH, ids=ids)
def test_twins_have_the_same_headings_and_code(page):
    french = twin(page)
    assert headings(french) == headings(page), f"{french.name}: not the headings of {page.name}"
    english_blocks, french_blocks = blocks(page), blocks(french)
    kinds = [kind for kind, _, _ in english_blocks]
    assert [kind for kind, _, _ in french_blocks] == kinds, (
        f"{french.name}: not the blocks of {page.name}")
    for (kind, text, line), (_, translated, french_line) in zip(english_blocks, french_blocks):
        assert kind, f"{page.name}, line {line}: say the block's kind (sh, python, text...)"
        if kind != "text":
            assert what_is_run(kind, translated) == what_is_run(kind, text), (
                f"{french.name}, line {french_line}: not the {kind} of {page.name}, line {line}")


@pytest.mark.parametrize("page", ENGLISH, ids=ids)
def test_french_pages_link_to_french_pages(page):
    """A French reader who follows a link stays in French where the page exists in French."""
    french = twin(page)
    for number, line in enumerate(read(french)[3:], 4):
        for target in LINK.findall(line):
            linked = (french.parent / target).resolve()
            assert is_french(linked) or not twin(linked).exists(), (
                f"{french.name}, line {number}: links to {target}, not its French twin")
