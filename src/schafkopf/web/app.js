// The Schafkopf page: create or join a table, play over a WebSocket, see results, the
// ledger and replays. The server is authoritative: this page only draws what it is sent
// and sends the actions a person chooses.
"use strict";

const { cardSvg, SUIT_WORDS } = window.SchafkopfCards;

const TEXT = {
  de: {
    title: "Schafkopf", create: "Tisch anlegen", yourName: "Dein Name", preset: "Regeln",
    games: "Spiele", seat: "Platz", human: "Mensch", turnSeconds: "Zeit pro Zug (s, 0 = ohne)",
    options: "Hausregeln", tarif: "Tarif", kontra: "Kontra bis", allPass: "Alle weiter",
    shortDeck: "Kurzes Blatt (24 Karten)", klopfen: "Klopfen", contracts: "Spiele erlaubt",
    start: "Tisch anlegen", invite: "Einladungslink", copy: "Kopieren", join: "Platz nehmen",
    joinTitle: "Einladung an einen Tisch", yourTurn: "Du bist dran", waiting: "wartet auf",
    weiter: "Weiter", spiel: "Ich spiel", kontraBtn: "Kontra", re: "Re", klopfenBtn: "Klopfen",
    nichtKlopfen: "Nicht klopfen", lastTrick: "Letzter Stich", result: "Ergebnis",
    ledger: "Abrechnung", games_: "Spiele", replay: "Ansehen", download: "Herunterladen",
    won: "gewonnen", lost: "verloren", schneider: "Schneider", schwarz: "Schwarz",
    laufende: "Laufende", value: "Wert", points: "Augen", payouts: "Auszahlung",
    declarer: "Spieler", next: "Weiter", prev: "Zurück", close: "Schließen", allHands: "Alle Karten",
    over: "Alle Spiele sind gespielt.", connecting: "Verbinde …", reconnecting: "Verbindung weg, verbinde neu …",
    french: "Französisches Blatt", language: "Sprache", partner: "Partner", called: "gerufen",
    trick: "Stich", dealer: "Geber", offer: "Angebot", name: "Spiel ansagen", game: "Spiel",
    ramsch: "Ramsch", allPassed: "Alle haben weiter gesagt", stock: "Stock", spectator: "Zuschauer",
    bidding: "Reizen", play: "Spiel", knocked: "geklopft", tout: "Tout", cards: "Karten",
  },
  en: {
    title: "Schafkopf", create: "New table", yourName: "Your name", preset: "Rules",
    games: "Games", seat: "Seat", human: "Person", turnSeconds: "Time per move (s, 0 = none)",
    options: "House rules", tarif: "Tariff", kontra: "Kontra until", allPass: "All pass",
    shortDeck: "Short deck (24 cards)", klopfen: "Knocking", contracts: "Contracts allowed",
    start: "Create table", invite: "Invitation link", copy: "Copy", join: "Take a seat",
    joinTitle: "Invitation to a table", yourTurn: "Your turn", waiting: "waiting for",
    weiter: "Pass", spiel: "I play", kontraBtn: "Kontra", re: "Re", klopfenBtn: "Knock",
    nichtKlopfen: "No knock", lastTrick: "Last trick", result: "Result",
    ledger: "Ledger", games_: "Games", replay: "Replay", download: "Download",
    won: "won", lost: "lost", schneider: "Schneider", schwarz: "Schwarz",
    laufende: "Laufende", value: "Value", points: "Points", payouts: "Payouts",
    declarer: "Declarer", next: "Next", prev: "Back", close: "Close", allHands: "All hands",
    over: "All games are played.", connecting: "Connecting …", reconnecting: "Connection lost, reconnecting …",
    french: "French suits", language: "Language", partner: "Partner", called: "called",
    trick: "Trick", dealer: "Dealer", offer: "Offer", name: "Name the game", game: "Game",
    ramsch: "Ramsch", allPassed: "Everybody passed", stock: "Stock", spectator: "Spectator",
    bidding: "Bidding", play: "Play", knocked: "knocked", tout: "Tout", cards: "cards",
  },
};

