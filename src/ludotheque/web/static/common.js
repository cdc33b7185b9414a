// Shared helpers of the pages: language, texts, DOM building (textContent only), API calls,
// the rules dialog. Nothing from the server or from users is ever put in innerHTML.

const LANGS = ["en", "fr"];
const STORE = "ludotheque.lang";
let TEXTS = {};
let NAME_FORMS = {defaults: {}, before: {}};

export function initialLang() {
  const stored = localStorage.getItem(STORE);
  if (LANGS.includes(stored)) return stored;
  // the browser's languages in its order of preference, the order its Accept-Language
  // gives them decreasing q values: the first one we speak, as the server reads the header
  // (by its primary subtag: "fr-CA" is French, "frr", North Frisian, is not)
  const spoken = (navigator.languages || [navigator.language || ""])
    .map((code) => code.split(/[-_]/)[0].toLowerCase()).find((code) => LANGS.includes(code));
  return spoken || "en";
}

export let lang = initialLang();

export function setLang(value) {
  if (!LANGS.includes(value)) return;
  lang = value;
  localStorage.setItem(STORE, value);
  document.documentElement.lang = value;
}

// The waits before each new try at the texts: a brief blip (a phone between two networks,
// the server restarting) costs the page nothing; then it says so.
const TEXTS_RETRIES_MS = [300, 800, 2000];

// What a page says when its texts could not be loaded: the texts are what failed, so these
// words live here, in both languages.
const TEXTS_FAILED = {
  en: {message: "The page could not load its texts: check your connection, then reload it.",
       reload: "Reload"},
  fr: {message: "La page n'a pas pu charger ses textes\u00a0: vérifiez votre connexion, " +
                "puis rechargez-la.",
       reload: "Recharger"},
};

// Every page's first step (and a language switch's): the texts in the page's language.
// If they cannot be had after a few tries, the page shows `textsFailed` alone and goes no
// further: the promise never settles, so nothing after it is half-drawn with raw keys.
export async function loadTexts() {
  document.documentElement.lang = lang;
  for (let tried = 0; ; tried++) {
    try {
      const data = await api(`/api/texts?lang=${lang}`);
      TEXTS = data.texts || {};
      NAME_FORMS = data.name_forms || NAME_FORMS;
      return;
    } catch (error) {
      if (tried === TEXTS_RETRIES_MS.length) break;
      await new Promise((resolve) => setTimeout(resolve, TEXTS_RETRIES_MS[tried]));
    }
  }
  textsFailed();
  return new Promise(() => {});
}

// In place of the page: the message in both languages (the page's first), announced, and a
// button that reloads the page.
function textsFailed() {
  const order = lang === "fr" ? ["fr", "en"] : ["en", "fr"];
  const words = (key) => order.map((code) => el("span", {lang: code, text: TEXTS_FAILED[code][key]}));
  for (const child of document.body.children) child.hidden = true;
  document.title = "Ludothèque";
  document.body.append(el("main", {id: "texts-failed", class: "page"},
    el("h1", {text: "Ludothèque"}),
    el("section", {class: "gone", role: "alert"},
      ...words("message").map((line) => el("p", {}, line)),
      el("button", {id: "texts-reload", type: "button", onclick: () => location.reload()},
         ...words("reload").flatMap((label, i) => (i ? [" / ", label] : [label]))))));
}

// Names in a sentence as a person writes them: "Ada and Bob", "Ada, Bob and Camille"
// (« Ada, Bob et Camille »): ludotheque.i18n.join_names's twin, with its text.
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return names.slice(0, -1).join(", ") + tr("list.and") + names[names.length - 1];
}

