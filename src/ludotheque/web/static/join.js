// The join page (/join/<invite>): pick a free seat and a display name, then go to the table.

import {el, tr, loadTexts, langSwitch, showRules, api, sayError, typedName, gonePanel}
  from "./common.js";

const $ = (id) => document.getElementById(id);
const invite = location.pathname.split("/").filter(Boolean)[1] || "";
const NAME = "ludotheque.name";
// The seats this browser took by an invite ({invite: {seat, url}}, the last few):
// a phone that lost its tab (locked, the browser closed) opens the invite again, the link
// it has, and is led back to its seat instead of "every seat is taken".
const SEATS = "ludotheque.seats";
const KEPT_SEATS = 20;
let info = null;
let error = null;  // the ApiError met reading the invite
let chosen = null;

async function main() {
  await loadTexts();
  $("langs").replaceChildren(langSwitch(main));
  $("home").title = tr("web.back_lobby");
  try {
    info = await api(`/api/join/${encodeURIComponent(invite)}`);
    error = null;
  } catch (e) {
    info = null;
    error = e;
  }
  draw();
}

function draw() {
  const form = $("join");
  $("title").textContent = info ? `${tr("web.join.title")} · ${info.title}` : tr("web.join.title");
  document.title = $("title").textContent;
  const rules = $("rules-button");
  rules.hidden = !info;
  rules.textContent = tr("web.rules");
  rules.onclick = () => info && showRules(info.game);
  if (!info) {  // an invite to no table (404) or to a closed one (410): nothing to join here
    form.replaceChildren([404, 410].includes(error.status) ? gonePanel(error.message)
      : el("p", {class: "error-box", role: "alert", text: error.message}));
    return;
  }
  const back = ownSeat();
  const backBox = back && el("div", {class: "banner back-box", id: "back-box"},
    el("p", {text: tr("web.join.back_text", {name: back.name})}),
    el("a", {class: "button-link primary", id: "back-to-seat", href: back.url, text: tr("web.join.back")}));
  if (info.status === "over") {  // an invite from an earlier game: its rematch, if any
    form.replaceChildren(...[backBox, info.rematch_invite
      ? gonePanel(tr("web.join.over_rematch"), {href: info.rematch_invite, text: tr("web.join.to_rematch")})
      : gonePanel(tr("web.join.over"))].filter(Boolean));
    return;
  }
  // a rematch's seat kept for its person (named, not taken yet) is nobody else's
  const free = info.seats.filter((s) => s.kind === "human" && !s.taken && !s.kept);
  if (chosen === null || !free.some((s) => s.seat === chosen)) chosen = free.length ? free[0].seat : null;
  const list = el("ul", {class: "choice-list"}, info.seats.map((s) => {
    const id = `seat-${s.seat}`;
    const isFree = free.includes(s);
    let label = tr("web.lobby.seat", {n: s.seat + 1});
    if (s.kind === "bot") label += ` · ${tr(`web.lobby.level.${s.level}`)}`;
    else if (s.taken) label += ` · ${tr("web.join.taken", {name: s.name})}`;
    else if (s.kept) label += ` · ${tr("web.join.kept", {name: s.name})}`;
    return el("li", {}, el("input", {type: "radio", name: "seat", id, value: s.seat, disabled: !isFree,
                                     checked: s.seat === chosen, onchange: () => { chosen = s.seat; }}),
              el("label", {for: id, text: ` ${label}`}));
  }));
  const name = el("input", {id: "name", name: "name", type: "text", maxlength: 24, required: true,
                            autocomplete: "nickname", value: localStorage.getItem(NAME) || ""});
  form.replaceChildren(...[
    backBox,
    el("fieldset", {}, el("legend", {text: tr("web.join.seat")}), list),
    free.length ? null : el("p", {class: "note", id: "join-none"}, tr("web.join.none"), " ",
                            el("a", {id: "join-watch", href: info.watch_url, text: tr("web.join.watch")})),
    el("div", {class: "field"}, el("label", {for: "name", text: tr("web.join.name")}), name),
    el("p", {id: "join-error", class: "error-box", role: "alert", hidden: true}),
    el("button", {type: "submit", id: "join-submit", disabled: !free.length, text: tr("web.join.submit")}),
  ].filter(Boolean));
  form.onsubmit = submit;
}

function keptSeats() {
  try { return JSON.parse(localStorage.getItem(SEATS)) || {}; } catch (e) { return {}; }
}

// This browser's seat at the invite's table ({url, name}: its name as the table writes
// it), if the invite's table still has it taken (a seat once taken stays its person's).
function ownSeat() {
  const kept = keptSeats()[invite];
  const seat = kept && info.seats.find((s) => s.seat === kept.seat);
  return seat && seat.taken && typeof kept.url === "string" && kept.url.startsWith("/play/")
    ? {url: kept.url, name: seat.name} : null;
}

function keepSeat(seat, url) {
  const kept = keptSeats();
  delete kept[invite];  // the newest last: the oldest go first
  kept[invite] = {seat, url};
  const invites = Object.keys(kept);
  for (const old of invites.slice(0, Math.max(0, invites.length - KEPT_SEATS))) delete kept[old];
  localStorage.setItem(SEATS, JSON.stringify(kept));
}

async function submit(event) {
  event.preventDefault();
  const box = $("join-error");
  const name = typedName($("name"), box);
  if (!name) return;
  localStorage.setItem(NAME, name);
  try {
    const data = await api(`/api/join/${encodeURIComponent(invite)}`, {seat: chosen, name});
    keepSeat(chosen, data.seat_url);
    location.assign(data.seat_url);
  } catch (e) {
    sayError(box, e.message);
    if (e.status === 409) {
      try { info = await api(`/api/join/${encodeURIComponent(invite)}`); } catch (e2) { /* keep */ }
      const message = e.message;
      draw();
      $("join-error").hidden = false;
      $("join-error").textContent = message;
    }
  }
}

main();
