"""The match's public edges (issue 14, item 7): sequences take the text forms `apply`
takes, a sender that is not a seat is refused clearly, and an event read by one
reader cannot be rewritten for another."""

from __future__ import annotations

import json

import pytest

from ludotheque.core.errors import IllegalActionError, LudoError, NoSuchSeatError, NotationError
from ludotheque.core.match import Match
from ludotheque.core.registry import get_game

GAME = get_game("diciassette")


def _at_call_window(seed: int = 3) -> Match:
    match = Match(GAME, 4, seed=seed)
    while GAME.text_to_action("call") not in match.legal_actions():
        match.apply(match.legal_actions()[0])
    return match


def test_apply_sequence_takes_the_text_forms_apply_takes():
    match = _at_call_window()
    twin = _at_call_window()
    match.apply_sequence(["call"])
    twin.apply("call")
    assert match.state.to_json() == twin.state.to_json()
    assert match.actions == twin.actions


def test_a_bad_step_of_a_sequence_is_named_and_nothing_changes():
    match = Match(GAME, 4, seed=5)
    before = json.dumps(match.state.to_json())
    first = GAME.action_to_text(match.legal_actions()[0])
    with pytest.raises(NotationError) as error:  # unreadable: a notation error, named
        match.apply_sequence(["no such move", first])
    assert "1 of 2" in error.value.message("en") and "no such move" in error.value.message("en")
    # a card played is a whole choice (not one that builds a choice): it must come last
    with pytest.raises(IllegalActionError) as error:
        match.apply_sequence([first, "no such move"])
    assert "Step 1 of 2" in error.value.message("en") and "last" in error.value.message("en")
    assert "dernier" in error.value.message("fr")
    assert json.dumps(match.state.to_json()) == before and match.actions == []
    for not_a_list in ("call", 3, None, {"a": 1}):
        with pytest.raises(IllegalActionError):
            match.apply_sequence(not_a_list)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        match.apply_sequence([])
    assert json.dumps(match.state.to_json()) == before


@pytest.mark.parametrize("seat", ["1", 1.0, True, -1, 4, [0]])
def test_a_sender_that_is_not_a_seat_is_refused_clearly(seat):
    match = Match(GAME, 4, seed=5)
    before = json.dumps(match.state.to_json())
    with pytest.raises(NoSuchSeatError) as error:
        match.apply(match.legal_actions()[0], seat=seat)
    assert "0 to 3" in error.value.message("en")
    with pytest.raises(LudoError):
        match.apply_sequence([match.legal_actions()[0]], seat=seat)
    assert json.dumps(match.state.to_json()) == before


def test_a_reader_editing_its_events_changes_nobody_elses_log():
    match = Match(GAME, 4, seed=5)
    for _ in range(6):
        match.apply(match.legal_actions()[0])
    untouched = [json.dumps(match.events_for(seat)) for seat in (None, 0, 1)]
    for seat in (None, 0, 1):
        for event in match.events_for(seat):
            for value in event.values():
                if isinstance(value, list):
                    value.append("scribble")
                elif isinstance(value, dict):
                    value["scribble"] = True
    assert [json.dumps(match.events_for(seat)) for seat in (None, 0, 1)] == untouched


def test_cards_added_to_an_offer_may_come_before_another_move_and_nothing_else_may():
    """DTC: an offer is its cards, then the announce, sent as one sequence; a move that
    reveals something (accept: the cards offered) cannot be followed by another, which
    would be refused or accepted by what it revealed."""
    dtc = get_game("dtc")
    match = Match(dtc, 3, seed=2)
    offerer = match.current_player()
    building = dtc.building_moves(match.view(offerer))
    add = next(a for a in match.legal_actions() if a in building)  # a card into the offer
    trial = match.state.clone()
    trial.apply_action(add)
    claim = next(a for a in trial.legal_actions() if a not in building)  # the announce
    offer = [add, claim]
    offerer = match.current_player()
    match.apply_sequence(offer, seat=offerer)
    responder = match.current_player()
    assert responder != offerer
    accept = dtc.text_to_action("accept")
    assert accept in match.legal_actions()
    before = json.dumps(match.state.to_json())
    for second in match.legal_actions() + ["nonsense"]:
        with pytest.raises(IllegalActionError) as error:
            match.apply_sequence([accept, second], seat=responder)
        assert "Step 1 of 2" in error.value.message("en")
    assert json.dumps(match.state.to_json()) == before

