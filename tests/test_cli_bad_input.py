"""What the command line does with input it cannot use: it says what is wrong and what
is allowed, asks again or exits with status 2, and loses nothing (found by an audit)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import invoke, ok, usage_error

SRC = Path(__file__).resolve().parents[1] / "src"

LONG_NUMBER = "7" * 5000  # over Python's 4,300-digit limit for int()
WAZABI = ["play", "wazabi", "--players", "4", "--seed", "1", "--lang", "en", "--plain"]


def _wazabi_record(tmp_path):
    """A Wazabi game left after its first moves, saved: 11 moves, the person's turn next."""
    path = tmp_path / "wazabi.json"
    result = ok(invoke(WAZABI + ["--save", path], input="quit\n"))
    assert result.exit_code == 1 and path.exists()
    return path


def test_digits_that_are_not_ascii_or_too_many_are_unreadable_moves_and_the_prompt_asks_again(
        tmp_path):
    path = tmp_path / "saved.json"
    lines = ["²", LONG_NUMBER, "give p²", "donner j²", "٣", "quit"]
    result = ok(invoke(WAZABI + ["--save", path], input="\n".join(lines) + "\n"))
    assert result.exit_code == 1, result.text
    for line in ("²", "give p²", "donner j²", "٣"):
        assert f"Cannot read the move '{line}'" in result.flat
    assert json.loads(path.read_text(encoding="utf-8"))["actions"]  # the game was saved


def test_the_step_prompt_refuses_a_superscript_or_huge_number_and_asks_again(tmp_path):
    path = _wazabi_record(tmp_path)
    result = ok(invoke(["replay", path, "--step", "--lang", "en"],
                       input=f"²\n{LONG_NUMBER}\nq\n"))
    assert result.exit_code == 0, result.text
    assert result.flat.count("Unknown key: type n (next)") == 2


def test_a_record_with_an_unreadable_seat_or_a_huge_move_id_is_refused_naming_the_move(tmp_path):
    path = _wazabi_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    bad_seat = tmp_path / "bad_seat.json"
    bad_seat.write_text(json.dumps({**data, "actions": data["actions"] + ["give p²"]}))
    huge_id = tmp_path / "huge_id.json"  # a JSON number json.loads cannot turn into an int
    huge_id.write_text(json.dumps({**data, "actions": ["HUGE"]}).replace('"HUGE"', LONG_NUMBER))
    for record, move in ((bad_seat, "Move 12 of the record ('give p²')"),
                         (huge_id, "Move 1 of the record ('7777")):
        for args in (["replay", record], ["play", "--resume", record]):
            result = usage_error(invoke(args + ["--lang", "en"], input=""))
            assert move in result.flat, result.text


@pytest.mark.parametrize("args, allowed", [
    (["play", "wazabi", "--bots", "hard", "--budget-ms", "nan"], "more than 0 and at most 3600000"),
    (["play", "wazabi", "--delay", "nan"], "from 0 to 60"),
    (["play", "wazabi", "--delay", "31564"], "from 0 to 60"),
    (["simulate", "wazabi", "--budget-ms", "inf"], "more than 0 and at most 3600000"),
    (["arena", "wazabi", "--bots", "hard", "--budget-ms", "-inf"],
     "more than 0 and at most 3600000"),
    (["bench", "wazabi", "--seconds", "nan"], "more than 0 and at most 3600"),
    (["bench", "wazabi", "--seconds", "inf"], "more than 0 and at most 3600"),
    (["bench", "--ismcts-ms", "-1"], "more than 0 and at most 3600000"),
    (["serve", "--waiting-ttl", "nan"], "more than 0 and at most 31536000"),
    (["serve", "--bot-delay", "-1"], "from 0 to 60"),
    (["worker", "--database", "sqlite://", "--bot-delay", "inf"], "from 0 to 60"),
    (["bench-server", "--think", "-1"], "from 0 to 60"),
    (["serve", "--port", "99999"], "from 0 to 65535"),
    (["serve", "--port", "-1"], "from 0 to 65535"),
])
def test_nan_infinite_and_out_of_range_numbers_are_refused_naming_the_range(args, allowed):
    # A subprocess: before the fix some of these hung or started a server (the timeout is
    # only a safety net; no result depends on it).
    result = subprocess.run([sys.executable, "-m", "ludotheque", *args, "--lang", "en"],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(SRC)})
    assert result.returncode == 2, result.stderr
    # the value as typed: "-1", "31564" (never "-1.0")
    assert f"{args[-2]} must be a number {allowed}, not {args[-1]}." in " ".join(
        result.stderr.split()), result.stderr


