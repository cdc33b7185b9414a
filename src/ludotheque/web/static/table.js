// The table page (/play/<seat token> and /watch/<spectator token>): one WebSocket, the
// server's frames drawn as they come, moves sent as atomic action lists.

import {el, tr, lang, setLang, loadTexts, langSwitch, showRules, api, absolute, linkRow} from "./common.js";
import {renderScene, renderGesture, renderReveal, moveButton, fitCardFaces} from "./render.js";

const parts = location.pathname.split("/").filter(Boolean);
const mode = parts[0] === "watch" ? "watch" : "play";
const token = parts[1] || "";

const state = {
  ws: null, update: null, log: [], eventCount: 0, backoff: 500, closedByUs: false,
  waitingMove: false, revealKey: null, revealShown: 0, revealTimer: null, first: true,
  picked: [], gestureKey: null, revealOpen: true, chat: [], connected: false, timerTick: null,
  alertTimer: null,
  // the rematch: asked on this page (then it goes there), or offered (the page asks)
  askedRematch: false, offer: null, offerDismissed: false,
  left: null,  // this page's person left the table: {seat, url}
  confirmLeave: false,
  focus: null,  // where the keyboard was when a move went (its button is disabled then)
  logShown: 0, logFresh: true,  // log entries in the page; a new list for the next draw
};

// A refusal stays in view until the person's next action, or this long (an update that
// follows it, such as the fresh table after a stale move, leaves it where it is).
const ALERT_MS = 10000;

const $ = (id) => document.getElementById(id);

// -- the WebSocket, with reconnection (backoff) and `since` --------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  state.ws = ws;
  ws.addEventListener("open", () => {
    ws.send(JSON.stringify({type: "hello", token, lang, since: state.eventCount}));
  });
  ws.addEventListener("message", (message) => {
    let frame;
    try { frame = JSON.parse(message.data); } catch (e) { return; }
    onFrame(frame);
  });
  ws.addEventListener("close", () => {
    state.connected = false;
    state.waitingMove = false;
    if (state.closedByUs) return;
    showConnection();
    const delay = state.backoff;
    state.backoff = Math.min(state.backoff * 2, 4000);
    setTimeout(connect, delay + Math.random() * 200);
  });
}

// What the person does (a move, a chat line, "I'm back", rematch): the last refusal is
// answered, so it goes.
function act(frame) {
  clearAlert();
  return send(frame);
}

function send(frame) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(frame));
    return true;
  }
  return false;
}

function sendMove(actions) {
  if (state.waitingMove || !state.update) return;
  const spot = focusSpot();
  if (act({type: "move", actions, move: state.update.move})) {
    state.waitingMove = true;
    state.focus = spot;
    document.querySelectorAll("#board button.move, #board button.playable, #moves button")
      .forEach((b) => { b.disabled = true; });
  }
}

function onFrame(frame) {
  if (frame.type === "update") {
    state.connected = true;
    state.backoff = 500;
    state.waitingMove = false;
    onUpdate(frame);
  } else if (frame.type === "error") {
    state.waitingMove = false;
    if (frame.code === "unknown_token") state.closedByUs = true;
    showAlert(frame.message || frame.code, frame.code !== "unknown_token");
    if (state.update) draw();
  } else if (frame.type === "chat") {
    addChat(frame);
  } else if (frame.type === "rematch" && frame.url) {
    if (state.askedRematch) {  // this page asked: it goes to its seat at the new table
      state.closedByUs = true;
      if (state.ws) state.ws.close();
      location.assign(frame.url);
      return;
    }
    state.offer = frame;  // anyone else is asked, and may stay on the final screen
    if (state.update) drawResult();
  } else if (frame.type === "left") {
    state.left = frame;
    state.confirmLeave = false;
    if (state.update) draw();
  }
}

function onUpdate(update) {
  if (update.log_reset) { state.log = []; state.eventCount = 0; state.logShown = 0; state.logFresh = true; }
  for (const entry of update.events || []) {
    if (entry.index < state.eventCount) continue;
    state.log.push(entry);
    state.eventCount = entry.index + 1;
  }
  const before = state.update;
  state.update = update;
  if (!before || before.move !== update.move) { state.picked = []; }
  const reveal = update.scene && update.scene.reveal;
  if (reveal && reveal.key !== state.revealKey) {
    clearInterval(state.revealTimer);
    state.revealKey = reveal.key;
    if (state.first) {
      state.revealShown = reveal.steps.length;
    } else {
      state.revealShown = 1;
      state.revealOpen = true;
      state.revealTimer = setInterval(() => {
        state.revealShown += 1;
        if (state.revealShown >= reveal.steps.length) clearInterval(state.revealTimer);
        drawReveal();
      }, 700);
    }
  }
  state.first = false;
  draw();
}

// -- drawing -------------------------------------------------------------------------
function hooks() {
  const interactive = mode === "play" && !!(state.update && state.update.legal && state.update.legal.length);
  return {
    interactive, table: state.update && state.update.table, send: sendMove,
    leftSeat: state.left ? state.left.seat : null,
    gesture: {
      picked: state.picked,
      toggle: (index) => { state.picked.push(index); draw(); },
      untake: (position) => { state.picked.splice(position, 1); draw(); },
    },
  };
}

