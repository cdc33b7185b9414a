"""Issue 17, the interactive table: take-back, pass-and-play, save and resume, step-through
replay, the layout that stays put. Each test drives the real CLI in a pseudo-terminal (or,
for plain output, through pipes)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pyte
import pytest

from ludotheque.core.match import Match
from ludotheque.core.registry import get_game
from ludotheque.games.dtc.wording import cards_text
from ludotheque.i18n import tn
from ludotheque.ui.terminal.screen import CLEAR_ALL
from tests.ui.terminal import ANSI, SRC, leave

ROOT = Path(__file__).resolve().parents[2]  # the repository: `tests.ui.recorded_sleep`

PROMPT = r"Your move \(number or text; help, quit\): "
PROMPT_FR = r"Votre coup \(numéro ou texte\s;\saide, quitter\)\s:\s"
SAVE_Q = r"File name \(Enter: leave without saving\):"
SAVE_Q_FR = r"Nom du fichier \(Entrée\s:\squitter sans enregistrer\)\s:"
ENV = {"PYTHONPATH": str(SRC), "PATH": ""}


def flat(text: str) -> str:
    """French typography's no-break spaces read as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def cli(*args: str) -> subprocess.CompletedProcess:
    """The CLI through pipes (standard output is not a terminal)."""
    return subprocess.run([sys.executable, "-m", "ludotheque", *args], capture_output=True,
                          text=True, env=ENV, input="", timeout=300)


def answer(term, pattern: str, keys: str, after: int) -> int:
    at = term.expect(pattern, after=after)
    term.send(keys + "\n")
    return at


# ------------------------------------------------------------------ 1. take-back
def test_a_card_put_into_an_offer_can_be_taken_back_before_it_is_announced(terminal, tmp_path):
    # Seed 2, 3 players: Denis offers "two 3s" to you; you accept (hand 1 1 3 3 3 3 4 4)
    # and must raise. You put a 4 and a 1 in, take the 1 back, add a 4, announce 4s.
    path = tmp_path / "offer.json"
    term = terminal("play", "dtc", "--players", "3", "--seed", "2", "--lang", "en",
                    "--delay", "0", "--save", str(path))
    at = 0
    for keys in ("accept", "add 4", "add 1"):
        at = answer(term, PROMPT, keys, at)
    at = term.expect(r"Not handed over yet: add 4, add 1\.", after=at)
    at = answer(term, PROMPT, "back 1", at)
    at = term.expect(r"Undone: add 1\.", after=at)
    at = term.expect(r"Your offer so far: 4\b", after=at)
    at = answer(term, PROMPT, "back 6", at)
    at = term.expect(r"'add 6' is not in your offer; it holds: add 4\.", after=at)
    for keys in ("add 4", "as 4"):
        at = answer(term, PROMPT, keys, at)
    at = term.expect(r'"two 4s"', after=at)
    answer(term, PROMPT, "quit", at)
    assert term.finish() == 1
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    mine = actions[actions.index("accept"):actions.index("accept") + 4]
    assert mine == ["accept", "add 4", "add 4", "as 4"]  # the 1 never reached the game


def test_take_back_with_nothing_held_is_refused_and_changes_nothing(terminal):
    term = terminal("play", "dtc", "--players", "3", "--seed", "2", "--lang", "fr",
                    "--delay", "0")
    at = answer(term, PROMPT_FR, "reprendre", 0)
    term.expect(r"Il n'y a rien à reprendre", after=at)
    at = answer(term, PROMPT_FR, "quitter", at)
    answer(term, r"Nom du fichier .*:", "", at)
    assert term.finish() == 1
    assert "Vous acceptez" not in term.text


# -------------------------------------------------------------- 2. pass-and-play
def _rows(segment: str, name: str) -> list[str]:
    """The hand column of every table row of `name` in `segment`."""
    found = []
    for line in segment.splitlines():
        match = re.search(r"(?:▶ |  )\d  " + re.escape(name) + r"\s+(.*)", line)
        if match:
            found.append(re.split(r"\s{5,}", match.group(1).strip())[0])
    return found


def test_pass_and_play_never_shows_a_hand_to_the_wrong_person(terminal):
    # Players 1 and 2 share the screen; Denis is a bot. Dealt hands, from the same seed:
    match = Match(get_game("dtc"), 3, seed=2)
    hands = {seat: match.view(seat)["hands"][seat]["cards"] for seat in (0, 1)}
    assert hands[0] != hands[1]
    term = terminal("play", "dtc", "--players", "3", "--seed", "2", "--humans", "1,2",
                    "--lang", "en", "--delay", "0")
    at = 0
    turns = 0
    while turns < 14:
        at = term.expect(r"press Enter to (play|hand over)|" + PROMPT, after=at)
        if re.search(r"press Enter to (play|hand over) \(quit: leave the game\)\. $",
                     term.text[:at]):
            term.send("\n")
        else:
            term.send("1\n")
            turns += 1
    at = answer(term, PROMPT, "quit", at)
    answer(term, SAVE_Q, "", at)
    term.finish()
    text = term.text
    handovers = [m for m in re.finditer(r"Pass the device to Player (\d)\.", text)]
    assert len(handovers) >= 2, text[-2000:]
    assert {m.group(1) for m in handovers} == {"1", "2"}
    for index, handover in enumerate(handovers):
        seat = int(handover.group(1)) - 1
        other = 1 - seat
        end = handovers[index + 1].start() if index + 1 < len(handovers) else len(text)
        segment = text[handover.start():end]
        # until the Enter key, the screen shows the hand-over and nothing of anyone's game
        waiting = segment[:segment.index("press Enter to play")]
        assert "Penalty" not in waiting and "Your hand" not in waiting
        # the other person's dealt hand is never told, their row is only backs
        assert f"Your hand: {cards_text(hands[other], 'en')}." not in segment
        rows = _rows(segment, f"Player {other + 1}")
        assert rows, segment
        assert all(set(row.split()) <= {"##"} or row.startswith("+") for row in rows), rows
        own = _rows(segment, f"Player {seat + 1}")
        assert own and all("##" not in row for row in own)
    # seat 1's first turn comes before seat 2's: its dealt hand is told in its own segment only
    first = {m.group(1): m.start() for m in reversed(handovers)}
    assert f"Your hand: {cards_text(hands[0], 'en')}." in text[first["1"]:]


