"""The per-game results file of `ludotheque simulate --out`: Parquet or CSV, by extension.

One row per game and per seat. The columns, in this order:

* `game` (str, registry name), `config` (str: "default" or a sweep's label such as
  "dice_per_player=3"), `options` (str: JSON of the options in force, sorted keys),
  `game_index` (int), `seed` (int: the game's derived seed), `players` (int),
  `seat` (int, from 0), `bot` (str), `win` (float: 1/k for each of k winners, else 0),
  `rank` (int), `decisions` (int: in the whole game);
* `m_<key>` for each key of `State.metrics()` (e.g. `m_rounds`);
* `g_<name>` and `s_<name>` from `ludotheque.sim.stats.game_statistics` when that
  module exists: the game's (same value on each of its rows) and the seat's.

Values that are not scalars are JSON text. Parquet needs pyarrow (the `report` extra).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.core.files import check_writable, writing
from ludotheque.i18n import LazyText

FORMATS = (".parquet", ".csv")
FIXED_COLUMNS: dict[str, str] = {  # name -> Arrow type
    "game": "string", "config": "string", "options": "string", "game_index": "int64",
    "seed": "int64", "players": "int64", "seat": "int64", "bot": "string", "win": "float64",
    "rank": "int64", "decisions": "int64",
}
PREFIXES = ("m_", "g_", "s_")
PLAYERS = "players"  # the player count: a column, and swept as an option is (`--sweep players=2,5`)


def formats_text() -> LazyText:
    """".parquet or .csv" in the reader's language (an error's `allowed`)."""
    return LazyText("files.one_of", items=", ".join(FORMATS[:-1]), last=FORMATS[-1])


def check_results_path(path: Any) -> Path:
    """Refuse, before any game is played, a results file that could not be written."""
    from ludotheque.core.errors import require_extra

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise LudoError("error.out_format", path=str(path), allowed=formats_text())
    check_writable(path)
    if suffix == ".parquet":
        require_extra("pyarrow", "report", "--out *.parquet")
    return path


def columns(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """The fixed columns, then the m_, g_ and s_ ones in the order they first appear."""
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    extra = [[name for name in seen if name.startswith(prefix)] for prefix in PREFIXES]
    return list(FIXED_COLUMNS) + [name for group in extra for name in group]


def write_results(rows: Sequence[Mapping[str, Any]], path: Any) -> Path:
    """Write `rows` (simulate's per-seat rows) to a .parquet or .csv file."""
    path = check_results_path(path)
    names = columns(rows)
    if path.suffix.lower() == ".csv":
        with writing(path), path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=names, restval="")
            writer.writeheader()
            writer.writerows(rows)
        return path
    import pyarrow as pa
    import pyarrow.parquet as pq

    data = {name: [row.get(name) for row in rows] for name in names}
    arrays = []
    for name in names:
        kind = FIXED_COLUMNS.get(name)
        arrays.append(pa.array(data[name], type=pa.type_for_alias(kind) if kind else None))
    with writing(path):
        pq.write_table(pa.Table.from_arrays(arrays, names=names), path)
    return path