// The words for each error code the server sends (its message is the English detail).
const ERRORS = {
  de: {
    malformed: "Ungültige Nachricht", too_large: "Nachricht zu groß", stale_version: "Der Tisch ist schon weiter",
    illegal: "Das geht jetzt nicht", bad_action: "Unbekannte Aktion", bad_seat: "Kein solcher Platz",
    no_seat: "Zuschauer können nicht spielen", bot_seat: "Auf diesem Platz spielt ein Bot",
    table_over: "Alle Spiele sind gespielt", conflict: "Gleichzeitige Aktion, bitte noch einmal",
    no_table: "Diesen Tisch gibt es nicht", no_game: "Dieses Spiel gibt es nicht",
    bad_invite: "Die Einladung passt nicht zu diesem Tisch", bad_token: "Dieser Platz gehört jemand anderem",
    table_full: "Alle Plätze sind vergeben", bad_rules: "Ungültige Regeln", bad_seats: "Ungültige Plätze",
    bad_games: "Ungültige Anzahl Spiele", bad_turn_seconds: "Ungültige Zeit pro Zug",
    rate_limited: "Zu viele Anfragen, bitte kurz warten", table_closed: "Der Tisch ist geschlossen",
    unavailable: "Der Tisch ist gerade nicht verfügbar", server_full: "Der Server ist voll",
    not_found: "Nicht gefunden", bad_method: "Nicht erlaubt",
  },
  en: {
    malformed: "Invalid message", too_large: "Message too large", stale_version: "The table has moved on",
    illegal: "Not allowed now", bad_action: "Unknown action", bad_seat: "No such seat",
    no_seat: "Spectators cannot play", bot_seat: "A bot plays that seat",
    table_over: "All games are played", conflict: "Simultaneous action, please try again",
    no_table: "No such table", no_game: "No such game",
    bad_invite: "The invitation is not for this table", bad_token: "That seat is someone else's",
    table_full: "Every seat is taken", bad_rules: "Invalid rules", bad_seats: "Invalid seats",
    bad_games: "Invalid number of games", bad_turn_seconds: "Invalid time per move",
    rate_limited: "Too many requests, please wait a moment", table_closed: "The table is closed",
    unavailable: "The table is not available right now", server_full: "The server is full",
    not_found: "Not found", bad_method: "Not allowed",
  },
};
const errorText = (msg) => {
  const words = (ERRORS[settings.lang] || ERRORS.de)[msg.code];
  return words ? `${words} (${msg.message})` : msg.message || msg.code;
};
/** WebSocket close codes after which reconnecting cannot help. */
const FINAL_CLOSE = new Set([4403, 4404, 4410, 4503]);

const settings = {
  lang: localStorage.getItem("sk.lang") || ((navigator.language || "de").startsWith("en") ? "en" : "de"),
  french: localStorage.getItem("sk.french") === "1",
};
const t = (key) => (TEXT[settings.lang] || TEXT.de)[key] || key;
const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
};
const card = (token, extra = {}) => {
  const wrap = el("span", { class: "card-wrap", ...extra });
  wrap.innerHTML = cardSvg(token, { french: settings.french, lang: settings.lang });
  return wrap;
};

function contractText(c) {
  if (!c) return "";
  const suit = c.suit ? " " + (SUIT_WORDS[settings.french && settings.lang === "en" ? "fr" : settings.lang] || SUIT_WORDS.de)[c.suit] : "";
  const kind = c.kind.charAt(0).toUpperCase() + c.kind.slice(1);
  return kind + suit + (c.tout ? " Tout" : "");
}

function actionText(name) {
  const simple = { weiter: t("weiter"), spiel: t("spiel"), klopfen: t("klopfenBtn"), "nicht klopfen": t("nichtKlopfen"),
    kontra: "Kontra", re: "Re", sup: "Sup", hirsch: "Hirsch" };
  if (simple[name]) return simple[name];
  const parts = name.split(" ");
  if (parts.length >= 1 && /^[a-z]/.test(parts[0])) {
    const kind = parts[0].charAt(0).toUpperCase() + parts[0].slice(1);
    const rest = parts.slice(1).map((p) => (p.length === 1 ? (SUIT_WORDS[settings.lang] || SUIT_WORDS.de)[p] : p === "tout" ? "Tout" : p));
    return [kind, ...rest].join(" ");
  }
  return name;
}

// -- the lobby: a form to create a table --------------------------------------------------------