# Wazabi, seed 3, two people: Player 1 plays "Draw 3 cards" and draws these three (told to
# Player 1 only); Player 2's dealt hand and first draw must not show before their turn.
DRAWN = {"en": "You draw: Remove 1 of your dice, A player keeps only 1 card, A player skips their "
               "turn.",
         "fr": "Vous piochez : Supprimez 1 de vos dés, Le joueur de votre choix n'a plus qu'1 "
               "carte, Le joueur de votre choix passe son tour."}
PLAYER_2_SECRETS = {"en": ("Give 1 of your dice to a player", "Play again and reverse"),
                    "fr": ("Donnez 1 de vos dés au joueur de votre choix", "Rejouez et changez")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pass_and_play_shows_the_mover_what_their_move_did_before_the_hand_over(lang):
    """The hand-over screen came right after a move: Player 1 saw the cards their "Draw 3"
    drew only at their next turn. Now their table and the new lines come first, then Enter."""
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "wazabi", "--players", "2", "--humans",
         "1,2", "--seed", "3", "--lang", lang], input="\nplay draw3\n\n\nquit\n",
        capture_output=True, text=True, env={**ENV, "COLUMNS": "200"}, timeout=300)
    text = flat(result.stdout)
    handover = {"en": "Pass the device to Player 2.", "fr": "Passez l'appareil au joueur 2."}[lang]
    outcome = text[text.index("> play draw3"):text.index(handover)]
    assert DRAWN[lang] in outcome, outcome
    assert {"en": "At the screen: Player 1", "fr": "Devant l'écran : Joueur 1"}[lang] in outcome
    assert {"en": "Player 1: press Enter to hand over (quit: leave the game).",
            "fr": "Joueur 1 : appuyez sur Entrée pour passer la main (« quitter » pour arrêter)."
            }[lang] in outcome
    for secret in PLAYER_2_SECRETS[lang]:
        assert secret not in outcome
    assert all(secret in text[text.index(handover):] for secret in PLAYER_2_SECRETS[lang])


def test_the_full_screen_shows_the_turn_that_is_over_then_the_hand_over(terminal):
    term = terminal("play", "wazabi", "--players", "2", "--humans", "1,2", "--seed", "3",
                    "--lang", "en", "--delay", "0")
    at = answer(term, r"press Enter to play", "", 0)
    at = answer(term, PROMPT, "play draw3", at)
    at = term.expect(r"Player 1: press Enter to hand over \(quit: leave the game\)\. ", after=at)
    shown = _display(term, 40, 100)
    assert "╭─ Turn over" in shown and "╭─ Your turn" not in shown, shown
    assert "Your turn is over: look at what it did, then pass the" in shown
    assert "You draw: Remove 1 of your dice" in shown and "At the screen: Player 1" in shown
    term.send("\n")
    at = term.expect(r"Pass the device to Player 2\.", after=at)
    at = answer(term, r"press Enter to play", "quit", at)
    answer(term, SAVE_Q, "", at)
    assert term.finish() == 1


def test_humans_option_is_checked():
    bad = cli("play", "dtc", "--players", "3", "--humans", "1,4", "--lang", "en")
    assert bad.returncode == 2 and "Seat 4 does not exist: seats are 1 to 3." in bad.stderr
    bad = cli("play", "dtc", "--players", "3", "--humans", "1,x", "--lang", "fr")
    assert bad.returncode == 2 and "Impossible de lire --humans « 1,x »" in flat(bad.stderr)
    bad = cli("play", "dtc", "--players", "3", "--humans", "2,2", "--lang", "en")
    assert bad.returncode == 2 and "names a seat twice" in bad.stderr
    bad = cli("play", "dtc", "--players", "3", "--humans", "1,2", "--seat", "1", "--lang", "en")
    assert bad.returncode == 2 and "one way only" in bad.stderr


# ------------------------------------------------------------- 3. save and resume
def _hand_row(text: str) -> str:
    return _rows(text, "Vous")[-1]