function draw() {
  const update = state.update;
  if (!update) return;
  const table = update.table || {};
  const scene = update.scene;
  const myTurn = !!(scene && update.seat !== null && update.seat !== undefined && scene.turn === update.seat
    && table.status === "playing");
  document.title = `${myTurn ? "▶ " : ""}${scene ? scene.title : table.title || ""} · Ludothèque`;
  $("title").textContent = scene ? scene.title : (table.title || "");
  $("header").textContent = scene ? scene.header.join(" · ") : "";
  const turn = $("turn");
  // closed: why (nobody sat down, or the free seats stayed free)
  const someoneSat = (table.seats || []).some((s) => s.kind === "human" && s.taken);
  setText(turn, table.status === "waiting" ? tr("web.table.waiting")
    : table.status === "closed" ? tr(someoneSat ? "web.table.closed_partly" : "web.table.closed")
    : (scene ? scene.turn_text : ""));
  turn.classList.toggle("mine", myTurn);
  $("role").textContent = mode === "watch" ? tr("web.table.spectator") : "";
  showConnection();
  showDeadline();

  const h = hooks();
  // for tests and styles: what the page is showing
  document.body.dataset.move = String(update.move);
  document.body.dataset.status = table.status || "";
  document.body.dataset.interactive = h.interactive ? "yes" : "no";
  const board = $("board");
  const lost = !document.activeElement || document.activeElement === document.body;
  const spot = focusSpot() || (lost ? state.focus : null);
  state.focus = null;
  // nothing of the game while the table waits for its people (the invite box says who)
  const quiet = scene === null && (update.view || table.status === "waiting");
  board.replaceChildren(scene ? renderScene(scene, h) : el("p", {class: "note", text: quiet ? "" : tr("web.loading")}));
  // DTC's offer: the tray and the announcements right under the hand the cards come from
  if (scene && scene.gesture && h.interactive) board.append(renderGesture(scene, h));
  fitCardFaces(board);

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
  const mine = update.seat !== null && update.seat !== undefined && table.seats ? table.seats[update.seat] : null;
  if (mode === "play" && mine && mine.absent) {  // the turn timer handed the seat to a bot
    moves.append(el("div", {class: "banner warn absent-box"},
      el("p", {text: tr("web.table.absent_you")}),
      el("button", {type: "button", id: "back", text: tr("web.table.back"),
                    onclick: (e) => { e.target.disabled = true; act({type: "back"}); }})));
  }
  if (mode === "play" && state.left) {  // left for good: the table as a spectator sees it
    moves.append(el("div", {class: "banner left-box"},
      el("p", {text: tr("web.table.left_you")})));
  } else if (mode === "play" && !h.interactive && table.status === "playing") {
    moves.append(el("p", {class: "note", text: tr("web.table.no_moves")}));
  }
  // leaving is no move: away from them, under the chat (and last on a phone)
  $("leave-area").replaceChildren(...(mode === "play" && mine && !state.left
    && table.status === "playing" ? [leaveBox()] : []));
  if (mode === "play" && update.invite_url) moves.append(inviteBox(table, update.invite_url));
  showChat();
  moves.hidden = mode === "watch";
  drawReveal();
  drawResult();
  drawLog();
  if (spot) restoreFocus(spot);
}

