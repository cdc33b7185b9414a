"""An arena's journal: each game written as it ends, the games in it not played again, so a
long arena stopped and run again gives the results of one run (a strength campaign over
several sittings)."""

from __future__ import annotations

import json
import tracemalloc

import pytest
from typer.testing import CliRunner

from ludotheque.cli import app
from ludotheque.core import files, get_game
from ludotheque.core.errors import LudoError
from ludotheque.sim.arena import arena

BOTS = ["easy", "random", "random"]


def _results(summary):
    """What the games decide (not the thinking times: a clock is not reproducible)."""
    keep = ("name", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_rank", "rating",
            "mu", "sigma", "moves")
    return ([{key: row[key] for key in keep} for row in summary["bots"]],
            summary["head_to_head"], summary["games"])


def _games_in(path):
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    assert json.loads(lines[0])["journal"] == "ludotheque arena"
    return [json.loads(line)["index"] for line in lines[1:]]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_arena_stopped_and_run_again_gives_the_results_of_one_run(tmp_path, jobs):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    whole = arena(game, 3, 9, 5, BOTS, jobs=jobs)
    first = arena(game, 3, 4, 5, BOTS, jobs=jobs, journal=journal)
    assert sorted(_games_in(journal)) == [0, 1, 2, 3]
    assert first["games"] == 4
    told = []
    again = arena(game, 3, 9, 5, BOTS, jobs=jobs, journal=journal, progress=told.append)
    assert told[0] == 4  # the games of the journal count as finished, and are not replayed
    assert sorted(_games_in(journal)) == list(range(9))
    assert _results(again) == _results(whole)
    # all in the journal: nothing is played, the same answer
    assert _results(arena(game, 3, 9, 5, BOTS, journal=journal)) == _results(whole)
    assert len(_games_in(journal)) == 9


def test_a_line_cut_short_by_a_kill_is_dropped_and_its_game_played_again(tmp_path):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 3, 2, BOTS, journal=journal)
    with journal.open("a") as file:
        file.write('{"seed": 12, "bots": ["easy", "ran')  # killed while writing game 3
    again = arena(game, 3, 5, 2, BOTS, journal=journal)
    assert _games_in(journal) == [0, 1, 2, 3, 4]
    assert _results(again) == _results(arena(game, 3, 5, 2, BOTS))


def test_the_journal_of_another_arena_is_refused_and_left_as_it_was(tmp_path):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    before = journal.read_bytes()
    with pytest.raises(LudoError) as caught:
        arena(game, 3, 4, 2, BOTS, journal=journal)  # another seed: other games
    assert caught.value.key == "error.journal_other"
    assert "seed: 1 there, 2 here" in caught.value.message("en")
    assert "seed\u00a0: 1 dans le journal, 2 ici" in caught.value.message("fr")
    with pytest.raises(LudoError, match="bots"):
        arena(game, 3, 4, 1, ["random", "easy", "random"], journal=journal)
    assert journal.read_bytes() == before


@pytest.mark.parametrize("bad", ['{"index": "two"}', "not json", "[1, 2]",
                                 '{"seed": 1, "bots": [], "winners": [0], "ranks": [1], '
                                 '"decisions": 3, "metrics": {}, "index": 1}',
                                 '{"seed": 1, "bots": [], "winners": [7], "ranks": [1, 2, 3], '
                                 '"decisions": 3, "metrics": {}, "index": 1}'])
def test_a_corrupt_line_is_named_and_nothing_is_changed(tmp_path, bad):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([lines[0], bad, lines[1]]) + "\n")
    before = journal.read_bytes()
    with pytest.raises(LudoError) as caught:
        arena(game, 3, 4, 1, BOTS, journal=journal)
    assert caught.value.key == "error.journal_corrupt"
    assert "line 2" in caught.value.message("en") and "ligne 2" in caught.value.message("fr")
    assert journal.read_bytes() == before


def test_a_game_twice_in_a_journal_is_refused(tmp_path):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([*lines, lines[1]]) + "\n")
    with pytest.raises(LudoError, match="line 4"):
        arena(game, 3, 4, 1, BOTS, journal=journal)


