// The lobby (/): the four games, and a form to create a table (game, players, options,
// seats: a person at this screen with her name, a person invited by link, or a bot with a
// level; turn timer). Then the people at this screen go straight to the table (one address
// holding all their seats, /play/<token>+<token>); with nobody here, the invite and
// spectator links.

import {el, tr, loadTexts, langSwitch, showRules, api, absolute, linkRow, inviteLinks, qrCode,
  sayError} from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];
let chosen = null;   // the selected game's name
let form = {players: null, seats: [], names: [], options: {}, timer: ""};
const KINDS = ["here", "human", "easy", "medium", "hard"];

async function main() {
  await loadTexts();
  try {
    games = (await api("/api/games")).games;
  } catch (error) {
    $("load-error").hidden = false;
    $("load-error").textContent = tr("web.error", {message: error.message});
    return;
  }
  if (!chosen && games.length) chosen = games[0].name;
  draw();
}

function game() { return games.find((g) => g.name === chosen) || games[0]; }

function draw() {
  document.title = tr("web.app_title");
  $("title").textContent = tr("web.lobby.title");
  $("langs").replaceChildren(langSwitch(async () => { await main(); }));
  $("create-title").textContent = tr("web.lobby.create");
  $("games").replaceChildren(...games.map((g) => el("li", {class: "game-card"},
    el("h2", {text: g.title}),
    el("p", {class: "dim", text: tr("web.players_range", {min: g.min_players, max: g.max_players})}),
    el("p", {text: g.summary}),
    el("div", {class: "actions"},
      el("button", {type: "button", class: "secondary", text: tr("web.rules"),
                    onclick: () => showRules(g.name)}),
      el("button", {type: "button", class: "choose-game", "data-game": g.name,
                    text: tr("web.lobby.create"),
                    onclick: () => { chosen = g.name; resetForm(); drawForm(); $("game").focus(); }})))));
  if (form.players === null) resetForm();
  drawForm();
}

function resetForm() {
  const g = game();
  form = {players: g.default_players, seats: [], names: [], options: {}, timer: ""};
  fitSeats();
}

function fitSeats() {
  while (form.seats.length < form.players) form.seats.push(form.seats.length === 0 ? "human" : "medium");
  form.seats.length = form.players;
  form.names.length = form.players;
}

// What a value looks like in its input: "1,2,3" for a list of numbers.
function shown(value) {
  return Array.isArray(value) ? value.join(",") : String(value);
}

// One option, for people: its label, an input that starts at the default (a checkbox, a
// list of labelled choices, or a number), and what it means. The game's help says the
// rest; a choice's labels say what each does (its help names the API's values).
function optionInput(option) {
  const id = `opt-${option.name}`;
  const current = option.name in form.options ? form.options[option.name] : option.default;
  const set = (value) => { form.options[option.name] = value; };
  const notes = [];
  if (option.kind !== "choice" && option.help) notes.push(el("span", {class: "help", text: option.help}));
  if (option.kind === "int" || option.kind === "ints") {
    notes.push(el("span", {class: "help dim", text: tr("web.lobby.allowed", {allowed: option.allowed_text})}));
  }
  if (option.kind === "bool") {
    return el("div", {class: "field check"},
      el("input", {id, name: option.name, type: "checkbox", checked: !!current,
                   onchange: (e) => set(e.target.checked)}),
      el("label", {for: id, text: option.label}), ...notes);
  }
  let input;
  if (option.kind === "choice") {
    input = el("select", {id, name: option.name, onchange: (e) => set(e.target.value)},
      (option.choices || []).map((c) => el("option", {
        value: c.value, selected: c.value === current,
        text: c.value === option.default ? tr("web.lobby.default_choice", {label: c.label}) : c.label})));
  } else {
    const range = option.allowed || {};
    input = el("input", {id, name: option.name, type: option.kind === "int" ? "number" : "text",
                         min: option.kind === "int" ? range.min : null,
                         max: option.kind === "int" ? range.max : null,
                         inputmode: option.kind === "int" ? "numeric" : null,
                         value: shown(current), oninput: (e) => set(e.target.value)});
  }
  return el("div", {class: "field"}, el("label", {for: id, text: option.label}), input, ...notes);
}

// The options that differ from their defaults (the server validates them as the CLI does).
function changedOptions(g) {
  const options = {};
  for (const option of g.options) {
    if (!(option.name in form.options)) continue;
    let value = form.options[option.name];
    if (typeof value === "string") {
      value = value.replace(/\s+/g, "");
      if (value === "" || value === shown(option.default)) continue;
    } else if (value === option.default) continue;
    options[option.name] = value;
  }
  return options;
}