def test_a_saved_game_with_an_endless_thinking_budget_is_refused(tmp_path):
    path = _wazabi_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["budget"] = {"iterations": None, "ms": float("inf")}  # "Infinity" in the file
    path.write_text(json.dumps(data))
    usage_error(invoke(["play", "--resume", path, "--lang", "en"], input=""))


def _server_command(*args: str) -> subprocess.CompletedProcess:
    """A server command as a subprocess (before the fixes below, some started serving:
    the timeout is only a safety net, no result depends on it)."""
    return subprocess.run([sys.executable, "-m", "ludotheque", *args],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(SRC)})


@pytest.mark.parametrize("command", [["serve"], ["worker"], ["migrate"], ["prune"]])
@pytest.mark.parametrize("url, why", [
    ("foo://bar", "it is not a database URL"),
    ("not a url", "it is not a database URL"),
    ("sqlite:////no/such/folder/x.db", "the folder /no/such/folder does not exist"),
    ("NOT_A_DATABASE", "nothing answers there"),
])
def test_a_database_that_cannot_be_opened_is_a_clear_error(tmp_path, command, url, why):
    if command == ["serve"]:
        command = ["serve", "--port", "0"]
    if url == "NOT_A_DATABASE":
        (tmp_path / "notes.txt").write_text("a shopping list, not a database\n" * 100)
        url = f"sqlite:///{tmp_path / 'notes.txt'}"
    result = _server_command(*command, "--database", url, "--lang", "en")
    said = " ".join(result.stderr.split())
    assert result.returncode == 2, result.stderr
    assert f"Cannot open the database {url}: {why}" in said and "sqlite:///" in said
    assert "Traceback" not in result.stderr and "web table" not in result.stdout


def test_a_database_password_is_not_shown_when_the_database_cannot_be_opened():
    with socket.create_server(("127.0.0.1", 0)) as probe:  # a port nobody listens on
        port = probe.getsockname()[1]
    url = f"postgresql://ann:s3cret@127.0.0.1:{port}/tables"
    result = _server_command("migrate", "--database", url, "--lang", "en")
    said = " ".join(result.stderr.split())
    assert result.returncode == 2, result.stderr
    assert f"Cannot open the database postgresql://ann:***@127.0.0.1:{port}/tables" in said
    assert "s3cret" not in result.stderr + result.stdout


@pytest.mark.parametrize("host, family, address", [
    ("127.0.0.1", socket.AF_INET, "127.0.0.1"), ("::", socket.AF_INET6, "[::]")])
def test_serve_on_a_port_already_taken_says_so_before_showing_a_link(tmp_path, host, family,
                                                                     address):
    """IPv4 or IPv6 (written in brackets before its port, as in a link)."""
    with socket.create_server((host, 0), family=family) as taken:
        port = taken.getsockname()[1]
        result = _server_command("serve", "--host", host, "--port", str(port), "--lang", "fr",
                                 "--database", f"sqlite:///{tmp_path / 't.sqlite3'}")
    assert result.returncode == 2, result.stderr
    assert f"Impossible d'écouter sur {address}:{port} : un autre programme" in \
        " ".join(result.stderr.split())
    assert "http://" not in result.stdout


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_on_an_empty_host_is_a_usage_error_not_every_interface(tmp_path, host):
    """`--host ""` (an unset `--host "$HOST"`) bound every interface: the opposite of the
    default, this computer alone, opened to the whole network without a word. Refused,
    saying what to give, before any link is shown."""
    for lang, said in (("en", "the address is empty: give one of this machine's, 127.0.0.1 "
                              "(this computer alone) or 0.0.0.0 (every interface: the phones "
                              "and other devices on the network)."),
                       ("fr", "l'adresse est vide : donnez-en une de cette machine, 127.0.0.1 "
                              "(cet ordinateur seul) ou 0.0.0.0 (toutes les interfaces : les "
                              "téléphones et autres appareils du réseau).")):
        result = _server_command("serve", "--host", host, "--port", "0",
                                 "--lang", lang,
                                 "--database", f"sqlite:///{tmp_path / 't.sqlite3'}")
        shown = " ".join(result.stderr.replace("\u00a0", " ").split())
        assert result.returncode == 2 and said in shown and "--host" in shown, result.stderr
        assert "http://" not in result.stdout