async function showLobby() {
  const app = $("#app");
  app.replaceChildren(el("p", {}, t("connecting")));
  const options = await (await fetch("/api/options")).json();
  const presets = Object.keys(options.presets);
  const seatKinds = [{ id: "human", de: t("human"), en: t("human") }, ...options.bots];
  const form = el("form", { class: "panel create", id: "create-form" },
    el("h2", {}, t("create")),
    el("label", {}, t("yourName"), el("input", { name: "player", value: localStorage.getItem("sk.name") || "", maxlength: 30, required: true })),
    el("label", {}, t("preset"), el("select", { name: "preset" }, presets.map((p) => el("option", { value: p }, p)))),
    el("label", {}, t("games"), el("input", { name: "games", type: "number", min: 1, max: 1000, value: 8 })),
    el("fieldset", {}, el("legend", {}, t("seat")),
      [1, 2, 3].map((i) => el("label", {}, `${t("seat")} ${i + 1}`,
        el("select", { name: `seat${i}` }, seatKinds.map((k) => el("option", { value: k.id, selected: k.id === "heuristic" }, k[settings.lang] || k.id)))))),
    el("details", {}, el("summary", {}, t("options")),
      el("label", {}, `${t("tarif")} (Rufspiel / Solo / Schneider)`,
        el("span", { class: "row" },
          el("input", { name: "tarif.rufspiel", type: "number", min: 0, placeholder: "Rufspiel" }),
          el("input", { name: "tarif.solo", type: "number", min: 0, placeholder: "Solo" }),
          el("input", { name: "tarif.extra", type: "number", min: 0, placeholder: "Schneider" }))),
      el("label", {}, t("kontra"), el("select", { name: "kontra_deadline" },
        el("option", { value: "" }, "—"),
        ["before_first_card", "before_own_first_card", "before_second_trick"].map((v) => el("option", { value: v }, v)))),
      el("label", {}, t("allPass"), el("select", { name: "all_pass" }, el("option", { value: "" }, "—"),
        ["redeal", "ramsch", "stock"].map((v) => el("option", { value: v }, v)))),
      el("fieldset", { id: "contracts" }, el("legend", {}, t("contracts")),
        options.contracts.map((c) => el("label", { class: "check" },
          el("input", { type: "checkbox", name: "contract", value: c }), c.charAt(0).toUpperCase() + c.slice(1)))),
      el("label", { class: "check" }, el("input", { type: "checkbox", name: "short" }), t("shortDeck")),
      el("label", { class: "check" }, el("input", { type: "checkbox", name: "klopfen" }), t("klopfen")),
      el("label", {}, t("turnSeconds"), el("input", { name: "turn_seconds", type: "number", min: 0, max: 3600, value: 0 }))),
    el("button", { type: "submit", class: "primary" }, t("start")),
    el("p", { class: "error", id: "create-error" }));
  const presetContracts = (name) => options.presets[name].full.contracts || [];
  const showPreset = () => {
    const wanted = new Set(presetContracts(form.elements.preset.value));
    form.querySelectorAll("input[name=contract]").forEach((box) => { box.checked = wanted.has(box.value); });
    form.elements.klopfen.checked = !!options.presets[form.elements.preset.value].full.klopfen;
  };
  form.elements.preset.addEventListener("change", showPreset);
  showPreset();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const overrides = {};
    const chosen = f.getAll("contract").sort();
    if (chosen.join() !== [...presetContracts(f.get("preset"))].sort().join()) overrides.contracts = chosen;
    for (const key of ["tarif.rufspiel", "tarif.solo", "tarif.extra"]) if (f.get(key)) overrides[key] = Number(f.get(key));
    if (f.get("kontra_deadline")) overrides.kontra_deadline = f.get("kontra_deadline");
    // "stock" is not an all-pass rule of its own: the deal is redealt and everyone pays in.
    if (f.get("all_pass") === "stock") Object.assign(overrides, { all_pass: "redeal", stock: true });
    else if (f.get("all_pass")) overrides.all_pass = f.get("all_pass");
    if (f.get("short")) overrides.deck = "short";
    if (!!f.get("klopfen") !== !!options.presets[f.get("preset")].full.klopfen) overrides.klopfen = !!f.get("klopfen");
    const body = { preset: f.get("preset"), games: Number(f.get("games")), overrides,
      seats: ["human", f.get("seat1"), f.get("seat2"), f.get("seat3")],
      turn_seconds: Number(f.get("turn_seconds") || 0), player: f.get("player") };
    localStorage.setItem("sk.name", body.player);
    const r = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) { $("#create-error").textContent = errorText(data); return; }
    saveSeat(data.table, data);
    history.pushState({}, "", `/?table=${data.table}`);
    openTable(data.table);
  });
  app.replaceChildren(form, settingsBar());
}

