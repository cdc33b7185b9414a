// The generic renderer: draws any game's scene (see ludotheque/web/scene.py) into a node.
// Cards are <button>s when they carry a move; every text is set with textContent.

import {el, tr} from "./common.js";

// hooks: {send(actions), interactive: bool, table: update.table, gesture: state object,
//         leftSeat: the seat this page's person left (its page now watches), if any,
//         level: the zones' heading level, 2 unless the scene is under a heading of its own}
export function renderScene(scene, hooks) {
  const root = el("div", {class: `scene game-${scene.game}`});
  root.append(renderSeats(scene, hooks));
  if (scene.info && scene.info.length) {
    root.append(el("ul", {class: "info"}, scene.info.map((line) => el("li", {text: line}))));
  }
  for (const zone of scene.zones) root.append(renderZone(zone, hooks));
  if (scene.hand && (scene.hand.cards.length || !scene.result)) root.append(renderHand(scene, hooks));
  return root;
}

function seatMeta(table, seat) {
  return (table && table.seats && table.seats[seat]) || {};
}

function renderSeats(scene, hooks) {
  const list = el("ol", {class: "seats", "aria-label": tr("web.lobby.seats")});
  // nobody's turn yet (waiting for people), or any more (closed)
  const idle = hooks.table && ["waiting", "closed"].includes(hooks.table.status);
  for (const original of scene.seats) {
    const seat = idle ? {...original, turn: false} : original;
    const meta = seatMeta(hooks.table, seat.seat);
    const classes = ["seat"];
    if (seat.turn) classes.push("turn");
    if (seat.you) classes.push("you");
    if (seat.out) classes.push("out");
    const badges = el("span", {class: "badges"});
    if (seat.turn) badges.append(el("span", {class: "badge turn-badge", text: `▶ ${tr("web.table.turn_marker")}`}));
    if (seat.you) badges.append(el("span", {class: "badge you-badge", text: tr("web.table.you_marker")}));
    if (meta.kind === "bot") badges.append(el("span", {class: "badge", text: tr("web.table.bot")}));
    // a bot plays the seat: said to its own person ("for you"), or of someone else
    const own = seat.you || hooks.leftSeat === seat.seat ? "_own" : "";
    if (meta.left) badges.append(el("span", {class: "badge warn", text: tr(`web.table.left${own}`)}));
    else if (meta.absent) badges.append(el("span", {class: "badge warn", text: tr(`web.table.absent${own}`)}));
    else if (meta.kind === "human" && meta.taken && meta.connected === false) {
      badges.append(el("span", {class: "badge dim", text: tr("web.table.offline")}));
    }
    const item = el("li", {class: classes.join(" "), "aria-current": seat.turn ? "true" : null},
      el("div", {class: "seat-head"}, el("span", {class: "seat-name", text: seat.name}), badges));
    if (seat.counters.length) {
      item.append(el("dl", {class: "counters"}, seat.counters.map((c) => el("div", {class: `counter c-${c.key}`},
        el("dt", {text: c.label}), el("dd", {text: String(c.value)})))));
    }
    if (seat.status) item.append(el("div", {class: "seat-status", text: seat.status}));
    if (seat.side || seat.home) item.append(el("div", {class: "seat-status dim", text: [seat.side, seat.home].filter(Boolean).join(" · ")}));
    if (seat.cards.length) {
      item.append(el("div", {class: "mini-cards"}, seat.cards.map((c) => cardNode(c, hooks, true))));
    }
    list.append(item);
  }
  return list;
}

// A zone's title: a heading under the page's title (h1), or under the scene's own (replay).
function zoneTitle(text, hooks) {
  return el(`h${hooks.level || 2}`, {class: "zone-title", text});
}