# -------------------------------------------- files: the system's reasons in the chosen language
def _not_a_folder(tmp_path):
    (tmp_path / "notes.txt").write_text("a file, not a folder\n")
    return tmp_path / "notes.txt" / "game.json"


@pytest.mark.parametrize("make, french, english, system", [
    (lambda tmp: tmp / "missing.json", "ce fichier ou ce dossier n'existe pas",
     "there is no such file or folder", "No such file"),
    (lambda tmp: tmp, "c'est un dossier, pas un fichier", "it is a folder, not a file",
     "Is a directory"),
    (_not_a_folder, "une partie du chemin est un fichier, pas un dossier",
     "part of the path is a file, not a folder", "Not a directory"),
], ids=["missing", "folder", "through-a-file"])
def test_a_record_that_cannot_be_read_says_why_in_the_chosen_language(
        tmp_path, make, french, english, system):
    path = make(tmp_path)
    for command in (["replay", path], ["play", "--resume", path]):
        said = usage_error(invoke([*command, "--lang", "fr"], input="")).flat
        assert f"Impossible de lire {path} : {french}." in said and system not in said
        said = usage_error(invoke([*command, "--lang", "en"], input="")).flat
        assert f"Cannot read {path}: {english}." in said and system not in said


@pytest.mark.parametrize("text, french, english", [
    ("", "une valeur était attendue à la ligne 1, colonne 1",
     "a value was expected at line 1, column 1"),
    ('{"game": "wazabi",\n "players": 4,}', "un nom de champ entre guillemets doubles était "
     "attendu à la ligne 2, colonne 15", "a field name in double quotes was expected at line 2, "
     "column 15"),
    ('{"game" "wazabi"}', "un deux-points (:) était attendu à la ligne 1, colonne 9",
     "a colon (:) was expected at line 1, column 9"),
    ('{"game": "wazabi"} {}', "du texte en trop après la fin de la valeur JSON, à la ligne 1, "
     "colonne 20", "more text after the end of the JSON value, at line 1, column 20"),
    ('{"game": "waz', "un texte entre guillemets doubles commencé à la ligne 1, colonne 10 n'est "
     "jamais fermé", "a text in double quotes starting at line 1, column 10 is never closed"),
], ids=["empty", "trailing-comma", "no-colon", "extra-data", "unclosed-text"])
def test_a_record_that_is_not_json_says_what_is_wrong_and_where(tmp_path, text, french, english):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    said = usage_error(invoke(["replay", path, "--lang", "fr"])).flat
    assert f"{path} n'est pas du JSON valide : {french}." in said and "Expecting" not in said
    said = usage_error(invoke(["replay", path, "--lang", "en"])).flat
    assert f"{path} is not valid JSON: {english}." in said and "Expecting" not in said


def test_every_system_reason_has_a_text_in_each_language():
    import errno

    from ludotheque.core.files import os_reason

    codes = [errno.ENOENT, errno.EACCES, errno.EPERM, errno.EISDIR, errno.ENOTDIR, errno.ENOSPC,
             errno.EROFS, errno.ENAMETOOLONG, errno.EIO, errno.ELOOP]
    for code in codes:
        system = os.strerror(code)
        reason = os_reason(OSError(code, system))
        assert reason.key != "error.os.other", errno.errorcode[code]
        french, english = reason.message("fr"), reason.message("en")
        assert system not in french and system not in english and french != english
    assert os_reason(OSError(errno.EACCES, "Permission denied")).message("fr") == \
        "permission refusée (voyez les droits d'accès du fichier)"
    other = os_reason(OSError(errno.EBUSY, os.strerror(errno.EBUSY)))  # not one of the common
    assert other.message("fr") == "le système a refusé (EBUSY)"
    assert other.message("en") == "the system refused (EBUSY)"