function settingsBar() {
  return el("div", { class: "settings" },
    el("label", {}, t("language"), el("select", { id: "lang", onchange: (e) => { localStorage.setItem("sk.lang", e.target.value); location.reload(); } },
      el("option", { value: "de", selected: settings.lang === "de" }, "Deutsch"),
      el("option", { value: "en", selected: settings.lang === "en" }, "English"))),
    el("label", { class: "check" }, el("input", { type: "checkbox", id: "french", checked: settings.french,
      onchange: (e) => { localStorage.setItem("sk.french", e.target.checked ? "1" : "0"); settings.french = e.target.checked; redraw(); } }), t("french")));
}

function saveSeat(table, data) {
  const seats = JSON.parse(localStorage.getItem("sk.seats") || "{}");
  seats[table] = { seat: data.seat, token: data.token, invite: data.invite || (seats[table] || {}).invite };
  localStorage.setItem("sk.seats", JSON.stringify(seats));
}
function seatFor(table) { return (JSON.parse(localStorage.getItem("sk.seats") || "{}"))[table] || null; }

async function showJoin(table, invite) {
  const app = $("#app");
  const form = el("form", { class: "panel", id: "join-form" },
    el("h2", {}, t("joinTitle")),
    el("label", {}, t("yourName"), el("input", { name: "name", value: localStorage.getItem("sk.name") || "", maxlength: 30, required: true })),
    el("button", { type: "submit", class: "primary" }, t("join")),
    el("p", { class: "error", id: "join-error" }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = new FormData(form).get("name");
    localStorage.setItem("sk.name", name);
    const r = await fetch(`/api/tables/${table}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ invite, name }) });
    const data = await r.json();
    if (!r.ok) { $("#join-error").textContent = errorText(data); return; }
    saveSeat(table, { ...data, invite });
    history.replaceState({}, "", `/?table=${table}`);
    openTable(table);
  });
  app.replaceChildren(form, settingsBar());
}

// -- the table ------------------------------------------------------------------------------------

const live = { table: null, ws: null, version: 0, state: null, showLast: false, retry: 0, replay: null, result: null };

function openTable(table) {
  live.table = table;
  live.version = 0;
  live.state = null;
  connect();
}

function connect() {
  const mine = seatFor(live.table);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = mine && mine.token ? `?token=${encodeURIComponent(mine.token)}` : "";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${live.table}${q}`);
  live.ws = ws;
  setStatus(live.state ? t("reconnecting") : t("connecting"));
  ws.onopen = () => {
    live.retry = 0;
    if (live.state) ws.send(JSON.stringify({ type: "resume", since: live.version }));
    setStatus("");
  };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (live.ws !== ws) return;
    if (FINAL_CLOSE.has(ev.code)) return;  // the error message said why: keep it shown
    setStatus(t("reconnecting"));
    live.retry = Math.min(live.retry + 1, 6);
    setTimeout(connect, 300 * 2 ** live.retry);
  };
}

function receive(msg) {
  if (msg.type === "error") { setStatus(errorText(msg), true); return; }
  if (msg.type === "pong") return;
  if (msg.type === "event" && msg.event.kind === "game_over") live.result = msg.event.result;
  if (msg.type === "events") for (const e of msg.events) if (e.kind === "game_over") live.result = e.result;
  if (msg.version !== undefined && msg.state) {
    // An action's event leaves out what changes only between games: keep it from before.
    if (live.state) for (const k of ["rules", "seats", "ledger", "last_result"]) {
      if (!(k in msg.state) && k in live.state) msg.state[k] = live.state[k];
    }
    live.version = msg.version;
    live.state = msg.state;
    redraw();
  }
}

function send(action) {
  if (!live.ws || live.ws.readyState !== WebSocket.OPEN) return;
  live.ws.send(JSON.stringify({ type: "act", action, version: live.version }));
}

function setStatus(text, isError = false) {
  const s = $("#status");
  if (!s) return;
  s.textContent = text;
  s.className = isError ? "status error" : "status";
}

function redraw() {
  if (live.replay) return drawReplay();
  if (!live.state) return;
  const st = live.state;
  const v = st.view;
  const me = st.seat;
  const n = st.names.length;
  const app = $("#app");
  const bottom = me === null || me === undefined ? 0 : me;
  const place = (s) => ["south", "west", "north", "east"][(s - bottom + n) % n] || "north";
  const seats = st.names.map((name, s) => {
    const tags = [];
    if (v && v.dealer === s) tags.push(t("dealer"));
    if (v && v.contract && v.contract.declarer === s) tags.push(contractText(v.contract));
    if (v && v.partner === s && s !== me) tags.push(t("partner"));
    if (v && v.doublings.includes(s)) tags.push(v.doublings.indexOf(s) % 2 === 0 ? "Kontra" : "Re");
    if (v && v.knocks.includes(s)) tags.push(t("knocked"));
    const turn = v && v.to_move === s;
    return el("div", { class: `seat ${place(s)}${turn ? " turn" : ""}`, "data-seat": s },
      el("div", { class: "name" }, name, s === me ? " ★" : ""),
      el("div", { class: "tags" }, tags.join(" · ")),
      v ? el("div", { class: "count" }, `${v.hand_sizes[s]} ${t("cards")} · ${v.points[s]} ${t("points")}`) : "");
  });
  const center = el("div", { class: "trick", id: "trick" });
  if (v) {
    const shown = live.showLast && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
    const leader = shown ? shown.leader : v.trick_leader;
    const cards = shown ? shown.cards : v.trick;
    cards.forEach((c, i) => {
      const s = (leader + i) % n;
      center.append(card(c, { class: `card-wrap played ${place(s)}`, title: st.names[s], "data-seat": s }));
    });
  }
  const info = el("div", { class: "info" },
    el("span", {}, `${t("game")} ${st.game}/${st.games}`),
    v && v.contract ? el("span", { class: "contract" }, `${contractText(v.contract)} — ${st.names[v.contract.declarer] || t("ramsch")}`) : "",
    v && !v.contract ? el("span", {}, t("bidding")) : "",
    st.stock ? el("span", {}, `${t("stock")}: ${st.stock}`) : "",
    el("span", { id: "turn" }, v && v.to_move !== null ? (v.to_move === me ? t("yourTurn") : `${t("waiting")} ${st.names[v.to_move]}`) : ""));
  const legal = v ? v.legal : [];
  const legalCards = new Set(legal.filter((a) => a.id < 32).map((a) => a.name));
  const hand = el("div", { class: `hand${legalCards.size ? " playing" : ""}`, id: "hand" },
    (v ? v.hand : []).map((c) => {
      const ok = legalCards.has(c);
      const w = card(c, { class: `card-wrap${ok ? " legal" : ""}`, "data-card": c, tabindex: ok ? 0 : -1 });
      if (ok) {
        w.addEventListener("click", () => send(c));
        w.addEventListener("keydown", (e) => { if (e.key === "Enter") send(c); });
      }
      return w;
    }));
  const buttons = el("div", { class: "actions", id: "actions" },
    legal.filter((a) => a.id >= 32).map((a) =>
      el("button", { class: "action", "data-action": a.name, onclick: () => send(a.name) }, actionText(a.name))));
  const tools = el("div", { class: "tools" },
    v && v.tricks.length ? el("button", { id: "last-trick", onclick: () => { live.showLast = !live.showLast; redraw(); } }, live.showLast ? "↩" : t("lastTrick")) : "",
    inviteBox(st));
  const side = el("aside", { class: "side" }, resultPanel(st), ledgerPanel(st));
  const board = el("section", { class: "board" }, ...seats, center);
  app.replaceChildren(el("main", { class: "table" }, info, board, buttons, hand, tools), side, settingsBar(),
    el("div", { id: "status", class: "status" }));
  if (st.over) app.prepend(el("p", { class: "over panel" }, t("over")));
}

function inviteBox(st) {
  const mine = seatFor(st.table);
  if (!mine || !mine.invite || !st.seats.includes("human")) return "";
  const url = `${location.origin}/?table=${st.table}&invite=${mine.invite}`;
  return el("details", { class: "invite" }, el("summary", {}, t("invite")),
    el("input", { readonly: true, value: url, id: "invite-url", onclick: (e) => e.target.select() }),
    el("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t("copy")));
}

function resultPanel(st) {
  const res = st.last_result;
  if (!res) return "";
  const r = res.result;
  const c = res.contract;
  const lines = [];
  if (!c) lines.push(t("allPassed"));
  else {
    lines.push(`${contractText(c)}${c.declarer !== undefined ? " — " + st.names[c.declarer] : ""}`);
    if (r.declarer_points !== null && r.declarer_points !== undefined) lines.push(`${t("points")}: ${r.declarer_points} · ${r.won ? t("won") : t("lost")}`);
    const extras = [r.schneider ? t("schneider") : "", r.schwarz ? t("schwarz") : "", r.laufende ? `${r.laufende} ${t("laufende")}` : ""].filter(Boolean);
    if (extras.length) lines.push(extras.join(" · "));
    lines.push(`${t("value")}: ${r.value}`);
  }
  return el("div", { class: "panel result", id: "result" },
    el("h3", {}, `${t("result")} — ${t("game")} ${res.game}`),
    lines.map((l) => el("div", {}, l)),
    el("table", {}, el("tr", {}, st.names.map((nm) => el("th", {}, nm))),
      el("tr", {}, r.payouts.map((p) => el("td", { class: p >= 0 ? "plus" : "minus" }, p > 0 ? `+${p}` : `${p}`)))),
    el("button", { class: "replay-btn", onclick: () => openReplay(st.table, res.game) }, t("replay")));
}

function ledgerPanel(st) {
  if (!st.ledger.length) return "";
  return el("div", { class: "panel ledger", id: "ledger" },
    el("h3", {}, t("ledger")),
    el("table", {},
      el("tr", {}, el("th", {}, "#"), st.names.map((nm) => el("th", {}, nm)), el("th", {}, "")),
      st.ledger.map((row) => el("tr", {}, el("td", {}, row.game),
        row.balances.map((b) => el("td", { class: b >= 0 ? "plus" : "minus" }, b)),
        el("td", {}, el("button", { class: "link", onclick: () => openReplay(st.table, row.game), title: t("replay") }, "▶"))))));
}

// -- the replay viewer ------------------------------------------------------------------------

async function openReplay(table, number) {
  const r = await fetch(`/api/tables/${table}/games/${number}/replay`);
  if (!r.ok) return;
  const data = await r.json();
  live.replay = { table, number, rec: data.record, tricks: data.tricks, step: 0 };
  drawReplay();
}

function drawReplay() {
  const { rec, step, table, number, tricks } = live.replay;
  const names = rec.players || rec.hands.map((_, i) => `${i + 1}`);
  const played = new Set();
  tricks.slice(0, step).forEach((tr) => tr.cards.forEach((c) => played.add(c)));
  const hands = rec.hands.map((h, s) => el("div", { class: "replay-hand", "data-seat": s },
    el("div", { class: "name" }, names[s]),
    el("div", { class: "cards" }, h.split(" ").map((c) => card(c, { class: `card-wrap small${played.has(c) ? " gone" : ""}` })))));
  const shown = step > 0 ? tricks[step - 1] : null;
  const trick = el("div", { class: "replay-trick" },
    shown ? [el("div", {}, `${t("trick")} ${step}: ${names[shown.leader]} → ${names[shown.winner]}`),
      el("div", { class: "cards" }, shown.cards.map((c) => card(c, { class: "card-wrap small" })))] : el("div", {}, contractText(rec.contract) || t("allPassed")));
  const blob = new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" });
  const app = $("#app");
  app.replaceChildren(el("section", { class: "panel replay", id: "replay" },
    el("h2", {}, `${t("replay")} — ${t("game")} ${number}`),
    el("div", {}, `${t("allHands")}:`), hands, trick,
    el("div", { class: "row" },
      el("button", { id: "replay-prev", disabled: step === 0, onclick: () => { live.replay.step--; drawReplay(); } }, t("prev")),
      el("span", { id: "replay-step" }, `${step}/${tricks.length}`),
      el("button", { id: "replay-next", disabled: step >= tricks.length, onclick: () => { live.replay.step++; drawReplay(); } }, t("next")),
      el("a", { href: URL.createObjectURL(blob), download: `schafkopf-${table}-${number}.json`, id: "download" }, t("download")),
      el("button", { id: "replay-close", onclick: () => { live.replay = null; redraw(); } }, t("close")))));
}

// -- start ------------------------------------------------------------------------------------

function route() {
  const q = new URLSearchParams(location.search);
  const table = q.get("table");
  const invite = q.get("invite");
  document.documentElement.lang = settings.lang;
  document.title = t("title");
  if (table && invite && !seatFor(table)) return showJoin(table, invite);
  if (table) return openTable(table);
  return showLobby();
}

window.addEventListener("popstate", route);
route();
