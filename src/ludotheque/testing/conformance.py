"""The conformance kit: checks every game passes, for any player count and option set.

Each check takes a game, a player count, an option set and a seed, plays
random games, and raises AssertionError with a precise message when the
game breaks a promise of the engine:

* `check_playouts`: random games end within a bound; invariants (conservation
  of every component, no negative counts) hold after every step; the legal
  list is non-empty, sorted, unique and within the action space; views are
  JSON-serialisable.
* `check_replay`: seed + decisions reproduce the same states and result, and
  the record survives JSON.
* `check_snapshots`: state JSON round trip at random points (and the rebuilt
  state plays on identically).
* `check_clone_independence`: playing on a clone never changes the original.
* `check_illegal_actions`: every non-legal id, malformed input and chance
  outcome is rejected with the state unchanged.
* `check_notation`: every legal action's text parses back to it.
* `check_no_leak`: a determinised state (hidden information resampled for
  seat p) gives p the same view and the same compact observation (`Game.observation`,
  which must also equal the one p's view gives), and applying the same action to both
  gives p the same events.
* `check_refusals_leak_nothing`: a refused move or sequence of moves tells the seat
  to act nothing it cannot see: a twin state (what it cannot see resampled) refuses
  every text, and every two-step sequence, with the same error (each step of a
  sequence is read in its position, which may read a hand: 17's "3 down").
* `check_determinisation`: samples conserve every component, keep every
  invariant, never contradict the view, and actually vary what is hidden.
* `check_view_sampling`: the same for states sampled from a view alone
  (`Game.sample`, plain and with the game's `search_belief`: what fair search bots use;
  `Game.sampler`, the view read once, gives the same states from the same draws).

The kit has no dependency beyond the engine; the test suite runs it for every
registered game (tests/test_conformance.py) and adds hypothesis on top.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

from ludotheque.core.chance import SeededChance, derive_seed, settle
from ludotheque.core.errors import ChanceError, IllegalActionError, LudoError, NotationError
from ludotheque.core.game import MAX_DECISIONS, Game, State
from ludotheque.core.match import Match
from ludotheque.core.record import Record
from ludotheque.core.replay import replay
from ludotheque.core.views import check_shape


def fits(game: Game, players: int, options: Mapping[str, Any]) -> bool:
    """Whether an option set exists at this player count (e.g. Wazabi's teams: 4 or 6)."""
    try:
        game.validate(players, options)
    except LudoError:
        return False
    return True


def random_states(game: Game, players: int, options: Mapping[str, Any], seed: int,
                  games: int = 1) -> Iterator[tuple[State, SeededChance, random.Random]]:
    """Every decision state of `games` random games (with the chance source and generator)."""
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state = game.new_state(players, options)
        chance = SeededChance(game_seed)
        rng = random.Random(game_seed)
        decisions = 0
        while not state.is_terminal():
            if settle(state, chance):
                continue
            yield state, chance, rng
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
            assert decisions <= MAX_DECISIONS, \
                f"{game.name}: a game did not end in {MAX_DECISIONS} decisions"


def spaced_states(game: Game, players: int, options: Mapping[str, Any], seed: int, games: int,
                  every: int) -> Iterator[tuple[int, tuple[State, SeededChance, random.Random]]]:
    """About one in `every` of `random_states`, with its index, each picked by a generator
    of its own: a fixed stride falls on the same moment of a game's cycle every time (two
    players who each bid once a round: always the first bid, when nothing is hidden yet)."""
    pick = random.Random(derive_seed(seed, "spaced", every))
    for index, found in enumerate(random_states(game, players, options, seed, games)):
        if not pick.randrange(every):
            yield index, found


def _anything_hidden_varies(game: Game, players: int, options: Mapping[str, Any], seed: int,
                            games: int) -> bool:
    """Whether sampling some seat's view varies what it hides, at any moment of the games
    (not only the ones a check picked: a game may hide something at few moments, e.g.
    only between two bids of a round, or only in its first rounds)."""
    for index, (state, _, _) in enumerate(random_states(game, players, options, seed, games)):
        for seat in [*range(players), None]:
            view = state.view(seat)
            seen = {json.dumps(game.sample(view, random.Random(derive_seed(seed, index, n)))
                               .to_json(), sort_keys=True) for n in range(4)}
            if len(seen) > 1:
                return True
    return False


def _label(game: Game, players: int, options: Mapping[str, Any]) -> str:
    return f"{game.name} players={players} options={dict(options)}"


def check_playouts(game: Game, players: int, options: Mapping[str, Any], seed: int,
                   games: int = 50) -> dict[str, int]:
    label = _label(game, players, options)
    reference: dict[str, int] | None = None
    decisions = 0
    for state, _, _ in random_states(game, players, options, seed, games):
        state.check_invariants()
        counts = state.component_counts()
        if reference is None:
            reference = counts
        assert counts == reference, f"{label}: components not conserved: {counts} != {reference}"
        assert min(counts.values()) >= 0, f"{label}: negative component count {counts}"
        legal = state.legal_actions()
        assert legal, f"{label}: a decision point without legal actions"
        assert legal == sorted(set(legal)), f"{label}: legal actions not sorted/unique: {legal}"
        assert 0 <= legal[0] and legal[-1] < game.num_actions, f"{label}: action out of range"
        player = state.current_player()
        assert 0 <= player < players, f"{label}: current player {player}"
        for reader in (player, None):
            view = state.view(reader)
            json.dumps(view)
            check_shape(view, game.view_type, f"{label}: view({reader})")
        decisions += 1
    return {"games": games, "decisions": decisions}


def play_random_match(game: Game, players: int, options: Mapping[str, Any], seed: int) -> Match:
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


def check_replay(game: Game, players: int, options: Mapping[str, Any], seed: int) -> None:
    label = _label(game, players, options)
    match = play_random_match(game, players, options, seed)
    record = Record.from_json(json.loads(match.record().dumps()))
    again = replay(record)
    assert again.state.to_json() == match.state.to_json(), f"{label}: replay differs"
    assert again.state.winners() == match.state.winners(), f"{label}: replay winners differ"
    assert [e.for_player(None) for e in again.events] == [e.for_player(None)
                                                          for e in match.events], \
        f"{label}: replay events differ"
    # A second independent match from the same seed and decisions visits the same states.
    twin = Match(game, players, options, seed=seed)
    states = []
    for action in match.actions:
        states.append(json.dumps(twin.state.to_json(), sort_keys=True))
        twin.apply(action)
    first = Match(game, players, options, seed=seed)
    for index, action in enumerate(match.actions):
        assert json.dumps(first.state.to_json(), sort_keys=True) == states[index], \
            f"{label}: state {index} differs on replay"
        first.apply(action)


def check_snapshots(game: Game, players: int, options: Mapping[str, Any], seed: int,
                    games: int = 5, every: int = 3) -> None:
    label = _label(game, players, options)
    for _index, (state, _, rng) in spaced_states(game, players, options, seed, games, every):
        data = json.loads(json.dumps(state.to_json()))
        rebuilt = game.state_from_json(data)
        assert rebuilt.to_json() == state.to_json(), f"{label}: snapshot round trip differs"
        assert rebuilt.view(None) == state.view(None), f"{label}: snapshot view differs"
        assert rebuilt.legal_actions() == state.legal_actions(), f"{label}: snapshot legal differs"
        # Both play on identically from here.
        copy = state.clone()
        step_rng = random.Random(rng.random())
        for _ in range(10):
            if copy.is_terminal():
                break
            if copy.is_chance():
                break
            action = sorted(copy.legal_actions())[step_rng.randrange(len(copy.legal_actions()))]
            copy.apply_action(action)
            rebuilt.apply_action(action)
            assert rebuilt.to_json() == copy.to_json(), f"{label}: rebuilt state diverges"


def check_clone_independence(game: Game, players: int, options: Mapping[str, Any], seed: int,
                             games: int = 5, every: int = 4) -> None:
    label = _label(game, players, options)
    for index, (state, _chance, _rng) in spaced_states(game, players, options, seed, games, every):
        before = json.dumps(state.to_json(), sort_keys=True)
        view_before = state.view(state.current_player())
        copy = state.clone()
        walker = random.Random(index)
        local_chance = SeededChance(index)
        for _ in range(30):
            if copy.is_terminal():
                break
            if settle(copy, local_chance):
                continue
            legal = copy.legal_actions()
            copy.apply_action(legal[walker.randrange(len(legal))])
        view_before["mutated"] = True  # a caller scribbling on a view changes nothing
        for value in view_before.values():
            if isinstance(value, list):
                value.append("scribble")
        assert json.dumps(state.to_json(), sort_keys=True) == before, \
            f"{label}: playing on a clone (or editing a view) changed the original"


def check_illegal_actions(game: Game, players: int, options: Mapping[str, Any], seed: int,
                          games: int = 3, every: int = 2) -> None:
    label = _label(game, players, options)
    for _index, (state, _, _) in spaced_states(game, players, options, seed, games, every):
        before = json.dumps(state.to_json(), sort_keys=True)
        legal = set(state.legal_actions())
        illegal = [a for a in range(game.num_actions) if a not in legal]
        for action in illegal + [-1, game.num_actions, 10**9]:
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                message = error.message("en")
                assert message and error.message("fr"), f"{label}: empty error message"
            else:
                raise AssertionError(f"{label}: illegal action {action} was accepted")
            assert json.dumps(state.to_json(), sort_keys=True) == before, \
                f"{label}: a rejected action {action} changed the state"
        for malformed in ("", "nonsense move", "🂡"):
            try:
                game.parse_action(malformed, state)
            except NotationError:
                pass
            else:
                raise AssertionError(f"{label}: malformed text {malformed!r} parsed")
        for wrong_type in (None, 1.5, True, "3"):
            try:
                state.apply_action(wrong_type)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{label}: {wrong_type!r} accepted as an action")
        assert json.dumps(state.to_json(), sort_keys=True) == before
        try:
            state.apply_chance(("not", "an", "outcome"))
        except ChanceError:
            pass
        else:
            raise AssertionError(f"{label}: a chance outcome was accepted at a decision point")
        assert json.dumps(state.to_json(), sort_keys=True) == before


def check_bad_chance(game: Game, players: int, options: Mapping[str, Any]) -> None:
    """A chance outcome that does not fit the spec is rejected, state unchanged."""
    state = game.new_state(players, options)
    assert state.is_chance(), f"{game.name}: a new game starts at a chance point"
    before = json.dumps(state.to_json(), sort_keys=True)
    for outcome in (None, (), "x", (10**9,), 3.5):
        try:
            state.apply_chance(outcome)
        except ChanceError:
            pass
        else:
            raise AssertionError(f"{game.name}: chance outcome {outcome!r} accepted")
        assert json.dumps(state.to_json(), sort_keys=True) == before


def check_notation(game: Game, players: int, options: Mapping[str, Any], seed: int,
                   games: int = 5) -> None:
    label = _label(game, players, options)
    seen: set[int] = set()
    for state, _, _ in random_states(game, players, options, seed, games):
        for action in state.legal_actions():
            if action in seen:
                continue
            seen.add(action)
            text = game.action_to_text(action)
            assert game.text_to_action(text) == action, f"{label}: '{text}' does not parse back"
            assert game.parse_action(text, state) == action, f"{label}: '{text}' with state"
            for lang in ("en", "fr"):
                assert game.describe_action(action, lang), f"{label}: no description"


def check_no_leak(game: Game, players: int, options: Mapping[str, Any], seed: int,
                  games: int = 5, every: int = 2) -> int:
    """Views and events of seat p do not depend on what p cannot know.

    Twin states differ only in what p cannot know (p's determinisation), so p
    must get the same view from both. Applying the same action to both, when p
    still cannot tell the results apart (same views after), p must also have
    read the same events. Returns how many event comparisons were made.
    """
    label = _label(game, players, options)
    compared = 0
    for _index, (state, _, rng) in spaced_states(game, players, options, seed, games, every):
        for seat in [*range(players), None]:
            twin = game.sample(state.view(seat), random.Random(rng.random()))
            assert twin.view(seat) == state.view(seat), \
                f"{label}: seat {seat} sees a difference between two states it cannot tell apart"
            if seat is not None:
                _observation_is_the_views(game, state, twin, seat, label)
            common = sorted(set(state.legal_actions()) & set(twin.legal_actions()))
            if twin.current_player() != state.current_player() or not common:
                continue
            action = common[rng.randrange(len(common))]
            original, other = state.clone(), twin.clone()
            events_a: list = []
            events_b: list = []
            original.apply_action(action, events_a)
            other.apply_action(action, events_b)
            if original.view(seat) != other.view(seat):
                # the action revealed something (a call, a new pile top): a legal difference
                continue
            seen_a = [event.for_player(seat) for event in events_a]
            seen_b = [event.for_player(seat) for event in events_b]
            assert seen_a == seen_b, \
                f"{label}: seat {seat} reads different events after " \
                f"{game.action_to_text(action)}:" \
                f"\n{seen_a}\n{seen_b}"
            compared += 1
        compared += _indistinguishable_moves_read_alike(state, players, label)
    return compared


def _probe_texts(game: Game) -> list[str]:
    """Texts a seat may send: every action's text, the same with a number's suffix cut
    (17's "3 down" for "3s down": a short form some parsers read from the state), and
    nonsense."""
    texts = {game.action_to_text(action) for action in range(game.num_actions)}
    short = {" ".join(re.sub(r"^(\d+)[a-z]+$", r"\1", word) for word in text.split())
             for text in texts}
    return sorted(texts | short | {"", "nonsense"})


def _refusal(match: Match, steps: list[Any], seat: int, state: State) -> tuple[str, ...]:
    """How `match` (whose state is a copy of `state`) answers `steps` from `seat`: the
    error's kind and its words in both languages, or "accepted" (then the state is put back)."""
    try:
        match.apply_sequence(steps, seat=seat)
    except LudoError as error:
        return type(error).__name__, error.message("en"), error.message("fr")
    match.state = state.clone()
    return ("accepted",)


def check_refusals_leak_nothing(game: Game, players: int, options: Mapping[str, Any],
                                seed: int, games: int = 1, every: int = 10,
                                firsts: int = 3) -> int:
    """Refusals do not depend on what the sender cannot know.

    At a decision, the seat to act and a twin state (what it cannot see resampled) must
    answer every probe text, alone and after one of `firsts` of its legal moves (a
    two-step sequence, which may pass the turn), with the same error. Returns how many
    answers were compared."""
    label = _label(game, players, options)
    probes = _probe_texts(game)
    compared = 0
    for _index, (state, _, rng) in spaced_states(game, players, options, seed, games, every):
        seat = state.current_player()
        original = state.clone()
        twin = game.sample(state.view(seat), random.Random(rng.random()))
        matches = []
        for position in (original, twin):
            match = Match(game, players, options, seed=0)
            match.state = position.clone()
            matches.append((match, position))
        legal = sorted(original.legal_actions())
        openings = [[]] + [[game.action_to_text(action)]
                           for action in rng.sample(legal, min(firsts, len(legal)))]
        for opening in openings:
            for probe in probes:
                steps = [*opening, probe]
                answers = [_refusal(match, steps, seat, position) for match, position in matches]
                assert answers[0] == answers[1], (
                    f"{label}: seat {seat} is answered differently for {steps} depending on "
                    f"what it cannot see:\n{answers[0]}\n{answers[1]}")
                compared += 1
    return compared


def _observation_is_the_views(game: Game, state: State, twin: State, seat: int,
                              label: str) -> None:
    """The game's compact observation (`Game.observation`), built from the state, is the
    one built from the seat's view, and a twin (what the seat cannot see resampled) gives
    the same: it holds nothing the view hides."""
    observation = game.observation
    if observation is None:
        return
    observed = observation.of_state(state, seat)
    assert observed == observation.of_view(state.view(seat)), \
        f"{label}: seat {seat}'s observation differs from the one its view gives\n{observed}"
    assert observation.of_state(twin, seat) == observed, \
        f"{label}: seat {seat}'s observation changes with what it cannot see"


def _indistinguishable_moves_read_alike(state: State, players: int, label: str) -> int:
    """Moves that leave seat p with the same view must give p the same events.

    E.g. another seat playing one hidden card or another: p's view after is the
    same, so p's events must not name the card. Returns the comparisons made.
    """
    actor = state.current_player()
    outcomes = []
    for action in state.legal_actions():
        after = state.clone()
        events: list = []
        after.apply_action(action, events)
        outcomes.append((action, after, events))
    compared = 0
    for seat in [*range(players), None]:
        if seat == actor:
            continue
        groups: dict[str, list] = {}
        for action, after, events in outcomes:
            key = json.dumps(after.view(seat), sort_keys=True)
            groups.setdefault(key, []).append((action, events))
        for members in groups.values():
            first_action, first_events = members[0]
            expected = [event.for_player(seat) for event in first_events]
            for action, events in members[1:]:
                seen = [event.for_player(seat) for event in events]
                assert seen == expected, (
                    f"{label}: seat {seat} cannot tell move {action} from {first_action} by its "
                    f"view, but reads different events:\n{expected}\n{seen}")
                compared += 1
    return compared


def check_determinisation(game: Game, players: int, options: Mapping[str, Any], seed: int,
                          games: int = 5, every: int = 2, samples: int = 4) -> None:
    label = _label(game, players, options)
    varied = 0
    for index, (state, _, _rng) in spaced_states(game, players, options, seed, games, every):
        counts = state.component_counts()
        for seat in [*range(players), None]:
            view = state.view(seat)
            distinct = set()
            for sample_index in range(samples):
                sample = game.sample(view, random.Random(derive_seed(seed, index, sample_index)))
                assert sample.component_counts() == counts, \
                    f"{label}: determinisation lost a component"
                sample.check_invariants()
                assert sample.view(seat) == view, \
                    f"{label}: determinisation contradicts seat {seat}'s view"
                assert (sample.legal_actions() == state.legal_actions()
                        or sample.current_player() != seat), \
                    f"{label}: determinisation changed seat {seat}'s own moves"
                distinct.add(json.dumps(sample.to_json(), sort_keys=True))
            varied += len(distinct) > 1
            # The original is untouched.
            assert state.component_counts() == counts
    assert varied or _anything_hidden_varies(game, players, options, seed, games), \
        f"{label}: determinisation never varied anything hidden"


def check_view_sampling(game: Game, players: int, options: Mapping[str, Any], seed: int,
                        games: int = 5, every: int = 2, samples: int = 3) -> int:
    """States sampled from a view alone (what a fair bot does) give back that view,
    conserve every component, keep every invariant, and vary what is hidden.
    Returns how many views were sampled."""
    label = _label(game, players, options)
    checked = varied = 0
    for index, (state, _, _rng) in spaced_states(game, players, options, seed, games, every):
        counts = state.component_counts()
        for seat in [state.current_player(), None]:
            view = state.view(seat)
            distinct = set()
            # A sampler reads the view once and deals at each call: the same states as
            # `sample` from the same draws, whatever became of its earlier samples.
            samplers = {belief: game.sampler(view, belief) for belief in (None, game.search_belief)}
            for sample_index in range(2 * samples):
                # Even samples: uniform; odd: leaning as a search bot's belief leans them.
                belief = game.search_belief if sample_index % 2 else None
                drawn = random.Random(derive_seed(seed, index, sample_index))
                sample = game.sample(view, drawn, belief)
                twin_drawn = random.Random(derive_seed(seed, index, sample_index))
                twin = samplers[belief](twin_drawn)
                assert twin.to_json() == sample.to_json(), \
                    f"{label}: Game.sampler dealt another state than Game.sample"
                assert twin_drawn.getstate() == drawn.getstate(), \
                    f"{label}: Game.sampler drew otherwise than Game.sample"
                if twin.current_player() >= 0:  # a search changes its samples
                    twin.apply_action(twin.legal_actions()[0])
                assert sample.component_counts() == counts, \
                    f"{label}: a sampled state lost a component"
                sample.check_invariants()
                assert sample.view(seat) == view, \
                    f"{label}: a sampled state contradicts seat {seat}'s view"
                if seat is not None:
                    _observation_is_the_views(game, state, sample, seat, label)
                    assert sample.legal_actions() == state.legal_actions(), \
                        f"{label}: a sampled state changed the seat's legal moves"
                distinct.add(json.dumps(sample.to_json(), sort_keys=True))
            checked += 1
            varied += len(distinct) > 1
    assert varied or _anything_hidden_varies(game, players, options, seed, games), \
        f"{label}: sampling from a view never varied anything hidden"
    return checked


def run_all(game: Game, players: int, options: Mapping[str, Any], seed: int = 0,
            scale: int = 1) -> None:
    """Every check once (for a quick manual run or a new game's first test)."""
    try:
        validated = game.validate(players, options)
    except LudoError as error:  # pragma: no cover - a configuration mistake in a test
        raise AssertionError(error.message("en")) from None
    check_playouts(game, players, validated, seed, games=20 * scale)
    check_replay(game, players, validated, seed)
    check_snapshots(game, players, validated, seed, games=2 * scale)
    check_clone_independence(game, players, validated, seed, games=2 * scale)
    check_illegal_actions(game, players, validated, seed, games=1 * scale)
    check_bad_chance(game, players, validated)
    check_notation(game, players, validated, seed, games=3 * scale)
    check_no_leak(game, players, validated, seed, games=3 * scale)
    check_refusals_leak_nothing(game, players, validated, seed, games=1 * scale)
    check_determinisation(game, players, validated, seed, games=2 * scale)
    check_view_sampling(game, players, validated, seed, games=2 * scale)