def test_a_file_that_cannot_be_written_says_why_in_the_chosen_language(tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    (tmp_path / "temporary").mkdir()
    results, record = tmp_path / "results.csv", tmp_path / "game.json"
    results.symlink_to("/dev/full")  # every write fails: the disk is full
    record.symlink_to("/dev/full")
    said = usage_error(invoke(["simulate", "wazabi", "-n", "2", "-j", "1", "--out", results,
                               "--lang", "fr"])).flat
    assert f"Impossible d'écrire {results} : le disque est plein." in said
    said = usage_error(invoke(WAZABI + ["--save", record], input="quit\n")).flat
    assert f"Cannot write {record}: the disk is full." in said and "Errno" not in said
    # ... and the game is not lost: without a terminal to ask for another file, it is kept
    (kept,) = (tmp_path / "temporary").glob("ludotheque-wazabi-*.json")
    assert f"Nothing is lost: the game was written to {kept} instead." in said
    result = ok(invoke(["play", "--resume", kept, "--plain", "--lang", "en"], input="quit\n"))
    assert "Game resumed after 11 moves" in result.flat


def test_a_file_name_the_system_refuses_is_said_before_the_game(tmp_path):
    """A name too long for the system (ENAMETOOLONG, which `Path.is_dir` raises): a clear
    error before any move, no traceback."""
    path = tmp_path / ("a" * 300 + ".json")
    said = usage_error(invoke(WAZABI + ["--save", path], input="quit\n")).flat
    assert f"Cannot write {path}: the name is too long." in said and "Errno" not in said


def test_a_record_or_saved_game_starting_with_a_byte_order_mark_is_read(tmp_path):
    path = _wazabi_record(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # saved again by a Windows editor
    result = ok(invoke(["replay", path, "--lang", "en"]))
    assert result.exit_code == 0 and "11 moves of Wazabi replayed and checked" in result.flat
    result = ok(invoke(["play", "--resume", path, "--plain", "--lang", "en"], input="quit\n"))
    assert result.exit_code == 1 and "Game resumed after 11 moves" in result.flat, result.text


# ------------------------------------------------ report: what is wrong with a results file
@pytest.mark.parametrize("name, content, french, english", [
    ("fields.csv", b"a,b\n1,2\n3,4,5\n", "la ligne 3 a plus de valeurs (3) que la première ligne "
     "n'a de noms de colonnes (2)", "line 3 has more values (3) than the first line has column "
     "names (2)"),
    ("quote.csv", b'game,seat\n"17,0\n', "une valeur entre guillemets doubles commencée à la "
     "ligne 2 n'est jamais fermée", "a value in double quotes starting on line 2 is never closed"),
    ("empty.csv", b"", "il est vide", "it is empty"),
    ("latin1.csv", b"game,bot\n17,\xe9\xe9\n", "ce n'est pas un texte UTF-8 (octet invalide à la "
     "position 13)", "it is not UTF-8 text (bad byte at position 13)"),  # counted from 1
    ("damaged.parquet", b"PAR1 not a parquet file", "ce n'est pas un fichier Parquet, ou il est "
     "abîmé", "it is not a Parquet file, or it is damaged"),
], ids=["too-many-values", "unclosed-quote", "empty", "not-utf8", "not-parquet"])
def test_a_results_file_that_cannot_be_read_says_what_is_wrong_in_the_chosen_language(
        tmp_path, name, content, french, english):
    pytest.importorskip("pyarrow")
    path = tmp_path / name
    path.write_bytes(content)
    said = usage_error(invoke(["report", path, "--lang", "fr"])).flat
    assert f"Impossible de lire le fichier de résultats {path} : {french}" in said, said
    assert "Un fichier de résultats est un fichier écrit par « simulate --out » (.parquet, .csv)." \
        in said
    said_en = usage_error(invoke(["report", path, "--lang", "en"])).flat
    assert f"Cannot read the results file {path}: {english}" in said_en, said_en
    assert "A results file is one that 'simulate --out' writes (.parquet, .csv)." in said_en
    for english_only in ("Error tokenizing", "C error", "codec", "magic bytes", "No columns"):
        assert english_only not in said + said_en


def test_report_given_a_folder_says_it_is_a_folder_not_a_missing_file(tmp_path):
    pytest.importorskip("pandas")
    said = usage_error(invoke(["report", tmp_path, "--lang", "fr"])).flat
    assert f"{tmp_path} est un dossier, pas un fichier : donnez des fichiers de résultats " \
        "(.parquet, .csv) écrits par « simulate --out »." in said and "n'existe pas" not in said
    said = usage_error(invoke(["report", tmp_path, "--lang", "en"])).flat
    assert f"{tmp_path} is a folder, not a file" in said and "does not exist" not in said


# ------------------------------------------------------------- a long move is not repeated whole
def test_a_long_unreadable_move_is_repeated_cut_at_80_characters_with_what_is_allowed(tmp_path):
    move = "give " + "x" * 300
    shown = move[:80] + "…"
    for lang, says, allowed in (("en", f"Cannot read the move '{shown}'.", "Write: give pN"),
                                ("fr", f"Coup illisible « {shown} ».", "Écrivez : donner jN")):
        args = [arg if arg != "en" else lang for arg in WAZABI]
        said = ok(invoke(args, input=f"{move}\nquit\n")).text.replace("\n", "")
        assert says in said and allowed in said, said
        assert said.count(move[:81]) <= 1  # the line typed, as the terminal shows it: not again
    path = _wazabi_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "actions": data["actions"] + [move]}))
    said = usage_error(invoke(["replay", path, "--lang", "en"])).text.replace("\n", "")
    assert f"Move 12 of the record ('{shown}') does not fit: Cannot read the move '{shown}'." \
        in said and move[:81] not in said