def test_arena_command_journal(tmp_path):
    journal = tmp_path / "cell.jsonl"
    command = ["arena", "diciassette", "--players", "3", "--bots", ",".join(BOTS), "--seed", "4",
               "--jobs", "1", "--json", "--journal", str(journal)]
    first = CliRunner().invoke(app, [*command, "--games", "3"])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(app, [*command, "--games", "6"])
    assert again.exit_code == 0, again.output
    assert sorted(_games_in(journal)) == list(range(6))
    whole = CliRunner().invoke(app, [*command[:-2], "--games", "6"])
    assert _results(json.loads(again.output)) == _results(json.loads(whole.output))
    seeded = command.index("--seed") + 1  # another seed (an option given twice is refused)
    other = CliRunner().invoke(app, [*command[:seeded], "9", *command[seeded + 1:], "--games", "6",
                                     "--lang", "fr"])
    assert other.exit_code != 0
    assert "journal d'une autre arène" in other.output and "seed" in other.output


def test_a_run_refused_before_its_first_game_leaves_no_journal(tmp_path):
    journal = tmp_path / "cell.jsonl"
    with pytest.raises(LudoError):
        arena(get_game("diciassette"), 3, 4, 1, ["easy", "random"], journal=journal)  # 2 bots
    assert not journal.exists()


@pytest.mark.parametrize("text", ["hello world", '{"a": 1}', "hello\nworld\n", '[1, 2]\n'])
def test_a_file_that_is_not_a_journal_is_refused_and_left_as_it_was(tmp_path, text):
    journal = tmp_path / "notes.txt"
    journal.write_text(text)
    with pytest.raises(LudoError) as caught:
        arena(get_game("diciassette"), 3, 2, 1, BOTS, journal=journal)
    assert caught.value.key == "error.journal_not_journal"
    assert "notes.txt is not an arena journal" in caught.value.message("en")
    assert journal.read_text() == text


def test_a_header_cut_short_by_a_kill_is_written_again(tmp_path):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    header = journal.read_text().splitlines()[0]
    journal.write_text(header[:30])  # killed while writing the header
    arena(game, 3, 2, 1, BOTS, journal=journal)
    assert journal.read_text().splitlines()[0] == header and _games_in(journal) == [0, 1]


def test_arena_command_journal_in_a_missing_folder_or_a_folder_is_a_clear_error(tmp_path):
    command = ["arena", "diciassette", "--players", "3", "--bots", ",".join(BOTS), "--games", "1",
               "--lang", "en", "--journal"]
    missing = CliRunner().invoke(app, [*command, str(tmp_path / "nope" / "j.jsonl")])
    assert missing.exit_code == 2 and "the folder" in missing.output, missing.output
    folder = CliRunner().invoke(app, [*command, str(tmp_path)])
    assert folder.exit_code == 2 and "it is a folder" in folder.output, folder.output


def test_a_journal_starting_with_a_byte_order_mark_is_read_and_kept(tmp_path):
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    journal.write_bytes(b"\xef\xbb\xbf" + journal.read_bytes())  # saved again by an editor
    told = []
    again = arena(game, 3, 4, 1, BOTS, journal=journal, progress=told.append)
    assert told[0] == 2  # its two games are not played again
    assert journal.read_bytes().startswith(b"\xef\xbb\xbf")
    assert sorted(_games_in(journal)) == [0, 1, 2, 3]
    assert _results(again) == _results(arena(game, 3, 4, 1, BOTS))


@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_arena_from_python_refuses_a_journal_it_cannot_write_as_the_command_does(tmp_path, where):
    journal = tmp_path / "nope" / "j.jsonl" if where == "missing folder" else tmp_path
    with pytest.raises(LudoError) as caught:
        arena(get_game("diciassette"), 3, 2, 1, BOTS, journal=journal)
    assert caught.value.key == ("error.save_folder" if where == "missing folder"
                                else "error.save_is_folder")
    for lang, says in (("en", "Cannot save to"), ("fr", "Impossible d'enregistrer dans")):
        said = CliRunner().invoke(app, ["arena", "diciassette", "--players", "3", "--bots",
                                        ",".join(BOTS), "--games", "2", "--journal", str(journal),
                                        "--lang", lang])
        assert said.exit_code == 2
        assert " ".join(said.output.split()) == " ".join(caught.value.message(lang).split())
        assert caught.value.message(lang).startswith(says)
    assert list(tmp_path.iterdir()) == []  # nothing written, no folder made