function drawForm() {
  const g = game();
  const f = $("create");
  const gameSelect = el("select", {id: "game", name: "game", onchange: (e) => { chosen = e.target.value; resetForm(); drawForm(); }},
    games.map((x) => el("option", {value: x.name, selected: x.name === g.name, text: x.title})));
  const players = el("input", {id: "players", name: "players", type: "number", min: g.min_players, max: g.max_players,
    value: form.players, oninput: (e) => {
      const n = parseInt(e.target.value, 10);
      if (n >= g.min_players && n <= g.max_players) { form.players = n; fitSeats(); drawSeats(); }
    }});
  const seatsBox = el("fieldset", {id: "seats"});
  const optionsBox = el("fieldset", {id: "options"},
    el("legend", {text: tr("web.lobby.options")}),
    el("p", {class: "note", text: tr("web.lobby.options_hint")}),
    g.options.map(optionInput));
  const timer = el("input", {id: "timer", name: "turn_timer", type: "number", min: 10, max: 3600, value: form.timer,
                             oninput: (e) => { form.timer = e.target.value; }});
  f.replaceChildren(
    el("div", {class: "field"}, el("label", {for: "game", text: tr("web.lobby.game")}), gameSelect),
    el("div", {class: "field"}, el("label", {for: "players", text: tr("web.lobby.players_count", {min: g.min_players, max: g.max_players})}), players),
    seatsBox,
    el("details", {}, el("summary", {text: tr("web.lobby.options")}), optionsBox),
    el("div", {class: "field"}, el("label", {for: "timer", text: tr("web.lobby.timer")}), timer),
    el("p", {id: "create-error", class: "error-box", role: "alert", hidden: true}),
    el("button", {type: "submit", id: "create-submit", text: tr("web.lobby.submit")}));
  f.onsubmit = submit;
  f.noValidate = true;  // the server says what is wrong, in the page's language
  drawSeats();
}

// A seat: its kind, and for a person at this screen her name (typed names stay on a redraw).
function drawSeats() {
  const box = $("seats");
  if (!box) return;
  box.replaceChildren(el("legend", {text: tr("web.lobby.seats")}),
    ...form.seats.map((kind, i) => el("div", {class: "seat-row"},
      el("label", {for: `seat-${i}`, text: tr("web.lobby.seat", {n: i + 1})}),
      el("select", {id: `seat-${i}`, class: "seat-kind",
                    onchange: (e) => { form.seats[i] = e.target.value; drawSeats(); $(`seat-${i}`).focus(); }},
        KINDS.map((k) => el("option", {value: k, selected: k === kind,
          text: tr(k === "here" || k === "human" ? `web.lobby.${k}` : `web.lobby.level.${k}`)}))),
      kind !== "here" ? null : el("span", {class: "seat-name"},
        el("label", {for: `seat-name-${i}`, text: tr("web.lobby.here_name")}),
        el("input", {id: `seat-name-${i}`, type: "text", maxlength: 24, autocomplete: "off",
                     value: form.names[i] || "", oninput: (e) => { form.names[i] = e.target.value; }})))));
}

// A person at this screen with no name yet: what to say, and the field to fill. Whether a
// name will do (not a bot's, not twice at the table) is the server's to say.
function missingName() {
  const seat = form.seats.findIndex((kind, i) => kind === "here" && !(form.names[i] || "").trim());
  return seat < 0 ? null : {error: tr("web.lobby.here_name_needed", {n: seat + 1}), field: `seat-name-${seat}`};
}

async function submit(event) {
  event.preventDefault();
  const g = game();
  const errorBox = $("create-error");
  errorBox.hidden = true;
  const options = changedOptions(g);
  if (!form.seats.some((k) => k === "here" || k === "human")) {
    sayError(errorBox, tr("web.lobby.need_human"));
    return;
  }
  const missing = missingName();
  if (missing) {
    sayError(errorBox, missing.error, $(missing.field));
    return;
  }
  const body = {
    game: g.name, players: Number($("players").value), options,
    // a person at this screen sits down with the table: all of them, or no table at all
    seats: form.seats.map((k, seat) => (k === "here" ? {kind: "human", name: form.names[seat].trim()}
      : k === "human" ? {kind: "human"} : {kind: "bot", level: k})),
    turn_timer: form.timer === "" ? null : Number(form.timer),
  };
  const button = $("create-submit");
  button.disabled = true;
  try {
    const data = await api("/api/tables", body);
    if (data.play_url) location.assign(data.play_url);  // straight to the table, together
    else showCreated(data);
  } catch (error) {
    // a seat's name refused: its field gets the focus
    const field = error.seat === undefined ? null : $(`seat-name-${error.seat}`);
    sayError(errorBox, error.message, field);
    if (!field) errorBox.focus?.();
  } finally {
    button.disabled = false;
  }
}

function showCreated(data) {
  const box = $("created");
  box.hidden = false;
  // the links for other devices, from the server; the spectator's, else the one opening here
  const spectator = data.spectator_link || absolute(data.spectator_url);
  box.replaceChildren(el("h2", {text: tr("web.lobby.created")}),
    el("div", {class: "links"},
      inviteLinks(data, data.invite_url, tr("web.lobby.invite")),
      linkRow("spectator-link", tr("web.lobby.spectator"), spectator),
      // its code too (a tablet by the TV), one tap away: the invite's is the one to scan
      data.spectator_qr && el("details", {class: "spectator-code"},
        el("summary", {text: tr("web.share.spectator_code")}),
        qrCode("spectator-qr", data.spectator_qr, data.spectator_link)),
      el("a", {class: "button-link", id: "go-join", href: data.invite_url, text: tr("web.lobby.go_join")})));
  box.scrollIntoView({behavior: "smooth", block: "start"});
  $("invite-link").focus();
}

main();