def test_quit_offers_to_save_and_resume_goes_on_with_everything_restored(terminal, tmp_path):
    path = tmp_path / "partie.json"
    term = terminal("play", "dtc", "--players", "4", "--seed", "5", "--lang", "fr",
                    "--bots", "random,heuristic,easy", "-o", "variant_higher=true",
                    "--delay", "0")
    at = term.expect(PROMPT_FR)
    before = _hand_row(term.text[:at])
    at = answer(term, PROMPT_FR, "quitter", 0)
    answer(term, r"Nom du fichier .*:", str(path), at)
    assert term.finish() == 1
    assert "Partie enregistrée dans" in flat(term.text) and "--resume" in term.text
    assert "Graine de cette partie" not in term.text  # a game to go on keeps its seed secret
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["meta"]["bots"] == ["human", "random", "heuristic", "easy"]

    again = terminal("play", "--resume", str(path), "--delay", "0")  # no --lang: French kept
    at = again.expect(PROMPT_FR)
    shown = flat(again.text[:at])
    assert flat(tn("ui.resumed", len(saved["actions"]), "fr")) in shown  # "0 coup", "3 coups"
    assert "2 : Camille (hasard), 3 : Denis (heuristique), 4 : Fanny (facile)" in shown
    assert _hand_row(shown) == before
    at = answer(again, PROMPT_FR, "quitter", 0)
    at = answer(again, r"Nom du fichier .*:", str(path), at)
    answer(again, r"remplacer\s+\?\s+\(oui/non\)", "oui", at)  # the file it was saved to
    assert again.finish() == 1
    resaved = json.loads(path.read_text(encoding="utf-8"))
    assert resaved["options"] == saved["options"] and resaved["options"]["variant_higher"] is True
    assert resaved["seed"] == saved["seed"] and resaved["actions"] == saved["actions"]


def _saved_game(tmp_path):
    path = tmp_path / "game.json"
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "dtc", "--players", "3", "--seed", "2",
         "--lang", "en", "--save", str(path)], input="accept\nadd 4\nadd 4\nas 4\nquit\n",
        capture_output=True, text=True, env=ENV, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_a_tampered_save_is_refused_with_the_move_that_fails(tmp_path):
    path, data = _saved_game(tmp_path)
    original = data["actions"][1]
    data["actions"][1] = "add 6"  # a card the hand does not hold
    path.write_text(json.dumps(data), encoding="utf-8")
    for lang, message in (("en", "Move 2 of the record ('add 6') does not fit"),
                          ("fr", "Le coup 2 de l'enregistrement (« add 6 ») ne convient pas")):
        result = cli("play", "--resume", str(path), "--lang", lang)
        assert result.returncode == 2
        assert message in flat(" ".join(result.stderr.split())), result.stderr
        assert "Traceback" not in result.stderr
    data["actions"][1] = original
    data["meta"]["bots"] = ["human", "nobody", "heuristic"]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("play", "--resume", str(path), "--lang", "en")
    assert result.returncode == 2 and "nobody" in result.stderr
    path.write_text(path.read_text(encoding="utf-8")[:-20], encoding="utf-8")
    result = cli("play", "--resume", str(path), "--lang", "fr")
    assert result.returncode == 2 and "JSON" in result.stderr


def test_resume_refuses_options_it_restores(tmp_path):
    path, _ = _saved_game(tmp_path)
    result = cli("play", "--resume", str(path), "--players", "4", "--lang", "en")
    assert result.returncode == 2
    assert "--resume goes on with the saved players, seats, bots and options: leave out --players" \
        in " ".join(result.stderr.split())


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "is a game of DTC (Donne Tes Cartes), not Wazabi."),
    ("fr", "est une partie de DTC (Donne Tes Cartes), pas de 17 / Diciassette."),
])
def test_resuming_a_save_as_another_game_names_both_by_title(tmp_path, lang, says):
    """"est une partie de dtc, pas de wazabi": the games' ids; now their titles."""
    path, _ = _saved_game(tmp_path)
    result = cli("play", "wazabi" if lang == "en" else "17", "--resume", str(path), "--lang",
                 lang)
    assert result.returncode == 2 and says in flat(" ".join(result.stderr.split())), \
        result.stderr


def test_one_move_is_counted_in_the_singular_on_resume_and_replay(tmp_path):
    """A record of one move read "Game resumed after 1 moves" / "1 moves of DTC replayed"."""
    path, data = _saved_game(tmp_path)
    data["actions"] = data["actions"][:1]
    path.write_text(json.dumps(data), encoding="utf-8")
    resumed = flat(cli("play", "--resume", str(path), "--lang", "fr").stdout)
    assert "Partie reprise après 1 coup (« journal » le montre)." in resumed, resumed[:800]
    replayed = cli("replay", str(path), "--lang", "en").stdout
    assert "1 move of DTC (Donne Tes Cartes) replayed and checked." in replayed, replayed[-800:]


