// The table page (/play/<seat token> and /watch/<spectator token>): one WebSocket, the
// server's frames drawn as they come, moves sent as atomic action lists.
//
// Several people at one screen (/play/<token>+<token>...): one WebSocket per seat held
// here, each saying hello with its own token (every act is checked against its own seat).
// Between turns the page is covered ("Ada, it's your turn: take the device") and holds
// nothing of any seat's own view; while a seat elsewhere or a bot plays (a stand-in too,
// for a person here whose time ran out) it shows the table as a spectator sees it, through
// one more socket on the table's spectator link.

import {el, tr, lang, setLang, loadTexts, langSwitch, showRules, api, absolute, linkRow, inviteLinks, deviceLinks,
  qrCode, sayError, typedName} from "./common.js";
import {renderScene, renderGesture, renderReveal, moveButton, fitCardFaces} from "./render.js";

const parts = location.pathname.split("/").filter(Boolean);
const mode = parts[0] === "watch" ? "watch" : "play";
const tokens = mode === "play" ? [...new Set((parts[1] || "").split("+").filter(Boolean))] : [parts[1] || ""];
if (!tokens.length) tokens.push("");
const shared = tokens.length > 1;

// One WebSocket and what came on it: a seat held here (or the spectator's token), or the
// public view of a shared screen. `refused`: its token is unknown (`unknown`: the server's
// words) or of another table.
function source(token, number) {
  return {token, number, ws: null, update: null, log: [], eventCount: 0, backoff: 500, patience: 0,
          closedByUs: false, connected: false, waitingMove: false, left: null, refused: false,
          rematch: null, unknown: null};
}
const seats = tokens.map((token, index) => source(token, index + 1));
let open = null;  // a shared screen's public view, once a seat's update gave its link

const state = {
  revealKey: null, revealShown: 0, revealTimer: null,
  picked: [], gestureKey: null, revealOpen: true, timerTick: null,
  // the alert is said until the connection is back: nothing was sent (sendOrSay), or the
  // server could not open the table (not_saved)
  alertTimer: null, untilOnline: false,
  gone: null,  // the key of the words of a table that no longer exists (`showGone`)
  // the rematch: asked on this page (then it goes there), or offered (the page asks)
  askedRematch: false, offer: null, offerDismissed: false,
  confirmLeave: false,
  // a rematch's kept seat about to be given away: {seat, to} asked (keptBox), `sent` once
  // confirmed (nothing to take back then)
  confirmGive: null,
  focus: null,  // where the keyboard was when a move went (its button is disabled then)
  logShown: 0, logFresh: true,  // log entries in the page; a new list for the next draw
  drawn: null, drawnKey: null,  // the source drawn, and the screen (another: a new log)
  shown: null,  // the update drawn (under a cover: the table's public part alone)
  covered: false,  // the cover is up: nothing of the game but the public table's log
  revealed: null,  // a shared screen: the seat whose person asked to see it
  checked: !shared,  // a shared screen: every token answered, all of one table
  adding: false,  // "Add a player at this screen": its form is open
  share: null,  // the invite's links for other devices, as the server gave them (sharedLinks)
  watchShare: null,  // the spectator's, likewise
  deviceShare: null,  // the seat's own (one seat's: "Continue on another device"), likewise
  deviceToken: "",  // the seat whose "Continue on another device" is drawn (kept out of the page)
};

// A refusal stays in view until the person's next action, or this long (an update that
// follows it, such as the fresh table after a stale move, leaves it where it is).
const ALERT_MS = 10000;

const $ = (id) => document.getElementById(id);

// -- the WebSockets, with reconnection (backoff) and `since` -------------------------
// A connection can die without a word: a phone whose Wi-Fi drops gets no "close" for
// minutes, and its page would show a stale table as if all were well. So a socket silent
// for QUIET_MS is asked (ping); no answer within ANSWER_MS and it is taken as lost: said,
// and tried again as after a close. Not before its hello is answered: the server reads a
// page's frames one after the other, so a busy server would answer the ping only after
// the hello, and pages taking it for lost would reconnect in a loop, each time one more
// hello to answer. A slow link (a phone far from its mast) is slow to answer a ping too:
// the page waits at least twice as long as its hello's answer took (`patience`). A hello
// unanswered for HELLO_MS (its socket died as it opened) is taken as lost all the same.
const QUIET_MS = 5000;
const ANSWER_MS = 4000;
const HELLO_MS = 60000;
// A closed socket is tried again after a wait doubling up to BACKOFF_MS; after the server
// said its database refused the hello's write (not_saved: no blip, each try a write and a
// logged error), every REFUSED_WRITE_MS.
const BACKOFF_MS = 4000;
const REFUSED_WRITE_MS = 10000;

function connect(src) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  src.ws = ws;
  ws.heard = Date.now();
  ws.asked = 0;  // when a ping went unanswered so far
  ws.addEventListener("open", () => {
    ws.heard = ws.helloSent = Date.now();
    ws.send(JSON.stringify({type: "hello", token: src.token, lang, since: src.eventCount}));
  });
  ws.addEventListener("message", (message) => {
    ws.heard = Date.now();
    ws.asked = 0;
    let frame;
    try { frame = JSON.parse(message.data); } catch (e) { return; }
    if (frame.type === "update" && !src.connected) {  // the hello's answer: the link's pace
      src.patience = Math.max(src.patience, 2 * (ws.heard - ws.helloSent));
    }
    onFrame(src, frame);
  });
  ws.addEventListener("close", () => lost(src, ws));
}

// `ws`, `src`'s socket, closed or taken as lost (once: its late "close" changes nothing).
function lost(src, ws) {
  if (ws.lost) return;
  ws.lost = true;
  const wasConnected = src.connected;
  src.connected = false;
  src.waitingMove = false;
  // a gift sent, unanswered: its answer will not come on this socket (the frame may have
  // been lost with it); the seat as the next update shows it, given or still kept
  const giftLost = !!state.confirmGive?.sent;
  if (giftLost) state.confirmGive = null;
  if (src.closedByUs) return;
  // what needs this socket waits for it, and says so (keptBox); a failed attempt to
  // reconnect changes nothing drawn: the page is left alone
  if (wasConnected || giftLost) draw();
  showConnection();
  const delay = src.backoff;
  if (src.backoff < BACKOFF_MS) src.backoff = Math.min(src.backoff * 2, BACKOFF_MS);
  setTimeout(() => connect(src), delay + Math.random() * 200);
}

