"""Fuzzing what a person types at the terminal table: at each of their decisions in
seeded games of every game, in French and English, a line drawn by hypothesis (a legal
move's text mutated: spaces, case, accents, separators, numbers out of range; another
game's notation; unicode, control characters, very long lines, nothing at all).

The game runs in this process through `ui.terminal.play.run` on a plain screen, its
lines read from a stream as a script's piped moves are (the person is that stream). Each line is
played (if it is a legal move: a number of
the list, or a text the game reads as legal moves) or refused with a message in the
session's language (no traceback, no Python repr, no English in French, the input
repeated at most `ECHO_LIMIT` characters long), the game unchanged; the next legal
move is then played. A few whole sessions in a real pseudo-terminal close the file.
"""

from __future__ import annotations

import io
import json
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from ludotheque.core import all_games
from ludotheque.core.actions import typed_number
from ludotheque.core.errors import ECHO_LIMIT, LudoError
from ludotheque.core.match import Match
from ludotheque.i18n import t
from ludotheque.ui.terminal.play import (
    BACK_WORDS,
    CARDS_WORDS,
    HELP_WORDS,
    LOG_WORDS,
    QUIT_WORDS,
    TerminalSettings,
    _line_reader,
    move_numbers,
    run,
)

GAMES = {game.name: game for game in all_games()}
FUZZ = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
COMMANDS = QUIT_WORDS | HELP_WORDS | LOG_WORDS | CARDS_WORDS | BACK_WORDS
# What a Python object or a crash looks like in a message, once the typed line is removed.
LEAKS = re.compile(r"Traceback|Error\(|<[\w.]+ object at|\b(None|True|False)\b|\{'|\['|\\x|\\u")
# English words a French message must not hold (once the typed line is removed).
ENGLISH = (r"(?i)\b(the|cannot|there|is|are|allowed|write|move|card|player|value|not|one"
                     r"|of|to|and|type|must|your|you)\b")


def _first_move_texts(game, lang: str) -> list[str]:
    """Some move texts of `game` at its first decision (other games' notation)."""
    match = Match(game, game.default_players, seed=0)
    return [game.action_hint(a, lang) for a in match.legal_actions()[:6]]


OTHER_NOTATION = {lang: sorted({text for game in GAMES.values()
                                for text in _first_move_texts(game, lang)}) for lang in ("en",
                                                                                         "fr")}

ODD = st.sampled_from([
    "", " ", "\t", "\x00", "\x1b[31m1\x1b[0m", "1\r", "\x7f", "\b1", "1\u200b", "\u202e1",
    "１", "²", "٣", "-1", "0", "00", "1.0", "1e3", "+1", "99999999999999999999", "9" * 6000,
    "1 2", "1,2", "🎲", "ǅ", "ß", "İ", "\ufeff1", "\u00a0", "%s", "{text}", "{0}", "'", '"',
    "«", "\\", "None", "[]", "[/]", "[bold]1", "[red]p1[/red]",
])


def _mutations(text: str):
    """`text` changed as a person's fingers or keyboard change it."""
    digits = st.sampled_from(["0", "-1", "99", "100000", "4294967296", "1" * 30, "²", "٣", "１"])
    return st.one_of(
        st.just(text),
        st.sampled_from([f"  {text}  ", text.replace(" ", "   "), text.replace(" ", "\t"),
                         text.replace(" ", ""), text.upper(), text.title(), text.swapcase(),
                         unicodedata.normalize("NFD", text), text.replace(" ", ","),
                         text.replace(" ", "-"), text.replace(" ", "_"), text.replace(" ", ";"),
                         text + " " + text, text * 3, text * 200, text + "\x00", "\x1b" + text,
                         text.replace("e", "é").replace("a", "à"), text[:-1], text[1:]]),
        digits.map(lambda d: re.sub(r"\d+", d, text, count=1) if re.search(r"\d", text)
                   else f"{text} {d}"),
        st.tuples(st.integers(0, max(len(text), 0)), st.text(max_size=3)).map(
            lambda c: text[:c[0]] + c[1] + text[c[0]:]),
    )


