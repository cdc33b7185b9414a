// The replay page (/replay/<table>): step through a finished game with buttons or arrow
// keys, seen by the public, by one seat, or by every seat at once (the full reveal: each
// seat's own view side by side; the server gives it only once the game is over).

import {el, tr, loadTexts, langSwitch, showRules, api} from "./common.js";
import {renderScene, renderReveal, fitCardFaces} from "./render.js";

const EVERYONE = "all";

const $ = (id) => document.getElementById(id);
const table = location.pathname.split("/").filter(Boolean)[1] || "";
let data = null;
let step = null;
let seat = "";
let loading = false;

// Loads a step (null: the last); `note`, a message kept shown over it. Returns the error's
// message if the server refused the step, else null.
async function load(target, note = null) {
  if (loading) return null;
  loading = true;
  try {
    const params = new URLSearchParams();
    if (target !== null && target !== undefined) params.set("step", String(target));
    if (seat === EVERYONE) params.set("reveal", "1");
    else if (seat !== "") params.set("seat", seat);
    data = await api(`/api/tables/${encodeURIComponent(table)}/replay?${params}`);
    step = data.step;
    $("alert").hidden = !note;
    $("alert").textContent = note || "";
    draw();
    return null;
  } catch (error) {
    $("alert").hidden = false;
    $("alert").textContent = error.message;
    return error.message;
  } finally {
    loading = false;
  }
}

function go(target) {
  if (!data) return;
  const next = Math.max(0, Math.min(data.total, target));
  if (next !== step) load(next);
}

function drawControls() {
  const seats = data ? data.names.map((name, i) => el("option", {value: i, selected: String(i) === seat, text: name})) : [];
  $("controls").replaceChildren(
    el("button", {type: "button", id: "first", text: tr("web.replay.first"), onclick: () => go(0)}),
    el("button", {type: "button", id: "prev", text: tr("web.replay.prev"), onclick: () => go(step - 1)}),
    el("button", {type: "button", id: "next", text: tr("web.replay.next"), onclick: () => go(step + 1)}),
    el("button", {type: "button", id: "last", text: tr("web.replay.last"), onclick: () => go(data.total)}),
    el("label", {for: "seat-view", class: "dim", text: tr("web.replay.view_of")}),
    el("select", {id: "seat-view", onchange: (e) => { seat = e.target.value; load(step); }},
      el("option", {value: "", selected: seat === "", text: tr("web.replay.public")}), seats,
      el("option", {value: EVERYONE, selected: seat === EVERYONE, text: tr("web.replay.everyone")})),
    el("span", {class: "note", text: tr("web.replay.keys")}));
}

function draw() {
  $("title").textContent = `${tr("web.replay.title")} · ${data.title}`;
  document.title = $("title").textContent;
  drawControls();
  $("step").textContent = tr("web.replay.step", {step: data.step, total: data.total});
  const actor = data.actor_name ?? null;  // "Ada (bot)" for a stand-in's move
  $("action").textContent = !data.action ? "" : (actor === null ? data.action.label
    : tr("web.replay.action", {player: actor, move: data.action.label}));
  const scene = data.scene;
  $("header").textContent = scene ? [scene.turn_text, ...scene.header].filter(Boolean).join(" · ") : "";
  const board = $("board");
  board.replaceChildren();
  const hooks = {interactive: false, table: null, send: () => {}, gesture: null};
  if (scene && scene.reveal) board.append(renderReveal(scene.reveal, scene.reveal.steps.length, null));
  if (data.reveal) {
    board.append(el("div", {class: "reveal-seats"}, data.reveal.map((each) => el("section",
      {class: "reveal-seat", "data-seat": each.seat, "aria-label": tr("web.replay.seen_by", {name: each.name})},
      el("h2", {text: tr("web.replay.seen_by", {name: each.name})}),
      each.scene ? renderScene(each.scene, {...hooks, level: 3}) : el("p", {class: "note", text: "—"})))));
  } else if (scene) {
    board.append(renderScene(scene, hooks));
  }
  fitCardFaces(board);
  const result = $("result");
  const over = data.step === data.total && data.result;
  result.hidden = !over;
  if (over) {
    result.replaceChildren(el("h2", {text: (scene && scene.result && scene.result.title) || tr("web.table.result")}),
      el("ul", {}, ((data.result.lines && data.result.lines.length ? data.result.lines : (scene && scene.result ? scene.result.lines : [])))
        .map((line) => el("li", {text: line}))));
  }
  const log = $("log");
  log.replaceChildren(...(data.lines || []).map((line) => el("li", {text: line})));
  log.scrollTop = log.scrollHeight;
}

async function main() {
  await loadTexts();
  chrome();
  $("rules-button").addEventListener("click", () => data && showRules(data.game));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") { event.preventDefault(); go(step + 1); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); go(step - 1); }
    else if (event.key === "Home") { event.preventDefault(); go(0); }
    else if (event.key === "End") { event.preventDefault(); go(data.total); }
  });
  window.addEventListener("resize", () => fitCardFaces($("board")));  // grid cards resize
  // a link to one step (/replay/<table>?step=12); a step refused is said over the last one
  const asked = new URLSearchParams(location.search).get("step");
  const refused = await load(asked);
  if (refused && asked !== null) await load(null, refused);
}

// the header's texts, and the language switch (its pressed button is the page's language)
function chrome() {
  $("langs").replaceChildren(langSwitch(async () => { await loadTexts(); chrome(); await load(step); }));
  $("home").title = tr("web.back_lobby");
  $("rules-button").textContent = tr("web.rules");
  $("log-title").textContent = tr("web.table.log");
}

main();