// Each second: the sockets silent too long are asked, those that did not answer lost.
function listen() {
  const now = Date.now();
  for (const src of sources()) {
    const ws = src.ws;
    if (!ws || ws.lost || ws.readyState !== WebSocket.OPEN) continue;
    const late = src.connected ? ws.asked && now - ws.asked > Math.max(ANSWER_MS, src.patience)
      : now - ws.helloSent > HELLO_MS;
    if (late) {
      lost(src, ws);
      ws.close();
    } else if (src.connected && !ws.asked && now - ws.heard > QUIET_MS) {
      ws.asked = now;
      ws.send(JSON.stringify({type: "ping"}));
    }
  }
}

function sources() {
  return open ? [...seats, open] : seats;
}

// The seat whose person acts on this page (moves, chat, leave, "I'm back"): the one seat,
// or on a shared screen the seat shown; nobody while it is covered or public (the chat
// then writes as one of its people: chatter).
function actor() {
  if (!shared) return seats[0];
  return state.revealed && screen().src === state.revealed ? state.revealed : null;
}

// What the page shows: {src, cover}. One seat: that seat. A shared screen: the seat whose
// person asked to see it; else the cover for the next seat of this screen to play (with
// the public table's title and log only); else the table as a spectator sees it. While it
// waits for its people there is nothing of the game to hide: the first seat's page. Once
// the game is over, who won is everyone's: the public table (no "hide my cards" left).
function screen() {
  if (!shared) return {src: seats[0], cover: null};
  const held = state.checked ? heldSeats().filter((s) => s.update) : [];
  const over = held.length && held[0].update.table.status === "over" && open && open.update;
  if (state.revealed && !over) return {src: state.revealed, cover: null};
  if (!held.length || held[0].update.table.status === "waiting") return {src: held[0] || null, cover: null};
  const next = held.find((s) => s.update.legal.length && !s.left && !standIn(s, s.update.table));
  return {src: open, cover: next || null};
}

// A seat of this screen whose time ran out: its stand-in plays (no cover asks for the
// device to be passed to her) until she says she is back.
function standIn(src, table) {
  return !src.left && !!table.seats?.[src.update.seat]?.absent;
}

// What the person does (a move, a chat line, "I'm back", rematch): the last refusal is
// answered, so it goes.
function act(frame) {
  return sendOrSay(frame, actor());
}

// A person's frame on `src`'s socket; while it is closed (reconnecting), nothing is sent
// and the page says so: never a click that silently does nothing.
function sendOrSay(frame, src) {
  clearAlert();
  if (send(frame, src)) return true;
  showAlert(tr("web.table.not_sent"));
  state.untilOnline = true;  // said until the connection is back (online), not a moment longer
  return false;
}

function send(frame, src) {
  if (src && src.ws && src.ws.readyState === WebSocket.OPEN) {
    src.ws.send(JSON.stringify(frame));
    return true;
  }
  return false;
}

function sendMove(actions) {
  const src = actor();
  if (!src || src.waitingMove || !src.update) return;
  const spot = focusSpot();
  if (act({type: "move", actions, move: src.update.move})) {
    src.waitingMove = true;
    state.focus = spot;
    disableMoves();
  }
}

// Every control that makes or prepares a move: the board's (cards, a card's chooser, DTC's
// offer) and the move buttons (not "I'm back" nor leaving: they say if nothing was sent).
const MOVE_CONTROLS = "#board button, #board select, #board input, #moves button.move";

function disableMoves() {
  document.querySelectorAll(MOVE_CONTROLS).forEach((node) => { node.disabled = true; });
}

// The seat's socket is down on its turn: the moves are disabled at once and one sentence
// by them says why (a click that can only say "nothing was sent" is no move); the first
// update once back draws them live again. The keyboard on a move waits on the sentence
// (the focus never falls to the page's top), its place kept for then (focusSpot); on
// anything else (the leave question), it stays there.
function holdMoves(spot) {
  disableMoves();
  $("moves").prepend(el("p", {id: "moves-offline", class: "note warn moves-offline", tabindex: -1,
                              text: tr("web.table.moves_offline")}));
  const same = spot && spot.selector && document.querySelector(spot.selector);
  if (same && !same.disabled) {
    same.focus();
  } else if (spot) {
    state.focus = spot;
    $("moves-offline").focus();
  }
}

function onFrame(src, frame) {
  if (frame.type === "update") {
    src.connected = true;
    src.backoff = 500;
    src.waitingMove = false;
    if (state.untilOnline && online()) clearAlert();  // what the lost connection did, no longer
    onUpdate(src, frame);
  } else if (frame.type === "error") {
    src.waitingMove = false;
    if (state.confirmGive?.sent) state.confirmGive = null;  // refused: the seat as it is now
    // the table was removed (`ludotheque prune`): told at once, or at a reconnection whose
    // token leads nowhere now
    if (frame.code === "gone" || (frame.code === "unknown_token" && src.update)) {
      showGone();
      return;
    }
    // a shared screen's public view is the page's own socket, not anything a person did:
    // refused (the address holds its share of connections), nobody is told; it tries again
    // and meanwhile the seats' updates give the table's public part (draw)
    if (src === open) return;
    // the server could not open the table (its socket closes): said until it is back
    if (frame.code === "not_saved") {
      src.backoff = REFUSED_WRITE_MS;
      showAlert(frame.message, false);
      state.untilOnline = true;
      return;
    }
    // a rematch's seat given away while its person was not there: said, with its way to watch
    if (frame.code === "seat_given" && !shared) {
      showGone({key: frame.to === "bot" ? "web.server.error.seat_given_bot" : "web.server.error.seat_given",
                url: frame.url});
      return;
    }
    // a link that sits nobody at a table closed since (a rematch's seat given away, which
    // nobody took in time): the closing is the news, the way on is the lobby
    const closed = frame.code === "closed" && !src.update;
    if (closed && !shared) {
      showGone("web.table.rematch_closed");
      return;
    }
    const unknown = frame.code === "unknown_token" || frame.code === "seat_given" || closed;
    // a link opened afresh that leads to no table: removed or mistyped, the server cannot
    // tell (a removed table leaves no trace), so the panel says both, with the way back
    if (unknown && !shared) {
      showGone("web.server.error.unknown_token");
      return;
    }
    if (unknown) src.closedByUs = true;
    const message = frame.message || frame.code;
    if (shared && unknown) {  // said once every seat answered (checkTables)
      src.unknown = message;
      refuse(src, null);
      return;
    }
    showAlert(message, !unknown);
    draw();
  } else if (frame.type === "chat") {
    addChat(frame);
  } else if (frame.type === "rematch" && frame.url && src !== open) {
    src.rematch = frame;
    const offer = rematchOffer(frame);
    if (!offer) return;
    // this page asked: it goes to its seat(s) at the new table. A spectator's page (the
    // tablet by the TV, which nobody touches) follows the rematch once it starts, unless
    // someone chose to stay on the final screen.
    if (state.askedRematch || (mode === "watch" && offer.status === "playing" && !state.offerDismissed)) {
      leavePage(offer.url);
      return;
    }
    state.offer = offer;  // anyone else is asked, and may stay on the final screen
    if (src.update) drawResult();
  } else if (frame.type === "left") {
    src.left = frame;
    state.confirmLeave = false;
    draw();
  }
}

