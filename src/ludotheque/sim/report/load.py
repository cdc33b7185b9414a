"""Reading results files (`simulate --out`) and grouping their games by configuration."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.core.files import bad_byte, check_readable, os_reason, reading
from ludotheque.core.options import options_to_json
from ludotheque.core.registry import get_game
from ludotheque.i18n import LazyText, t
from ludotheque.sim.results import FORMATS, PLAYERS, formats_text

REQUIRED = ("game", "config", "options", "game_index", "seed", "players", "seat", "bot", "win",
            "rank", "decisions")
INTEGERS = ("game_index", "seed", "players", "seat", "rank", "decisions")
GAME_KEY = ("game", "config", "options", "players", "seed", "game_index")
# A game is also who played it: two runs with the same seed but other bots play other games.
LINEUP = "_lineup"  # the game's bots, seat by seat
TEAM = "_team"  # the game's bots whatever their seats (the same in every game of a run)
FILE = "_file"
FEATURE = "ludotheque report"


# ----------------------------------------------------------------------- reading
def require_pandas() -> Any:
    from ludotheque.core.errors import require_extra

    return require_extra("pandas", "report", FEATURE)


def load_results(paths: Iterable[Any]) -> Any:
    """The rows of every results file, checked, in one DataFrame (with `_gid`: a game id).

    A game given twice (the same file twice, or two runs with the same seed and bots) is
    counted once. The same game with other results is refused: it was made by another
    version, or by search bots with another budget, and one of the two would be lost."""
    pd = require_pandas()
    frames = [_read(pd, Path(path)) for path in paths]
    if not frames:
        raise LudoError("error.report_no_file")
    frame = pd.concat(frames, ignore_index=True)
    identity = [*GAME_KEY, LINEUP, "seat"]
    frame = frame.drop_duplicates(subset=[*identity, "win", "rank", "decisions"],
                                  ignore_index=True)
    clash = frame[frame.duplicated(subset=identity, keep=False)]
    if not clash.empty:
        first, second = clash.iloc[0], clash[clash[FILE] != clash.iloc[0][FILE]].iloc[0]
        raise LudoError("error.report_clash", first=first[FILE], second=second[FILE],
                        index=int(first["game_index"]), config=first["config"])
    frame["_gid"] = frame.groupby([*GAME_KEY, LINEUP], sort=False).ngroup()
    return frame


def _read(pd: Any, path: Path) -> Any:
    from ludotheque.core.errors import require_extra

    allowed = ", ".join(FORMATS)
    with reading(path):  # a name the system refuses (too long...) is said, not a traceback
        if not path.exists():
            raise LudoError("error.report_missing", path=str(path))
        if path.is_dir():
            raise LudoError("error.report_is_folder", path=str(path), allowed=allowed)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise LudoError("error.report_format", path=str(path), allowed=formats_text())
    # No size limit: a results file of many games is big, and pandas reads it in columns.
    check_readable(path, LazyText("files.wanted.results", allowed=allowed), limit=None)
    if suffix == ".parquet":
        require_extra("pyarrow", "report", FEATURE)
    try:
        frame = pd.read_csv(path) if suffix == ".csv" else pd.read_parquet(path)
    except (ValueError, OSError) as exc:  # damaged file: pandas and pyarrow raise these
        raise LudoError("error.report_unreadable", path=str(path), allowed=allowed,
                        reason=_why_unreadable(pd, exc, path)) from None
    missing = [name for name in REQUIRED if name not in frame.columns]
    if missing:
        raise LudoError("error.report_columns", path=str(path), missing=", ".join(missing))
    if frame.empty:
        raise LudoError("error.report_empty", path=str(path))
    for name in (*INTEGERS, "win"):
        values = pd.to_numeric(frame[name], errors="coerce")
        bad = values.isna() | ((values % 1 != 0) if name in INTEGERS else ~values.between(0, 1))
        if bad.any():
            row = int(bad.to_numpy().argmax())
            if suffix == ".csv" and row == len(frame) - 1 and _cut_short(path):
                raise LudoError("error.report_truncated", path=str(path), row=row + 2)
            raise LudoError("error.report_values", path=str(path), column=name,
                            row=row + 2)  # + header, from 1
        frame[name] = values.astype("int64" if name in INTEGERS else "float64")
    bad = (frame["seat"] < 0) | (frame["seat"] >= frame["players"])
    if bad.any():
        raise LudoError("error.report_values", path=str(path), column="seat",
                        row=int(bad.to_numpy().argmax()) + 2)
    for name in ("game", "config", "options", "bot"):
        frame[name] = frame[name].astype(str)
    frame["game"] = frame["game"].map({name: get_game(name).name
                                       for name in frame["game"].unique()})
    sizes = frame.groupby(list(GAME_KEY), sort=False)["seat"].agg(["nunique", "size"])
    players = frame.groupby(list(GAME_KEY), sort=False)["players"].first()
    broken = (sizes["nunique"] != players) | (sizes["size"] != players)
    if broken.any():
        key = dict(zip(GAME_KEY, broken[broken].index[0]))
        raise LudoError("error.report_seats", path=str(path), index=key["game_index"],
                        config=key["config"])
    bots = frame.sort_values("seat", kind="stable").groupby(list(GAME_KEY), sort=False)["bot"]
    frame = frame.join(bots.agg(",".join).rename(LINEUP), on=list(GAME_KEY))
    frame = frame.join(bots.agg(lambda names: ",".join(sorted(names))).rename(TEAM),
                       on=list(GAME_KEY))
    frame[FILE] = str(path)
    return frame


def _cut_short(path: Path) -> bool:
    """Whether a CSV file ends inside a line (no line break after its last value): a
    file cut short (a copy or a disk full), whose last line lacks values."""
    with path.open("rb") as file:
        file.seek(0, 2)
        if file.tell() == 0:
            return False
        file.seek(-1, 2)
        return file.read(1) not in (b"\n", b"\r")


_TOO_MANY_VALUES = re.compile(r"Expected (\d+) fields in line (\d+), saw (\d+)")
_UNCLOSED_QUOTE = re.compile(r"EOF inside string starting at row (\d+)")


def _why_unreadable(pd: Any, error: Exception, path: Path) -> LazyText:
    """What is wrong with a results file pandas or pyarrow could not read, in words of
    each language (their own messages are English)."""
    if isinstance(error, UnicodeDecodeError):
        return LazyText("report.unreadable.encoding", position=bad_byte(path))
    if isinstance(error, pd.errors.EmptyDataError):
        return LazyText("report.unreadable.empty")
    if isinstance(error, pd.errors.ParserError):
        if found := _TOO_MANY_VALUES.search(str(error)):
            return LazyText("report.unreadable.values", expected=int(found[1]),
                            line=int(found[2]), found=int(found[3]))
        if found := _UNCLOSED_QUOTE.search(str(error)):  # rows from 0: the file's line - 1
            return LazyText("report.unreadable.quote", line=int(found[1]) + 1)
    if isinstance(error, OSError) and error.errno is not None:
        return os_reason(error)
    return LazyText("report.unreadable.parquet" if path.suffix.lower() == ".parquet"
                    else "report.unreadable.csv")


# ---------------------------------------------------------------- configurations
@dataclass
class Config:
    """The games of one game under one configuration (options and player count)."""

    game: str
    label: str
    players: int
    options: dict[str, Any]
    rows: Any  # DataFrame: one row per game and seat
    games: Any  # DataFrame: one row per game (its seat 0 row), indexed by `_gid`
    label_has_players: bool = False  # the label names the player count

    @property
    def count(self) -> int:
        return len(self.games)

    def bots(self) -> list[str]:
        return list(dict.fromkeys(self.rows["bot"]))


def configurations(frame: Any, lang: str) -> dict[str, list[Config]]:
    """Per game (in order of appearance), its configurations in order of appearance.

    A configuration is (config label, options, players, bots). Its label is the config
    label, completed with the options, the player count and the bots when the same label
    stands for several of them (e.g. two files simulated with other options or bots)."""
    result: dict[str, list[Config]] = {}
    for game_name in dict.fromkeys(frame["game"]):
        rows = frame[frame["game"] == game_name]
        keys = list(dict.fromkeys(zip(rows["config"], rows["options"], rows["players"],
                                      rows[TEAM])))
        options = {key: _options(key[1]) for key in keys}
        configs = []
        for key in keys:
            config, _, players, team = key
            same = [other for other in keys if other[0] == config]
            label = t("report.default", lang) if config == "default" else config
            # a sweep of the player count names it ("players=5 ...")
            with_players = any(part.startswith(PLAYERS + "=") for part in config.split())
            if len(same) > 1:
                varying = [name for name in options[key]
                           if len({json.dumps(options[o].get(name)) for o in same}) > 1]
                parts = [f"{name}={option_text(options[key].get(name))}" for name in varying]
                if len({o[2] for o in same}) > 1 or not parts and len({o[3] for o in same}) < 2:
                    parts.append(t("report.players_count", lang, players=players))
                    with_players = True
                if len({o[3] for o in same}) > 1:
                    parts.append(t("report.lineup", lang, bots=team_text(team)))
                label = f"{label} · {', '.join(parts)}"
            mask = ((rows["config"] == config) & (rows["options"] == key[1])
                    & (rows["players"] == players) & (rows[TEAM] == team))
            part = rows[mask]
            games = part[part["seat"] == 0].set_index("_gid", drop=False)
            configs.append(Config(game_name, label, int(players), options[key], part, games,
                                  with_players))
        if len({c.label for c in configs}) < len(configs):  # same options under two labels
            for index, config in enumerate(configs):
                config.label = f"{config.label} ({index + 1})"
        result[game_name] = configs
    return result


def team_text(team: str) -> str:
    """A game's bots as "hard, 3 × medium" (from their sorted, comma-separated names)."""
    counts = Counter(team.split(","))
    return ", ".join(name if count == 1 else f"{count} × {name}" for name, count in counts.items())


def _options(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def option_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def changed_options(config: Config) -> dict[str, Any]:
    """The options of `config` that differ from the game's defaults."""
    game = get_game(config.game)
    defaults = options_to_json(game.validate(config.players, {}))
    return {name: value for name, value in config.options.items() if defaults.get(name) != value}