# ----------------------------------- files to read: a device, a pipe, a huge file are refused
def _command(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """A command as a subprocess, memory bounded (before the fix, a journal /dev/zero was
    read until the process was killed; a FIFO waited forever for a writer)."""
    import resource

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))

    return subprocess.run([sys.executable, "-m", "ludotheque", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(SRC)}, preexec_fn=bounded)


def test_a_journal_that_is_a_device_is_refused_not_read_forever():
    for device in ("/dev/zero", "/dev/full"):
        result = _command("arena", "wazabi", "-p", "2", "--bots", "easy,easy", "-n", "2",
                          "--journal", device, "--lang", "fr")
        said = " ".join(result.stderr.split())
        assert result.returncode == 2, result.stderr[-2000:]
        assert f"{device} n'est pas un fichier ordinaire (un périphérique, un tube ou une " \
            "socket, dont la lecture peut ne jamais finir) : donnez un fichier de journal " \
            "d'arène (écrit par « arena --journal »)." in said
        assert "Traceback" not in result.stderr


def test_a_record_saved_game_or_results_file_that_is_a_pipe_is_refused_not_waited_on(tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    for command in (["replay", str(pipe)], ["play", "--resume", str(pipe)]):
        result = _command(*command, "--lang", "en")
        said = " ".join(result.stderr.split())
        assert result.returncode == 2, result.stderr[-2000:]
        assert f"{pipe} is not a regular file (a device, a pipe or a socket, which may never " \
            "end): give a record or saved game file (JSON)." in said
    if subprocess.run([sys.executable, "-c", "import pandas"]).returncode == 0:
        results = tmp_path / "results.csv"
        os.mkfifo(results)
        result = _command("report", str(results), "--lang", "fr")
        assert result.returncode == 2, result.stderr[-2000:]
        assert f"{results} n'est pas un fichier ordinaire" in " ".join(result.stderr.split())
        assert "donnez un fichier de résultats (.parquet, .csv) écrit par « simulate --out »" \
            in " ".join(result.stderr.split())


def test_a_huge_record_is_refused_with_its_size_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: nothing written on the disk
        handle.truncate(70 * 2**20)
    said = usage_error(invoke(["replay", path, "--lang", "fr"])).flat
    assert f"{path} est trop gros pour être lu (70 Mo, 64 Mo au plus) : est-ce le bon " \
        "fichier ?" in said
    said = usage_error(invoke(["play", "--resume", path, "--lang", "en"], input="")).flat
    assert f"{path} is too big to be read (70 MB, at most 64 MB): is it the right file?" in said


def test_read_text_stops_at_its_limit_when_the_file_grows_after_the_check(tmp_path, monkeypatch):
    from ludotheque.core import files
    from ludotheque.core.errors import LudoError

    path = tmp_path / "journal.jsonl"
    path.write_text("x" * (3 * files.MEGABYTE))
    assert files.read_text(path, limit=4 * files.MEGABYTE) == "x" * (3 * files.MEGABYTE)
    monkeypatch.setattr(files, "check_readable", lambda *args, **kwargs: None)
    monkeypatch.setattr(files, "_check_stat", lambda *args, **kwargs: None)
    with pytest.raises(LudoError) as caught:
        files.read_text(path, limit=2 * files.MEGABYTE)
    assert caught.value.key == "error.file_too_big"


def test_a_bad_byte_far_into_a_record_or_results_file_is_said_where_it_is(tmp_path):
    """Text handles and pandas decode in pieces: their error's position was in the piece
    (a bad byte at 20,001 said "position 1" or some other small number)."""
    pytest.importorskip("pandas")
    record = tmp_path / "record.json"
    record.write_bytes(b'{"format": "' + b"a" * 20_000 + b'\xe9"}')
    said = usage_error(invoke(["replay", record, "--lang", "en"])).flat
    assert "is not UTF-8 text (bad byte at position 20013)" in said, said
    results = tmp_path / "results.csv"
    results.write_bytes(b"game,bot\n" + b"17,easy\n" * 30_000 + b"17,\xe9\n")
    said = usage_error(invoke(["report", results, "--lang", "fr"])).flat
    assert f"octet invalide à la position {9 + 8 * 30_000 + 4})" in said, said


# the games' cross-checks between options, and what the web says instead
# (tests/web/test_server_api.py): (game, players, options, English, French)
CROSS_CHECKS = [
    ("dtc", 2, {"variant_literal": True},
     "The option variant_literal only makes sense with variant_higher=true.",
     "L'option variant_literal n'a de sens qu'avec variant_higher=true."),
    ("decimoarr", 5, {"layout": "grid"}, "(25 cards, 5 players): use layout=ring.",
     "(25 cartes, 5 joueurs) : utilisez layout=ring."),
    ("wazabi", 4, {"teams": True, "continue_until_one_left": True},
     "they cannot be combined with continue_until_one_left.",
     "impossible de les combiner avec continue_until_one_left."),
    ("wazabi", 3, {"tournament_games": 3, "continue_until_one_left": True},
     "it cannot be combined with continue_until_one_left.",
     "impossible de le combiner avec continue_until_one_left."),
    ("dtc", 6, {"copies": 1, "jokers": 0},
     "Use more copies or jokers, a smaller hand_size or fewer players.",
     "Prenez plus d'exemplaires ou de jokers, une main plus petite (hand_size) ou moins de "
     "joueurs."),
]


@pytest.mark.parametrize("game, players, options, english, french", CROSS_CHECKS)
def test_options_that_do_not_go_together_are_named_as_the_command_line_takes_them(
        game, players, options, english, french):
    given = [arg for name, value in options.items()
             for arg in ("-o", f"{name}={str(value).lower()}")]
    for lang, words in (("en", english), ("fr", french)):
        result = usage_error(invoke(["rules", game, "--players", players, *given,
                                     "--lang", lang]))
        assert words in result.flat, result.flat


def test_control_characters_in_a_refused_move_are_shown_not_sent_to_the_terminal():
    # found by tests/ui/test_fuzz_typed_moves.py: an escape sequence typed (or pasted) was
    # repeated as is, so the terminal ran it, and a backspace or a byte order mark hid
    # what made the move unreadable ("Cannot read the move '1'")
    lines = ["\x1b[31m1\x1b[0m", "\b1", "\ufeff1", "\u202e1 pass", "quit"]
    result = ok(invoke(WAZABI, input="\n".join(lines) + "\n"))
    assert result.exit_code == 1, result.text
    for shown in ("␛[31m1␛[0m", "␈1", "<U+FEFF>1", "<U+202E>1 pass"):
        assert f"Cannot read the move '{shown}'" in result.output, result.output
    refusals = [line for line in result.output.splitlines() if "Cannot read" in line]
    assert len(refusals) == 4 and not any(c in "".join(refusals) for c in "\x1b\b\ufeff\u202e")


def test_a_piped_line_that_looks_like_rich_markup_is_repeated_as_typed_and_refused():
    # found by tests/ui/test_fuzz_typed_moves.py: the line a script pipes is repeated
    # ("> ...") through rich, which read "[/]" as markup and crashed with a MarkupError
    result = ok(invoke(WAZABI, input="[/]\n[bold]x\nquit\n"))
    assert result.exit_code == 1, result.text
    for line in ("[/]", "[bold]x"):
        assert f"> {line}\n" in result.output and f"Cannot read the move '{line}'" in result.flat


@pytest.mark.parametrize(("args", "said"), [
    (["rules", "\x1b[2Jwazabi"], "Unknown game '␛[2Jwazabi'"),
    (["rules", "dtc", "-o", "jokers\x08=1"], "Unknown option 'jokers␈'"),
    (["simulate", "dtc", "--bots", "\u202erandom"], "Unknown bot '<U+202E>random'"),
])
def test_a_name_with_control_characters_is_shown_not_sent_to_the_terminal(args, said):
    # found by tests/test_fuzz_cli.py: an unknown game, option or bot was repeated as is
    result = usage_error(invoke(args + ["--lang", "en"]))
    assert said in result.output and not any(c in result.output for c in "\x1b\x08\u202e"), \
        result.output


@pytest.mark.parametrize("args", [["rules", "z" * 3000], ["simulate", "dtc", "--bots", "z" * 3000],
                                  ["rules", "dtc", "-o", "z" * 3000 + "=1"],
                                  ["rules", "dtc", "-o", "jokers=" + "z" * 3000],
                                  ["rules", "dtc", "--lang", "z" * 3000],
                                  ["play", "dtc", "--humans", "z" * 3000]])
def test_a_pasted_page_given_as_a_name_is_not_repeated_whole(args):
    # found by tests/test_fuzz_cli.py: an unknown game, bot, option, language... of
    # thousands of characters came back whole
    result = usage_error(invoke(args + (["--lang", "en"] if "--lang" not in args else [])))
    assert "z" * 1000 + "…" in result.output and "z" * 1001 not in result.output, result.output


@pytest.mark.parametrize(("args", "said"), [
    (["report", "{long}.csv"], "Cannot read {long}.csv: the name is too long."),
    (["report", "{results}", "--png", "{long}"], "Cannot write {long}: the name is too long."),
])
def test_report_given_a_name_too_long_for_the_system_says_so(tmp_path, args, said):
    # found by tests/test_fuzz_cli.py: ENAMETOOLONG from Path.exists was a traceback
    results = tmp_path / "results.csv"
    ok(invoke(["simulate", "dtc", "-n", "2", "--out", results, "--lang", "en"]))
    names = {"long": str(tmp_path / ("z" * 300)), "results": str(results)}
    result = usage_error(invoke([arg.format(**names) for arg in args] + ["--lang", "en"]))
    assert said.format(**names) in result.flat and not (tmp_path / "z").exists(), result.text


@pytest.mark.parametrize(("lang", "said"), [("en", "1 game in "), ("fr", "1 partie en ")])
def test_one_game_simulated_is_said_in_the_singular(lang, said):
    # found by tests/test_fuzz_cli.py: "1 games in 0.0 s"
    result = ok(invoke(["simulate", "dtc", "-n", "1", "-j", "1", "--lang", lang]))
    assert said in result.flat, result.text


# ------------------------------------------- paths: empty, misplaced or not writable, said first
def _results_file(tmp_path: Path) -> Path:
    results = tmp_path / "results.csv"
    ok(invoke(["simulate", "dtc", "-n", "2", "-j", "1", "--out", results, "--lang", "en"]))
    return results


PATH_OPTIONS = [  # every file or folder the command line takes, with what runs it
    ["report", "{results}", "--png", "{path}"],
    ["report", "{results}", "--html", "{path}"],
    ["report", "{path}"],
    ["replay", "{path}"],
    ["play", "dtc", "--watch", "--save", "{path}"],
    ["play", "--resume", "{path}"],
    ["simulate", "dtc", "-n", "2", "-j", "1", "--out", "{path}"],
    ["arena", "dtc", "--bots", "random", "-n", "2", "-j", "1", "--journal", "{path}"],
]


@pytest.mark.parametrize("args", PATH_OPTIONS, ids=lambda args: " ".join(args[:4]))
def test_an_empty_path_is_refused_as_such_in_each_language_before_any_work(tmp_path, args):
    """`Path("")` is "." : `report --png ''` wrote its plots into the current folder and
    `replay ''` said "Cannot read .: it is a folder"."""
    pytest.importorskip("pandas")
    results = _results_file(tmp_path)
    before = sorted(tmp_path.iterdir())
    given = [arg.format(results=results, path="") for arg in args]
    for lang, said in (("en", "the path is empty: give the name of a file or folder."),
                       ("fr", "le chemin est vide : donnez le nom d'un fichier ou d'un dossier.")):
        result = subprocess.run([sys.executable, "-m", "ludotheque", *given, "--lang", lang],
                                capture_output=True, text=True, stdin=subprocess.DEVNULL,
                                cwd=tmp_path, timeout=120, env={**os.environ,
                                                                "PYTHONPATH": str(SRC)})
        shown = " ".join(result.stderr.replace("\u00a0", " ").split())
        assert result.returncode == 2 and said in shown, result.stderr[-2000:]
        assert result.stdout == "" and sorted(tmp_path.iterdir()) == before


@pytest.mark.parametrize("args", [args for args in PATH_OPTIONS if "{results}" in args or
                                  args[0] in ("simulate", "arena") or "--save" in args],
                         ids=lambda args: " ".join(args[:4]))
def test_a_file_or_folder_that_cannot_be_written_is_refused_before_any_work(tmp_path, args):
    """A folder above that does not exist (the PNG folder's too: it was made, with every
    folder above it), a file where a folder is wanted and the reverse, a place the system
    does not let us write (/proc: root may write everywhere else): refused before any
    game, analysis or plot (before, the work was done, then lost)."""
    pytest.importorskip("pandas")
    results = _results_file(tmp_path)
    png = "--png" in args
    folder = tmp_path / "folder.csv"  # a name --out takes
    folder.mkdir()
    cases = [(tmp_path / "missing" / "out.csv",
              f"the folder {tmp_path / 'missing'} does not exist"),
             ("/proc/out.csv", "Cannot write /proc/out.csv: no file can be made in that folder."),
             (results if png else folder,
              "it is a file, give a folder" if png else "it is a folder, give a file name")]
    for path, said in cases:
        result = usage_error(invoke([arg.format(results=results, path=path) for arg in args]
                                    + ["--lang", "en"]))
        assert said in result.flat and len(result.text.splitlines()) == 1, result.text
    assert not (tmp_path / "missing").exists()
    result = usage_error(invoke([arg.format(results=results, path="/proc/out.csv") for arg in args]
                                + ["--lang", "fr"]))
    assert "Impossible d'écrire /proc/out.csv : aucun fichier ne peut être créé dans ce " \
        "dossier." in result.flat


# ---------------------------------------------------- lists: spaces harmless, no empty item
@pytest.mark.parametrize(("args", "english", "french"), [
    (["arena", "dtc", "--bots", "random,"],
     "--bots 'random,': an item is empty (',' at an end, or twice). Allowed items: easy, hard,",
     "--bots « random, » : un élément est vide (« , » au début ou à la fin, ou deux fois de "
     "suite). Éléments possibles : easy,"),
    (["arena", "dtc", "-p", "3", "--bots", "random,,heuristic"],
     "--bots 'random,,heuristic': an item",
     "--bots « random,,heuristic » : un élément"),
    (["simulate", "dtc", "--bots", ","], "--bots: nothing is given.",
     "--bots : aucun élément n'est donné."),
    (["play", "dtc", "--watch", "--bots", " "], "--bots: nothing is given. Allowed items: easy,",
     "--bots : aucun élément n'est donné. Éléments possibles : easy,"),
    (["play", "dtc", "-p", "3", "--humans", "1,,3"], "Allowed items: 1, 2, 3.",
     "Éléments possibles : 1, 2, 3."),
    (["simulate", "dtc", "--sweep", "players=2,3,"], "--sweep players '2,3,': an item is empty",
     "--sweep players « 2,3, » : un élément est vide"),
    (["simulate", "diciassette", "-o", "singles=2,,3,3,4"],
     "Allowed items: 5 integers from 0 to 20, comma-separated.",
     "singles « 2,,3,3,4 » : un élément"),
])
def test_a_list_with_an_empty_item_is_refused_naming_the_list_and_what_it_takes(args, english,
                                                                                 french):
    """A stray comma was dropped: "random," filled every seat with random, "random,,
    heuristic" said "2 bots given for 3 seats", "--bots ','" played the default bots,
    "singles=2,,3,3,4" was read as four numbers."""
    for lang, said in (("en", english), ("fr", french)):
        result = usage_error(invoke([*args, *(["-n", "2"] if args[0] != "play" else []),
                                     "--lang", lang], input=""))
        assert said in result.flat and len(result.text.splitlines()) <= 2, result.text


def test_spaces_around_the_items_of_a_list_are_harmless():
    result = ok(invoke(["arena", "dtc", "-p", "2", "--bots", " random , heuristic ", "-n", "2",
                        "-j", "1", "--json"]))
    assert sorted(row["name"] for row in json.loads(result.output)["bots"]) == ["heuristic",
                                                                                "random"]
    result = ok(invoke(["play", "dtc", "-p", "3", "--humans", " 1 , 3 ", "--bots", "random",
                        "--plain", "--lang", "en"], input="quit\n"))
    assert result.exit_code == 1 and "Seats:" in result.flat