# ------------------------------------------------------------ 4. step-through replay
def _finished_game(tmp_path):
    path = tmp_path / "done.json"
    result = cli("play", "dtc", "--watch", "--players", "3", "--seed", "3", "--bots", "random",
                 "--lang", "en", "--save", str(path))
    assert result.returncode == 0, result.stdout[-500:]
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_replay_steps_forward_and_back_from_one_seat(terminal, tmp_path):
    path, data = _finished_game(tmp_path)
    total = len(data["actions"])
    term = terminal("replay", str(path), "--step", "--seat", "2", "--lang", "en")
    step = r"Move \d+/\d+\. Enter or n: next.*: "
    at = term.expect(step)
    assert f"Start ({total} moves)" in term.text and "as seat 2 (Camille) saw it" in term.text
    # on a terminal one key acts, without Enter; a number is ended by Enter
    for keys, then in (("n", rf"Move 1/{total}: "), ("n", rf"Move 2/{total}: "),
                       ("b", rf"Move 1/{total}: "), ("x", r"Unknown key"),
                       ("\r", rf"Move 2/{total}: "), ("12\r", rf"Move 12/{total}: "),
                       ("\x1b[D", rf"Move 11/{total}: "), ("e", rf"Move {total}/{total}: ")):
        term.send(keys)
        at = term.expect(step, after=term.expect(then, after=at))
    term.send("q")
    assert term.finish() == 0
    # from seat 2's view, the others' hands are backs during the game
    rows = _rows(term.text, "Bruno (random)") + _rows(term.text, "Denis (random)")
    assert rows and any(set(row.split()) == {"##"} for row in rows)


def test_a_finished_game_replays_with_everything_revealed(tmp_path):
    path, data = _finished_game(tmp_path)
    result = subprocess.run([sys.executable, "-m", "ludotheque", "replay", str(path), "--step",
                             "--lang", "fr"], input="n\nn\nq\n", capture_output=True, text=True,
                            env=ENV, timeout=300)
    assert result.returncode == 0, result.stderr
    text = flat(result.stdout)
    assert "tout dévoilé" in text
    for name in ("Bruno (hasard)", "Camille (hasard)", "Denis (hasard)"):  # bots named in French
        assert f"Vu par {name} :" in text
        assert any("##" not in row for row in _rows(text, name))  # each hand shown, face up
    assert "seulement)" in text  # a private part of an event, named with its reader
    # the reader's name without its level: "(Bruno seulement)", not "(Bruno (hasard) seulement)"
    assert re.search(r"\((?:Bruno|Camille|Denis) seulement\)", text)
    assert "hasard) seulement" not in text and "hasard))" not in text


def test_step_seat_is_checked(tmp_path):
    path, _ = _finished_game(tmp_path)
    result = cli("replay", str(path), "--step", "--seat", "5", "--lang", "en")
    assert result.returncode == 2 and "Seat 5 does not exist: seats are 1 to 3." in result.stderr
    result = cli("replay", str(path), "--seat", "1", "--lang", "en")
    assert result.returncode == 2 and "add --step" in result.stderr


# --------------------------------------------------------------- 5. the layout
def _screen(raw: str, rows: int, columns: int = 100) -> pyte.Screen:
    screen = pyte.Screen(columns, rows)
    pyte.ByteStream(screen).feed(raw.encode())
    return screen


def test_the_layout_stays_put_and_each_player_has_a_colour(terminal):
    rows = 32
    term = terminal("play", "diciassette", "--players", "3", "--seed", "2", "--lang", "en",
                    "--delay", "0", rows=rows)
    places = []
    at = 0
    for keys in ("pass", "pass", "pass"):
        at = term.expect(PROMPT, after=at)
        screen = _screen(term.raw, rows)
        lines = screen.display
        places.append({
            "header": lines[0].startswith("17 / Diciassette"),
            "table": next(i for i, line in enumerate(lines) if line.startswith("╭─ Table")),
            "moves": next(i for i, line in enumerate(lines) if "╭─ Your turn" in line),
            "log": next(line.index("╭─ Last moves") for line in lines if "╭─ Last moves" in line),
            "prompt": next(i for i, line in enumerate(lines) if line.startswith("Your move (")),
        })
        term.send(keys + "\n")
    assert places[0] == places[1] == places[2], places
    assert places[0]["header"] and places[0]["table"] == 1 and places[0]["prompt"] == rows - 1
    # colours: each seat's name in its own colour, next to the written name
    colours = {}
    for name in ("You", "Camille (heuristic)", "Denis (heuristic)"):
        for y, line in enumerate(screen.display):
            x = line.find(name)
            if x >= 0 and screen.buffer[y][x].fg != "default":
                colours[name] = screen.buffer[y][x].fg
                break
    assert len(set(colours.values())) == 3, colours
    at = answer(term, PROMPT, "quit", at)
    answer(term, SAVE_Q, "", at)
    term.finish()


def _display(term, rows: int, columns: int) -> str:
    return "\n".join(flat(line) for line in _screen(term.raw, rows, columns).display)


@pytest.mark.parametrize(("game", "seed", "needed", "error_end"), [
    # Wazabi: the hand is the table's last line; 17: six moves and a third seat's row;
    # Décimoarr: a table taller than the layout (the home cards, who is out)
    ("wazabi", "4", ["Your hand:", "2. play"], "skip, replay)."),
    ("diciassette", "5", ["3  Denis (heuristic)", "6. play Trap face down  [trap down]"],
     "call, pass."),
    ("decimoarr", "2", ["Home cards of Denis", "out      hidden", "24. p24"],
     "at position 7)."),
])
def test_a_small_terminal_shows_the_whole_table_the_moves_and_an_error(terminal, game, seed,
                                                                         needed, error_end):
    """At 80x24 the layout that stays put cut the table's last lines (Wazabi's hand), the
    moves after the fourth and a long error: what the reader needs is never cut."""
    rows, columns = 24, 80
    term = terminal("play", game, "--players", "3", "--seed", seed, "--lang", "en",
                    "--delay", "0", rows=rows, columns=columns)
    at = answer(term, PROMPT, "banana", 0)
    at = term.expect(PROMPT, after=at)
    shown = _display(term, rows, columns)
    for text in needed:
        assert text in shown, shown
    error = " ".join(shown.split())  # the whole message, wrapped
    assert "Cannot read the move 'banana'." in error and error_end + " Your move" in error, shown
    term.send("quit\n")
    answer(term, SAVE_Q, "", at)
    term.finish()


