"""The web application: JSON API, static pages and the WebSocket, on FastAPI.

`create_app(database_url, bot_delay)` builds a self-contained app (its own storage and
master), so tests and the benchmark can run several on free ports.
"""

from __future__ import annotations

import importlib
import json
import logging
import math
import re
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ludotheque.core import stand_ins
from ludotheque.core.errors import LudoError
from ludotheque.core.files import ENCODING, json_reason
from ludotheque.core.record import Record
from ludotheque.core.registry import all_games, get_game
from ludotheque.core.replay import replay
from ludotheque.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LazyText,
    catalog,
    has_text,
    language_of,
    name_forms,
    t,
)
from ludotheque.web.db import Storage, default_database_url
from ludotheque.web.frames import narrate, result_entry, scene_for
from ludotheque.web.limits import Cap, Limiter, Limits, Rate, page_key
from ludotheque.web.live import Conn, LiveTable, dumps
from ludotheque.web.master import Master
from ludotheque.web.refusals import Duration, Refused, bad_seat, quoted, unknown_fields
from ludotheque.web.share import Reach, qr_data_uri

log = logging.getLogger("ludotheque.web")

STATIC = Path(__file__).parent / "static"
FRAME_MAX = 8 * 1024
BODY_MAX = 64 * 1024  # a request's JSON body (the lobby's largest is well under 1 KiB)
# each frame type's fields besides "type": any other is refused (`unknown_fields`)
FRAME_FIELDS = {"hello": ("token", "lang", "since"), "move": ("actions", "move", "seat"),
                "chat": ("text",), "lang": ("lang",), "rematch": (), "back": (), "leave": (),
                "give_seat": ("seat", "to"), "ping": ()}
FRAME_TYPES = tuple(FRAME_FIELDS)
JOIN_FIELDS = ("seat", "name")
# Every HTTP answer's: the pages run only this server's scripts and styles (a name or a
# chat line that slipped into the markup would run nothing), talk only to it, and are
# never framed by another site (clickjacking); no answer is read as another type than it
# says; no Referer ever carries a page's address, which holds a seat's token.
SECURITY_HEADERS = [(name.encode(), value.encode()) for name, value in (
    # connect-src: 'self' covers the page's own WebSocket in Chromium and Firefox, not in
    # Safari (WebKit bug 201591): ws: and wss: let iPhones play; no other script than our
    # own files can run to open one elsewhere (script-src 'self', no inline code).
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "
     "img-src 'self' data:; connect-src 'self' ws: wss:; base-uri 'none'; "
     "form-action 'self'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
)]


class TryAgainLater(Exception):
    """The page was told in words that the server cannot serve it now: its socket is
    closed (1013, "try again later"), and the page tries again after a while."""


def request_lang(request: HTTPConnection) -> str:
    """?lang=xx (fr, fr-CA...: `language_of`), else the browser's Accept-Language, else
    English: the one rule of the pages' texts, the API's answers and a WebSocket's errors
    before its hello. A ?lang= not ours (`frog`) is passed over, as the pages do."""
    asked = language_of(request.query_params.get("lang", ""))
    if asked is not None:
        return asked
    return accepted_lang(request.headers.get("accept-language", "")) or DEFAULT_LANGUAGE


QUALITY = re.compile(r"0(\.\d{0,3})?|1(\.0{0,3})?")  # a q value (RFC 9110, 12.4.2)


