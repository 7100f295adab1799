// An account's side of the page, as pure functions: which guest seats go with a sign-up or
// a login, how the account's seats (GET /api/me) join the seats this browser holds (so a
// person finds their seats on any device), a rating in words, and the rating chart's points.

import type { Lang } from "./i18n";
import { allSeats, saveSeat, type HeldSeat } from "./seats";

/** A guest seat to keep with an account (the server's SeatClaim). */
export interface Claim {
  table: string;
  token: string;
}

/** One of the account's seats as GET /api/me lists it (token null: the person left it). */
export interface AccountSeat {
  table: string;
  seat: number;
  token: string | null;
}

export interface RatingLike {
  mu: number;
  sigma: number;
  ordinal?: number;
}

/** The server's limits on a claim: at most 200 seats, ids and tokens this long. */
const MOST_CLAIMS = 200;
const TABLE_MAX = 32;
const TOKEN_MAX = 64;

/** The rating every player starts from (openskill's: mu 25, sigma 25/3). */
export const START_RATING: RatingLike = { mu: 25, sigma: 25 / 3 };

/** The seats to send with a sign-up or login: every seat held here that was not left (a
 * left seat's token holds it no more), the newest 200 when there are more. */
export function seatsToKeep(held: Record<string, HeldSeat>): Claim[] {
  const claims = Object.entries(held)
    .filter(([table, h]) => h && !h.left && typeof h.token === "string" && h.token.length > 0 && table.length <= TABLE_MAX && h.token.length <= TOKEN_MAX)
    .map(([table, h]) => ({ table, token: h.token }));
  return claims.slice(-MOST_CLAIMS);
}

/** The seats held here with the account's seats merged in: a seat the account holds and
 * this browser does not (or holds by another token, or left) becomes this browser's;
 * the invitation and the name kept here stay. ``changed``: the tables whose seat changed. */
export function mergeSeats(
  held: Record<string, HeldSeat>,
  account: AccountSeat[],
): { seats: Record<string, HeldSeat>; changed: string[] } {
  const seats = { ...held };
  const changed: string[] = [];
  for (const a of account) {
    if (!a.token || !a.table) continue; // left: nothing to take over
    const here = seats[a.table];
    if (here && here.token === a.token && here.seat === a.seat && !here.left) continue;
    seats[a.table] = { seat: a.seat, token: a.token, invite: here?.invite, name: here?.name };
    changed.push(a.table);
  }
  return { seats, changed };
}

/** A figure with one decimal in the language's way ("27,3" / "27.3"; "−1,5" with a minus
 * sign, as the amounts have it). */