def test_the_last_reveal_is_shown_whole_when_the_game_ends(terminal):
    """The full screen showed the end's reveal in its small log panel, then printed the final
    table under it: the sum and the tokens that decided the game were cut."""
    term = terminal("play", "diciassette", "--watch", "--players", "3", "--seed", "2",
                    "--lang", "en", "--delay", "0", "--pace", "0", rows=24, columns=80)
    term.expect(r"Seed of this game")
    assert term.finish() == 0
    end = " ".join(ANSI.sub("", term.raw[term.raw.rindex(CLEAR_ALL):]).split())
    for line in ("Sum: 17, 17 or more: the call is right.",
                 "Bruno (heuristic): +1 Penalty, +0 Victories; now 0 Victories, 0 Penalties.",
                 "Denis (heuristic): +0 Penalties, +1 Victory; now 3 Victories, 0 Penalties.",
                 "Game over: Denis (heuristic) has 3 Victory tokens and wins."):
        assert line in end, end


def test_watching_bots_shows_no_turn_of_yours(terminal):
    """--watch drew a "Your turn" panel saying "The others are playing…" to a spectator; the
    last moves now take the whole width."""
    term = terminal("play", "wazabi", "--watch", "--players", "3", "--seed", "1", "--lang", "fr",
                    "--delay", "0", "--pace", "0", rows=24, columns=80)
    term.expect(r"Graine de cette partie")
    assert term.finish() == 0
    text = flat(term.text)
    assert "Derniers coups" in text
    assert "À vous" not in text and "Les autres jouent" not in text, text[-3000:]


# -------------------------------------------------------- the pace of watched bots
RECORDER = "tests.ui.recorded_sleep"  # the CLI, its pauses written down instead of slept
RECORDED = {"PYTHONPATH": os.pathsep.join((str(SRC), str(ROOT)))}


def _watch(path, *extra: str) -> list[str]:
    return ["play", "diciassette", "--watch", "--players", "3", "--seed", "5", "--lang", "en",
            "--delay", "0", "--save", str(path), *extra]


def _pauses(text: str) -> list[str]:
    return re.findall(r"\[sleep ([\d.]+)\]", text)


def test_watching_bots_in_a_terminal_pauses_after_each_move(terminal, tmp_path):
    """`play --watch` was over in two seconds: a person at a terminal now gets a second
    after each move (none after the last)."""
    path = tmp_path / "watched.json"
    term = terminal(*_watch(path), module=RECORDER, env=RECORDED)
    assert term.finish() == 0
    moves = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    assert _pauses(term.text) == ["1.0"] * (moves - 1)


def test_the_pace_asked_for_is_kept_and_output_to_a_pipe_has_none(tmp_path):
    path = tmp_path / "watched.json"

    def run(*extra: str) -> list[str]:
        result = subprocess.run([sys.executable, "-m", RECORDER, *_watch(path, *extra)],
                                capture_output=True, text=True, env={**ENV, **RECORDED},
                                input="", timeout=300)
        assert result.returncode == 0, result.stderr
        return _pauses(result.stderr)

    assert run() == []  # nobody watches a pipe: no pause
    moves = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    assert run("--pace", "0.25") == ["0.25"] * (moves - 1)
    bad = cli(*_watch(path, "--pace", "-1"))
    assert bad.returncode == 2 and "--pace" in bad.stderr
    for lang, said in (("en", "Seconds to wait after each bot's move"),
                       ("fr", "Secondes d'attente après chaque coup d'un bot")):
        shown = cli("play", "--help", "--lang", lang)
        assert "--pace" in shown.stdout and said in " ".join(flat(shown.stdout).split())


def test_log_and_cards_commands_in_the_chosen_language(terminal):
    term = terminal("play", "wazabi", "--players", "3", "--seed", "1", "--lang", "fr",
                    "--delay", "0")
    at = answer(term, PROMPT_FR, "cartes", 0)
    at = term.expect(r"Mémento des cartes", after=at)
    at = term.expect(r"Effets des cartes", after=at)
    at = answer(term, r"Appuyez sur Entrée pour revenir à la partie\.", "", at)
    at = answer(term, PROMPT_FR, "journal", at)
    at = term.expect(r"Tout le journal", after=at)
    answer(term, r"Appuyez sur Entrée pour revenir à la partie\.", "", at)
    at = answer(term, PROMPT_FR, "quitter", at)
    answer(term, r"Nom du fichier .*:", "", at)
    assert term.finish() == 1
    assert "Supprimez 2 de vos dés" in term.text  # a card effect, in French