function renderZone(zone, hooks) {
  const box = el("section", {class: `zone zone-${zone.id}`, "aria-label": zone.label},
    zoneTitle(zone.label, hooks));
  if (zone.layout === "grid") {
    const grid = el("div", {class: "grid"});
    // set through the CSSOM: the Content-Security-Policy refuses style attributes
    grid.style.setProperty("--rows", zone.rows);
    grid.style.setProperty("--cols", zone.cols);
    for (const c of zone.cards) {
      const node = cardNode(c, hooks, false);
      if (c.pos) node.style.gridArea = `${c.pos[0] + 1} / ${c.pos[1] + 1}`;
      grid.append(node);
    }
    box.append(grid);
  } else {
    box.append(el("div", {class: "cards"}, zone.cards.map((c) => cardNode(c, hooks, false))));
  }
  if (zone.note) box.append(el("p", {class: "note", text: zone.note}));
  return box;
}

function renderHand(scene, hooks) {
  const hand = scene.hand;
  const box = el("section", {class: "zone hand", "aria-label": hand.label}, zoneTitle(hand.label, hooks));
  const gesture = scene.gesture && hooks.interactive ? hooks.gesture : null;
  const cards = el("div", {class: "cards"});
  hand.cards.forEach((c, index) => {
    if (gesture) {
      const action = c.action;
      const node = cardNode({...c, action: null}, hooks, false, action !== null && action !== undefined
        ? () => gesture.toggle(index) : null);
      // a card in the offer: a pressed button, disabled (the tray's copy takes it back)
      if (gesture.picked.includes(index)) {
        node.classList.add("picked"); node.setAttribute("aria-pressed", "true"); node.disabled = true;
      }
      cards.append(node);
    } else {
      cards.append(cardNode(c, hooks, false));
    }
  });
  box.append(cards);
  if (!hand.cards.length) box.append(el("p", {class: "note", text: "—"}));
  return box;
}

// A word on a card is never cut ("TRA/P", "SEN/S"): a face too wide for its card gets a
// smaller font. Call it once the cards are in the page (it measures them). Every face is
// reset, then every card measured, then the faces too wide shrunk: the browser lays the
// board out once, not once per card (a read after each card's write forces a layout).
export function fitCardFaces(root) {
  const faces = [...root.querySelectorAll(".card:not(.mini) > .face")];
  for (const face of faces) face.style.fontSize = "";
  const sizes = faces.map((face) => {
    const card = face.parentElement;
    const style = getComputedStyle(card);
    const room = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const need = face.scrollWidth;
    return room > 0 && need > room ? `${Math.max(0.5, room / need).toFixed(3)}em` : "";
  });
  faces.forEach((face, index) => { if (sizes[index]) face.style.fontSize = sizes[index]; });
}

// One card: a <button> when it carries a move (or a chooser of moves), else a <div>.
export function cardNode(c, hooks, mini, onPick) {
  const classes = ["card", c.up ? "up" : "down", mini ? "mini" : ""];
  if (c.kind) classes.push(...c.kind.split(" ").map((k) => `k-${k}`));
  if (c.face) classes.push(`f-${c.face}`);
  if (c.mine) classes.push("mine");
  if (c.ref) classes.push("ref");
  const hasMove = hooks.interactive && (onPick || (c.action !== null && c.action !== undefined)
    || (c.choices && c.choices.length));
  const tag = hasMove ? "button" : "div";
  const attrs = {class: classes.join(" "), title: c.label, "aria-label": c.label};
  if (!hasMove) attrs.role = "img";
  if (hasMove) { attrs.type = "button"; classes.push("playable"); attrs.class = classes.join(" "); }
  const node = el(tag, attrs);
  node.append(el("span", {class: "face", text: c.text || ""}));
  if (c.cost) node.append(el("span", {class: "cost", text: c.cost}));
  if (c.home) node.append(el("span", {class: "home", text: `⌂${c.home}`}));
  if (c.ref) node.append(el("span", {class: "refmark", text: "◎"}));
  if (c.memory) node.append(el("span", {class: "memory", text: c.memory}));
  if (c.mine) node.append(el("span", {class: "minemark", text: "★"}));
  if (hasMove) {
    if (onPick) node.addEventListener("click", onPick);
    else if (c.choices && c.choices.length) {
      node.addEventListener("click", () => openChooser(node, c, hooks));
      node.setAttribute("aria-haspopup", "true");
    } else node.addEventListener("click", () => hooks.send([c.action]));
    if (c.choices && c.choices.length) node.dataset.actions = c.choices.map((ch) => ch.id).join(",");
    else if (c.action !== null && c.action !== undefined) node.dataset.action = c.action;
  }
  return node;
}