export function decimal(lang: Lang, x: number, digits = 1): string {
  const shown = Math.abs(x).toLocaleString(lang === "de" ? "de-DE" : "en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return x < 0 && Number(shown.replace(/[.,]/g, "")) !== 0 ? `−${shown}` : shown;
}

/** A rating with its interval: mu ± 2 sigma (about 95 % sure), "27,3 ± 8,2". */
export function formatRating(lang: Lang, r: RatingLike): string {
  return `${decimal(lang, r.mu)} ± ${decimal(lang, 2 * r.sigma)}`;
}

/** A rating is provisional while its range (2 sigma) is wider than ±5, about the first 40
 * rated games: its estimate may still be far off (a new account's 30 after one lucky game). */
export const PROVISIONAL_SIGMA = 2.5;

export function isProvisional(r: RatingLike): boolean {
  return r.sigma > PROVISIONAL_SIGMA;
}

/** How one table's rated games moved a player's rating (their history oldest first): the
 * rating before the first of them and after the last; null where none was rated. */
export function ratingChange(
  history: { table: string; before?: RatingLike; rating: RatingLike }[],
  table: string,
): { before: RatingLike; after: RatingLike } | null {
  const here = history.filter((h) => h.table === table);
  const first = here[0];
  const last = here[here.length - 1];
  return first?.before && last ? { before: first.before, after: last.rating } : null;
}

/** The figure the leaderboard ranks by: mu − 3 sigma. */
export function ordinalOf(r: RatingLike): number {
  return r.ordinal ?? r.mu - 3 * r.sigma;
}

export interface ChartPoint {
  /** The rated game's number in the player's games (0: the start). */
  game: number;
  x: number;
  y: number;
  /** The interval's top and bottom (mu ± 2 sigma) on the chart. */
  high: number;
  low: number;
  mu: number;
}

export interface RatingChart {
  width: number;
  height: number;
  points: ChartPoint[];
  /** The line through the ratings (an SVG path), and the interval's band around it. */
  line: string;
  band: string;
  /** The values at the chart's top and bottom edge, and lines worth labelling between. */
  top: number;
  bottom: number;
  ticks: { value: number; y: number }[];
}

const f1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

/** The rating chart of a history (oldest first): x the rated games in order, y the rating
 * (mu) with its band mu ± 2 sigma. ``games``: how many rated games the player has in all;
 * when the history holds every one of them, the start rating comes first (game 0). */
export function ratingChart(
  history: { rating: RatingLike }[],
  games: number,
  size: { width: number; height: number; pad: number } = { width: 320, height: 140, pad: 10 },
): RatingChart | null {
  if (history.length === 0) return null;
  const first = games - history.length; // the rated games before the history's first
  const series: { game: number; r: RatingLike }[] = history.map((h, i) => ({ game: first + i + 1, r: h.rating }));
  if (first === 0) series.unshift({ game: 0, r: START_RATING });
  const highs = series.map((p) => p.r.mu + 2 * p.r.sigma);
  const lows = series.map((p) => p.r.mu - 2 * p.r.sigma);
  let top = Math.ceil(Math.max(...highs) / 5) * 5;
  let bottom = Math.floor(Math.min(...lows) / 5) * 5;
  if (top === bottom) {
    top += 5;
    bottom -= 5;
  }
  const { width, height, pad } = size;
  const from = series[0]!.game;
  const span = Math.max(1, series[series.length - 1]!.game - from);
  const xOf = (game: number) => pad + ((width - 2 * pad) * (game - from)) / span;
  const yOf = (v: number) => pad + ((height - 2 * pad) * (top - v)) / (top - bottom);
  const points = series.map((p) => ({
    game: p.game,
    x: xOf(p.game),
    y: yOf(p.r.mu),
    high: yOf(p.r.mu + 2 * p.r.sigma),
    low: yOf(p.r.mu - 2 * p.r.sigma),
    mu: p.r.mu,
  }));
  const line = points.map((p, i) => `${i ? "L" : "M"}${f1(p.x)} ${f1(p.y)}`).join(" ");
  const band =
    points.map((p, i) => `${i ? "L" : "M"}${f1(p.x)} ${f1(p.high)}`).join(" ") +
    " " +
    [...points].reverse().map((p) => `L${f1(p.x)} ${f1(p.low)}`).join(" ") +
    " Z";
  const step = top - bottom > 40 ? 20 : top - bottom > 20 ? 10 : 5;
  const ticks: { value: number; y: number }[] = [];
  for (let v = Math.ceil(bottom / step) * step; v <= top; v += step) ticks.push({ value: v, y: yOf(v) });
  return { width, height, points, line, band, top, bottom, ticks };
}

/** A player's name in a profile link: ``/?player=NAME``. */
export function profileUrl(name: string): string {
  return `/?player=${encodeURIComponent(name)}`;
}

/** Take the account's seats over into this browser's seats (``storage``); the tables whose
 * seat changed. */
export function takeAccountSeats(storage: Storage, account: AccountSeat[]): string[] {
  const { seats, changed } = mergeSeats(allSeats(storage), account);
  for (const table of changed) saveSeat(storage, table, seats[table]!);
  return changed;
}