def test_17s_special_cards_are_in_the_reference(terminal):
    term = terminal("play", "diciassette", "--players", "3", "--seed", "2", "--lang", "en",
                    "--delay", "0", "--plain")
    at = answer(term, PROMPT, "cards", 0)
    at = term.expect(r"Special cards", after=at)
    term.expect(r"Trash", after=at)
    at = answer(term, PROMPT, "quit", at)
    answer(term, SAVE_Q, "", at)
    assert term.finish() == 1
    assert "\x1b[2J" not in term.raw  # --plain: no full-screen redraws


def test_output_to_a_pipe_stays_plain():
    result = subprocess.run([sys.executable, "-m", "ludotheque", "play", "dtc", "--players", "3",
                             "--seed", "2", "--lang", "en"], input="log\nquit\n",
                            capture_output=True, text=True, env=ENV, timeout=300)
    assert result.returncode == 1
    assert "\x1b[" not in result.stdout
    assert "Your moves:" in result.stdout and "The whole log" in result.stdout


def test_replay_step_keys_are_the_ones_the_french_prompt_names(tmp_path):
    # "s" is "suivant" in French (it was "start": the replay went back to the beginning).
    path, data = _finished_game(tmp_path)
    result = subprocess.run([sys.executable, "-m", "ludotheque", "replay", str(path), "--step",
                             "--seat", "1", "--lang", "fr"], input="s\ns\nr\nf\nq\n",
                            capture_output=True, text=True, env=ENV, timeout=300)
    assert result.returncode == 0, result.stderr
    text = flat(result.stdout)
    assert "Entrée ou s : suivant, r : retour" in text
    total = len(data["actions"])
    moves = re.findall(r"Coup (\d+)/\d+ : ", text)
    assert moves == ["1", "2", "1", str(total)], moves
    assert "Touche inconnue" not in text
    # "vu depuis la place 1 (Bruno)", not "(Bruno (hasard))"
    assert "vu depuis la place 1 (Bruno)" in text and "hasard))" not in text


def test_ctrl_c_during_a_game_saves_it_to_the_save_file_before_leaving(terminal, tmp_path):
    path = tmp_path / "kept.json"
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "en",
                    "--save", str(path))
    term.expect(r"Your move")
    term.interrupt()
    assert term.finish() == 130
    assert "Record saved to" in term.text and "--resume" in term.text
    assert "Interrupted." in term.text
    record = json.loads(path.read_text(encoding="utf-8"))  # it used to be lost
    assert record["game"] == "wazabi" and "result" not in record


def test_the_save_question_asks_before_replacing_a_file(terminal, tmp_path):
    kept, other = tmp_path / "kept.txt", tmp_path / "other.json"
    kept.write_text("my notes")
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "en",
                    "--delay", "0")
    at = answer(term, PROMPT, "quit", 0)
    at = answer(term, SAVE_Q, str(kept), at)
    replace = r"kept\.txt\s+already\s+exists:\s+replace\s+it\?\s+\(yes/no\)"
    at = answer(term, replace, "maybe", at)
    at = term.expect(r"Please\s+answer\s+yes\s+or\s+no\.", after=at)
    # answered once asked again: keys typed before a prompt are dropped (type-ahead)
    at = answer(term, replace, "no", at)
    answer(term, SAVE_Q, str(other), at)  # asked again: another name
    assert term.finish() == 1
    assert kept.read_text() == "my notes"  # it used to be replaced without a word
    assert json.loads(other.read_text(encoding="utf-8"))["game"] == "wazabi"


# ------------------------------------------- a --save that fails at the end loses nothing
def test_a_save_that_fails_at_the_end_asks_for_another_file(terminal, tmp_path):
    path = tmp_path / "record.json"
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "en",
                    "--watch", "--delay", "0", "--pace", "0", "--save", "/dev/full")
    at = term.expect(r"Cannot\s+write\s+/dev/full:\s+the\s+disk\s+is\s+full\.")
    at = answer(term, r"Save\s+the\s+record\s+of\s+the\s+game\s+to\s+another\s+file\?\s+File\s+"
                r"name\s+\(Enter:\s+leave\s+without\s+saving\):", str(path), at)
    term.expect(r"Record\s+saved\s+to", after=at)
    assert term.finish() == 0  # the game was played to its end: it used to be lost, status 2
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "wazabi" and record["result"] is not None


def test_quit_with_a_save_that_fails_asks_for_another_file_once(terminal):
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "en",
                    "--delay", "0", "--plain", "--save", "/dev/full")
    at = answer(term, PROMPT, "quit", 0)
    at = term.expect(r"Cannot write /dev/full: the disk is full\.", after=at)
    at = answer(term, SAVE_Q, "/dev/full", at)  # a file that fails too: said, then asked again
    at = term.expect(r"Cannot save to /dev/full: the disk is full\.\s+Save the game", after=at)
    answer(term, SAVE_Q, "", at)  # Enter: leave without saving
    assert term.finish() == 1
    text = " ".join(term.text.split())
    # the failure says what failed; the question follows it once (it was said twice)
    assert text.count("(Enter: leave without saving)") == 2, text[-1500:]
    # and nothing more is asked at the end (--save was tried and asked about again)
    assert text.count("Cannot write /dev/full") == 1 and "Save the record" not in text
    assert text.endswith("Game abandoned. Seed of this game: 3 (the same seed deals the same "
                         "cards)."), text[-500:]


