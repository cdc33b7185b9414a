"""A page's gesture fits in one move frame: the longest is a DTC offer, its cards then its
announce, which must beat an offer of 16 cards or more (medium bots reach one in about one
game in eleven). Through the server's frame handler, on a table driven by seeded bots."""

from __future__ import annotations

import asyncio
import json
import random

from ludotheque.games.dtc.rules import OFFER
from ludotheque.web import botwork
from ludotheque.web.app import _handle
from ludotheque.web.db import Storage
from ludotheque.web.live import Conn
from ludotheque.web.master import Master


def _sink() -> tuple[Conn, list]:
    frames: list = []

    async def send(text: str) -> None:
        frames.append(json.loads(text))

    return Conn(send), frames


async def _big_offer_table(master: Master, deal: int):
    """A 4-player DTC table played by seeded medium bots until a seat must beat an offer
    of 16 cards or more (None if the game ends first)."""
    live = await master.create_table({"game": "dtc", "players": 4})
    for seat in range(4):
        await master.join(live.row.invite, seat, f"P{seat + 1}")
    live = await master.get(live.row.id)  # a table waiting for people was not held
    rng = random.Random(deal)
    while not live.match.is_over():
        state = live.match.state
        if state.phase == OFFER and state.bsize == 0 and state.last_count >= 16:
            return live
        seat = live.match.current_player()
        action = botwork.choose("dtc", "medium", live.match.view(seat),
                                live.match.legal_actions(), rng.randrange(2**63))
        await master.play(live, seat, [action], live.moves)
    return None


def test_an_offer_of_more_than_sixteen_cards_goes_in_one_frame(tmp_path):
    async def scenario() -> tuple[int, list, list]:
        storage = Storage(f"sqlite:///{tmp_path / 'offer.sqlite3'}")
        master = Master(storage, bot_delay=0, deals=random.Random(2))
        try:
            for deal in range(2, 12):
                live = await _big_offer_table(master, deal)
                if live is not None:
                    break
            assert live is not None, "no offer of 16 cards in ten seeded games"
            state, seat = live.match.state, live.match.state.giver
            conn, frames = _sink()
            await master.hello(conn, live.row.seats[seat].token, "en", 0)
            # the table nobody watched, at a person's turn, had left memory: the page's own
            live = master.tables[live.row.id]
            # the page's gesture: one card more than the offer to beat, then an announce
            cards = [kind for kind, count in enumerate(state.hands[seat]) for _ in range(count)]
            trial, gesture = state.clone(), []
            for kind in cards[:state.last_count + 1]:
                gesture.append(kind)
                trial.apply_action(kind)
            gesture.append(trial.legal_actions()[-1])
            start = live.moves
            del frames[:]
            await _handle(master, conn, json.dumps({"type": "move", "actions": gesture,
                                                    "move": start}))
            return live.moves - start, gesture, frames
        finally:
            await master.close()
            storage.close()

    played, gesture, frames = asyncio.run(scenario())
    assert len(gesture) >= 18
    assert not [f for f in frames if f["type"] == "error"], frames
    assert played == len(gesture)
