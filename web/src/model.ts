// The page's state logic, free of the DOM: what the server's messages mean for the screen.
// A finished trick stays on the table for a while with its winner marked; each seat's words
// in this game are collected from the history; naming a contract is a choice in two steps.

import type {
  AnalysisJson,
  AnalysisStatus,
  ContractJson,
  DecisionJson,
  GameEvent,
  GameResult,
  LedgerRow,
  LegalAction,
  SeatEvent,
  ServerMessage,
  TableState,
  ViewJson,
} from "./protocol";
import { isCardName, parseContractName } from "./i18n";

export type Connection = "connecting" | "open" | "lost" | "closed";

/** A finished trick kept on the table until ``until`` (ms), then carried to its winner. */
export interface ShownTrick {
  game: number;
  leader: number;
  cards: string[];
  winner: number;
  until: number;
}

export interface Model {
  version: number;
  state: TableState | null;
  shown: ShownTrick | null;
  /** The newest game result seen (kept when the next game starts). */
  result: GameResult | null;
  connection: Connection;
  error: { code: string; message?: string | undefined } | null;
  /** The newest seat change told to the table, numbered so that each is shown once. */
  news: { event: SeatEvent; serial: number } | null;
  /** The newest action the server made for this seat when its time ran out. */
  timedOut: { action: string; serial: number } | null;
  /** The next round's table and this seat's token there ("again with the same players"). */
  again: { table: string; seat: number | null; token: string | null } | null;
}

export const TRICK_HOLD_MS = 1500;
/** How long the collected trick flies to the winner's pile. */
export const COLLECT_MS = 350;

export function initialModel(): Model {
  return {
    version: 0, state: null, shown: null, result: null, connection: "connecting", error: null,
    news: null, timedOut: null, again: null,
  };
}

/** The parts of the state an action's event leaves out: they change only between games. */
const BETWEEN_GAMES = ["rules", "seats", "ledger", "last_result", "names", "games"] as const;

function merged(prev: TableState | null, next: TableState): TableState {
  if (!prev) return next;
  const out: TableState = { ...next };
  const target = out as unknown as Record<string, unknown>;
  const source = prev as unknown as Record<string, unknown>;
  for (const key of BETWEEN_GAMES) {
    if (!(key in next) && key in prev) target[key] = source[key];
  }
  return out;
}

/** The trick an event completed: the cards on the table before it plus its card. */
function completedTrick(
  prev: TableState | null,
  event: GameEvent,
  now: number,
  holdMs: number,
): ShownTrick | null {
  if (event.trick_won_by === undefined || event.action === undefined) return null;
  const view = prev?.view;
  if (!view || view.trick_leader === null) return null;
  return {
    game: event.game,
    leader: view.trick_leader,
    cards: [...view.trick, event.action],
    winner: event.trick_won_by,
    until: now + holdMs,
  };
}

/** The model after one message from the server (``now`` in ms, for the trick on show). */
export function receive(model: Model, msg: ServerMessage, now: number, holdMs = TRICK_HOLD_MS): Model {
  if (msg.type === "pong") return model;
  if (msg.type === "error") return { ...model, error: { code: msg.code, message: msg.message } };
  if (msg.type === "again") {
    return { ...model, again: { table: msg.table, seat: msg.seat, token: msg.token } };
  }
  if (msg.type === "presence") {
    return model.state ? { ...model, state: { ...model.state, online: msg.online } } : model;
  }
  let { shown, result, news, timedOut } = model;
  if (msg.type === "seats") news = { event: msg.event, serial: (news?.serial ?? 0) + 1 };
  let state = model.state;
  const events: GameEvent[] =
    msg.type === "event" ? [msg.event] : msg.type === "events" ? msg.events : [];
  for (const event of events) {
    const trick = completedTrick(state, event, now, holdMs);
    if (trick) shown = trick;
    if (event.kind === "game_over" && event.result) result = event.result;
    if (event.by === "timeout" && event.action && event.seat !== undefined && event.seat === state?.seat) {
      timedOut = { action: event.action, serial: (timedOut?.serial ?? 0) + 1 };
    }
    if (event.kind === "action" && state?.view && event.seat !== undefined && event.action) {
      // Keep the running state in step for the next event of the same message.
      state = { ...state, view: stepView(state.view, event) };
    }
  }
  if (msg.type === "snapshot") {
    shown = null;
    result = msg.state.last_result ?? result;
  }
  if ("state" in msg && msg.state) {
    const next = merged(model.state, msg.state);
    if (!result && next.last_result) result = next.last_result;
    return { ...model, version: msg.version, state: next, shown, result, news, timedOut, error: null };
  }
  const version = "version" in msg && msg.version !== undefined ? msg.version : model.version;
  return { ...model, version, state, shown, result, news, timedOut };
}

