"""Décimoarr... in the terminal: the grid, the events in both languages, and the CLI commands."""

from __future__ import annotations

import json
import re

from rich.console import Console
from typer.testing import CliRunner

import ludotheque.games.decimoarr  # noqa: F401  (registers the game)
from ludotheque.cli import app
from ludotheque.core import Match, ScriptedChance, SeededChance, get_game
from ludotheque.games.decimoarr import render
from ludotheque.games.decimoarr.components import deck_for, layout_for

GAME = get_game("decimoarr")
NAMES = ["Ada", "Blaise", "Camille"]
RUNNER = CliRunner(env={"COLUMNS": "200"})
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def draw(view, lang) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(render.table(view, lang, NAMES))
    return plain(console.export_text())


def table(placed, options=None, starter=0) -> Match:
    opts = GAME.validate(3, options or {})
    deck, layout = deck_for(opts), layout_for(opts, 3)
    used = set(placed.values()) | {"P5"}
    rest = iter(code for code in deck.codes if code not in used)
    cards = [placed.get(f"p{i + 1}") or next(rest) for i in range(layout.positions)]
    deal = tuple(deck.index[c] for c in cards + ["P5"])
    chance = ScriptedChance([deal, (0, 1, 2, 3), (4, 3, 3, 2, 2, 1, 1), starter],
                            fallback=SeededChance(5))
    return Match(GAME, 3, options or {}, seed=5, chance=chance)