// The seats still held here (a shared screen's link may hold a wrong one).
function heldSeats() {
  return seats.filter((s) => !s.refused);
}

// The rematch offer for this page: its seat's own; on a shared screen, once every seat
// still played here has its offer, one address that holds the new seats still theirs. A
// seat given away there meanwhile (`give_seat`: its offer is to watch) is left out, and
// said by its person's name (`givenAway`); every seat given: the rematch to watch.
function rematchOffer(frame) {
  if (!shared) return frame;
  const players = heldSeats().filter((s) => !s.left);
  if (!players.every((s) => s.rematch)) return null;
  const own = players.filter((s) => s.rematch.url.startsWith("/play/"));
  const givenAway = players.filter((s) => s.rematch.given && s.update)
    .map((s) => ({name: seatName(s), to: s.rematch.given}));
  const url = own.length ? `/play/${own.map((s) => s.rematch.url.split("/").pop()).join("+")}`
    : players[0].rematch.url;
  return {...frame, url, given: null, givenAway};
}

// Off to another address: the sockets are closed first (no reconnection meanwhile).
function leavePage(url) {
  for (const src of sources()) {
    src.closedByUs = true;
    if (src.ws) src.ws.close();
  }
  location.assign(url);
}

// A seat of a shared screen's link left out (unknown token, another table): said (a
// `message`), and the address keeps it (nothing is lost); the other seats play on.
function refuse(src, message) {
  src.refused = true;
  src.closedByUs = true;
  if (src.ws) src.ws.close();
  if (state.revealed === src) state.revealed = null;
  if (message) showAlert(message, false);
  checkTables();
  draw();
}

// A shared screen holds the seats of one table: once every token answered, a spectator's
// (it plays no turn, asks no rematch) and those of another table than the link's first
// seat are left out, and an unknown one said; then the public view opens. No token known:
// the link leads nowhere, the one panel a single seat's link shows says so.
function checkTables() {
  if (state.checked || seats.some((s) => !s.update && !s.refused)) return;
  state.checked = true;
  if (seats.every((s) => s.unknown)) {
    showGone("web.server.error.unknown_token");
    return;
  }
  const unknown = seats.find((s) => s.unknown);
  if (unknown) {
    showAlert(tr("web.table.screen.bad_seat", {n: unknown.number, count: seats.length, message: unknown.unknown}),
              false);
  }
  const watching = (s) => s.update.seat === null || s.update.seat === undefined;
  const first = heldSeats().find((s) => !watching(s));
  for (const s of heldSeats()) {
    const why = watching(s) ? "web.table.screen.spectator"
      : s.update.table.id !== first.update.table.id ? "web.table.screen.foreign" : null;
    if (why) refuse(s, tr(why, {n: s.number, count: seats.length}));
  }
}

function onUpdate(src, update) {
  if (update.log_reset) {
    src.log = []; src.eventCount = 0;
    if (state.drawn === src) { state.logShown = 0; state.logFresh = true; }
  }
  for (const entry of update.events || []) {
    if (entry.index < src.eventCount) continue;
    src.log.push(entry);
    src.eventCount = entry.index + 1;
  }
  const before = src.update;
  src.update = update;
  if (state.drawn === src) {
    if (!before || before.move !== update.move) state.picked = [];
    playReveal(update);  // a new reveal on the screen in view: step by step
  }
  if (shared) {
    checkTables();
    // the public view of the seats held (not of a seat just left out: another table's)
    const watch = !open && state.checked && heldSeats().map((s) => s.update.watch_url).find(Boolean);
    if (watch) {
      open = source(watch.split("/").pop(), 0);
      connect(open);
    }
  }
  draw();
}

function playReveal(update) {
  const reveal = update.scene && update.scene.reveal;
  if (!reveal || reveal.key === state.revealKey) return;
  clearInterval(state.revealTimer);
  state.revealKey = reveal.key;
  state.revealShown = 1;
  state.revealOpen = true;
  state.revealTimer = setInterval(() => {
    state.revealShown += 1;
    if (state.revealShown >= reveal.steps.length) clearInterval(state.revealTimer);
    drawReveal();
  }, 700);
}

// Another screen than the last one drawn (the first, a seat shown, a cover): its own log
// from the start, no gesture half made, its reveal (if any) whole.
function startOver(src) {
  state.drawn = src;
  state.logShown = 0;
  state.logFresh = true;
  state.picked = [];
  state.confirmLeave = false;
  state.confirmGive = null;
  clearInterval(state.revealTimer);
  const reveal = src && src.update && src.update.scene && src.update.scene.reveal;
  state.revealKey = reveal ? reveal.key : null;
  state.revealShown = reveal ? reveal.steps.length : 0;
}

// -- drawing -------------------------------------------------------------------------
function hooks(src, covered) {
  const update = src && src.update;
  const interactive = mode === "play" && !covered && src === actor() && !!(update && update.legal && update.legal.length);
  return {
    interactive, table: update && update.table, send: sendMove,
    leftSeat: src && src.left ? src.left.seat : null,
    gesture: {
      picked: state.picked,
      toggle: (index) => { state.picked.push(index); draw(); },
      untake: (position) => { state.picked.splice(position, 1); draw(); },
    },
  };
}

function seatName(src) {
  const update = src.update;
  return update.table.seats[update.seat].name;
}