/** A card event applied to the public view (only the trick matters between messages). */
function stepView(view: ViewJson, event: GameEvent): ViewJson {
  if (event.action === undefined || !isCardName(event.action) || view.phase !== "play") return view;
  if (event.trick_won_by !== undefined) return { ...view, trick: [], trick_leader: event.trick_won_by };
  return { ...view, trick: [...view.trick, event.action] };
}

/** What the table's centre shows now: the finished trick while it is on show, else the
 * trick being played. ``collecting`` while the finished trick flies to its winner. */
export function trickOnTable(
  model: Model,
  now: number,
): { leader: number | null; cards: string[]; winner: number | null; collecting: boolean } {
  const shown = model.shown;
  if (shown && now < shown.until + COLLECT_MS) {
    return { leader: shown.leader, cards: shown.cards, winner: shown.winner, collecting: now >= shown.until };
  }
  const view = model.state?.view;
  return { leader: view?.trick_leader ?? null, cards: view?.trick ?? [], winner: null, collecting: false };
}

/** The game the one rival to outbid has named in the settling round ("solo"), from each
 * seat's words; undefined where there are several rivals or none has named one yet. */
export function offeredGame(said: string[][], rivalSeats: number[]): string | undefined {
  if (rivalSeats.length !== 1) return undefined;
  return (said[rivalSeats[0]!] ?? []).filter((w) => parseContractName(w) !== null).at(-1);
}

/** The model with the finished trick on show sent to its winner now (``now`` in ms): a
 * card tapped while it is held is played at once, not lost to the hold. */
export function collectNow(model: Model, now: number): Model {
  const shown = model.shown;
  return shown && now < shown.until ? { ...model, shown: { ...shown, until: now } } : model;
}

/** True while a finished game's last trick is on show (or flying to its winner) and the
 * table's state is already the next game's (``game``): its cards and choices wait. */
export function dealWaits(model: Model, game: number, now: number): boolean {
  const shown = model.shown;
  return shown !== null && shown.game !== game && now < shown.until + COLLECT_MS;
}

/** The moment (ms) the screen must be drawn again for the trick on show, or null. */
export function nextRedraw(model: Model, now: number): number | null {
  const shown = model.shown;
  if (!shown) return null;
  if (now < shown.until) return shown.until;
  if (now < shown.until + COLLECT_MS) return shown.until + COLLECT_MS;
  return null;
}

/** Where a seat sits on the screen: the page's own seat at the bottom. */
export function placeOf(seat: number, me: number | null, players: number): "south" | "west" | "north" | "east" {
  const bottom = me ?? 0;
  const places = players === 3 ? (["south", "west", "east"] as const) : (["south", "west", "north", "east"] as const);
  return places[(seat - bottom + players) % players] ?? "north";
}

/** Words said in order, each ``{seat, ...}``, without a seat's word that repeats its own
 * last one (``same`` tells a repeat): a Wenz offered in the auction, then named, is
 * said once, not "Wenz, Wenz" (a solo is named with its suit, so both words stay). */
export function withoutRepeats<T extends { seat: number }>(
  said: T[],
  same: (a: T, b: T) => boolean,
  merged?: (kept: T, left: T) => void,
): T[] {
  const last = new Map<number, T>();
  const out: T[] = [];
  for (const entry of said) {
    const before = last.get(entry.seat);
    if (before !== undefined && same(before, entry)) {
      merged?.(before, entry);
      continue;
    }
    last.set(entry.seat, entry);
    out.push(entry);
  }
  return out;
}

/** Whether two words name the same contract ("wenz" offered, then "wenz" named): the
 * replay says such a word once, and every other word as often as it was said. */
export function sameNaming(a: { action: string }, b: { action: string }): boolean {
  return a.action === b.action && parseContractName(a.action) !== null;
}

/** Each seat's words in this game, in order: klopft, weiter, spiel, offers, the named
 * contract, Kontra, Re (the engine's action names; "nicht klopfen" is left out, and a word
 * that repeats the seat's last, as a Wenz offered and then named, or "spiel" held, is said
 * once: a bubble holds few words). */