def _journal_with(tmp_path, *games):
    """A journal of two games (0 and 1, seed 1) whose game lines are replaced by `games`,
    each a function of game 1's line (a dict) giving a line to write."""
    game, journal = get_game("diciassette"), tmp_path / "cell.jsonl"
    arena(game, 3, 2, 1, BOTS, journal=journal)
    header, first, second = journal.read_bytes().splitlines()
    later = json.loads(second)
    journal.write_bytes(b"\n".join([header, first, *(make(later) for make in games)]) + b"\n")
    return game, journal


def test_a_journal_is_read_a_line_at_a_time_never_whole(tmp_path):
    """A journal too big for the memory resumes: it used to be read whole (and refused past
    512 MB). Its games from index --games on are checked, and not kept either."""
    def long_game(index):  # a line of some 20 KB
        return lambda later: json.dumps({**later, "index": index,
                                         "move_seconds": [[0.001] * 1000] * 3}).encode()

    game, journal = _journal_with(tmp_path, *(long_game(index) for index in range(2, 202)))
    size = journal.stat().st_size
    tracemalloc.start()
    try:
        again = arena(game, 3, 2, 1, BOTS, journal=journal)  # game 1 is not in it: played
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert size > 4 * files.MEGABYTE and peak < size / 4, (size, peak)
    assert _results(again) == _results(arena(game, 3, 2, 1, BOTS))
    assert _games_in(journal) == [0, *range(2, 202), 1]


def test_the_games_of_a_journal_are_read_back_one_at_a_time_for_the_summary(tmp_path):
    """An arena resumed with every game in its journal: the games below --games are not all
    kept in memory once read (they were: several times the journal's size), but read back
    one at a time, in index order, for the summary, which is the first sitting's exactly
    (the thinking times too: they are the journal's)."""
    game, journal, bots = get_game("diciassette"), tmp_path / "cell.jsonl", ["random"] * 3
    first = arena(game, 3, 3000, 1, bots, journal=journal)
    size = journal.stat().st_size
    tracemalloc.start()
    try:
        again = arena(game, 3, 3000, 1, bots, journal=journal)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # what stays is 8 bytes a move for the thinking times' 95th percentile
    assert size > files.MEGABYTE and peak < size / 3, (size, peak)
    assert again == first


def test_a_line_too_long_is_named_and_nothing_is_changed(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "MAX_LINE_BYTES", files.MEGABYTE)  # 64 MB: too big to write here
    game, journal = _journal_with(tmp_path, lambda later: json.dumps(
        {**later, "move_seconds": [[0.001] * 60_000] * 3}).encode())  # 1.3 MB
    before = journal.read_bytes()
    with pytest.raises(LudoError) as caught:
        arena(game, 3, 4, 1, BOTS, journal=journal)
    assert caught.value.key == "error.line_too_long"
    assert caught.value.message("en") == f"{journal}: line 3 is too long to be read (more " \
        "than 1 MB): is it the right file?"
    assert caught.value.message("fr").replace("\u00a0", " ") == f"{journal} : la ligne 3 est " \
        "trop longue pour être lue (plus de 1 Mo) : est-ce le bon fichier ?"
    assert journal.read_bytes() == before


def test_a_line_that_is_not_utf8_is_named(tmp_path):
    game, journal = _journal_with(tmp_path, lambda later: json.dumps(later).encode(),
                                  lambda later: b'{"index": "\xe9t\xe9"}')
    before = journal.read_bytes()
    with pytest.raises(LudoError) as caught:
        arena(game, 3, 4, 1, BOTS, journal=journal)
    assert caught.value.key == "error.journal_corrupt"
    assert "line 4" in caught.value.message("en")  # it said line 1, wherever the bytes were
    assert journal.read_bytes() == before