function draw() {
  if (state.gone) return;
  const {src, cover} = screen();
  // under a cover, or while the public view has not come (its socket not answered yet, or
  // refused: the address holds its share of connections), only what is public: the table
  // and result a seat's update shares (never what it holds of the seat's own view)
  const base = cover || (shared && state.checked && !(src && src.update) ? heldSeats().find((s) => s.update) : null);
  const update = (src && src.update) || (base && {table: base.update.table, scene: null, legal: [],
                                                  move: base.update.move, seat: null, result: base.update.result});
  if (!update) return;
  const before = state.shown;
  state.shown = update;
  const key = `${cover ? cover.number : ""}/${src ? src.number : "-"}`;
  const fresh = key !== state.drawnKey;
  if (fresh) {
    state.drawnKey = key;
    startOver(src);
  }
  state.covered = !!cover;
  const table = update.table || {};
  const scene = cover ? null : update.scene;
  const myTurn = cover ? true : !!(scene && update.seat !== null && update.seat !== undefined && scene.turn === update.seat
    && table.status === "playing");
  const publicScene = update.scene;  // the cover's title and turn line: the public table's
  document.title = `${myTurn ? "▶ " : ""}${publicScene ? publicScene.title : table.title || ""} · Ludothèque`;
  $("title").textContent = publicScene ? publicScene.title : (table.title || "");
  $("header").textContent = publicScene ? publicScene.header.join(" · ") : "";
  const turn = $("turn");
  // closed: why (nobody sat down, or the free seats stayed free)
  const someoneSat = (table.seats || []).some((s) => s.kind === "human" && s.taken);
  setText(turn, table.status === "waiting" ? tr("web.table.waiting")
    : table.status === "closed" ? tr(someoneSat ? "web.table.closed_partly" : "web.table.closed")
    : (publicScene ? publicScene.turn_text : ""));
  turn.classList.toggle("mine", myTurn);
  const everyone = shared && src === open;  // a shared screen between its people's turns
  $("role").textContent = mode === "watch" ? tr("web.table.spectator")
    : everyone && !cover && table.status !== "over" ? tr("web.table.screen.public") : "";
  showConnection();

  const h = hooks(src, !!cover);
  // for tests and styles: what the page is showing
  document.body.dataset.move = String(update.move);
  document.body.dataset.status = table.status || "";
  document.body.dataset.interactive = h.interactive ? "yes" : "no";
  document.body.dataset.screen = cover ? "cover" : everyone ? "public" : "seat";
  document.body.dataset.seat = cover || update.seat === null || update.seat === undefined ? "" : String(update.seat);
  const board = $("board");
  const lost = !document.activeElement || document.activeElement === document.body;
  const spot = focusSpot() || (lost ? state.focus : null);
  state.focus = null;
  // a card's chooser open when the same move is drawn again (someone's page came or went):
  // open again, where it was; the focus stays where the person has it
  const chooser = board.querySelector(".chooser");
  const reopen = chooser && !fresh && before && before.move === update.move
    ? chooser.previousElementSibling.dataset.actions : null;
  const kept = document.activeElement;
  // nothing of the game while the table waits for its people (the invite box says who)
  const quiet = scene === null && (update.view || table.status === "waiting");
  board.replaceChildren(cover ? coverBox(cover)
    : scene ? renderScene(scene, h) : el("p", {class: "note", text: quiet ? "" : tr("web.loading")}));
  // DTC's offer: the tray and the announcements right under the hand the cards come from
  if (scene && scene.gesture && h.interactive) board.append(renderGesture(scene, h));
  fitCardFaces(board);
  const card = reopen && [...board.querySelectorAll("button.card[data-actions]")]
    .find((node) => node.dataset.actions === reopen);
  if (card) {
    card.click();  // its chooser, which takes the focus: given back if it was elsewhere
    if (kept && kept.isConnected && !kept.closest("#board")) kept.focus();
  }
  showDeadline(update, cover);

  const moves = $("moves");
  moves.replaceChildren();
  if (scene && scene.prompt && h.interactive) moves.append(el("p", {class: "prompt", text: scene.prompt}));
  if (scene && h.interactive && scene.actions.length) {
    moves.append(el("div", {class: "actions", role: "group", "aria-label": tr("web.table.moves")},
      scene.actions.map((m) => moveButton(m, h))));
  }
  if (!scene && h.interactive) {  // no drawing of the table: the legal moves as plain buttons
    moves.append(el("div", {class: "actions", role: "group", "aria-label": tr("web.table.moves")},
      update.legal.map((m) => moveButton({id: m.id, label: m.label || m.text}, h))));
  }
  const acting = mode === "play" && !cover && !!src && src === actor();
  const mine = acting && update.seat !== null && update.seat !== undefined && table.seats ? table.seats[update.seat] : null;
  if (mine && mine.absent) {  // the turn timer handed the seat to a bot
    moves.append(el("div", {class: "banner warn absent-box"},
      el("p", {text: tr("web.table.absent_you")}),
      el("button", {type: "button", id: "back", text: tr("web.table.back"),
                    onclick: (e) => { e.target.disabled = act({type: "back"}); }})));
  }
  // under a cover, in it: where the people look (the moves' place is above it)
  if (shared && !state.revealed && table.seats) (cover ? $("cover") : moves).append(...absentBoxes(table));
  if (acting && src.left) {  // left for good: the table as a spectator sees it
    moves.append(el("div", {class: "banner left-box"},
      el("p", {text: tr("web.table.left_you")})));
  } else if (acting && !h.interactive && table.status === "playing") {
    moves.append(el("p", {class: "note", text: tr("web.table.no_moves")}));
  }
  // leaving is no move: away from them, under the chat (and last on a phone)
  $("leave-area").replaceChildren(...(mine && !src.left && table.status === "playing" ? [leaveBox()] : []));
  const waiting = !cover && table.status === "waiting";
  if (waiting) moves.append(...(mode === "play" ? waitingBox(table, update.invite_url, src) : waitingBox(table)));
  // a spectator has no moves; while the table waits, whom it waits for (the TV tells the room)
  moves.hidden = mode === "watch" && !waiting;
  drawDone(shared && !cover && src === state.revealed ? src : null);
  drawAdd(cover ? null : update);
  drawWatchShare(table);
  drawDeviceShare();
  showChat();
  drawReveal();
  drawResult();
  drawLog();
  if (h.interactive && !src.connected) holdMoves(spot);
  else if (cover && fresh) $("cover-show").focus();
  else if (spot && $("cover-hide") && !update.legal.length) $("cover-hide").focus();  // her move is made
  else if (spot) restoreFocus(spot);
  else if (state.revealed && fresh) restoreFocus({selector: null, index: 0});  // her first move
}

// A shared screen's cover: whose turn it is, and the button that shows that seat (its
// person's hand, moves and log): nothing of any seat's own view is in the page under it.
// Large, to be read at arm's length; with the turn timer, her time running (showDeadline).
function coverBox(src) {
  const name = seatName(src);
  return el("section", {class: "cover", id: "cover", "aria-labelledby": "cover-title"},
    el("h2", {id: "cover-title", text: tr("web.table.screen.cover", {name})}),
    el("p", {id: "cover-deadline", class: "cover-deadline", hidden: true}),
    el("button", {type: "button", id: "cover-show", class: "primary", text: tr("web.table.screen.show", {name}),
      onclick: () => { state.revealed = src; clearAlert(); draw(); }}));
}

// A shared screen between turns: a person here whose time ran out is told so, with her
// own way back (her stand-in plays her turns meanwhile: no cover would come for her).
function absentBoxes(table) {
  return heldSeats().filter((s) => s.update && standIn(s, table)).map((s) => {
    const name = seatName(s);
    return el("div", {class: "banner warn absent-box screen-absent"},
      el("p", {text: tr("web.table.screen.absent", {name})}),
      el("button", {type: "button", class: "screen-back", "data-seat": s.update.seat,
                    text: tr("web.table.screen.back", {name}),
                    onclick: (e) => { e.target.disabled = sendOrSay({type: "back"}, s); }}));
  });
}