def invoke(args, input=None):
    result = RUNNER.invoke(app, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{result.exception!r}\n{result.output}"
    return plain(ANSI.sub("", result.output))


def test_the_grid_shows_face_up_cards_face_down_numbers_and_each_players_side():
    m = table({"p1": "R2", "p21": "Y1"})
    m.apply("p1")
    fr, en = draw(m.view(1), "fr"), draw(m.view(1), "en")
    assert "Manche 1/7" in fr and "Round 1/7" in en
    assert "À relier : rouge 0,25 (p1)" in fr and "Connect to: red 0.25 (p1)" in en
    assert ">R 0,25<" in fr and ">R 0.25<" in en  # the reference card, framed
    assert "p24" in en and "p13" in en
    assert "[1] sud — Cartes devant Ada : p21 p22 p23" in fr
    assert "[2] ouest — Cartes devant vous : p6 p11 p15" in fr  # the reader's own
    assert "Your home cards: p6 p11 p15" in en and "Home cards of Ada: p21 p22 p23" in en
    assert "de départ" not in fr and "Vous" not in fr.split("#")[0]
    for name in NAMES:
        assert name in en
    assert draw(m.view(None), "en")  # a spectator's table draws too


def test_remembered_cards_are_not_drawn_unless_the_option_asks():
    m = table({"p1": "R2", "p21": "Y1"})
    assert "0.1" not in draw(m.view(0), "en")  # Y1 is a peeked home card: only memory
    m = table({"p1": "R2", "p21": "Y1", "p22": "G1", "p23": "P1"}, options={"show_memory": True})
    text = draw(m.view(0), "en")
    # The remembered card with its colour, readable without colour output.
    assert "p21 Y0.1" in text and "p22 G0.1" in text and "p23 P0.1" in text
    assert "show_memory" in text
    fr = draw(m.view(0), "fr")
    assert "p21 J0,1" in fr and "p22 Ve0,1" in fr and "p23 Vi0,1" in fr
    assert "p21 Y0.1" not in draw(m.view(1), "en")  # another seat never saw it


def test_the_memory_legend_shows_a_card_the_reader_remembers():
    """Its example is one of the reader's own remembered cards: a fixed "p7 R0.25", shown
    before anyone turned p7 over, read as a card seen and never seen."""
    m = table({"p1": "R2", "p21": "Y1", "p22": "G1", "p23": "P1"}, options={"show_memory": True})
    text, fr = draw(m.view(0), "en"), draw(m.view(0), "fr")
    assert "p21 Y0.1: a face-down card you saw, as you remember it (option show_memory)." in text
    assert "p21 J0,1 : une carte face cachée que vous avez vue, telle que vous vous en " \
           "souvenez (option" in fr
    assert "p7 R0.25" not in text and "p7 R0,25" not in fr


def test_every_colour_has_a_distinct_short_label_in_each_language():
    from ludotheque.games.decimoarr.components import COLOUR_CODES

    for lang in ("en", "fr"):
        labels = [render._short(f"{c}1", lang).split()[0] for c in COLOUR_CODES]
        assert len(set(labels)) == len(labels), (lang, labels)
    # Green and purple face up on a French table without colour: "Ve" and "Vi".
    m = table({"p1": "G2", "p7": "P2"})
    m.apply("p1")
    m.apply("p7")  # P2 connects with G2 by value
    fr = draw(m.view(0), "fr")
    assert "Ve 0,25" in fr and ">Vi 0,25<" in fr


def test_a_face_down_reference_shows_only_its_place():
    m = table({"p1": "R2", "p5": "B3"}, options={"reference_after_fail": "last_flipped"})
    m.apply("p1")
    m.apply("p5")  # fails: B3 is the reference, face down
    en, fr = draw(m.view(2), "en"), draw(m.view(2), "fr")
    assert "Connect to: the face-down card at p5 (remember it)" in en
    assert "À relier : la carte face cachée en p5" in fr
    assert "blue 0.5" not in en and "B 0.5" not in en and ">p5<" in en


def _lines_at_80(view, names, lang="en"):
    console = Console(record=True, width=80, color_system=None)
    console.print(render.table(view, lang, names))
    return console.export_text().splitlines()


def _assert_rows_whole(view, lines):
    """Every grid row is on one line (all its position labels together) and the rows are on
    consecutive lines: nothing (a wrapped name) is inserted inside the grid."""
    layout = view["layout"]
    assert all(len(line.rstrip()) <= 80 for line in lines)
    lines = lines[:next(i for i, line in enumerate(lines) if " — " in line)]  # the grid part
    lines = [line if "(p" not in line else "" for line in lines]  # not the header's "(p2)"
    line_of = {}
    for row in range(layout["rows"]):
        labels = [f"p{pos + 1}" for pos, (r, _) in enumerate(layout["cells"])
                  if r == row and view["table"][pos] is None]
        pattern = [re.compile(rf"(?<![\w]){label}(?![0-9])") for label in labels]
        holders = {i for i, line in enumerate(lines) for p in pattern if p.search(line)}
        assert len(holders) == 1, (row, labels, holders)
        line_of[row] = holders.pop()
    assert [line_of[r] - line_of[0] for r in range(layout["rows"])] == \
        list(range(layout["rows"])), line_of


def test_the_table_fits_80_columns_every_grid_row_on_one_line():
    names = ["Gaspard (heuristic)", "Camille (heuristic-average)", "Bruno (random)",
             "Fanny (heuristic-forgetful)", "Léa (heuristic-good)"]
    for players, options in ((4, {}), (4, {"show_memory": True}), (5, {}),
                             (5, {"show_memory": True})):
        m = Match(GAME, players, options, seed=9)
        for _ in range(3):
            m.apply(m.legal_actions()[0])
        for seat in (0, 2, None):
            view = m.view(seat)
            lines = _lines_at_80(view, names[:players])
            _assert_rows_whole(view, lines)
            text = plain("\n".join(lines))
            for p in range(players):  # who sits where, by seat number
                assert f"[{p + 1}]" in text
    m = Match(GAME, 5, {}, seed=9)
    text = plain("\n".join(_lines_at_80(m.view(0), names)))
    assert "[2] — Home cards of Camille (heuristic-average): p6 p7 p8" in text
    assert "p7·2" in text and "p7·2: a home card of seat 2." in text


def test_events_use_the_second_person_for_the_reader():
    m = table({"p1": "R2", "p5": "B3"})
    m.apply("p1")
    m.apply("p5")
    lines = {seat: [plain(line) for event in m.events_for(seat)
                    for line in render.event_lines(event, "fr", NAMES, seat)]
             for seat in (0, 1, None)}
    assert "Vous retournez p1 : rouge 0,25." in lines[0]
    assert "Ada retourne p1 : rouge 0,25." in lines[1]
    assert any(line.startswith("Vous retournez p5 : bleu 0,5, aucun lien avec rouge 0,25")
               for line in lines[1])
    assert "Vous prenez une carte « perdu » (1 tête de mort) et avez fini de jouer pour " \
        "cette manche." in lines[1]
    assert "Blaise prend une carte « perdu » et a fini de jouer pour cette manche." in lines[None]
    assert any(line.startswith("Vous regardez les cartes devant vous") for line in lines[0])
    en = [plain(line) for event in m.events_for(0)
          for line in render.event_lines(event, "en", NAMES, 0)]
    assert "You turn over p1: red 0.25." in en and "Round 1 of 7: you start." in en


def test_round_end_and_game_over_lines():
    m = table({"p1": "R2", "p5": "B3", "p7": "G4"})
    for move in ("p1", "p5", "p7"):
        m.apply(move)
    lines = [plain(line) for event in m.events_for(0)
             for line in render.event_lines(event, "en", NAMES, 0)]
    assert "You are the last one in and win round 1." in lines
    assert "You take a winner card: 4 diamonds." in lines
    assert "Blaise shows a perdu card with 1 skull." in lines
    assert "Camille starts the next round." in lines


def test_cli_watch_in_both_languages_and_replay(tmp_path):
    record = tmp_path / "game.json"
    fr = invoke(["play", "decimoarr", "--watch", "--players", "3", "--seed", "7", "--lang", "fr",
                 "--save", record])
    assert "Manche 1 sur 7" in fr and "Fin de la partie" in fr
    en = invoke(["play", "decimoarr", "--watch", "--players", "5", "--seed", "7", "--lang", "en",
                 "--bots", "heuristic,heuristic-good,heuristic-average,heuristic-forgetful,random"])
    assert "Round 7 of 7" in en and "Game over" in en
    replayed = invoke(["replay", record, "--lang", "en", "--verbose"])
    assert "Round 1 of 7" in replayed and "Game over" in replayed


def test_cli_a_person_plays_by_position_or_by_number():
    text = invoke(["play", "decimoarr", "--players", "2", "--seed", "3", "--lang", "en"],
                  input="p9\n1\n" + "".join(f"{n}\n" for _ in range(40) for n in range(1, 25)))
    assert "You turn over p9:" in text  # by position
    assert "You turn over p1:" in text  # by number: move 1 of a free first flip is p1
    assert "Game over: " in text


def test_cli_simulate_bench_and_rules():
    summary = json.loads(RUNNER.invoke(app, ["simulate", "decimoarr", "--players", "3",
                                             "--games", "20", "--bots",
                                             "heuristic,random,random", "--json"]).output)
    assert summary["games"] == 20 and set(summary["win_rate_by_bot"]) == {"heuristic", "random"}
    bench = json.loads(RUNNER.invoke(app, ["bench", "decimoarr", "--players", "4", "--seconds",
                                           "0.2", "--json"]).output)
    assert bench["game"] == "decimoarr" and bench["decisions"] > 0
    rules = invoke(["rules", "decimoarr", "--lang", "fr"])
    assert "têtes de mort" in rules and "E14" in rules and "show_memory" in rules
