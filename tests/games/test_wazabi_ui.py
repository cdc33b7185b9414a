"""Wazabi in the terminal and in words: table, event sentences, rules text, commands."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ludotheque.games.wazabi  # noqa: F401  (registers the game)
from ludotheque.cli import app
from ludotheque.core import get_game
from ludotheque.games.wazabi import render
from ludotheque.games.wazabi.rules_text import OPTION_HELP, RULINGS
from ludotheque.i18n import catalog

from test_wazabi_rules import DULL, Table  # tests/games is on sys.path

GAME = get_game("wazabi")
NAMES = ["Ada", "Blaise", "Camille"]
RUNNER = CliRunner(env={"COLUMNS": "200"})
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    """French typography puts no-break spaces before : ; « » ! ?: read them as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def drawn(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return plain(console.export_text())


def lines(t: Table, seat, lang):
    return [plain(line) for e in t.events
            for line in render.event_lines(e.for_player(seat), lang, NAMES, seat)]


def test_every_text_exists_in_both_languages_with_the_same_fields():
    fields = re.compile(r"{(\w*)}")
    texts = {k: v for k, v in catalog().items() if k.startswith("wazabi.")}
    assert len(texts) > 100
    for key, by_lang in texts.items():
        assert sorted(fields.findall(by_lang["en"])) == sorted(fields.findall(by_lang["fr"])), key
    assert sorted(RULINGS, key=lambda r: int(r[1:])) == [f"W{i}" for i in range(1, 23)]
    assert set(OPTION_HELP) == {spec.name for spec in GAME.option_specs}


def test_table_shows_dice_hand_and_roll_in_words():
    t = Table([["keep1", "skip", "remove2"], DULL, DULL])
    t.roll("WDGW")
    fr = drawn(render.table(t.state.view(0), "fr", NAMES))
    assert "Votre lancer : W Carte Dé W -> 2 W" in fr
    assert "Plus qu'1 carte (coût 1)" in fr and "Dés encore à donner : 1" in fr
    en = drawn(render.table(t.state.view(1), "en", NAMES))
    assert "Roll of Ada: W Draw Give W -> 2 W" in en and "Your hand:" in en
    assert "Keeps 1 card" not in en  # seat 1 does not see seat 0's cards
    spectator = drawn(render.table(t.state.view(None), "en", NAMES))
    assert "Your hand" not in spectator


def test_event_sentences_use_the_second_person_for_the_reader():
    t = Table([["skip", "keep2", "keep2"], DULL, DULL])
    t.roll("GDDD")
    t.do("give p2", "play skip", "target p2")
    mine = lines(t, 0, "fr")
    assert "Vous donnez un dé à Blaise (il vous en reste 3)." in mine
    assert "Vous posez « Le joueur de votre choix passe son tour »." in mine
    theirs = lines(t, 1, "fr")
    assert "Ada vous donne un dé." in theirs and "Ada vous choisit." in theirs
    assert "Vous passez votre tour." in theirs
    other = lines(t, 2, "en")
    assert "Ada gives a die to Blaise (3 left)." in other and "Ada chooses Blaise." in other
    assert "Blaise skips this turn." in other
    assert any(line.startswith("Vous piochez : ") for line in mine)
    assert "Ada pioche 3 carte(s)." in lines(t, 2, "fr")


def test_a_blind_take_is_named_to_the_taker_and_the_victim_only():
    t = Table([["steal", "keep2", "keep2"], ["skip", "replay", "draw3"], DULL])
    t.roll("WWWW")
    t.do("play steal", "take p2")
    t.chance(0)  # seat 1's first card in kind order: draw3
    assert "Vous prenez « Piochez 3 cartes » à Blaise." in lines(t, 0, "fr")
    assert "Ada vous prend la carte « Piochez 3 cartes »." in lines(t, 1, "fr")
    assert "Ada takes a card blind from Blaise." in lines(t, 2, "en")


def test_rules_text_lists_components_options_and_rulings_in_both_languages():
    en = GAME.rules_text("en", GAME.validate(4, {"teams": True}))
    fr = GAME.rules_text("fr", GAME.validate(4, {"dice_per_player": 5}))
    assert "24 dice" in en and "**W22**" in en and "`teams=true`" in en and "Teams of two" in en
    assert "Chaque joueur reçoit **5 dés**" in fr and "Supprimez 2 de vos dés" in fr
    assert "**W1**" in fr and "Remarques" in fr


def invoke(args, input=None):
    result = RUNNER.invoke(app, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return plain(ANSI.sub("", result.output))


@pytest.mark.parametrize(("lang", "wanted"), [("fr", "Gagnant(s)"), ("en", "Winner(s)")])
def test_play_watch_replay_simulate_and_bench(tmp_path, lang, wanted):
    record = tmp_path / "game.json"
    out = invoke(["play", "wazabi", "--players", "3", "--seed", "7", "--lang", lang, "--save", record],
                 input="1\n" * 400)
    assert wanted in out
    assert wanted in invoke(["replay", record, "--lang", lang])
    assert wanted in invoke(["play", "wazabi", "--players", "4", "--seed", "2", "--watch",
                             "--lang", lang])
    summary = json.loads(invoke(["simulate", "wazabi", "--players", "2", "--games", "20",
                                 "--bots", "heuristic,random", "--json"]))
    assert summary["games"] == 20 and sum(summary["wins_by_seat"]) == 20
    bench = json.loads(invoke(["bench", "wazabi", "--seconds", "0.2", "--json"]))
    assert bench["decisions"] > 0