// The seat shown on a shared screen: its person hides it when done (after a move, the
// page shows what it did until then; a second decision in a row needs no cover).
function drawDone(src) {
  const box = $("screen-done");
  if (!src) { box.replaceChildren(); box.hidden = true; return; }
  const done = !src.update.legal.length;
  const focused = box.contains(document.activeElement);  // the button drawn again keeps it
  box.hidden = false;
  box.replaceChildren(el("button", {type: "button", id: "cover-hide", class: done ? "primary" : "secondary",
    text: tr(done ? "web.table.screen.hide" : "web.table.screen.hide_early"),  // a mistaken "I'm Ada"
    onclick: () => { state.revealed = null; clearAlert(); draw(); if (!screen().cover) $("moves").focus(); }}));
  if (focused) $("cover-hide").focus();
}

// A text set only when it changed: a live region reads out each change, even to the same words.
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Where the keyboard is among the moves (or on the leave question): a redraw replaces every
// button (after a move of one's own or of another seat, a card picked for an offer, the
// connection lost or back), the focus must not fall to the page's top. The same move or
// named control (a question's "Keep waiting") if it is still there and live, else the
// control at the same place among the moves.
const CONTROLS = "#moves button:enabled, #board button:enabled";

function focusSpot() {
  const active = document.activeElement;
  if (active && active.id === "moves-offline" && state.focus) return state.focus;  // holdMoves
  if (!active || !active.closest("#moves, #board, #leave-area")) return null;
  const selector = selectorOf(active);  // a chooser's move: in the chooser, not the same move's button
  return {selector: selector && active.closest(".chooser") ? `.chooser ${selector}` : selector,
          index: [...document.querySelectorAll(CONTROLS)].indexOf(active)};
}

function restoreFocus(spot) {
  const same = spot.selector && document.querySelector(spot.selector);
  const controls = [...document.querySelectorAll(CONTROLS)];
  const target = same && !same.disabled ? same : controls[Math.min(Math.max(spot.index, 0), controls.length - 1)];
  // no move for now: the moves' place (Tab goes on from there; the next turn's first move)
  (target || $("moves")).focus();
}

// A table still waiting: who is missing, and its invite link to send them (the lobby's
// page with the link is gone once its creator took a seat). A rematch's seats are kept for
// their people (no invite): who it waits for is said all the same, and each seat kept for
// someone else may be given away from here (keptBox).
function waitingBox(table, url = null, src = null) {
  const missing = (table.seats || []).filter((s) => s.kind === "human" && !s.taken).map((s) => s.name);
  if (!missing.length) return [];
  const links = url ? el("div", {id: "invite-share"}) : null;
  if (links) fillShare(links, url);
  const own = src && src.update ? src.update.seat : null;
  const kept = own === null || own === undefined ? [] : table.seats.filter((s) => s.kept && s.seat !== own);
  // the seat about to be given is no longer kept (its person came, someone gave it): no question
  if (!kept.some((s) => s.seat === state.confirmGive?.seat)) state.confirmGive = null;
  return [el("div", {class: "banner invite-box"},
    el("p", {id: "waiting-for", text: tr("web.table.waiting_for", {names: missing})}),
    ...kept.map((seat) => keptBox(seat, src)), links)];
}

// A rematch's seat kept for someone who has not come (gone home): any person seated here
// may let someone else sit there (the seat is free, the invite shows) or give it to a bot
// (the table starts if nobody else is missing). For good: the page asks first, in the page
// (as for leaving), "Keep waiting" at hand. Its socket closed, nothing can be given: said.
// The server says if it was too late.
function keptBox(seat, src) {
  const label = `kept-${seat.seat}`;
  const asked = state.confirmGive && state.confirmGive.seat === seat.seat ? state.confirmGive : null;
  const offline = !src.connected;
  const ask = (to) => () => {
    state.confirmGive = {seat: seat.seat, to, sent: false};
    clearAlert();
    draw();
    $("give-no").focus();
  };
  const choices = asked ? [giveConfirm(seat, asked, src, offline)] : [
    el("button", {type: "button", class: "secondary give-anyone", text: tr("web.table.give_anyone"),
                  disabled: offline, onclick: ask("anyone")}),
    el("button", {type: "button", class: "secondary give-bot", text: tr("web.table.give_bot"),
                  disabled: offline, onclick: ask("bot")})];
  return el("div", {class: "actions kept-seat", role: "group", "aria-labelledby": label, "data-seat": seat.seat},
    el("span", {id: label, text: tr("web.table.kept_seat", {name: seat.name})}),
    ...choices,
    offline ? el("p", {class: "note give-offline", text: tr("web.table.give_offline")}) : null);
}

// "Give the seat kept for Bob away for good? ..." and its two answers; "Keep waiting"
// takes the focus (a second tap by mistake changes nothing) and gives it back to the
// button that asked.
function giveConfirm(seat, asked, src, offline) {
  const again = asked.to === "bot" ? "button.give-bot" : "button.give-anyone";
  const give = (event) => {
    asked.sent = event.target.disabled = sendOrSay({type: "give_seat", seat: seat.seat, to: asked.to}, src);
  };
  return el("div", {class: "banner warn give-confirm", role: "alertdialog", "aria-labelledby": "give-question"},
    el("p", {id: "give-question", text: tr(`web.table.give_${asked.to}_confirm`, {name: seat.name})}),
    el("div", {class: "actions"},
      el("button", {type: "button", id: "give-yes", class: "danger", text: tr(`web.table.give_${asked.to}_yes`),
                    disabled: offline || asked.sent, onclick: give}),
      el("button", {type: "button", id: "give-no", class: "primary", text: tr("web.table.give_no", {name: seat.name}),
                    disabled: asked.sent, onclick: () => {
                      state.confirmGive = null;
                      draw();
                      document.querySelector(`.kept-seat[data-seat="${seat.seat}"] ${again}`)?.focus();
                    }})));
}

// The links for other devices and their codes to scan that the server gives for `url`
// (/join/<invite>: GET /api/join/<invite>; /watch/<token>: GET /api/watch/<token>;
// /play/<token>: GET /api/play/<token>), asked once per link and kept in state[slot] (the
// page's origin may be one only this computer opens); null if the server was not reached
// or refused (the table gone meanwhile; its words in state[slot].error).
async function sharedLinks(slot, url) {
  if (state[slot]?.url !== url) {
    const [kind, token] = url.split("/").filter(Boolean);
    const share = {url, links: undefined, error: null};
    share.asked = api(`/api/${kind}/${encodeURIComponent(token)}`)
      .then((links) => { share.links = links; }, (e) => { share.links = null; share.error = e.message; });
    state[slot] = share;
  }
  if (state[slot].links === undefined) await state[slot].asked;
  return state[slot].links;
}