def accepted_lang(header: str) -> str | None:
    """The language of ours an Accept-Language header prefers (RFC 9110, 12.5.4): the
    highest q value (1 if none is given) wins, the first named on a tie; q=0 refuses a
    language; `*` gives its q value to every language the header does not name; a range
    counts by its primary tag (fr-CA for fr); an entry whose q value is no number from 0 to
    1 is dropped. None if it accepts none of ours."""
    named: dict[str, tuple[float, int]] = {}  # language -> (q, position), its best range
    anything: tuple[float, int] | None = None
    for position, part in enumerate(header.split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                quality = float(value) if QUALITY.fullmatch(value.strip()) else -1.0
        primary = tag.lower().partition("-")[0]
        if quality < 0 or not primary:
            continue
        if primary == "*":
            anything = anything or (quality, -position)
        elif primary in LANGUAGES and named.get(primary, (-1.0,))[0] < quality:
            named[primary] = (quality, -position)
    weights = {lang: named.get(lang, anything) for lang in LANGUAGES}
    best = max((weight for weight in weights.values() if weight is not None), default=None)
    if best is None or best[0] <= 0:
        return None
    return next(lang for lang, weight in weights.items() if weight == best)


def refusal(refused: Refused, lang: str) -> JSONResponse:
    error = {"code": refused.code, "message": refused.message(lang), **refused.fields}
    if refused.at_seat is not None:
        error["seat"] = refused.at_seat
    return JSONResponse({"error": error}, status_code=refused.status)


class SecurityHeaders:
    """ASGI middleware: SECURITY_HEADERS on every HTTP response (the WebSocket has none)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, sending)


# What is compressed: the same for everyone, no secret in it (the pages' scripts, styles,
# texts and the games' list: a phone on a slow network gets a table's page in a third of the
# bytes). Never an answer that may carry a token or someone's words: compressed beside what
# a request put in, a secret's length would tell it bit by bit (the BREACH attack).
PUBLIC_PATHS = ("/static/", "/api/texts", "/api/games")


class CompressPublic:
    """ASGI middleware: gzip (Starlette's) for the answers of PUBLIC_PATHS, when asked."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=1024)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        public = scope["type"] == "http" and scope["path"].startswith(PUBLIC_PATHS)
        await (self.gzip if public else self.app)(scope, receive, send)


def _page(name: str) -> Any:
    path = STATIC / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>ludotheque</title>"
                        f"<p>{name} is not built yet.</p>")


def _summary(game: Any, lang: str) -> str:
    """The first paragraph of the game's rules summary, as plain text."""
    try:
        texts = importlib.import_module(f"ludotheque.games.{game.name}.rules_text")
        for paragraph in texts.SUMMARY[lang].split("\n\n"):
            paragraph = paragraph.strip()
            if paragraph and not paragraph.startswith("#"):
                return " ".join(paragraph.replace("**", "").split())
    except (ImportError, AttributeError, KeyError):
        pass
    return ""


def _option_entry(spec: Any, lang: str) -> dict[str, Any]:
    """An option as the lobby shows it: its label and its choices' labels for people
    (`<game>.option_label.<name>`, `<game>.option_choice.<name>.<value>`: each game's
    catalog), beside the names and values the API takes; its help is the command line's,
    or `<game>.option_hint.<name>` where that one names other options."""
    texts = spec.text_key("option_label"), spec.text_key("option_choice"), \
        spec.text_key("option_hint")
    choices = None
    if spec.kind == "choice":
        allowed: Any = list(spec.choices)
        choices = [{"value": value, "label": t(f"{texts[1]}.{value}", lang)}
                   for value in spec.choices]
    elif spec.kind in ("int", "ints"):
        allowed = {"min": spec.minimum, "max": spec.maximum, "length": spec.length}
    elif spec.kind == "bool":
        allowed = [True, False]
    else:
        allowed = None
    default = spec.default_value()
    return {"name": spec.name, "kind": spec.kind, "label": t(texts[0], lang),
            "default": list(default) if isinstance(default, tuple) else default,
            "allowed": allowed, "allowed_text": spec.allowed(lang), "choices": choices,
            "help": t(texts[2] if has_text(texts[2]) else spec.help_key, lang)}


def _over_share(limiter: Limiter, request: Request, key: str, lang: str) -> Any:
    """None if the request's address may go on (one more counted), else the 429 to answer,
    in `lang`, saying the limit and when to come back (`Retry-After` too)."""
    address = request.client.host if request.client else ""
    if limiter.hit(address):
        return None
    wait = max(1, math.ceil(limiter.wait(address)))
    answer = refusal(_too_fast(limiter.rate, key, status=429, wait=Duration(wait)), lang)
    answer.headers["Retry-After"] = str(wait)
    return answer


def _too_fast(rate: Rate, key: str, status: int = 400, **params: Any) -> Refused:
    """A refusal for going over `rate` (its count, and its period in words)."""
    return Refused("too_fast", key=key, status=status, count=rate.count,
                   period=Duration(rate.seconds), **params)


def create_app(database_url: str | None = None, bot_delay: float = 0.6,
               storage: Storage | None = None, limits: Limits | None = None,
               reach: Reach | None = None, **master_settings: Any) -> FastAPI:
    """`master_settings`: hard_workers, min_turn_timer (see Master); `limits`: the rate
    limits (default: from the environment, see limits.py); `reach`: how another device
    reaches this server, for the invite links (default: by the page's origin alone)."""
    reach = reach or Reach()
    limits = limits or Limits.from_env()
    limiters = limits.limiters()
    creators, frames, chat = limiters["tables"], limiters["frames"], limiters["chat"]
    readers, inviters = limiters["reads"], limiters["invites"]
    sockets = Cap(limits.sockets)
    bot_tables: dict[str, list[str]] = {}  # an address's bot-only tables, maybe finished
    store = storage or Storage(database_url or default_database_url())
    master = Master(store, bot_delay=bot_delay, **master_settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        await master.start()
        try:
            yield
        finally:
            await master.close()
            store.close()

    app = FastAPI(title="ludotheque", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.state.master = master
    # what the tests look into (no route reaches them)
    app.state.bot_tables, app.state.limiters = bot_tables, limiters
    app.add_middleware(SecurityHeaders)
    app.add_middleware(CompressPublic)

    async def share(request: Request, **paths: str) -> dict[str, Any]:
        """The links for other devices (`Reach.links`) and each one's code to scan
        (`invite_qr`, `spectator_qr`, `seat_qr`), made off the loop (milliseconds for each
        new one)."""
        links = reach.links(request, **paths)
        codes = {name.removesuffix("_link") + "_qr":
                 link and await master.off_loop(qr_data_uri, link)
                 for name, link in links.items()}
        return {**links, **codes}

    @app.exception_handler(Exception)
    async def unexpected(request: Request, _error: Exception):
        """A bug: the page still gets a JSON error it can show (the error is logged)."""
        return refusal(Refused("unexpected", status=500), request_lang(request))

    @app.exception_handler(HTTPException)
    async def no_route(request: Request, error: HTTPException):
        """No route takes this path (a link cut or mistyped; a token or a name holding a
        "/", sent as %2F, is read as more path), or not with this method: the API's error,
        in the request's language, in place of FastAPI's bare English `detail`."""
        path = quoted(request.url.path)
        if error.status_code == 405:
            allowed = (error.headers or {}).get("Allow", "")
            answer = refusal(Refused("method_not_allowed", status=405, method=request.method,
                                     path=path, allowed=allowed), request_lang(request))
            answer.headers["Allow"] = allowed
            return answer
        return refusal(Refused("not_found", status=404, path=path), request_lang(request))

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- pages -------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return _page("lobby.html")

    @app.get("/join/{invite}", include_in_schema=False)
    async def join_page(invite: str):
        return _page("join.html")

    @app.get("/play/{token}", include_in_schema=False)
    async def play_page(token: str):
        return _page("table.html")

    @app.get("/watch/{token}", include_in_schema=False)
    async def watch_page(token: str):
        return _page("table.html")

    @app.get("/replay/{table}", include_in_schema=False)
    async def replay_page(table: str):
        return _page("replay.html")

    # -- API ---------------------------------------------------------------
    @app.get("/api/games")
    async def games(request: Request):
        lang = request_lang(request)
        return {"games": [{
            "name": game.name, "title": t(game.title_key, lang),
            "min_players": game.min_players, "max_players": game.max_players,
            "default_players": game.default_players,
            "options": [_option_entry(spec, lang) for spec in game.option_specs],
            "summary": _summary(game, lang),
        } for game in all_games()]}

    @app.get("/api/games/{name}/rules")
    async def rules(name: str, request: Request):
        lang = request_lang(request)
        try:
            game = get_game(quoted(name))  # no game's name is longer
        except LudoError as error:
            return refusal(Refused("unknown_game", status=404, error=error), lang)
        return {"game": game.name, "title": t(game.title_key, lang),
                "rules": game.rules_text(lang, game.validate(game.default_players, {}))}

    @app.get("/api/texts")
    async def texts(request: Request):
        lang = request_lang(request)
        return {"lang": lang, "texts": {key: by_lang[lang] for key, by_lang in catalog().items()
                                        if key.startswith(("web.", "list."))},
                "name_forms": name_forms()}

    @app.post("/api/tables")
    async def create_table(request: Request):
        lang = request_lang(request)
        address = request.client.host if request.client else ""
        refused = _over_share(creators, request, "web.server.error.too_many_tables", lang)
        if refused is not None:  # this address created its share of tables for now
            return refused
        try:
            body = await _json_body(request)
            bots_only = limits.bot_tables is not None and _bots_only(body)
            if bots_only:
                _prune_bot_tables(bot_tables, master)
                running = bot_tables.get(address, [])
                if len(running) >= limits.bot_tables:
                    raise Refused("too_many_bot_tables", status=429, high=limits.bot_tables)
            live = await master.create_table(body)
            if bots_only:
                bot_tables[address] = [*running, live.row.id]
        except Refused as refused:
            return refusal(refused, lang)
        answer = {"table": live.row.id, "invite_url": f"/join/{live.row.invite}",
                  "spectator_url": f"/watch/{live.row.spectator}"}
        answer.update(await share(request, invite=answer["invite_url"],
                                  spectator=answer["spectator_url"]))
        here = [s.token for s in live.row.seats if s.taken and s.token]
        if here:  # the people named with their seats, at the creator's screen
            answer["play_url"] = "/play/" + "+".join(here)
        return answer

    @app.get("/api/join/{invite}")
    async def join_info(invite: str, request: Request):
        lang = request_lang(request)
        refused = _over_share(inviters, request, "web.server.error.too_many_invites", lang)
        if refused is not None:  # each one may make its link's code: an address has its share
            return refused
        row = await master.db(store.table_by_invite, invite)
        live = await master.get(row.id, hold=False) if row else None
        if live is None:
            return refusal(Refused("unknown_token", status=404), lang)
        try:
            master.refuse_closed(live.row)
        except Refused as refused:
            return refusal(refused, lang)
        public = live.public(lang)
        answer = {"table": live.row.id, "game": live.row.game, "title": public["title"],
                  "players": live.row.players, "status": live.row.status,
                  "seats": [{k: s[k] for k in ("seat", "kind", "level", "name", "taken",
                                                "kept")} for s in public["seats"]],
                  **await share(request, invite=f"/join/{invite}")}
        if live.row.status == "over":  # an invite kept from an earlier game of the evening
            rematch = await rematch_invite(live.row)
            if rematch is not None:
                answer["rematch_invite"] = rematch
        else:  # a friend arriving with every seat taken may still watch (public view only)
            answer["watch_url"] = f"/watch/{live.row.spectator}"
        return answer

    async def rematch_invite(row: Any) -> str | None:
        """The invite of the newest rematch that followed the finished table `row` (rematch
        after rematch), while it waits or plays: whoever opens an old invite is led there,
        to a seat given away to anyone, or to see that every seat is taken."""
        newest = row
        while newest.rematch is not None:
            following = await master.db(store.get_table, newest.rematch)
            if following is None:
                break
            newest = following
        return f"/join/{newest.invite}" if newest.status in ("waiting", "playing") else None

    async def token_share(request: Request, token: str,
                          paths: Callable[[Any, int | None], dict[str, str]]) -> Any:
        """The links of `paths(row, seat)` for the table of `token` (a seat's, a
        spectator's: seat None) and their codes to scan; counted in the invitations'
        share per address, as the join page's: each may make its link's code. `paths`
        refuses a token that is not of the kind asked."""
        lang = request_lang(request)
        refused = _over_share(inviters, request, "web.server.error.too_many_invites", lang)
        if refused is not None:
            return refused
        found = await master.db(store.table_by_token, token)
        try:
            if found is None:
                raise Refused("unknown_token", status=404)
            return await share(request, **paths(*found))
        except Refused as refused:
            return refusal(refused, lang)

    @app.get("/api/watch/{token}")
    async def watch_info(token: str, request: Request):
        """The spectator link for other devices and its code to scan: a seated person's
        page offers them (a tablet by the TV), whoever created the table."""
        def spectator(_row: Any, seat: int | None) -> dict[str, str]:
            if seat is not None:  # a seat's token is no spectator's
                raise Refused("unknown_token", status=404)
            return {"spectator": f"/watch/{token}"}
        return await token_share(request, token, spectator)

    @app.get("/api/play/{token}")
    async def seat_info(token: str, request: Request):
        """A seat's own link for another device and its code to scan ("Continue on another
        device"): the token is the key, so only the seat's holder gets them; no frame
        ever carries them. A spectator's token has no seat; a seat its person left, or a
        table closed, leads nowhere to go on playing."""
        def own_seat(row: Any, seat: int | None) -> dict[str, str]:
            if seat is None:
                raise Refused("not_a_seat", status=404)
            master.refuse_given(row, seat, token)
            master.refuse_closed(row)
            if seat in row.left:
                raise Refused("left", status=403)
            return {"seat": f"/play/{token}"}
        return await token_share(request, token, own_seat)

    @app.post("/api/join/{invite}")
    async def join(invite: str, request: Request):
        lang = request_lang(request)
        try:
            body = await _json_body(request)
            unknown_fields(body, JOIN_FIELDS)
            token = await master.join(invite, body.get("seat"), body.get("name"))
        except Refused as refused:
            return refusal(refused, lang)
        return {"seat_url": f"/play/{token}"}

    async def _finished(table: str, lang: str, reveal: bool = False):
        # an unfinished table is refused on its row: no game is replayed to be refused
        gone = Refused("unknown_table", status=404, table=quoted(table))
        held = master.tables.get(table)
        if held is not None and await master.pruned(held):  # held for a page still open (a
            raise gone  # closed table's too: no "not over" for a table that is no more)
        row = held.row if held is not None else await master.db(store.get_table, table)
        if row is not None and row.status != "over":
            raise Refused("not_over", status=403,
                          key="web.server.error.reveal_not_over" if reveal else None)
        # None: no such table, or `ludotheque prune` removed it after its row was read
        live = row and (held or await master.get(table, hold=False))
        if live is None:
            raise gone
        return live

    @app.get("/api/tables/{table}/record")
    async def record(table: str, request: Request):
        lang = request_lang(request)
        refused = _over_share(readers, request, "web.server.error.too_many_reads", lang)
        if refused is not None:  # each one rebuilds a game: an address has its share
            return refused
        try:
            live = await _finished(table, lang)
        except Refused as refused:
            return refusal(refused, lang)
        return JSONResponse(live.record().to_json(), headers={
            "Content-Disposition":
                f'attachment; filename="ludotheque-{live.row.game}-{table}.json"'})

    @app.get("/api/tables/{table}/replay")
    async def replay_step(table: str, request: Request):
        lang = request_lang(request)
        refused = _over_share(readers, request, "web.server.error.too_many_reads", lang)
        if refused is not None:  # each step replays the game to it: an address has its share
            return refused
        try:
            reveal = request.query_params.get("reveal", "0")
            if reveal not in ("0", "1"):
                raise Refused("bad_reveal")
            # refused before anything is read or computed: an unfinished table leaks nothing
            live = await _finished(table, lang, reveal=reveal == "1")
            record = live.record()
            total = len(record.actions)
            step = _int_param(request, "step", total)
            if step is None or not 0 <= step <= total:
                raise Refused("bad_step", total=total,
                              value=quoted(request.query_params["step"]))
            seat = _int_param(request, "seat", None)
            if seat is not None and not 0 <= seat < live.row.players:
                raise bad_seat(quoted(request.query_params["seat"]), live.row.players)
        except Refused as refused:
            return refusal(refused, lang)
        moves = await master.db(store.get_moves, live.row.id) if step > 0 else []
        # a step of a long game is replayed (a tournament: a tenth of a second) off the loop
        return await master.off_loop(_replay_answer, live, record, step, seat, reveal, lang,
                                     moves)

    def _replay_answer(live: LiveTable, record: Record, step: int, seat: int | None, reveal: str,
                       lang: str, moves: list) -> dict[str, Any]:
        total = len(record.actions)
        partial = Record(game=record.game, players=record.players, options=record.options,
                         seed=record.seed, actions=record.actions[:max(step - 1, 0)])
        match = replay(partial)
        game = match.game
        # the seat list and the headers name the people; a stand-in's doing reads "Ada (bot)"
        people, spans = live.names(lang), live.row.stand_ins
        names = stand_ins.names_at(people, spans, len(match.events or ()), lang)
        actor = actor_name = action = None
        if step > 0:
            actor = moves[step - 1][1] if len(moves) >= step else None
            actor_name = None if actor is None else names[actor]
            # the move as its player chose it, from the view it was chosen in: the seats it
            # is about are named (Wazabi's "give a die to Denis", whose dice go where)
            chosen_in = match.view(match.current_player())
            match.apply(record.actions[step - 1])
            action_id = match.actions[-1]
            action = {"text": game.action_to_text(action_id),
                      "label": game.describe_action(action_id, lang, view=chosen_in,
                                                    names=names)}
        view = match.view(seat)
        lines = [line for index, event in enumerate(match.events_for(seat))
                 for line in narrate(game, event, lang,
                                     stand_ins.names_at(people, spans, index, lang), seat)]
        names = stand_ins.names_at(people, spans, len(match.events or ()), lang)
        result = None
        if match.is_over():
            result = result_entry(match.state.winners(), match.state.returns(), names, lang)
        views = None
        if reveal == "1":  # the game is over: every seat's own view, side by side
            views = []
            for each in range(live.row.players):
                own = match.view(each)
                views.append({"seat": each, "name": people[each], "view": own,
                              "scene": scene_for(game, own, lang, names, [])})
        return {"table": live.row.id, "game": game.name, "title": t(game.title_key, lang),
                "players": live.row.players, "names": people, "total": total, "step": step,
                "seat": seat, "actor": actor, "actor_name": actor_name, "action": action,
                "view": view,
                "scene": scene_for(game, view, lang, names, []), "lines": lines,
                "result": result, "reveal": views}

    # -- WebSocket -----------------------------------------------------------
    @app.websocket("/ws")
    async def socket(ws: WebSocket):
        await ws.accept()
        address = ws.client.host if ws.client else ""
        lang = request_lang(ws)  # the errors' before a hello says one (or with none)
        if not sockets.take(address):  # this address holds its share of connections
            refused = Refused("too_many_sockets", high=sockets.count)
            await ws.send_text(dumps(refused.frame(lang)))
            await ws.close(code=1008)  # policy violation; the page tries again later
            return
        conn = Conn(ws.send_text, ws.close, lang)
        page = page_key()
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not frames.hit(page):  # refused unread; the page stays
                    await conn.send(_too_fast(frames.rate, "web.server.error.too_fast")
                                    .frame(conn.lang))
                    continue
                raw: str | bytes | None = message.get("text")
                if raw is None:  # a binary frame: UTF-8 JSON too (checked by _handle)
                    raw = message.get("bytes") or b""
                    size = len(raw)
                else:
                    size = len(raw.encode("utf-8"))
                if size > FRAME_MAX:
                    refused = Refused("too_large", size=size, high=FRAME_MAX)
                    await conn.send(refused.frame(conn.lang))
                    continue
                try:
                    await _handle(master, conn, raw, chat)
                except TryAgainLater:
                    await ws.close(code=1013)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            sockets.give_back(address)
            frames.forget(page)
            master.disconnect(conn)
            if ws.application_state == WebSocketState.CONNECTED:
                try:
                    await ws.close()
                except Exception:  # noqa: BLE001 - already gone
                    pass

    return app


async def _handle(master: Master, conn: Conn, raw: str | bytes,
                  chat: Limiter | None = None) -> None:
    """One client frame: every refusal becomes an error frame on this connection only.
    `chat`: the chat's limiter, counted per seat (a chat line over its rate is refused,
    not sent): a seat opening more pages gets no more lines."""
    try:
        try:
            frame = _client_json(raw)
        except UnicodeDecodeError as exc:  # a binary frame that is no UTF-8 text
            raise Refused("bad_json", key="web.server.error.not_utf8",
                          position=exc.start + 1) from None
        except (ValueError, RecursionError) as exc:
            raise Refused("bad_json", reason=json_reason(exc)) from None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            raise Refused("bad_frame", reason=LazyText("web.server.error.frame_object"))
        kind = frame["type"]
        if kind not in FRAME_TYPES:
            raise Refused("unknown_type", type=quoted(kind), allowed=", ".join(FRAME_TYPES))
        unknown_fields(frame, ("type", *FRAME_FIELDS[kind]),
                       key="web.server.error.unknown_frame_field", type=kind)
        if kind == "ping":
            await conn.send({"type": "pong"})
            return
        if kind in ("hello", "lang"):
            lang = frame.get("lang", conn.lang if kind == "hello" else None)
            if lang is None:
                raise Refused("bad_lang", key="web.server.error.missing_lang")
            if not isinstance(lang, str) or language_of(lang) is None:
                raise Refused("bad_lang", lang=quoted(lang))
            lang = language_of(lang)
            if kind == "lang":
                await master.set_lang(conn, lang)
                return
            since = frame.get("since", 0)
            if isinstance(since, bool) or not isinstance(since, int):
                since = 0
            try:  # the connection takes the hello's language once the hello is accepted
                await master.hello(conn, frame.get("token"), lang, since)
            except Refused as refused:  # told in the language it asked for
                await conn.send(refused.frame(lang))
            except SQLAlchemyError:
                # the database refused a write (its disk full, say; a kept seat's person
                # sitting down): logged, never the statement's values (hide_parameters);
                # the page told in words before its socket closes (it was a bare 1011)
                log.exception("a hello's write failed")
                await conn.send(Refused("not_saved", status=503).frame(lang))
                raise TryAgainLater from None
            return
        if conn.table is None:
            raise Refused("hello_first")
        if kind == "move":
            await master.move(conn, frame.get("actions"), frame.get("move"), frame.get("seat"))
        elif kind == "chat":
            live, seat = master.seat_of(conn)  # a spectator is told so, not "too fast"
            if chat is not None and not chat.hit(f"chat-{live.row.id}-{seat}"):
                raise _too_fast(chat.rate, "web.server.error.too_fast_chat")
            await master.chat(conn, frame.get("text"))
        elif kind == "rematch":
            await master.rematch(conn)
        elif kind == "give_seat":
            await master.give_seat(conn, frame.get("seat"), frame.get("to"))
        elif kind == "back":
            await master.come_back(conn)
        elif kind == "leave":
            await master.leave(conn)
    except Refused as refused:
        await conn.send(refused.frame(conn.lang))


def _client_json(raw: str | bytes) -> Any:
    """A client's JSON, whose texts must be Unicode: a lone surrogate ("\\ud800") is valid
    JSON but no text, and an error echoing it could not be sent back. Raises what
    `json_reason` explains: ValueError (bad JSON, no UTF-8, a surrogate) or RecursionError
    (brackets nested too deeply). Bytes must be UTF-8 (a byte order mark at the start is
    left out): `json.loads` would take them for UTF-16 or UTF-32 from their first bytes."""
    if isinstance(raw, bytes):
        raw = raw.decode(ENCODING)  # UnicodeDecodeError: not UTF-8
    value = json.loads(raw)
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # UnicodeEncodeError: a surrogate
    return value


async def _json_body(request: Request) -> Any:
    """The request's JSON object; refused (nothing read past it) over BODY_MAX bytes, or
    unless sent as application/json: a form of another site may post text/plain with no
    preflight, never application/json (the browser asks this server first, CORS)."""
    given = request.headers.get("content-type", "")
    if given.partition(";")[0].strip().lower() != "application/json":
        raise Refused("not_json", status=415, given=quoted(given) if given else
                      LazyText("web.server.error.content_type_missing"))
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_MAX:
        raise Refused("body_too_large", status=413, high=BODY_MAX)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > BODY_MAX:
            raise Refused("body_too_large", status=413, high=BODY_MAX)
    try:
        body = _client_json(bytes(data) or b"null")
    except (ValueError, RecursionError) as exc:
        raise Refused("bad_request", reason=json_reason(exc)) from None
    if not isinstance(body, dict):
        raise Refused("bad_request", reason=LazyText("web.server.error.body_object"))
    return body


def _bots_only(body: dict[str, Any]) -> bool:
    """A table asked with every seat a bot (a malformed one is refused later)."""
    seats = body.get("seats")
    return isinstance(seats, list) and bool(seats) and all(
        isinstance(seat, dict) and seat.get("kind") == "bot" for seat in seats)


def _prune_bot_tables(bot_tables: dict[str, list[str]], master: Master) -> None:
    """Each address keeps only its bot-only tables still playing, and an address with none
    is dropped: the dict holds no more than the bot-only tables under way."""
    for address, tables in list(bot_tables.items()):
        running = [table for table in tables if (live := master.tables.get(table)) is not None
                   and live.row.status not in ("over", "closed")]
        if running:
            bot_tables[address] = running
        else:
            del bot_tables[address]


def _int_param(request: Request, name: str, default: int | None) -> int | None:
    """A whole number of the query (`default` if absent); -1 unless it is written with the
    digits 0 to 9 alone: int() takes " 3 ", "+3", "-0", "1_0" and other scripts' digits."""
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    if not (value.isascii() and value.isdigit()):
        return -1
    try:
        return int(value)
    except ValueError:  # more digits than int() reads (4,300)
        return -1