export function saidBySeat(view: ViewJson | undefined, players: number): string[][] {
  const out: string[][] = Array.from({ length: players }, () => []);
  if (!view) return out;
  const words = view.history.filter((h) => !isCardName(h.action) && h.action !== "nicht klopfen");
  for (const entry of withoutRepeats(words, (a, b) => a.action === b.action)) out[entry.seat]?.push(entry.action);
  return out;
}

/** A seat's place after the round's last game: its balance, its place (1 = the most; seats
 * with the same balance share the place) and whether another seat shares it. */
export function finalPlace(ledger: LedgerRow[], seat: number): { balance: number; place: number; shared: boolean } | null {
  const balances = ledger.at(-1)?.balances;
  const balance = balances?.[seat];
  if (!balances || balance === undefined) return null;
  const place = 1 + balances.filter((b) => b > balance).length;
  return { balance, place, shared: balances.filter((b) => b === balance).length > 1 };
}

/** Every seat's place after the round, the most first (a shared place once per seat). */
export function finalOrder(ledger: LedgerRow[]): { seat: number; balance: number; place: number }[] {
  const seats = (ledger.at(-1)?.balances ?? []).map((_, seat) => ({ seat, ...finalPlace(ledger, seat)! }));
  return seats.sort((a, b) => a.place - b.place || a.seat - b.seat).map(({ seat, balance, place }) => ({ seat, balance, place }));
}

/** In the settling round, the other seats that still want to play (said "spiel", and no
 * "weiter" after it): whom a higher game must outbid. */
export function rivals(view: ViewJson | undefined, seat: number, players: number): number[] {
  if (!view || view.phase !== "settling") return [];
  return saidBySeat(view, players).flatMap((words, s) => (s !== seat && words.includes("spiel") && words.at(-1) !== "weiter" ? [s] : []));
}

const LASTING = new Set(["klopfen", "kontra", "re", "sup", "hirsch"]);

/** What each seat's bubbles show: every word while the game is bid; once the cards are
 * played only what still counts, a knock, a doubling and the declarer's contract (a bid of
 * "weiter" or "Ich spiel" is no news then; the header names the contract too). */
export function seatWords(view: ViewJson | undefined, players: number): string[][] {
  const said = saidBySeat(view, players);
  if (!view || (view.phase !== "play" && view.phase !== "done")) return said;
  const declarer = view.contract?.declarer ?? null;
  return said.map((words, seat) => {
    const contract = seat === declarer ? words.filter((w) => parseContractName(w)).at(-1) : undefined;
    const kept = words.filter((w) => LASTING.has(w));
    return contract ? [...kept.filter((w) => w === "klopfen"), contract, ...kept.filter((w) => w !== "klopfen")] : kept;
  });
}

/** The legal actions split: cards to click, and the other choices as buttons. */
export function splitLegal(legal: LegalAction[] | undefined): { cards: Set<string>; buttons: LegalAction[] } {
  const cards = new Set<string>();
  const buttons: LegalAction[] = [];
  for (const a of legal ?? []) {
    if (a.id < 32) cards.add(a.name);
    else buttons.push(a);
  }
  return { cards, buttons };
}

export interface NamingGroup {
  /** The kind, as a key: "rufspiel", "solo", "wenz". */
  key: string;
  kind: string;
  /** The actions of this kind: one per suit and Tout or not, or one without a suit. */
  actions: { name: string; suit: string | null; tout: boolean }[];
}

/** Naming a contract in two steps: first the kind, then the suit or Sau, Tout or not (a
 * kind with one action is named at once); the kinds in the order the engine offers them,
 * so a Tout never stands apart at the end of a long list. */
export function namingGroups(buttons: LegalAction[]): { groups: NamingGroup[]; others: LegalAction[] } {
  const groups = new Map<string, NamingGroup>();
  const others: LegalAction[] = [];
  for (const a of buttons) {
    const contract = parseContractName(a.name);
    if (!contract) {
      others.push(a);
      continue;
    }
    const { kind } = contract;
    const group = groups.get(kind) ?? { key: kind, kind, actions: [] };
    group.actions.push({ name: a.name, suit: contract.suit ?? null, tout: contract.tout ?? false });
    groups.set(kind, group);
  }
  for (const g of groups.values()) g.actions.sort((x, y) => Number(x.tout) - Number(y.tout)); // plain first
  return { groups: [...groups.values()], others };
}