// A name as the field's spec `the`/`to` writes it (`The`/`To`: at a sentence's start):
// « la place 2 », « à Ada » (ludotheque.i18n.french_name's twin, with its forms).
function asSpecSays(name, spec) {
  const lower = spec.toLowerCase();
  let text = (NAME_FORMS.before[lower] ?? "") + name;
  for (const [bare, forms] of Object.entries(NAME_FORMS.defaults)) {
    const [number, ...rest] = name.slice(bare.length).split(" ");
    // a bracket after it, a stand-in's: « la place 2 (bot) »
    const bracket = !rest.length || rest[0].startsWith("(");
    if (name.startsWith(bare) && /^\d+$/.test(number) && bracket) {
      text = forms[lower] + name.slice(bare.length);
    }
  }
  // a capital on what the spec put before the name, never on a person's own: « ada pioche »
  return spec === lower || text === name ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

// The text `key` with {name} fields filled, a list of names joined (`joinNames`), each
// as a {names:the} field asks; the key itself if unknown (never HTML).
export function tr(key, params = {}) {
  const template = TEXTS[key];
  if (template === undefined) return key;
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (m, name, spec) => {
    if (!(name in params)) return m;
    const value = params[name];
    if (!spec) return Array.isArray(value) ? joinNames(value) : String(value);
    const names = Array.isArray(value) ? value : [value];
    // `The`/`To` is the first name's alone: « La place 2 et la place 3 »
    return joinNames(names.map((each, i) => asSpecSays(String(each),
                                                       i ? spec.toLowerCase() : spec)));
  });
}

// el("button", {class: "x", onclick: f, text: "..."}, child...): text goes to textContent.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A form's error `box` says `message` (and the keyboard goes to `field`, if given).
export function sayError(box, message, field) {
  box.hidden = false;
  box.textContent = message;
  if (field) field.focus();
}

// The display name typed in `input` (trimmed), or null once `box` said that one is needed.
export function typedName(input, box) {
  const name = input.value.trim();
  if (!name) sayError(box, tr("web.join.name_needed"), input);
  return name || null;
}

export class ApiError extends Error {
  constructor(status, code, message, seat) {
    super(message);
    this.status = status;
    this.code = code;
    this.seat = seat;  // the request's seat (from 0) at fault, when the server names one
  }
}

// The server's JSON answer to GET `path` (POST `body`, if given), in the page's language; a
// refusal throws an ApiError with the server's words, no answer at all one with ours.
export async function api(path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const url = path.includes("lang=") ? path : `${path}${sep}lang=${lang}`;
  const options = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {  // no answer at all (offline, server stopped): not the browser's English words
    throw new ApiError(0, "unreachable", tr("web.unreachable"));
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || String(response.status),
                       // not ours (a proxy's page while the server is down): its status
                       // only, in the page's words, not the English `statusText`
                       error.message || tr("web.server_trouble", {status: response.status}),
                       error.seat);
  }
  return data;
}

// A text whose commands are written between backticks (`make run HOST=0.0.0.0`): the
// commands in <code>, which never breaks inside one (a "--" parted from "host" on a phone
// reads as two words); the rest as text.
export function withCode(text) {
  return text.split("`").map((part, i) => (i % 2 ? el("code", {text: part}) : part));
}

// A link that leads to no table any more (removed, closed, or mistyped): `message`, and the
// way back to the lobby, in a panel rather than a passing alert.
export function gonePanel(message, way = {href: "/", text: tr("web.back_lobby")}) {
  return el("section", {id: "gone", class: "gone", role: "alert"},
            el("p", {id: "gone-text", text: message}),
            el("p", {}, el("a", {id: "gone-home", href: way.href, text: way.text})));
}

// The language switch: two buttons, the current one pressed.
export function langSwitch(onChange) {
  const box = el("div", {class: "langs", role: "group", "aria-label": tr("web.language")});
  for (const code of LANGS) {
    box.append(el("button", {
      type: "button", class: "lang", "aria-pressed": code === lang ? "true" : "false",
      "data-lang": code, lang: code, text: code.toUpperCase(),
      onclick: async () => {
        if (code === lang) return;
        const focus = document.activeElement;  // the switch's, or elsewhere (the log)
        const onSwitch = !focus || focus === document.body || !!focus.closest(".langs");
        setLang(code);
        await onChange(code);
        // the switch was drawn again: the keyboard stays on the language just chosen, or
        // where it was (a click that did not move the focus: a voice command, a script)
        const again = document.querySelector(`.langs button[data-lang="${code}"]`);
        if (again && onSwitch) again.focus();
      },
    }));
  }
  return box;
}

