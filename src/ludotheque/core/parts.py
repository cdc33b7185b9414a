"""The parts of a game beside its rules, declared by the game as data (`Game.parts`).

Each game wires its parts explicitly (nothing is searched for by file name):
the layers above read them: the terminal the renderer, the RL adapters the
encoder, simulations the statistics, `ludotheque.bots` the bots and levels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class GameParts:
    """What a game declares besides its rules and notation.

    * `texts`: `describe_action(action, lang)`, a sentence for people (the game's
      `wording.py`; the texts themselves are in its gettext catalog);
    * `rules_text`: `SUMMARY`, `RULEBOOK_NOTES` (both languages, Markdown) for
      `Game.rules_text` (the rulings and option help are texts of the catalog);
    * `renderer`: `table(view, lang, names)` and `event_lines(event, lang, names, seat)`
      (the terminal);
    * `encoder`: `observation_size(players, options)` and `encode_view(view, players, options)`
      (the RL adapters);
    * `scene`: `scene(view, lang, names, legal_labels)`, the table drawn as data for the
      web pages (`ludotheque.kit.scene`);
    * `stats`: `STATS` and `collect(events, view, players)` (`ludotheque.kit.stats`), or None;
    * `bots`: the game's own bots by name (besides "random"): name -> factory of a bot;
    * `levels`: difficulty levels mapped to names of `bots`, where the default (easy: the
      heuristic with half its moves random; medium: the heuristic) does not fit.
    """

    texts: Any
    rules_text: Any
    renderer: Any
    encoder: Any
    scene: Any = None
    stats: Any = None
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=lambda: MappingProxyType({}))
    levels: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        object.__setattr__(self, "levels", MappingProxyType(dict(self.levels)))
        unknown = set(self.levels.values()) - set(self.bots)
        if unknown:
            raise ValueError(f"levels name bots that are not declared: {sorted(unknown)}")