// The invite's link for other devices and its code to scan, into `box` once known.
async function fillShare(box, url) {
  const links = await sharedLinks("share", url);
  const label = tr("web.table.invite_link");
  // the server not reached: the link as this page knows it
  box.replaceChildren(links ? inviteLinks(links, url, label) : linkRow("invite-link", label, absolute(url)));
}

// The spectator link and its code, one tap away on a seat's page while the table waits or
// plays: a person who sat down from the lobby ("at this screen") saw no other place to get
// them, for the tablet by the TV. Drawn again only on a new link or language (an open
// fold stays).
async function drawWatchShare(table) {
  const box = $("watch-share");
  const url = mode === "play" && ["waiting", "playing"].includes(table.status)
    ? heldSeats().map((s) => s.update && s.update.watch_url).find(Boolean) : null;
  box.hidden = !url;
  if (!url) return;
  const shared = await sharedLinks("watchShare", url);
  const signature = `${url}|${lang}|${!!shared}`;
  if (box.dataset.signature === signature) return;
  box.dataset.signature = signature;
  const links = shared || {};
  box.replaceChildren(el("summary", {id: "watch-share-title", text: tr("web.table.watch_share")}),
    linkRow("spectator-link", tr("web.lobby.spectator"), links.spectator_link || absolute(url)),
    links.spectator_qr ? qrCode("spectator-qr", links.spectator_qr, links.spectator_link) : null);
}

// "Continue on another device": the seat's own link and its code to scan, folded until its
// person asks (a friend glancing at the screen catches neither), asked of the server only
// then (GET /api/play/<token>: keyed by the seat's token, never in any frame). On a
// shared screen, only while a seat's hand is shown, for that seat: under a cover or on the
// public table nobody in particular looks, and the next person must not find it open.
function drawDeviceShare() {
  const box = $("device-share");
  const src = mode === "play" ? actor() : null;
  const update = src && !src.left && src.update;
  const seated = update && update.seat !== null && update.seat !== undefined
    && ["waiting", "playing"].includes(update.table.status);
  const token = seated ? src.token : "";
  box.hidden = !token;
  if (state.deviceToken !== token) {  // another seat (or none): folded, emptied
    state.deviceToken = token;
    box.dataset.lang = "";
    box.open = false;
  }
  if (!token) { box.replaceChildren(); return; }
  if (box.dataset.lang === lang) return;  // drawn again on a new language only: it stays open
  box.dataset.lang = lang;
  box.replaceChildren(el("summary", {id: "device-share-title", text: tr("web.table.device_share")}),
    el("div", {id: "device-links"}));
  if (box.open) fillDeviceShare();
}

async function fillDeviceShare() {
  const box = $("device-share");
  const token = state.deviceToken;
  const url = `/play/${token}`;
  if (state.deviceShare?.url === url && state.deviceShare.links === null) state.deviceShare = null;  // asked again
  const links = await sharedLinks("deviceShare", url);
  if (!box.open || state.deviceToken !== token || !$("device-links")) return;  // folded meanwhile
  $("device-links").replaceChildren(
    el("p", {id: "device-warning", class: "banner warn", text: tr("web.table.device_warning")}),
    links?.seat_link ? el("p", {class: "note", text: tr("web.table.device_hint")}) : null,  // it opens there
    links ? deviceLinks("seat", links, url, tr("web.table.device_link"), "web.table.device_local_only",
                        "web.table.device_local_link")
      : el("p", {id: "device-error", class: "error-box", role: "alert", text: state.deviceShare.error}));
}

// "Leave the table", then a confirmation in the page: the seat goes to a bot for good.
function leaveBox() {
  if (!state.confirmLeave) {
    return el("div", {class: "actions leave"}, el("button", {type: "button", id: "leave", class: "danger",
      text: tr("web.table.leave"), onclick: () => { state.confirmLeave = true; draw(); $("leave-no").focus(); }}));
  }
  return el("div", {class: "banner warn leave-confirm", role: "alertdialog", "aria-labelledby": "leave-question"},
    el("p", {id: "leave-question", text: tr("web.table.leave_confirm")}),
    el("div", {class: "actions"},
      el("button", {type: "button", id: "leave-yes", class: "danger", text: tr("web.table.leave_yes"),
                    onclick: (e) => { e.target.disabled = act({type: "leave"}); }}),
      el("button", {type: "button", id: "leave-no", class: "primary", text: tr("web.table.leave_no"),
                    onclick: () => { state.confirmLeave = false; draw(); $("leave").focus(); }})));
}

// "Add a player at this screen": while the table waits, another free human seat taken
// with its own name (the join page's API); the page then holds both seats, its address
// every token (/play/<token>+<token>), which reopens them all. Drawn again only when the
// free seats change, so that a name being typed stays.
function drawAdd(update) {
  const area = $("add-area");
  const table = update && update.table;
  const free = table && mode === "play" && table.status === "waiting" && update.invite_url
    ? table.seats.filter((s) => s.kind === "human" && !s.taken) : [];
  const signature = `${state.adding}|${free.map((s) => s.seat).join(",")}|${lang}`;
  if (area.dataset.signature === signature) return;
  area.dataset.signature = signature;
  area.hidden = !free.length;
  if (!free.length) { area.replaceChildren(); return; }
  if (!state.adding) {
    area.replaceChildren(el("button", {type: "button", id: "add-player", class: "secondary",
      text: tr("web.table.screen.add"), onclick: () => { state.adding = true; drawAdd(update); $("add-name").focus(); }}));
    return;
  }
  const typed = $("add-name") ? $("add-name").value : "";
  const invite = update.invite_url.split("/").pop();
  const form = el("form", {class: "panel-form add-form", id: "add-form", "aria-labelledby": "add-title", novalidate: true},
    el("h2", {id: "add-title", text: tr("web.table.screen.add")}),
    el("div", {class: "field"}, el("label", {for: "add-seat", text: tr("web.join.seat")}),
      el("select", {id: "add-seat"}, free.map((s) => el("option", {value: s.seat, text: tr("web.lobby.seat", {n: s.seat + 1})})))),
    el("div", {class: "field"}, el("label", {for: "add-name", text: tr("web.join.name")}),
      el("input", {id: "add-name", type: "text", maxlength: 24, required: true, autocomplete: "off", value: typed})),
    el("p", {id: "add-error", class: "error-box", role: "alert", hidden: true}),
    el("div", {class: "actions"},
      el("button", {type: "submit", id: "add-submit", class: "primary", text: tr("web.table.screen.add_submit")}),
      el("button", {type: "button", id: "add-cancel", class: "secondary", text: tr("web.table.cancel"),
        onclick: () => { state.adding = false; drawAdd(update); $("add-player").focus(); }})));
  form.addEventListener("submit", (event) => { event.preventDefault(); addPlayer(invite); });
  area.replaceChildren(form);
}