def _lines(game, match: Match, lang: str):
    """A line a person may type at this decision."""
    legal = match.legal_actions()
    texts = sorted({game.action_hint(a, lang) for a in legal} | {game.action_to_text(a)
                                                                 for a in legal}
                   | set(map(str, move_numbers(game.parts.renderer, legal))))
    line = st.one_of(st.sampled_from(texts).flatmap(_mutations), ODD,
                     st.sampled_from(OTHER_NOTATION[lang]).flatmap(_mutations),
                     st.text(max_size=12))
    return line.map(lambda s: s.replace("\n", " ")).filter(
        lambda s: s.strip().lower().partition(" ")[0] not in COMMANDS)


def _legal(game, match: Match, line: str) -> bool:
    """Whether the terminal plays `line` (nothing held): a number of the list, or a text
    the game reads as moves legal one after the other."""
    answer = line.strip()
    numbers = move_numbers(game.parts.renderer, match.legal_actions())
    if typed_number(answer) in numbers:
        return True
    try:
        actions = game.parse_input(answer, match.state)
    except LudoError:
        return False
    trial = match.state.clone()
    for action in actions:
        if trial.is_chance() or action not in trial.legal_actions():
            return False
        trial.apply_action(action)
    return True


def _fingerprint(match: Match) -> str:
    return json.dumps([match.actions, match.state.to_json()], sort_keys=True)


def check_refusal(message: str, line: str, lang: str, english: str = ENGLISH) -> None:
    """A refusal a person reads (or the line repeated): a message, in `lang`, with no
    Python in it and the typed line repeated at most ECHO_LIMIT characters long."""
    assert message, f"{line!r} was neither played nor refused with a message"
    answer = line.strip()
    if len(answer) > ECHO_LIMIT + 1:
        assert answer not in message, "a long line is repeated whole"
    assert len(message) < 1500, message
    hidden = [c for c in message if c != "\n" and unicodedata.category(c) in ("Cc", "Cf")]
    assert not hidden, f"the message holds control characters {hidden}: {message!r}"
    rest = message
    for quoted in sorted({answer, answer[:ECHO_LIMIT], *answer.split()}, key=len, reverse=True):
        if quoted:
            rest = rest.replace(quoted, " ")
    assert not LEAKS.search(rest), message
    if lang == "fr" and english:
        assert not re.search(english, rest), message


class Person:
    """The person at seat 0, as the stream the terminal reads: at each prompt, a line drawn
    by hypothesis, then a legal move (the first of the list, or `back` when an offer holds
    a card), until `lines` lines were drawn; then `quit`. Each line is judged at the next
    prompt."""

    def __init__(self, data, game, match: Match, lang: str, console: Console, lines: int) -> None:
        self.data, self.game, self.match, self.lang = data, game, match, lang
        self.out = console.file
        self.left = lines
        self.prompt = t("ui.prompt", lang)
        self.held_line = re.compile("^" + re.escape(t("ui.held", lang).split(":")[0]) + ".*$",
                                    re.MULTILINE)
        self.turn = ""  # what was printed since the line typed last
        # the line typed last: it, the game before, legal?, the output's length, drawn?
        self.typed: tuple[str, str, bool, int, bool] | None = None

    def game_now(self) -> str:
        """The match and the moves an offer holds (DTC), as the last turn shows them."""
        held = self.held_line.findall(self.turn)
        return _fingerprint(self.match) + (held[-1] if held else "")

    @staticmethod
    def isatty() -> bool:
        return False

    def readline(self) -> str:
        return self.next_line() + "\n"

    def next_line(self) -> str:
        assert self.out.getvalue().rstrip().endswith(self.prompt), "a question other than a move"
        drawn = False
        if self.typed is not None:
            line, before, legal, mark, drawn = self.typed
            self.turn = self.out.getvalue()[mark:]
            self.judge(line, before, legal)
        if self.held_line.search(self.turn):  # a card in an offer (DTC): take it back
            return self.type("back", True)
        if drawn:  # the game goes on: the first move of the list (that ends the turn) is played
            view = self.match.view(0)
            final = [n for n, a in self.numbers().items()
                     if a not in self.game.building_moves(view)]
            return self.type(str((final or list(self.numbers()))[0]), True)
        if self.left == 0:
            return "quit"
        self.left -= 1
        line = self.data.draw(_lines(self.game, self.match, self.lang), label="typed")
        return self.type(line, _legal(self.game, self.match, line), drawn=True)

    def numbers(self) -> dict[int, int]:
        return move_numbers(self.game.parts.renderer, self.match.legal_actions())

    def type(self, line: str, legal: bool, drawn: bool = False) -> str:
        self.typed = (line, self.game_now(), legal, len(self.out.getvalue()), drawn)
        return line

    def judge(self, line: str, before: str, legal: bool) -> None:
        """The line typed last was played (a legal move) or refused, the game unchanged."""
        changed = self.game_now() != before
        if legal:
            assert changed, f"the legal move {line!r} was not played:\n{self.turn[:800]}"
        elif line.strip():
            assert not changed, f"{line!r} is no legal move, yet the game changed"
            repeated, _, reply = self.turn.partition("\n")  # "> line" (a script's line), reply
            check_refusal(repeated, line, self.lang, "")
            check_refusal(reply.split("\n\n")[0].strip(), line, self.lang)


