"""The game-agnostic protocol every game implements.

* `Game`: static facts (name, player counts, options, action space) and the
  notation (action id <-> text). It makes new states.
* `State`: a pure state machine (no I/O, no clock, no randomness of its own).
  At a chance point `current_player()` is CHANCE and `chance_spec()` says what
  is needed; at a decision point one named seat picks from `legal_actions()`.
  `view(p)` is the only door to hidden information.

Decisions are atomic (one seat, one small list); compound choices are
sequences of decisions.
"""

from __future__ import annotations

import math
import random
import re
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar

from ludotheque.core.actions import ActionTable
from ludotheque.core.budget import Budget
from ludotheque.core.chance import ChanceSpec
from ludotheque.core.errors import (
    IllegalActionError,
    NoSuchSeatError,
    NotationError,
    PlayerCountError,
    SnapshotError,
    described,
    echo,
    reading_snapshot,
)
from ludotheque.core.events import Event
from ludotheque.core.fields import (
    Derived,
    Field,
    collect,
    fields_from_json,
    fields_to_json,
    make_clone,
    make_init_fields,
    take_declarations,
)
from ludotheque.core.options import OptionSpec, integer, options_to_json, validate_options
from ludotheque.core.parts import GameParts
from ludotheque.i18n import LazyMessage, LazyText, has_text, t, text_keys

CHANCE = -1
TERMINAL = -2
# The engine's bound on a game's length: every game ends within this many decisions (the
# conformance kit checks it on random games; OpenSpiel's max_game_length is this).
MAX_DECISIONS = 50_000

_SNAPSHOT_HEADER = ("game", "players", "options")

# Validated options by (game class, players, options given): see `Game.validate`.
_VALIDATED: dict[tuple[Any, ...], Mapping[str, Any]] = {}
# The same answers by (id, game class, players): each holds its answer, so no id is reused.
_OWN_ANSWERS: dict[tuple[int, type, int], Mapping[str, Any]] = {}

# A belief: leans a sampled state (in place) towards a guess, keeping the view.
Belief = Callable[["State", Mapping[str, Any], random.Random], None]