async function addPlayer(invite) {
  const box = $("add-error");
  const name = typedName($("add-name"), box);
  if (!name) return;
  try {
    const data = await api(`/api/join/${encodeURIComponent(invite)}`, {seat: Number($("add-seat").value), name});
    const held = heldSeats().map((s) => s.token);
    leavePage(`/play/${[...held, data.seat_url.split("/").pop()].join("+")}`);
  } catch (e) {  // a name or a seat taken meanwhile: said, the form stays as it was
    sayError(box, e.message, $("add-name"));
  }
}

// The rematch someone asked for: join one's own seat there (or watch it), or stay here
// (the offer then folds to its link).
function offerBox() {
  const offer = state.offer;
  if (!offer) return null;
  const box = el("div", {class: "banner rematch-offer", id: "rematch-offer"});
  if (offer.by && offer.by.length && !state.offerDismissed) {
    // the offer comes again when someone joins the new table: who is there by now. This
    // person among them (a page left behind: Back, another device of the seat) is "you",
    // with the others: names are one person's at a table and its rematch alike.
    const own = mode === "play" && !shared && seats[0].update ? seatName(seats[0]) : null;
    const others = offer.by.filter((name) => name !== own);
    const key = others.length < offer.by.length
      ? (others.length ? "web.table.rematch_here_with" : "web.table.rematch_here")
      : offer.by.length > 1 ? "web.table.rematch_joined" : "web.table.rematch_offer";
    box.append(el("p", {id: "rematch-who", text: tr(key, {names: others})}));
  }
  if (offer.status === "closed") {
    box.append(el("p", {class: "note", text: tr("web.table.rematch_closed")}));
    return box;
  }
  // this person's seat there was given away while they were not there: why they may only watch
  // (a shared screen: whose seat, and to whom, each person by name)
  const given = offer.given ? [tr(offer.given === "bot" ? "web.server.error.seat_given_bot" : "web.server.error.seat_given")]
    : (offer.givenAway || []).map(({name, to}) => tr(to === "bot" ? "web.table.rematch_given_bot" : "web.table.rematch_given", {name}));
  if (given.length && !state.offerDismissed) box.append(el("p", {id: "rematch-given", text: given.join(" ")}));
  const watching = offer.url.startsWith("/watch/");
  const actions = el("div", {class: "actions"},
    el("a", {class: "button-link primary", id: "rematch-join", href: offer.url,
             text: tr(watching ? "web.table.rematch_watch" : "web.table.rematch_join")}));
  // staying: the offer folds to its link (the final screen stays as it is)
  if (!state.offerDismissed) {
    actions.append(el("button", {type: "button", class: "secondary", id: "rematch-stay",
      text: tr("web.table.rematch_stay"), onclick: () => { state.offerDismissed = true; drawResult(); }}));
  }
  box.append(actions);
  return box;
}

function selectorOf(node) {
  if (!node.dataset) return null;
  if (node.dataset.action) return `[data-action="${node.dataset.action}"]`;
  if (node.dataset.claim) return `[data-claim="${node.dataset.claim}"]`;
  return node.id && node.tagName === "BUTTON" ? `#${node.id}` : null;  // not #moves itself
}

function drawReveal() {
  const box = $("reveal");
  const update = state.shown;
  const reveal = !state.covered && update && update.scene && update.scene.reveal;
  if (!reveal) { box.replaceChildren(); box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(renderReveal(reveal, state.revealShown, () => {
    clearInterval(state.revealTimer);
    state.revealShown = reveal.steps.length;
    drawReveal();
  }, state.revealOpen, (open) => { state.revealOpen = open; }));
}

function drawResult() {
  const box = $("result");
  const update = state.shown;
  if (!update) return;
  const scene = update.scene;
  const over = update.table && update.table.status === "over";
  if (!over) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const result = (scene && scene.result) || {title: tr("web.turn.over"), lines: []};
  const lines = result.lines.length ? result.lines : ((update.result && update.result.lines) || []);
  const buttons = el("div", {class: "actions"});
  // a shared screen asks through its first seat still played; each gets its own new token
  const asker = heldSeats().find((s) => !s.left);
  if (mode === "play" && asker && !state.offer) {
    buttons.append(el("button", {type: "button", class: "move primary", id: "rematch", text: tr("web.table.rematch"),
      onclick: (e) => { state.askedRematch = e.target.disabled = sendOrSay({type: "rematch"}, asker); }}));
  }
  const tableId = update.table.id;
  if (tableId) {
    buttons.append(el("a", {class: "button-link", href: `/replay/${encodeURIComponent(tableId)}`, text: tr("web.table.replay")}));
    buttons.append(el("a", {class: "button-link", href: `/api/tables/${encodeURIComponent(tableId)}/record`,
                            download: `ludotheque-${tableId}.json`, text: tr("web.table.export")}));
  }
  const offer = offerBox();
  replaceIfChanged(box, [el("h2", {text: result.title}),
    el("ul", {}, lines.map((line) => el("li", {text: line}))), buttons, offer]);
}

// A live region's children replaced only if they differ: the same result is not read out
// again at every update, and a focused button in it stays.
function replaceIfChanged(box, nodes) {
  const fresh = el("div", {}, nodes);
  if (fresh.innerHTML !== box.innerHTML) box.replaceChildren(...fresh.childNodes);
}

// The log is a live region: only new entries are added, so only they are read out. A whole
// new log (the first, or in another language) goes into a new list, which is not read out.
function drawLog() {
  let list = $("log");
  const atBottom = state.logFresh || list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  if (state.logFresh) {
    const fresh = list.cloneNode(false);
    const focused = list.contains(document.activeElement);
    list.replaceWith(fresh);
    list = fresh;
    if (focused) list.focus({preventScroll: true});  // the keyboard stays on the log
    state.logFresh = false;
  }
  // the end of the game is the result's to say (who won, everyone's score, what next):
  // the log does not say it a second time (the terminal's and the replay's narration do)
  const log = state.drawn ? state.drawn.log : [];
  const told = log.slice(state.logShown).filter((entry) => !(entry.event && entry.event.kind === "game_over"));
  list.append(...told.flatMap((entry) => (entry.lines || []).map((line) => el("li", {text: line}))));
  state.logShown = log.length;
  // nothing played yet (a table waiting for its people): no empty "Game log" box
  $("log-panel").hidden = !list.children.length;
  if (atBottom) list.scrollTop = list.scrollHeight;
}

const chatSeen = new Set();  // the server sends the recent chat again after each hello

function addChat(frame) {
  const key = `${frame.time}|${frame.seat}|${frame.from}|${frame.text}`;
  if (chatSeen.has(key)) return;
  chatSeen.add(key);
  const list = $("chat-list");
  const time = frame.time ? new Date(frame.time) : new Date();
  const hh = time.toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit"});
  list.append(el("li", {}, el("span", {class: "dim", text: `${hh} `}),
    el("strong", {text: `${frame.from || "?"}${lang === "fr" ? "\u202f:" : ":"} `}), el("span", {text: frame.text || ""})));
  list.scrollTop = list.scrollHeight;
  showChat();
}

// Who writes in the chat: the seat whose person acts here; on a shared screen between
// turns, on the public table or at the end, the one of its people chosen in the form
// ("Who is writing?", remembered by name: the same family at its rematch), each line sent
// on that seat's own socket.
const CHAT_AS = "ludotheque.chat-as";

function writers() {
  return shared && !actor() && state.checked ? heldSeats().filter((s) => s.update && !s.left) : [];
}

function chatter() {
  const people = writers();
  if (!people.length) return actor();
  const chosen = localStorage.getItem(CHAT_AS);
  return people.find((s) => seatName(s) === chosen) || people[0];
}

// Only players write: a spectator (or a player who left) reads the chat without its
// form, told why; with no message yet, a spectator sees no empty panel at all.
function showChat() {
  const writer = chatter();
  const reader = mode === "watch" || !writer || !!writer.left;
  $("chat-form").hidden = reader;
  $("chat-readonly").hidden = !reader || (shared && !writer);
  $("chat-panel").hidden = mode === "watch" && !$("chat-list").children.length;
  drawChatAs(writer);
}

// The shared screen's "Who is writing?": its people by name (drawn again only when they
// change, so that an open list stays open).
function drawChatAs(writer) {
  const people = writers();
  const box = $("chat-as-box");
  box.hidden = !people.length;
  const choice = $("chat-as");
  const signature = people.map(seatName).join("\n");
  if (choice.dataset.signature !== signature) {
    choice.dataset.signature = signature;
    choice.replaceChildren(...people.map((s) => el("option", {value: seatName(s), text: seatName(s)})));
  }
  if (writer && people.includes(writer)) choice.value = seatName(writer);
}

// The seats' sockets: the public view's, refused or not come yet, leaves nothing undone
// (its table's public part is drawn from theirs).
function online() {
  return seats.every((s) => s.connected || s.closedByUs);
}

// "Reconnecting…" while a seat's socket is down.
function showConnection() {
  const box = $("connection");
  const connected = online();
  const text = connected ? "" : tr("web.table.reconnecting");
  box.hidden = connected;
  if (box.textContent !== text) box.textContent = text;  // unchanged: the node stays
}

// The turn timer's time left; under a cover in it alone, to the person it waits for.
function showDeadline(update, cover) {
  clearInterval(state.timerTick);
  const box = $("deadline");
  const deadline = update.table && update.table.deadline;
  if (!deadline) { box.textContent = ""; return; }
  const coverBox = cover && $("cover-deadline");
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    box.textContent = coverBox ? "" : tr("web.table.deadline", {seconds: left});
    if (coverBox) {
      coverBox.hidden = false;
      coverBox.textContent = tr("web.table.screen.deadline", {name: seatName(cover), seconds: left});
    }
  };
  tick();
  state.timerTick = setInterval(tick, 1000);
}