function openChooser(node, c, hooks) {
  document.querySelectorAll(".chooser").forEach((x) => x.remove());
  const box = el("div", {class: "chooser", role: "group", "aria-label": tr("web.table.choose")},
    el("span", {class: "chooser-title", text: c.label}),
    c.choices.map((ch) => el("button", {
      type: "button", class: "move", "data-action": ch.id, title: ch.label, "aria-label": ch.label,
      text: ch.short || ch.label, onclick: () => { hooks.send([ch.id]); box.remove(); },  // sent from where the focus is
    })),
    el("button", {type: "button", class: "move secondary", text: tr("web.table.cancel"),
                  onclick: () => { box.remove(); node.focus(); }}));
  node.after(box);
  box.querySelector("button").focus();
}

// A button's words start with a capital, as a button's do; the same move in the log or at
// the command line starts in lower case (« annoncer « 17 » ! » there, « Annoncer… » here).
const capitalised = (text) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase());

export function moveButton(move, hooks) {
  return el("button", {type: "button", class: "move", "data-action": move.id,
                       text: capitalised(move.label), onclick: () => hooks.send([move.id])});
}

// DTC's offer: pick cards in the hand, take one back, then announce: one move frame.
export function renderGesture(scene, hooks) {
  const g = scene.gesture;
  const state = hooks.gesture;
  const hand = scene.hand ? scene.hand.cards : [];
  const box = el("section", {class: "gesture", "aria-label": g.texts.picked},
    el("p", {class: "note", text: g.texts.pick}));
  const tray = el("div", {class: "cards tray"});
  state.picked.forEach((index, position) => {
    const c = hand[index];
    tray.append(el("button", {
      type: "button", class: `card up picked-card ${c.kind ? "k-" + c.kind : ""}`,
      "aria-label": tr("web.dtc.take_back_card", {card: c.label}),
      title: tr("web.dtc.take_back_card", {card: c.label}),
      onclick: () => state.untake(position),
    }, el("span", {class: "face", text: c.text}), el("span", {class: "cost", text: "↩"})));
  });
  box.append(el("h3", {text: `${g.texts.picked} (${state.picked.length + g.built})`}), tray);
  if (state.picked.length) box.append(el("p", {class: "note", text: g.texts.take_back_hint}));
  const count = state.picked.length + g.built;
  const beat = g.beat;
  const allowed = (v) => count > 0 && (!beat || count > beat.count || (count === beat.count && v > beat.value));
  const row = el("div", {class: "claims", role: "group", "aria-label": g.texts.announce});
  for (const claim of g.claims) {
    row.append(el("button", {
      type: "button", class: "move claim", "data-claim": claim.value, disabled: !allowed(claim.value),
      text: claim.label,
      onclick: () => {
        const adds = state.picked.map((index) => hand[index].face).map((face) => g.adds[face]);
        hooks.send([...adds, claim.id]);
      },
    }));
  }
  box.append(el("h3", {text: g.texts.announce}), row);
  if (count > 0 && !g.claims.some((c) => allowed(c.value))) {
    box.append(el("p", {class: "note warn", text: g.texts.too_weak}));
  }
  return box;
}

// No live region: it is drawn anew at each step, and the log (one) says the same lines.
export function renderReveal(reveal, shown, onSkip, open = true, onToggle = null) {
  const box = el("details", {class: "reveal", open, "aria-label": tr("web.table.reveal")},
    el("summary", {}, el("strong", {text: reveal.title})));
  if (onToggle) box.addEventListener("toggle", () => onToggle(box.open));
  const list = el("ol", {class: "steps"});
  reveal.steps.slice(0, shown).forEach((line, i) => list.append(el("li", {class: i === shown - 1 ? "new" : "", text: line})));
  box.append(list);
  if (shown < reveal.steps.length && onSkip) {
    box.append(el("button", {type: "button", class: "move secondary skip", text: tr("web.table.skip"), onclick: onSkip}));
  }
  return box;
}