def play(data, name: str, lang: str, seed: int, lines: int) -> None:
    game = GAMES[name]
    console = Console(file=io.StringIO(), width=200, color_system=None, highlight=False)
    match = Match(game, game.default_players, seed=seed)
    bots = ["human"] + ["random"] * (game.default_players - 1)
    person = Person(data, game, match, lang, console, lines)
    run(TerminalSettings(game=game, players=game.default_players, seed=seed, lang=lang,
                         humans=(0,), bots=bots), console, _line_reader(person, console),
        match=match)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(GAMES))
@FUZZ
@given(data=st.data(), seed=st.integers(0, 30))
def test_a_typed_line_is_played_or_refused_clearly_and_the_game_goes_on(name, lang, data, seed):
    play(data, name, lang, seed, lines=6)


PROMPTS = {"en": r"Your move \(number or text; help, quit\):", "fr": r"Votre coup \(numéro.*?\)\s:"}
SESSION_LINES = ["[/]", "\u202e1 \ufeff", "٣", "🎲 " * 3, "x" * 300, "give p9 ²", "donner j9"]


@pytest.mark.parametrize(("name", "seed", "lang", "refused"), [  # seeds where seat 1 starts
    ("wazabi", 3, "en", "Cannot read the move '{}'"),
    ("decimoarr", 5, "fr", "Coup illisible « {} »"),
])
def test_odd_lines_typed_in_a_real_terminal_are_refused_and_the_game_goes_on(terminal, name, seed,
                                                                             lang, refused):
    term = terminal("play", name, "--players", "3", "--seed", str(seed), "--lang", lang,
                    "--delay", "0", columns=200, rows=50)
    at = term.expect(PROMPTS[lang])
    for line in SESSION_LINES:
        term.send(line + "\n")
        at = term.expect(PROMPTS[lang], after=at)
    said = " ".join(term.text.replace("\u00a0", " ").replace("\u202f", " ").split())
    for shown in ("[/]", "<U+202E>1 <U+FEFF>", "٣", "give p9 ²", "donner j9", "x" * 80 + "…"):
        assert refused.format(shown) in said, said[-3000:]
    assert "Traceback" not in said  # (the 300 x are in the text: the terminal echoes keys)
    game = GAMES[name]  # the game goes on: the first move of the list is played
    match = Match(game, 3, seed=seed)
    assert match.current_player() == 0
    term.send(f"{next(iter(move_numbers(game.parts.renderer, match.legal_actions())))}\n")
    after = term.expect(PROMPTS[lang], after=at)
    assert refused.split("{")[0] not in term.text[at:after], term.text[at:after]
    term.send("quit\n")
    term.expect(r"(File name|Nom du fichier) .*:", after=after)
    term.send("\n")
    assert term.finish() == 1