// Markdown rules shown safely: headings, list items and paragraphs as elements, text only.
export function markdownNodes(text) {
  const out = [];
  let para = [];
  let list = null;
  const flush = () => {
    if (para.length) out.push(el("p", {text: para.join(" ")}));
    para = [];
  };
  const clean = (s) => s.replace(/\*\*|__|`/g, "");
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) {
      flush(); list = null;
      out.push(el(`h${Math.min(6, heading[1].length + 2)}`, {text: clean(heading[2])}));
    } else if (item) {
      flush();
      if (!list) { list = el("ul"); out.push(list); }
      list.append(el("li", {text: clean(item[1])}));
    } else if (!line.trim()) {
      flush(); list = null;
    } else if (line.startsWith("|")) {
      flush(); list = null;
      out.push(el("pre", {class: "md-table", text: line}));
    } else if (list && /^\s/.test(line)) {  // a list item going on over several lines
      const last = list.lastElementChild;
      last.textContent = `${last.textContent} ${clean(line.trim())}`;
    } else {
      list = null;
      para.push(clean(line.trim()));
    }
  }
  flush();
  return out;
}

let rulesDialog = null;

export async function showRules(game) {
  if (!rulesDialog) {
    rulesDialog = el("dialog", {class: "rules", "aria-labelledby": "rules-title"});
    document.body.append(rulesDialog);
  }
  rulesDialog.replaceChildren(el("p", {text: tr("web.loading")}));
  if (!rulesDialog.open) rulesDialog.showModal();
  try {
    const data = await api(`/api/games/${encodeURIComponent(game)}/rules`);
    const close = el("button", {type: "button", class: "close", text: tr("web.close"),
                                onclick: () => rulesDialog.close()});
    rulesDialog.replaceChildren(
      el("div", {class: "dialog-head"}, el("h2", {id: "rules-title", text: data.title || game}),
         close),
      el("div", {class: "rules-body"}, markdownNodes(data.rules)));
    close.focus();
  } catch (error) {
    rulesDialog.replaceChildren(el("p", {role: "alert", text: tr("web.error", {message: error.message})}),
      el("button", {type: "button", text: tr("web.close"), onclick: () => rulesDialog.close()}));
  }
}

export async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = el("textarea", {class: "offscreen"});
    area.value = text;
    document.body.append(area);
    area.select();
    try { document.execCommand("copy"); } catch (e2) { /* the link stays selectable */ }
    area.remove();
  }
  if (button) {
    const before = button.textContent;
    button.textContent = tr("web.copied");
    setTimeout(() => { button.textContent = before; }, 1500);
  }
}

export function absolute(path) {
  return new URL(path, location.origin).href;
}

// The invite link to pass on and its code to scan, as the server gives them (`links`:
// invite_link, invite_qr). Null when no other device can reach the server (it listens on
// this computer only and the page was opened here): that is said, with how to open it to
// phones, and the link offered is the one that opens here (`path` on this page's origin).
export function inviteLinks(links, path, label) {
  return deviceLinks("invite", links, path, label, "web.share.local_only", "web.share.local_link");
}

// A link for another device and its code to scan, as the server gives them (`links`:
// <kind>_link, <kind>_qr; the elements' ids: <kind>-link, <kind>-qr); when no other
// device can reach the server, the words of `localOnly` and the link that opens here,
// labelled `localLabel` (keys of texts).
export function deviceLinks(kind, links, path, label, localOnly, localLabel) {
  const link = links[`${kind}_link`];
  if (!link) {
    return el("div", {class: "invite-links"},
      el("p", {id: `${kind}-unreachable`, class: "banner warn"}, withCode(tr(localOnly))),
      linkRow(`${kind}-link`, tr(localLabel), absolute(path)));
  }
  return el("div", {class: "invite-links"},
    linkRow(`${kind}-link`, label, link),
    qrCode(`${kind}-qr`, links[`${kind}_qr`], link));
}

// A code to scan (`src`: the server's image of it) that opens `url`, with how to use it.
export function qrCode(id, src, url) {
  return el("figure", {class: "qr"},
    el("img", {id, src, width: 240, height: 240, alt: tr("web.share.qr_alt", {url})}),
    el("figcaption", {text: tr("web.share.qr_caption")}));
}

// A labelled link to pass on: read-only, selected when focused, with its Copy button.
export function linkRow(id, label, url) {
  const input = el("input", {id, type: "text", readonly: true, value: url, onfocus: (e) => e.target.select()});
  const copy = el("button", {type: "button", class: "secondary", "data-copy": id, text: tr("web.copy")});
  copy.addEventListener("click", () => copyText(url, copy));
  return el("div", {class: "field"}, el("label", {for: id, text: label}), el("div", {class: "link-row"}, input, copy));
}