class StateType(ABCMeta):
    """Builds a State subclass from its declared fields: they become slots (fast to read,
    small to copy) and give the class `__init__`'s field setup, `clone`, `to_json` and
    `from_json` (see `core.fields`)."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> StateType:
        declared = take_declarations(namespace)
        if declared:
            namespace["__slots__"] = tuple(namespace.get("__slots__", ())) + tuple(declared)
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        fields, derived = collect(bases, declared)
        cls.declared_fields, cls.derived_attributes = fields, derived
        cls._init_fields = make_init_fields(fields, derived)
        if "clone" not in namespace:
            cls.clone = make_clone(cls, fields, derived)
        return cls


class State(metaclass=StateType):
    """One moment of a game. Subclasses keep their data small and cheap to copy.

    A subclass declares its fields once (`core.fields.Field`, `Derived`) in its class
    body; `__init__`, `clone`, `to_json` and `from_json` are derived from that.
    """

    __slots__ = ("game", "num_players", "options")
    game: Game
    num_players: int
    options: Mapping[str, Any]
    declared_fields: ClassVar[tuple[Field, ...]] = ()
    derived_attributes: ClassVar[tuple[Derived, ...]] = ()


    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self._init_fields()

    def _init_fields(self) -> None:
        """Every declared field at its initial value (derived from the declaration)."""

    @property
    def seats(self) -> range:
        return range(self.num_players)

    # -- whose turn -------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, or CHANCE, or TERMINAL."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # -- chance -----------------------------------------------------------
    @abstractmethod
    def chance_spec(self) -> ChanceSpec:
        """What this chance point needs (only when `is_chance()`)."""

    @abstractmethod
    def apply_chance(self, outcome: Any, events: list[Event] | None = None) -> None:
        """Use a chance outcome; raises ChanceError (state unchanged) if it does not fit."""

    # -- decisions --------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Legal action ids for the current seat, ascending."""

    @abstractmethod
    def apply_action(self, action: int, events: list[Event] | None = None) -> None:
        """Apply a decision; raises IllegalActionError (state unchanged) if it is not legal.

        If `events` is a list, the events this action produced are appended to it.
        """

    def reject(self, action: Any) -> IllegalActionError:
        """The error for an illegal `action`, naming what is allowed (and nothing hidden)."""
        player = self.current_player()
        if player == TERMINAL:
            return IllegalActionError("error.game_over")
        if player == CHANCE:
            return IllegalActionError("error.chance_pending")
        shown = MoveForms(self.game, [action]) if _is_action_id(action, self.game) else repr(action)
        return IllegalActionError(
            "error.illegal_action",
            action=shown,
            player=player + 1,
            allowed=MoveForms(self.game, self.legal_actions()),
        )

    # -- end of game ------------------------------------------------------
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several if the win is shared); empty until terminal."""

    def returns(self) -> list[float]:
        """Per seat: 1/k for each of k winners, 0 otherwise (0 for all until terminal)."""
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if p in winners else 0.0 for p in range(self.num_players)]

    def ranks(self) -> list[int]:
        """Per seat, 1 for the winners and 2 for everyone else (a game with a full ranking,
        e.g. Wazabi played on to the last player, may give more)."""
        winners = self.winners()
        return [1 if p in winners else 2 for p in range(self.num_players)]

    def metrics(self) -> dict[str, int]:
        """Per-game counters for statistics (e.g. rounds played)."""
        return {}

    # -- information ------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> Any:
        """What seat `player` may know (None: a spectator): a fresh JSON-able dict of the
        shape `game.view_type` declares. A seat outside the game: NoSuchSeatError."""

    def options_view(self) -> dict[str, Any]:
        """The options in force as every view holds them (`view["options"]`, JSON: a tuple
        as a list), from which `from_view` validates them back."""
        return options_to_json(self.options)

    def _check_seat(self, player: Any) -> None:
        """Refuse a reader that is neither a seat of this game nor None (a spectator)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.num_players):
            raise NoSuchSeatError("error.no_such_seat", seat=repr(player),
                                  high=self.num_players - 1)

    @classmethod
    def from_view(cls, game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with `view`, everything it hides dealt at random with
        `rng` (every assignment consistent with the view equally likely). Reads the view
        only. Each game writes this; everyone calls it through `Game.sample`."""
        raise NotImplementedError(f"{cls.__name__}.from_view")

    @classmethod
    def dealer(cls, game: Game, view: Mapping[str, Any]) -> Callable[[random.Random], State]:
        """`from_view(game, view, rng)` as a function of the generator alone. A game whose
        search imagines the same view again and again reads the view once here and deals
        only what it hides at each call, with the same draws as `from_view`.
        Default: `from_view` at each call."""
        from_view = cls.from_view
        return lambda rng: from_view(game, view, rng)

    # -- copies and snapshots --------------------------------------------
    def clone(self) -> State:
        """An independent copy (generated from the declared fields)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """A full snapshot (hidden information included: not for players' eyes)."""
        return {
            "game": self.game.name,
            "players": self.num_players,
            "options": options_to_json(self.options),
            **fields_to_json(self, self.declared_fields),
        }

    @classmethod
    def from_json(cls, game: Game, data: Any) -> State:
        """Rebuild a snapshot written by `to_json`, checking every field: SnapshotError
        names the first missing, unknown or wrong one, or the inconsistency found."""
        if not isinstance(data, Mapping):
            raise SnapshotError("error.snapshot_not_object")
        with reading_snapshot():
            if data.get("game") != game.name:
                raise SnapshotError("error.snapshot_value", field="game",
                                    problem=f"{data.get('game')!r} is not {game.name!r}")
            players = data.get("players")
            state = cls(game, players, game.validate(players, data.get("options") or {}))
            fields_from_json(state, cls.declared_fields, data, reserved=_SNAPSHOT_HEADER)
            state.after_load()
            state.check_invariants()
        return state

    def after_load(self) -> None:
        """Recompute the derived attributes after a snapshot was read (default: their
        initial values) and check what the codecs cannot (raise SnapshotError)."""
        for item in self.derived_attributes:
            setattr(self, item.name, item.initial(self))

    @abstractmethod
    def component_counts(self) -> dict[str, int]:
        """Every card, die and token counted by kind, wherever it is (for conservation checks)."""

    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent (used by the conformance kit)."""


class MoveForms:
    """Moves named in an error as a person of the error's language types them ("jouer
    retire1" in French, "play remove1" in English), joined by commas."""

    def __init__(self, game: Game, actions: Sequence[int], ids: bool = False) -> None:
        self.game, self.actions, self.ids = game, list(actions), ids

    def message(self, lang: str) -> str:
        """`ids`: each led by its action id, "13 (accept)" (a program's actions are ids)."""
        hints = (self.game.action_hint(action, lang) for action in self.actions)
        if self.ids:
            hints = (f"{action} ({hint})" for action, hint in zip(self.actions, hints))
        return ", ".join(hints)

    def __str__(self) -> str:
        return self.message("en")


def _is_action_id(action: Any, game: Game) -> bool:
    return (isinstance(action, int) and not isinstance(action, bool)
            and 0 <= action < game.num_actions)


class Game(ABC):
    """Static facts about a game and the way to start one."""

    name: ClassVar[str]
    title_key: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    num_actions: ClassVar[int]
    # Every action id decoded once (kind, argument, text form): both text directions.
    actions: ClassVar[ActionTable]
    # The game's texts, rules text, renderer, encoder, statistics and bots, wired explicitly.
    parts: ClassVar[GameParts]

    def validate(self, players: int, options: Mapping[str, Any] | None) -> Mapping[str, Any]:
        """The options with their defaults, each checked (OptionError, PlayerCountError).

        The result is read-only, so the same (players, options) give the same object,
        remembered: a simulation or a bench starts thousands of games with them."""
        players = integer(players)  # a numpy integer (a value read from an array) is one
        if type(players) is int and options is not None and \
                _OWN_ANSWERS.get((id(options), type(self), players)) is options:
            return options  # an answer of ours, given back as it is
        try:
            key = (type(self), type(players), players,
                   tuple(sorted((name, type(value), value) for name, value in options.items()))
                   if options else ())
            hit = _VALIDATED.get(key)
        except TypeError:  # an unhashable value (a list) or a name that does not sort
            return self._validate(players, options)
        if hit is None:
            hit = self._validate(players, options)
            if len(_VALIDATED) >= 1024:
                _VALIDATED.clear()
                _OWN_ANSWERS.clear()
            _VALIDATED[key] = hit
            # Validating an answer gives it back (the defaults are in, every value is
            # already checked): a bench or a simulation passes it to every new game.
            _OWN_ANSWERS[(id(hit), type(self), players)] = hit
        return hit

    def _validate(self, players: int, options: Mapping[str, Any] | None) -> Mapping[str, Any]:
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            # a count that is no integer is named as what it is: "not 3" for "3" would
            # contradict "2 to 6 players"
            key = ("error.player_count" if type(players) is int
                   else "error.player_count_text" if isinstance(players, str)
                   else "error.player_count_type")
            raise PlayerCountError(
                key,
                game=LazyText(self.title_key),
                players=echo(players) if isinstance(players, str) else described(players),
                low=self.min_players,
                high=self.max_players,
            )
        validated = validate_options(self.option_specs, options)
        self.check_options(players, validated)
        return validated

    def check_options(self, players: int, options: Mapping[str, Any]) -> None:  # noqa: B027
        """Cross-checks between options and the player count (raise OptionError): a hook,
        empty unless a game overrides it (not abstract, hence the noqa)."""

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game, at its first chance point (the deal)."""
        return self._new_state(integer(players), self.validate(players, options))

    def _new_state(self, players: int, options: Mapping[str, Any]) -> State:
        return self.state_class(self, players, options)

    # -- the one sampler ----------------------------------------------------
    def sample(self, view: Mapping[str, Any], rng: random.Random,
               belief: Belief | None = None) -> State:
        """A full state consistent with a seat's `view` (or a spectator's): what the view
        shows is kept, what it hides is dealt at random with `rng`.

        This is the one way to imagine a game from a seat's information: search bots,
        OpenSpiel's `resample_from_infostate` and the conformance kit's twins all use
        it. It reads the view only, never a true state. `belief(state, view, rng)` may
        then lean the sample towards what the others' moves suggest (see
        `search_belief`), keeping the view and every component.
        """
        state = self.state_class.from_view(self, view, rng)
        if belief is not None:
            belief(state, view, rng)
        return state

    def sampler(self, view: Mapping[str, Any],
                belief: Belief | None = None) -> Callable[[random.Random], State]:
        """`sample(view, rng, belief)` as a function of the generator alone, for a search
        that imagines the same view again and again: the state class's `dealer` (the view
        read once), then `belief` on each sample. For the same generator it gives the same
        state as `sample` and leaves the generator in the same state (the conformance kit
        checks both); `view` must not change meanwhile."""
        deal = self.state_class.dealer(self, view)
        if belief is None:
            return deal

        def leaning(rng: random.Random) -> State:
            state = deal(rng)
            belief(state, view, rng)
            return state

        return leaning

    # A belief a search bot passes to `sample` (None: uniform over what is hidden).
    # DTC: an offer on the table is more often true than a random deal makes it.
    search_belief: ClassVar[Belief | None] = None

    # The compact observation bots read (issue 15): a class (a NamedTuple of counts and
    # ids, no text) with `of_state(state, seat)` and `of_view(view)`, equal for every seat
    # at every moment (the conformance kit checks it, and that a sample from the seat's
    # view leaves it unchanged: it holds nothing the view hides). A heuristic bot then
    # offers `act(observation, legal, rng)` beside `choose(view, legal, rng)`, and search
    # bots call it on their samples without building views. None: bots read views only.
    observation: ClassVar[type | None] = None

    state_class: ClassVar[type[State]]
    # The TypedDict that declares what `State.view` returns (games/<game>/views.py).
    view_type: ClassVar[type]

    def state_from_json(self, data: Any) -> State:
        """Rebuild a snapshot; raises SnapshotError on anything inconsistent."""
        return self.state_class.from_json(self, data)

    # -- notation ---------------------------------------------------------
    def action_to_text(self, action: int) -> str:
        """The short, language-neutral text form of an action id (from `actions`)."""
        return self.actions.text(action)

    def action_hint(self, action: int, lang: str) -> str:
        """The text form a player of `lang` types for an action: the notation's words
        through the game's `<game>.word.<word>` texts ("call" -> "annoncer"; "give p2" ->
        "donner j2" through `wazabi.word.pN`); the parser reads both languages."""
        words = self.action_to_text(action).split(" ")
        return " ".join(self.typed_word(word, lang) for word in words)

    def typed_word(self, word: str, lang: str) -> str:
        """One word of the notation as a player of `lang` types it: its `<game>.word.<word>`
        text, or for a numbered word its `<game>.word.<prefix>N` ("p2" -> "j2"), or itself."""
        prefix = re.fullmatch(r"([a-z]+)(\d+)", word)
        if has_text(f"{self.name}.word.{word}"):
            return t(f"{self.name}.word.{word}", lang)
        if prefix and has_text(f"{self.name}.word.{prefix[1]}N"):
            return t(f"{self.name}.word.{prefix[1]}N", lang).replace("N", prefix[2])
        return word

    @abstractmethod
    def text_to_action(self, text: str, state: State | None = None) -> int:
        """Parse a text form (raises NotationError with the accepted forms). Given the state
        it is typed in, a game may read a short form that only that state makes clear (17's
        "3 down": the single or the double 3 in hand; Wazabi's bare card: kept or played)."""

    def describe_action(self, action: int, lang: str, view: Mapping[str, Any] | None = None,
                        names: Sequence[str] | None = None) -> str:
        """A sentence for people, in `lang`: the game's `parts.texts.describe_action`.
        Given the reader's view and the seats' names, a game whose `describe_action`
        takes them names the seats a move is about as the reader reads them ("give a die
        to Denis" rather than "to player 3"); the others ignore them."""
        describe = self.parts.texts.describe_action
        if names is not None and _reads_seats(describe):
            return describe(action, lang, view=view, names=names)
        return describe(action, lang)

    def parse_action(self, action: int | str, state: State | None = None) -> int:
        """An action id from an id or a text form (bad input: NotationError)."""
        if isinstance(action, bool):
            raise self.notation_error(action)
        if isinstance(action, int):
            if not 0 <= action < self.num_actions:
                raise NotationError(
                    "error.action_id", action=action, high=self.num_actions - 1
                )
            return action
        if isinstance(action, str):
            return self.text_to_action(action, state)
        raise self.notation_error(action)

    def notation_error(self, text: Any, what: str | None = None, word: str = "",
                       allowed: Sequence[str] = ()) -> NotationError:
        """The error for a move nobody can read: what was typed, and the forms the game
        reads (its `notation_help`, in the language of the message).

        A move of the right form whose `word` names nothing in this game ("give p9" at a
        table of three) says that part instead: `what` it should name ("seat", "card",
        "value" or "position": the text `error.no_such.<what>`) and the notation words
        `allowed` there, in order (a range shows its first and last), each shown as the
        reader types it (`typed_word`)."""
        if what is None:
            return NotationError("error.notation", text=text, forms=LazyMessage(self.notation_help))
        return NotationError("error.notation_part", text=text,
                             part=LazyMessage(self._no_such, what, word, tuple(allowed)))

    def _no_such(self, what: str, word: str, allowed: tuple[str, ...], lang: str) -> str:
        """The part of a typed move that names nothing in the game, and what may be written
        there (`notation_error`)."""
        words = [self.typed_word(each, lang) for each in allowed]
        return t(f"error.no_such.{what}", lang, word=echo(word), first=words[0],
                 last=words[-1], all=", ".join(words))

    def building_moves(self, view: Mapping[str, Any]) -> Collection[int]:
        """The moves that only build a compound choice, for the seat whose `view` this is
        (DTC's cards added to an offer): they reveal nothing and keep the turn. Only they
        may come before another move in one sequence (`Match.apply_sequence`): a move
        after one that reveals something (DTC's accept: the cards offered) would be
        refused or accepted by what it revealed, before anything is played. The terminal
        holds them back until the choice is made, so they can be taken back. None here."""
        return ()

    def parse_input(self, text: str, state: State) -> list[int]:
        """What a person typed, as the decisions it stands for (usually one).

        A game whose compound choices are sequences of atomic decisions may let
        a person type the whole choice at once (e.g. a DTC offer) and return
        the sequence here. `Match.apply_sequence` checks it all before applying.
        """
        return [self.parse_action(text, state)]

    @abstractmethod
    def notation_help(self, lang: str = "en") -> str:
        """A one-line summary of the text forms, in `lang` (the parser reads both)."""

    def rules_text(self, lang: str, options: Mapping[str, Any]) -> str:
        """The rules summary in `lang` (Markdown), with the options and rulings in force.

        Reads the game's `parts.rules_text` (SUMMARY, RULEBOOK_NOTES) and its rulings
        (the texts `<game>.ruling.<id>` of its catalog), fills the summary with
        `rules_summary_fields`, and adds `rules_sections`.
        """
        texts = self.parts.rules_text
        lines = [texts.SUMMARY[lang].format(**self.rules_summary_fields(lang, options)), ""]
        lines += self.rules_sections(lang, options)
        lines.append("## " + t("rules.options_in_force", lang))
        for spec in self.option_specs:
            value = options[spec.name]
            shown = ",".join(map(str, value)) if isinstance(value, tuple) else str(value).lower()
            lines.append(t("rules.option_item", lang, option=f"{spec.name}={shown}",
                           text=t(spec.help_key, lang)))
        lines += ["", "## " + t("rules.rulings", lang)]
        prefix = f"{self.name}.ruling."
        for ruling in sorted((key[len(prefix):] for key in text_keys(prefix)), key=_ruling_order):
            lines.append(t("rules.ruling_item", lang, ruling=ruling, text=t(prefix + ruling, lang)))
        lines += ["", "## " + t("rules.rulebook_notes", lang), texts.RULEBOOK_NOTES[lang]]
        return "\n".join(lines)

    def rules_summary_fields(self, lang: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The {fields} of the rules summary that depend on the options."""
        return {}

    def rules_sections(self, lang: str, options: Mapping[str, Any]) -> list[str]:
        """Extra Markdown lines after the summary (e.g. the variants in force)."""
        return []

    def search_budget(self) -> Budget:
        """The thinking budget of this game's search bots ("hard"): `search_iterations`
        iterations, and never more than one second a move."""
        return Budget(iterations=self.search_iterations, ms=1000)

    # Iterations of the "hard" bot per move: enough to beat medium (see the note of issue 6).
    # Each game raised it to what fits in the time the code before issue 15 took for its
    # old count (17, Wazabi, DTC, Décimoarr: README, docs/strength).
    search_iterations: ClassVar[int] = 60

    # How many standard errors a searched move must score above the heuristic's before
    # "hard" plays it. The more moves reach a few playouts (more iterations), the more
    # often one of them looks better by chance alone; a game whose heuristic is hard to
    # beat asks for more (DTC, Décimoarr: README, issue 15).
    search_confidence: ClassVar[float] = 1.0

    # What `State.metrics()["rounds"]` counts, as simulate and the report name it:
    # "rounds", or "turns" in a game without rounds (Wazabi counts each player's turn).
    rounds_count: ClassVar[str] = "rounds"

    # The English headings of the rules summary's sections the `cards` command shows (the
    # card reference): the components, and the section on what cards do where there is one
    # (Wazabi's "Card effects", 17's "Special cards").
    card_sections: ClassVar[tuple[str, ...]] = ("Components",)

    # Whether play turns hidden cards face up for everyone (17's queue when "17" is called,
    # DTC's challenged offer, Décimoarr's homes at a round's end): the web scene then draws
    # that moment as its `reveal` block (the scene test asks for one in a seeded game).
    # False where nothing hidden is ever shown that way (Wazabi).
    reveals: ClassVar[bool] = True

    # Whether the OpenSpiel information state may read each chance slot from the seat's
    # whole view (`encode_chance` of `view(seat)`): fine with few chance points a game
    # (DTC: the deal and the first giver). Otherwise the state gives `chance_view(seat)` or
    # `chance_key(seat)`, the part it reads, built alone (the interop tests check it).
    chance_slot_from_view: ClassVar[bool] = False

    def rollout_action(self, state: State, legal: list[int], rng: random.Random) -> int:
        """The move search bots play for `state.current_player()` in their simulated
        playouts: uniform by default. A game may give a cheap, plausible policy that
        reads only public information (never the hidden parts of `state`)."""
        return legal[rng.randrange(len(legal))]

    def playout_value(self, state: State) -> list[float] | None:
        """Estimated returns per seat (summing to 1) where a search may end a playout early:
        called once a new round has begun (`State.metrics()["rounds"]` went up). None (the
        default): play to the end. It reads a search's sampled state, never the true one."""
        return None

    def observe_action(self, state: State, action: int, observer: int) -> int:
        """The move `action` (about to be applied to `state`) as seat `observer` sees it.

        Moves everyone sees fully return themselves; a move whose detail is hidden
        from the observer (a card played face down) returns a key shared by all the
        moves the observer cannot tell apart, outside the action space. Search
        bots (MO-ISMCTS) build each seat's tree from these keys.
        """
        return action

    # -- conformance ------------------------------------------------------
    def conformance_option_sets(self) -> Sequence[Mapping[str, Any]]:
        """Option sets that change the rules; the conformance kit runs each."""
        return ({},)


def win_shares(strengths: Sequence[float]) -> list[float]:
    """Estimated chances of winning from strengths on a log scale (a softmax): the
    usual shape of `Game.playout_value`."""
    top = max(strengths)
    weights = [math.exp(x - top) for x in strengths]
    total = sum(weights)
    return [w / total for w in weights]


def _ruling_order(ruling: str) -> tuple[int, str]:
    """S2 < S12 < S12b < S13."""
    number = re.search(r"\d+", ruling)
    return (int(number.group()) if number else 0, ruling)


_READS_SEATS: dict[Callable[..., str], bool] = {}


def _reads_seats(describe: Callable[..., str]) -> bool:
    """Whether a game's `describe_action` takes the reader's view and the seats' names
    (asked once per function: the web labels every legal move of every frame)."""
    known = _READS_SEATS.get(describe)
    if known is None:
        import inspect

        try:
            known = "names" in inspect.signature(describe).parameters
        except (TypeError, ValueError):  # pragma: no cover - a builtin
            known = False
        _READS_SEATS[describe] = known
    return known