/** The called Sau's suit of a Rufspiel, or null. */
export function calledSuit(contract: ContractJson | null | undefined): string | null {
  return contract && contract.kind === "rufspiel" ? (contract.suit ?? null) : null;
}

/** The card step (1 to ``cards``) nearest to ``at`` on a chart whose first card stands at
 * ``from`` and whose last at ``to``: a tap anywhere over the chart picks a card. */
export function nearestStep(at: number, from: number, to: number, cards: number): number {
  const step = Math.round(1 + ((at - from) * (cards - 1)) / Math.max(1e-9, to - from));
  return Math.min(cards, Math.max(1, step));
}

/** "tout" or "bettel" when that game is lost already (the Tout's declarer lost a trick, the
 * Bettel's took one) and the rest of the cards change nothing; else null. */
export function lostAlready(view: Pick<ViewJson, "contract" | "tricks"> | undefined): "tout" | "bettel" | null {
  const c = view?.contract;
  if (!c || c.declarer === null || c.declarer === undefined) return null;
  const declarer = c.declarer;
  if (c.tout && view.tricks.some((t) => t.winner !== declarer)) return "tout";
  if (c.kind === "bettel" && view.tricks.some((t) => t.winner === declarer)) return "bettel";
  return null;
}

/** The seats whose turn it is: those the table waits on for Kontra/Re or "gut" (no card is
 * played meanwhile, not even by the seat to move), else the seat to move. */
export function turnSeats(view: Pick<ViewJson, "to_move" | "waiting_for_doubling"> | undefined): number[] {
  const waiting = view?.waiting_for_doubling ?? [];
  if (waiting.length) return waiting;
  return view?.to_move !== null && view?.to_move !== undefined ? [view.to_move] : [];
}

/** True when the page's seat is to move (or the table waits on its Kontra/"gut"). */
export function myTurn(state: TableState | null): boolean {
  const view = state?.view;
  if (!state || !view || state.seat === null) return false;
  return turnSeats(view).includes(state.seat);
}

/** Which seats a replay shows as having played after ``step`` cards of the game. */
export function replayPosition(
  tricks: { leader: number; cards: string[]; winner: number }[],
  step: number,
): { played: Set<string>; trickIndex: number; inTrick: number } {
  const played = new Set<string>();
  let left = step;
  let trickIndex = 0;
  let inTrick = 0;
  for (let i = 0; i < tricks.length && left > 0; i++) {
    const cards = tricks[i]!.cards;
    const take = Math.min(left, cards.length);
    cards.slice(0, take).forEach((c) => played.add(c));
    left -= take;
    trickIndex = i;
    inTrick = take;
  }
  return { played, trickIndex, inTrick };
}

/** The replay step (cards played) at which a card decision's card lies on the table. */
export function stepOf(d: DecisionJson, players: number): number | null {
  if (d.phase !== "play" || d.trick === null || d.position === null) return null;
  return (d.trick - 1) * players + d.position;
}

/** The judged card decision whose card is the ``step``-th card of the game, if any. */
export function cardDecisionAt(analysis: AnalysisJson, step: number, players: number): DecisionJson | null {
  return analysis.decisions.find((d) => stepOf(d, players) === step) ?? null;
}

/** The decisions with a verdict, costliest first. */
export function worstDecisions(analysis: AnalysisJson, count = 8): DecisionJson[] {
  return analysis.decisions
    .filter((d) => d.verdict !== null)
    .sort((a, b) => b.loss - a.loss || a.index - b.index)
    .slice(0, count);
}

/** The judged bid, knock, offer, naming or doubling among the history places ``indices`` (one
 * line of what was said, with its repeats left out), the costliest; null where none was judged. */
export function judgedSaid(analysis: AnalysisJson | null, indices: number[]): DecisionJson | null {
  if (!analysis) return null;
  const found = analysis.decisions.filter((d) => d.phase !== "play" && d.verdict !== null && indices.includes(d.index));
  return found.sort((a, b) => b.loss - a.loss)[0] ?? null;
}

/** How many cards were played before history place ``index``: the replay's step where a bid
 * or a doubling made there is seen (0 for the bidding). */
export function cardsBefore(history: { action: string }[], index: number): number {
  return history.slice(0, index).filter((h) => isCardName(h.action)).length;
}

