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
    assert "Cartes de départ de Ada : p21 p22 p23" in fr
    for name in NAMES:
        assert name in en
    assert draw(m.view(None), "en")  # a spectator's table draws too


def test_remembered_cards_are_not_drawn_unless_the_option_asks():
    m = table({"p1": "R2", "p21": "Y1"})
    assert "0.1" not in draw(m.view(0), "en")  # Y1 is a peeked home card: only memory
    m = table({"p1": "R2", "p21": "Y1"}, options={"show_memory": True})
    text = draw(m.view(0), "en")
    assert "p21:0.1" in text and "show_memory" in text
    assert "p21:0.1" not in draw(m.view(1), "en")  # another seat never saw it


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
    assert "Vous prenez une carte perdu (1 tête de mort) et avez fini de jouer pour cette manche." \
        in lines[1]
    assert "Blaise prend une carte perdu et a fini de jouer pour cette manche." in lines[None]
    assert any(line.startswith("Vous regardez vos cartes de départ") for line in lines[0])
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
                  input="p9\n" + "1\n" * 300)
    assert "turn over the card at p1" in text and "Winner(s)" in text


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
