// The table chat as pure functions: the lines the server sends (a new connection first gets
// the last ones as "history", again after each reconnect), whether an error answers the
// page's own chat line, and the names this browser muted (kept in localStorage, per name):
// a muted name's lines are hidden, the earlier ones too.

import type { ChatServerMessage } from "./protocol";

/** The quick phrases, sent by code (src/schafkopf/server/protocol.py CHAT_PHRASES). */
export const CHAT_PHRASES = ["hello", "well_played", "thanks", "sorry", "bad_luck", "hurry"] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];

/** The longest line the server keeps (characters). */
export const CHAT_LENGTH = 200;
/** The lines kept on the page. */
export const CHAT_KEPT = 100;

export interface ChatLine {
  seat: number;
  name: string;
  text?: string;
  phrase?: string;
  /** UNIX seconds on the server's clock. */
  at: number;
}

export interface ChatState {
  lines: ChatLine[];
  /** A line was sent and neither it came back nor an error yet. */
  pending: boolean;
  /** The error code that answered the page's last line (shown by the chat), or null. */
  error: string | null;
  /** Lines that arrived since the chat was last looked at (for the closed panel's badge). */
  unseen: number;
}

export function initialChat(): ChatState {
  return { lines: [], pending: false, error: null, unseen: 0 };
}


function lineOf(raw: unknown): ChatLine | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.seat !== "number" || typeof r.name !== "string") return null;
  const text = typeof r.text === "string" ? r.text.slice(0, CHAT_LENGTH) : undefined;
  const phrase = typeof r.phrase === "string" ? r.phrase : undefined;
  if (!text && !phrase) return null;
  return { seat: r.seat, name: r.name, at: typeof r.at === "number" ? r.at : 0, ...(text ? { text } : {}), ...(phrase ? { phrase } : {}) };
}

function keyOf(l: ChatLine): string {
  return `${l.at}|${l.seat}|${l.name}|${l.phrase ?? ""}|${l.text ?? ""}`;
}

/** The chat after one of the server's chat messages: a history (after each connect) adds
 * the lines not seen yet, in time order; a line is added at the end. ``mySeat``: the page's
 * seat, whose own line coming back ends the wait for it. ``open``: the panel is open (its
 * lines are seen). */
export function receiveChat(state: ChatState, msg: ChatServerMessage, mySeat: number | null, open = true): ChatState {
  if (Array.isArray(msg.history)) {
    const seen = new Set(state.lines.map(keyOf));
    const fresh = msg.history.map(lineOf).filter((l): l is ChatLine => l !== null && !seen.has(keyOf(l)));
    if (!fresh.length) return state;
    const lines = [...state.lines, ...fresh].sort((a, b) => a.at - b.at).slice(-CHAT_KEPT);
    const others = fresh.filter((l) => mySeat === null || l.seat !== mySeat).length; // one's own lines are seen
    return { ...state, lines, unseen: open ? 0 : state.unseen + others };
  }
  const line = lineOf(msg);
  if (!line) return state;
  const own = mySeat !== null && line.seat === mySeat;
  return {
    lines: [...state.lines, line].slice(-CHAT_KEPT),
    pending: own ? false : state.pending,
    error: own ? null : state.error,
    unseen: open || own ? 0 : state.unseen + 1,
  };
}

/** The codes with which the server refuses a chat line. */
const CHAT_ERRORS = new Set(["rate_limited", "no_seat", "malformed", "too_large"]);

/** Whether an error message answers the page's own chat line (then the chat shows it, not
 * the table); the chat after it. */
export function chatError(state: ChatState, code: string): { state: ChatState; mine: boolean } {
  if (!state.pending || !CHAT_ERRORS.has(code)) return { state, mine: false };
  return { state: { ...state, pending: false, error: code }, mine: true };
}

/** The page sent a line. */
export function chatSent(state: ChatState): ChatState {
  return { ...state, pending: true, error: null };
}

/** The panel was opened: every line is seen. */
export function chatSeen(state: ChatState): ChatState {
  return state.unseen ? { ...state, unseen: 0 } : state;
}

/** The text to send: spaces squeezed, cut to the longest line; null when nothing is left. */
export function chatText(input: string): string | null {
  const squeezed = input.replace(/\s+/g, " ").trim();
  return squeezed ? [...squeezed].slice(0, CHAT_LENGTH).join("") : null;
}

/** The message that sends a text or a quick phrase. */
export function chatMessage(what: { text: string } | { phrase: ChatPhrase }): string {
  return JSON.stringify({ type: "chat", ...what });
}

const MUTED_KEY = "sk.muted";

function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** The names muted in this browser (as written, lower case). */
export function loadMuted(storage: Pick<Storage, "getItem">): Set<string> {
  try {
    const raw: unknown = JSON.parse(storage.getItem(MUTED_KEY) ?? "[]");
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string").map(nameKey) : []);
  } catch {
    return new Set();
  }
}

export function saveMuted(storage: Pick<Storage, "setItem">, muted: Set<string>): void {
  storage.setItem(MUTED_KEY, JSON.stringify([...muted].sort()));
}

/** The muted names with ``name`` muted or heard again. */
export function toggleMuted(muted: Set<string>, name: string): Set<string> {
  const next = new Set(muted);
  const key = nameKey(name);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export function isMuted(muted: Set<string>, name: string): boolean {
  return muted.has(nameKey(name));
}

/** The lines to show: a muted name's are left out (the page's own never). */
export function visibleLines(lines: ChatLine[], muted: Set<string>, mySeat: number | null = null): ChatLine[] {
  return lines.filter((l) => l.seat === mySeat || !isMuted(muted, l.name));
}

/** A line's identity among the chat's lines (its time, seat and words). */
export function lineKey(line: ChatLine): string {
  return `${line.at}|${line.seat}|${line.phrase ?? ""}|${line.text ?? ""}`;
}

/** The line to show by the board for a moment: another person's newest line that is not
 * muted, new since the last one shown (``shown``: its key) and written in the last half
 * minute (``now``: UNIX seconds on the server's clock), not one from the history the page
 * found on opening; else null. */
export function peekLine(lines: ChatLine[], muted: Set<string>, mySeat: number | null, shown: string | null, now: number): ChatLine | null {
  const newest = lines.at(-1);
  if (!newest || newest.seat === mySeat || isMuted(muted, newest.name)) return null;
  if (lineKey(newest) === shown || Math.abs(now - newest.at) >= 30) return null;
  return newest;
}

/** Whether an error code may answer a chat line. */
export function isChatError(code: string): boolean {
  return CHAT_ERRORS.has(code);
}

/** The names that may be muted: the other people at the table (``people[seat]``: a person
 * plays it) and whoever else wrote in the chat, each once (by name, whatever the case), the
 * table's first. */
export function mutableNames(names: string[], mySeat: number | null, people: boolean[], lines: ChatLine[] = []): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    if (name && !out.some((n) => nameKey(n) === nameKey(name))) out.push(name);
  };
  names.forEach((name, seat) => {
    if (seat !== mySeat && people[seat]) add(name);
  });
  for (const l of lines) if (l.seat !== mySeat) add(l.name);
  return out;
}