def test_a_file_that_cannot_be_saved_is_said_then_asked_again_once_in_french(terminal,
                                                                            tmp_path):
    missing, path = tmp_path / "absent" / "partie.json", tmp_path / "partie.json"
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "fr",
                    "--delay", "0", "--plain")
    at = answer(term, PROMPT_FR, "quitter", 0)
    at = answer(term, SAVE_Q_FR, str(missing), at)
    at = term.expect(r"Impossible d'enregistrer la partie dans\s+\S+partie\.json\s: [^.]+\.\s+"
                     r"Enregistrer la partie", after=at)
    answer(term, SAVE_Q_FR, str(path), at)
    assert term.finish() == 1
    text = flat(" ".join(term.text.split()))
    assert text.count("Nom du fichier (Entrée : quitter sans enregistrer)") == 2, text[-1500:]
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "wazabi"


def test_a_save_that_fails_without_a_terminal_writes_the_record_to_the_temporary_folder(
        tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "wazabi", "--players", "2", "--seed", "3",
         "--watch", "--lang", "fr", "--save", "/dev/full"], capture_output=True, text=True,
        input="", timeout=300, env={**ENV, "TMPDIR": str(tmp_path)})
    assert result.returncode == 2, result.stderr
    kept = list(tmp_path.glob("ludotheque-wazabi-*.json"))
    assert len(kept) == 1, result.stderr
    assert f"Impossible d'écrire /dev/full : le disque est plein. Rien n'est perdu : la partie a " \
        f"été enregistrée ailleurs, dans {kept[0]}." in flat(" ".join(result.stderr.split()))
    record = json.loads(kept[0].read_text(encoding="utf-8"))
    assert record["game"] == "wazabi" and record["result"] is not None
    assert kept[0].stat().st_mode & 0o777 == 0o600  # a shared folder: its owner's only


def test_a_page_pasted_as_the_file_name_is_not_repeated_whole(terminal, tmp_path):
    term = terminal("play", "wazabi", "--players", "2", "--seed", "3", "--lang", "en",
                    "--delay", "0", "--plain")
    at = answer(term, PROMPT, "quit", 0)
    at = answer(term, SAVE_Q, "word" * 400, at)  # 1,600 characters: too long for a file name
    at = term.expect(r"Cannot\s+save\s+to\s+[word\s]+…:\s+the\s+name\s+is\s+too\s+long\.", after=at)
    said = "".join(term.text[term.text.index("Cannot save to"):at].split())
    assert len(said) < 350, said  # cut at 300 characters (it was a crash: ENAMETOOLONG)
    answer(term, SAVE_Q, "", at)
    assert term.finish() == 1


# ------------------------------------------------------------- an evening's friction
@pytest.mark.parametrize("args", [("--lang", "en"), ("--lang", "en", "--plain")])
def test_a_reply_stays_on_a_small_screen_printed_line_after_line(terminal, args):
    """Under 70x24 (or with --plain) the table is printed line after line: it was printed
    again under every error and under the help, so in a 60x20 window the reply scrolled
    away before the prompt came back. The table is printed again only when it changed."""
    rows, columns = 20, 60
    term = terminal("play", "decimoarr", "--seed", "4", "--delay", "0", *args,
                    rows=rows, columns=columns)
    at = answer(term, PROMPT, "take", 0)
    at = term.expect(PROMPT, after=at)
    shown = " ".join(_display(term, rows, columns).split())
    assert "Cannot read the move 'take'. Write: p<position>" in shown, shown
    term.send("help\n")
    at = term.expect(PROMPT, after=at)
    shown = " ".join(_display(term, rows, columns).split())
    assert "Type the number of a move, or its text form" in shown, shown
    assert "Perdu pile" not in term.text[term.text.index("quit): take"):]
    term.send("p1\n")  # a move: the table changed, it is printed again
    at = term.expect(PROMPT, after=at)
    assert "Perdu pile" in term.text[term.text.index("quit): p1"):]
    term.send("quit\n")
    answer(term, r"\(Enter:\s+leave\s+without\s+saving\):", "", at)  # wrapped at 60 columns
    assert term.finish() == 1


@pytest.mark.parametrize(("encoding", "said"), [
    ("ascii", ['> 1  Vous', 'Votre coup (numero ou texte ; aide, quitter) :',
               'Fanny (heuristique) -> vous : "deux 4"']),
    ("latin-1", ['> 1  Vous', 'Votre coup (numéro ou texte ; aide, quitter) :',
                 'Fanny (heuristique) -> vous : « deux 4 »']),
])
def test_a_terminal_that_is_not_utf8_reads_plain_letters_not_a_traceback(encoding, said):
    """In an ASCII or a Latin-1 locale, the first "▶" or "é" raised UnicodeEncodeError: the
    game died with a traceback. What the encoding lacks is written as its nearest letters."""
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "dtc", "--seed", "3", "--lang", "fr",
         "--plain"], capture_output=True, input=b"", timeout=300,
        env={**ENV, "PYTHONIOENCODING": encoding, "COLUMNS": "100"})
    out, err = result.stdout.decode(encoding), result.stderr.decode(encoding)
    assert result.returncode == 1 and "Traceback" not in err, err
    for text in said:
        assert text in flat(out), out


