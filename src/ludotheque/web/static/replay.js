// The replay page (/replay/<table>): step through a finished game with buttons or arrow
// keys; every view is fully revealed, since the game is over.

import {el, tr, loadTexts, langSwitch, showRules, api} from "./common.js";
import {renderScene, renderReveal} from "./render.js";

const $ = (id) => document.getElementById(id);
const table = location.pathname.split("/").filter(Boolean)[1] || "";
let data = null;
let step = null;
let seat = "";
let loading = false;

async function load(target) {
  if (loading) return;
  loading = true;
  try {
    const params = new URLSearchParams();
    if (target !== null && target !== undefined) params.set("step", String(target));
    if (seat !== "") params.set("seat", seat);
    data = await api(`/api/tables/${encodeURIComponent(table)}/replay?${params}`);
    step = data.step;
    $("alert").hidden = true;
    draw();
  } catch (error) {
    $("alert").hidden = false;
    $("alert").textContent = error.message;
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
      el("option", {value: "", selected: seat === "", text: tr("web.replay.public")}), seats),
    el("span", {class: "note", text: tr("web.replay.keys")}));
}

function draw() {
  $("title").textContent = `${tr("web.replay.title")} · ${data.title}`;
  document.title = $("title").textContent;
  drawControls();
  $("step").textContent = tr("web.replay.step", {step: data.step, total: data.total});
  const actor = data.actor !== null && data.actor !== undefined ? data.names[data.actor] : null;
  $("action").textContent = !data.action ? "" : (actor === null ? data.action.label
    : tr("web.replay.action", {player: actor, move: data.action.label}));
  const scene = data.scene;
  $("header").textContent = scene ? [scene.turn_text, ...scene.header].filter(Boolean).join(" · ") : "";
  const board = $("board");
  board.replaceChildren();
  if (scene) {
    if (scene.reveal) board.append(renderReveal(scene.reveal, scene.reveal.steps.length, null));
    board.append(renderScene(scene, {interactive: false, table: null, send: () => {}, gesture: null}));
  }
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
  $("langs").replaceChildren(langSwitch(async () => { await loadTexts(); chrome(); load(step); }));
  chrome();
  $("rules-button").addEventListener("click", () => data && showRules(data.game));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") { event.preventDefault(); go(step + 1); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); go(step - 1); }
    else if (event.key === "Home") { event.preventDefault(); go(0); }
    else if (event.key === "End") { event.preventDefault(); go(data.total); }
  });
  await load(null);
}

function chrome() {
  $("home").title = tr("web.back_lobby");
  $("rules-button").textContent = tr("web.rules");
  $("log-title").textContent = tr("web.table.log");
}

main();