/** The points of the declarers' chance over the game's cards, for a chart: (step, chance). */
export function chanceLine(analysis: AnalysisJson, players: number): [number, number][] {
  const out: [number, number][] = [];
  for (const d of analysis.decisions) {
    const step = stepOf(d, players);
    if (step !== null && d.chance !== null && d.chance !== undefined) out.push([step, d.chance]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Whether the declaring side wins from each card on with every card open and best play
 * after it (1 won, 0 lost): [replay step, 0 or 1], in order; it moves only where a card
 * gave the game away or won it with the cards as they lay. */
export function openLine(analysis: AnalysisJson, players: number): [number, number][] {
  const out: [number, number][] = [];
  for (const d of analysis.decisions) {
    const step = stepOf(d, players);
    const open = d.open_expected;
    if (step !== null && d.chance !== null && d.chance !== undefined && open !== null && open !== undefined) {
      out.push([step, open > 0 ? 1 : 0]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** The points of a step line through ``points`` (each value holds until the next step). */
export function stepPoints(points: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  points.forEach(([x, y], i) => {
    const before = i > 0 ? points[i - 1]![1] : y;
    if (before !== y) out.push([x, before]);
    out.push([x, y]);
  });
  return out;
}

/** Each seat's figures over the analysed games of a session: the mean accuracy, the luck
 * and the verdicts summed; ``done`` and ``total`` count decisions, for a progress bar. */
export function sessionFigures(statuses: (AnalysisStatus | null)[], seats: number): {
  done: number;
  total: number;
  finished: number;
  /** How far the whole session is, 0 to 1: each finished game whole, a running one in part. */
  fraction: number;
  seats: { seat: number; accuracy: number | null; luck: number; inaccuracies: number; mistakes: number; blunders: number }[];
} {
  let done = 0;
  let total = 0;
  let finished = 0;
  let part = 0;
  const sums = Array.from({ length: seats }, (_, seat) => ({ seat, acc: 0, games: 0, luck: 0, inaccuracies: 0, mistakes: 0, blunders: 0 }));
  for (const st of statuses) {
    if (!st) continue;
    if (st.status === "running") {
      done += st.done;
      total += st.total;
      part += st.total ? Math.min(1, st.done / st.total) : 0;
    } else if (st.status === "done") {
      finished += 1;
      for (const x of st.analysis.seats) {
        const sum = sums[x.seat];
        if (!sum) continue;
        sum.acc += x.accuracy;
        sum.games += 1;
        sum.luck += x.luck;
        sum.inaccuracies += x.inaccuracies;
        sum.mistakes += x.mistakes;
        sum.blunders += x.blunders;
      }
    }
  }
  return {
    done,
    total,
    finished,
    fraction: statuses.length ? (finished + part) / statuses.length : 0,
    seats: sums.map((x) => ({
      seat: x.seat,
      accuracy: x.games ? Math.round((x.acc / x.games) * 10) / 10 : null,
      luck: Math.round(x.luck * 100) / 100,
      inaccuracies: x.inaccuracies,
      mistakes: x.mistakes,
      blunders: x.blunders,
    })),
  };
}

/** Whether this seat may ask for a tip: the creator allowed tips, or every other seat is a
 * bot (as the server decides); never where the games are rated or at a challenge's deal. */
export function tipsAllowed(state: TableState | null): boolean {
  if (!state || state.seat === null || state.rated || state.challenge) return false;
  if (state.tips) return true;
  const status = state.seat_status ?? [];
  return status.every((st, seat) => seat === state.seat || (st !== "person" && st !== "free"));
}

/** The seat's own side's chance to win, from the declarers' chance a tip gives: the seat
 * declares, or holds the called Sau (its known partner is itself), else it defends. */
export function ownChance(view: ViewJson, seat: number, declarers: number): number {
  const declaring = view.contract?.declarer === seat || view.partner === seat;
  return declaring ? declarers : 1 - declarers;
}

/** The declaring side's seats of a finished game's record (none: all passed, or a Ramsch). */
export function declarersOf(rec: Record<string, unknown> | undefined): number[] {
  const result = rec?.result as { declarers?: unknown } | undefined;
  return Array.isArray(result?.declarers) ? result.declarers.filter((x): x is number => typeof x === "number") : [];
}

/** The history step (1-based) at which a game played on from the replay's position starts:
 * the next card's place in the history after ``cards`` cards; null when none is left. */
export function playOnStep(history: { action: string }[], cards: number): number | null {
  let seen = 0;
  for (let i = 0; i < history.length; i++) {
    if (isCardName(history[i]!.action)) {
      if (seen === cards) return i + 1;
      seen += 1;
    }
  }
  return null;
}