def test_an_offer_typed_after_cards_held_is_refused_in_the_readers_words(terminal):
    """French read « add 6 » (the record's notation) in a refused step and in `reprendre`,
    and the steps were counted with the cards already held: « L'étape 2 sur 3 » for an
    offer typed in two."""
    term = terminal("play", "dtc", "--players", "3", "--seed", "2", "--lang", "fr",
                    "--delay", "0")
    at = 0
    for keys in ("accepter", "ajouter 4", "offre 6 comme 4"):
        at = answer(term, PROMPT_FR, keys, at)
    at = term.expect(PROMPT_FR, after=at)
    said = " ".join(flat(term.text[term.text.rindex("offre 6 comme 4"):at]).split())
    assert "L'étape 1 sur 2 (« ajouter 6 ») n'est pas jouable" in said, said
    term.send("reprendre 6\n")
    at = term.expect(PROMPT_FR, after=at)
    said = " ".join(flat(term.text[term.text.rindex("reprendre 6"):at]).split())
    assert "« ajouter 6 » n'est pas dans votre offre ; elle contient : ajouter 4." in said, said
    term.send("quitter\n")
    answer(term, r"Nom du fichier .*:", "", at)
    assert term.finish() == 1


@pytest.mark.parametrize(("key", "said"), [("\x04", "Input ended before the game did"),
                                           (None, "Record saved to ")])
def test_ctrl_d_or_ctrl_c_at_the_prompt_says_on_a_line_of_its_own_how_to_go_on(
        terminal, tmp_path, key, said):
    """Ctrl-D or Ctrl-C at the prompt: what followed was written after the prompt on its line
    (and cut mid-word in a narrow window), and Ctrl-D with --save did not say how to go on."""
    path = tmp_path / "left.json"
    term = terminal("play", "wazabi", "--seed", "2", "--lang", "en", "--delay", "0",
                    "--save", str(path))
    at = term.expect(PROMPT)
    if key:
        term.send(key)
    else:  # Ctrl-C: the child has no controlling terminal to turn the key into SIGINT
        term.interrupt()
    term.finish()
    after = term.text[at - 2:]  # from the prompt's ": "
    assert re.search("^" + said, after, re.M), after
    resume = " ".join(after.split())
    assert f"Record saved to {path}; to go on with the game: ludotheque play --resume {path}" \
        in resume, after
    assert json.loads(path.read_text(encoding="utf-8")).get("result") is None


def _watched_17(lang: str) -> list[str]:
    """17 watched to its end (seed 2, three bots) through a pipe: a line each."""
    result = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "diciassette", "--watch", "--players", "3",
         "--seed", "2", "--lang", lang, "--delay", "0", "--pace", "0"], capture_output=True,
        text=True, input="", timeout=300, env={**ENV, "COLUMNS": "200"})
    assert result.returncode == 0, result.stdout[-2000:]
    return flat(result.stdout).splitlines()


@pytest.mark.parametrize(("lang", "tokens", "pairs"), [
    ("en", "Bruno (heuristic): +1 Penalty, +0 Victories; now 0 Victories, 0 Penalties.",
     "Bruno (heuristic): each pair of Penalty tokens is discarded, with one of their Victory "
     "tokens if any."),
    ("fr", "Bruno (heuristique) : +1 Pénalité, +0 Victoire ; désormais 0 Victoire, 0 Pénalité.",
     "Bruno (heuristique) : chaque paire de jetons Pénalité est défaussée, avec un de ses "
     "jetons Victoire le cas échéant."),
])
def test_17_says_why_a_penalty_given_leaves_none(lang, tokens, pairs):
    """17: "+1 Penalty; now Penalty 0" read as a mistake (two Penalty tokens are discarded
    together, with a Victory token: rule S20). The line under it now says so."""
    lines = _watched_17(lang)
    assert tokens in lines, lines[-40:]
    assert lines[lines.index(tokens) + 1] == pairs, lines[lines.index(tokens):][:3]


@pytest.mark.parametrize(("lang", "tokens"), [
    ("en", "Bruno (heuristic): +4 Penalties, +0 Victories; now 0 Victories, 0 Penalties."),
    ("fr", "Bruno (heuristique) : +4 Pénalités, +0 Victoire ; désormais 0 Victoire, 0 Pénalité."),
])
def test_17_token_counts_agree_with_their_number(lang, tokens):
    """The tokens line read "+4 Penalty" / "+4 Pénalité": each count now agrees (French
    keeps the singular for 0 and 1)."""
    lines = _watched_17(lang)
    assert tokens in lines, [line for line in lines if "+4" in line]


def test_a_dumb_terminal_gets_lines_not_the_layout(terminal):
    """TERM=dumb (an editor's shell, a serial console) moves no cursor: the layout that stays
    put wrote its clear-screen codes there at every redraw. Such a terminal gets plain lines."""
    term = terminal("play", "wazabi", "--seed", "3", "--lang", "en", "--delay", "0",
                    env={"TERM": "dumb"})
    at = answer(term, PROMPT, "banana", 0)
    at = term.expect(PROMPT, after=at)
    leave(term)
    assert term.finish() == 1
    assert "\x1b[" not in term.raw and "Cannot read the move 'banana'" in term.text