// `fades`: hidden again after ALERT_MS (a wrong link's message stays: nothing follows it)
function showAlert(message, fades = true) {
  clearTimeout(state.alertTimer);
  state.untilOnline = false;
  $("alert").textContent = message;
  $("alert").hidden = false;
  state.alertTimer = fades ? setTimeout(clearAlert, ALERT_MS) : null;
}

function clearAlert() {
  clearTimeout(state.alertTimer);
  state.alertTimer = null;
  state.untilOnline = false;
  $("alert").hidden = true;
  $("alert").textContent = "";
}

// The table no longer exists: no socket tries again, and the page says so (`key`'s
// words), with the way back to the lobby, in place of a table that would look live.
function showGone(key = "web.table.gone") {
  state.gone = key;
  for (const src of sources()) {
    src.closedByUs = true;
    if (src.ws) src.ws.close();
  }
  clearAlert();
  $("connection").hidden = true;
  document.querySelector("main").hidden = true;
  document.body.dataset.status = "gone";
  drawGone();
  $("gone").hidden = false;
}

// `state.gone`: a text's key, or a rematch's seat given away ({key: its text's, as the
// server said it, url: the rematch's public link}), whose way on is to watch it; each
// drawn in the page's language of the moment
function drawGone() {
  const given = typeof state.gone === "object" && state.gone;
  $("gone-text").textContent = tr(given ? given.key : state.gone || "web.table.gone");
  $("gone-home").textContent = tr(given ? "web.table.rematch_watch" : "web.back_lobby");
  $("gone-home").href = given ? given.url : "/";
}

// -- static parts of the page, drawn again on a language switch ----------------------
function drawChrome() {
  $("langs").replaceChildren(langSwitch(async () => {
    await loadTexts();
    drawChrome();
    for (const src of sources()) send({type: "lang", lang}, src);
    draw();
  }));
  $("rules-button").textContent = tr("web.rules");
  $("log-title").textContent = tr("web.table.log");
  $("chat-title").textContent = tr("web.table.chat");
  $("chat-text").placeholder = tr("web.table.chat_placeholder");
  $("chat-text").setAttribute("aria-label", tr("web.table.chat_placeholder"));
  $("chat-send").textContent = tr("web.table.send");
  $("chat-as-label").textContent = tr("web.table.screen.chat_as");
  $("home").title = tr("web.back_lobby");
  $("chat-readonly").textContent = tr("web.table.chat_readonly");
  drawGone();
  showChat();
}

async function main() {
  await loadTexts();
  drawChrome();
  $("rules-button").addEventListener("click", () => {
    const held = sources().find((s) => s.update);
    const game = held && held.update.table.game;
    if (game) showRules(game);
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (sendOrSay({type: "chat", text: text.slice(0, 300)}, chatter())) input.value = "";
  });
  $("device-share").addEventListener("toggle", () => {
    if ($("device-share").open) fillDeviceShare();
    else $("device-links")?.replaceChildren();  // folded: the link and its code leave the page
  });
  $("chat-as").addEventListener("change", (event) => {
    localStorage.setItem(CHAT_AS, event.target.value);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".chooser").forEach((box) => {
      if (box.contains(document.activeElement)) box.previousElementSibling.focus();  // its card
      box.remove();
    });
  });
  window.addEventListener("resize", () => fitCardFaces($("board")));  // grid cards resize
  seats.forEach(connect);
  setInterval(listen, 1000);
}

main();
