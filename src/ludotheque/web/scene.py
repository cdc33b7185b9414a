"""The scene of an update frame: the table drawn as data for the page's generic renderer.

Each game declares its scene builder in its parts (`GameParts.scene`, built with
`ludotheque.kit.scene`, whose docstring gives the format); `build_scene` is the one
entry point the server calls for every update frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludotheque.i18n import t


def legal_labels(game: Any, legal: Iterable[Any] | None, lang: str,
                 view: Mapping[str, Any] | None = None,
                 names: Sequence[str] | None = None) -> dict[int, str]:
    """{id: label} from the frame's legal list ({"id", "label"} dicts) or plain ids
    (described for the reader of `view`, seats by `names`)."""
    labels: dict[int, str] = {}
    for entry in legal or ():
        if isinstance(entry, Mapping):
            action = int(entry["id"])
            label = entry.get("label") or entry.get("text") or str(action)
        else:
            action = int(entry)
            label = game.describe_action(action, lang, view=view, names=names) \
                if hasattr(game, "describe_action") else str(action)
        labels[action] = str(label)
    return labels


def build_scene(game: Any, view: Mapping[str, Any], lang: str, names: Sequence[str],
                legal: Iterable[Any] | None = None) -> dict[str, Any]:
    """The scene of `view` for its seat; `game` is a Game or its name; `legal` the legal
    moves ({"id", "text", "label"} dicts or ids) of the reader when it is to act."""

    name = game if isinstance(game, str) else game.name
    if isinstance(game, str):
        from ludotheque.core.registry import get_game

        game = get_game(name)
    names = list(names) + [t("web.seat_n", lang, n=i + 1)
                           for i in range(len(names), int(view.get("players", len(names))))]
    labels = legal_labels(game, legal, lang, view, names)
    return game.parts.scene(view, lang, names, labels)