// A text set only when it changed: a live region reads out each change, even to the same words.
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Where the keyboard is among the moves: a redraw replaces every button (after a move of
// one's own or of another seat, a card picked for an offer), the focus must not fall to
// the page's top. The same move if it is still there, else the control at the same place.
const CONTROLS = "#moves button:enabled, #board button:enabled";

function focusSpot() {
  const active = document.activeElement;
  if (!active || !active.closest("#moves, #board")) return null;
  return {selector: selectorOf(active), index: [...document.querySelectorAll(CONTROLS)].indexOf(active)};
}

function restoreFocus(spot) {
  const same = spot.selector && document.querySelector(spot.selector);
  const controls = [...document.querySelectorAll(CONTROLS)];
  const target = same && !same.disabled ? same : controls[Math.min(Math.max(spot.index, 0), controls.length - 1)];
  // no move for now: the moves' place (Tab goes on from there; the next turn's first move)
  (target || $("moves")).focus();
}

// A table still waiting: who is missing, and its invite link to send them (the lobby's
// page with the link is gone once its creator took a seat).
function inviteBox(table, url) {
  const missing = (table.seats || []).filter((s) => s.kind === "human" && !s.taken).map((s) => s.name);
  return el("div", {class: "banner invite-box"},
    el("p", {id: "waiting-for", text: tr("web.table.waiting_for", {names: missing})}),
    linkRow("invite-link", tr("web.table.invite_link"), absolute(url)));
}

// "Leave the table", then a confirmation in the page: the seat goes to a bot for good.
function leaveBox() {
  if (!state.confirmLeave) {
    return el("div", {class: "actions leave"}, el("button", {type: "button", id: "leave", class: "danger",
      text: tr("web.table.leave"), onclick: () => { state.confirmLeave = true; draw(); $("leave-no").focus(); }}));
  }
  return el("div", {class: "banner warn leave-confirm", role: "alertdialog"},
    el("p", {text: tr("web.table.leave_confirm")}),
    el("div", {class: "actions"},
      el("button", {type: "button", id: "leave-yes", class: "danger", text: tr("web.table.leave_yes"),
                    onclick: (e) => { e.target.disabled = true; act({type: "leave"}); }}),
      el("button", {type: "button", id: "leave-no", class: "primary", text: tr("web.table.leave_no"),
                    onclick: () => { state.confirmLeave = false; draw(); $("leave").focus(); }})));
}

// The rematch someone asked for: join one's own seat there (or watch it), or stay here
// (the offer then folds to its link).
function offerBox() {
  const offer = state.offer;
  if (!offer) return null;
  const box = el("div", {class: "banner rematch-offer", id: "rematch-offer"});
  if (offer.by && offer.by.length && !state.offerDismissed) {
    // the offer comes again when someone joins the new table: who is there by now
    box.append(el("p", {text: tr(offer.by.length > 1 ? "web.table.rematch_joined" : "web.table.rematch_offer",
                                 {names: offer.by})}));
  }
  if (offer.status === "closed") {
    box.append(el("p", {class: "note", text: tr("web.table.rematch_closed")}));
    return box;
  }
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
  return null;
}

function drawReveal() {
  const box = $("reveal");
  const reveal = state.update && state.update.scene && state.update.scene.reveal;
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
  const update = state.update;
  const scene = update.scene;
  const over = update.table && update.table.status === "over";
  if (!over) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  const result = (scene && scene.result) || {title: tr("web.turn.over"), lines: []};
  const lines = result.lines.length ? result.lines : ((update.result && update.result.lines) || []);
  const buttons = el("div", {class: "actions"});
  if (mode === "play" && !state.left && !state.offer) {
    buttons.append(el("button", {type: "button", class: "move primary", id: "rematch", text: tr("web.table.rematch"),
      onclick: (e) => { e.target.disabled = true; state.askedRematch = true; act({type: "rematch"}); }}));
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
  const told = state.log.slice(state.logShown).filter((entry) => !(entry.event && entry.event.kind === "game_over"));
  list.append(...told.flatMap((entry) => (entry.lines || []).map((line) => el("li", {text: line}))));
  state.logShown = state.log.length;
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

// Only players write: a spectator (or a player who left) reads the chat without its
// form, told why; with no message yet, a spectator sees no empty panel at all.
function showChat() {
  const reader = mode === "watch" || !!state.left;
  $("chat-form").hidden = reader;
  $("chat-readonly").hidden = !reader;
  $("chat-panel").hidden = mode === "watch" && !$("chat-list").children.length;
}

function showConnection() {
  const box = $("connection");
  box.hidden = state.connected;
  box.textContent = state.connected ? "" : tr("web.table.reconnecting");
}

function showDeadline() {
  clearInterval(state.timerTick);
  const box = $("deadline");
  const deadline = state.update && state.update.table && state.update.table.deadline;
  if (!deadline) { box.textContent = ""; return; }
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    box.textContent = tr("web.table.deadline", {seconds: left});
  };
  tick();
  state.timerTick = setInterval(tick, 1000);
}

// `fades`: hidden again after ALERT_MS (a wrong link's message stays: nothing follows it)
function showAlert(message, fades = true) {
  clearTimeout(state.alertTimer);
  $("alert").textContent = message;
  $("alert").hidden = false;
  state.alertTimer = fades ? setTimeout(clearAlert, ALERT_MS) : null;
}

function clearAlert() {
  clearTimeout(state.alertTimer);
  state.alertTimer = null;
  $("alert").hidden = true;
  $("alert").textContent = "";
}

// -- static parts of the page, drawn again on a language switch ----------------------
function drawChrome() {
  $("langs").replaceChildren(langSwitch(async () => {
    await loadTexts();
    drawChrome();
    send({type: "lang", lang});
    if (state.update) draw();
  }));
  $("rules-button").textContent = tr("web.rules");
  $("log-title").textContent = tr("web.table.log");
  $("chat-title").textContent = tr("web.table.chat");
  $("chat-text").placeholder = tr("web.table.chat_placeholder");
  $("chat-text").setAttribute("aria-label", tr("web.table.chat_placeholder"));
  $("chat-send").textContent = tr("web.table.send");
  $("home").title = tr("web.back_lobby");
  $("chat-readonly").textContent = tr("web.table.chat_readonly");
  showChat();
}

async function main() {
  await loadTexts();
  drawChrome();
  $("rules-button").addEventListener("click", () => {
    const game = state.update && state.update.table && state.update.table.game;
    if (game) showRules(game);
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    if (act({type: "chat", text: text.slice(0, 300)})) input.value = "";
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".chooser").forEach((box) => {
      if (box.contains(document.activeElement)) box.previousElementSibling.focus();  // its card
      box.remove();
    });
  });
  window.addEventListener("resize", () => fitCardFaces($("board")));  // grid cards resize
  connect();
}

main();
