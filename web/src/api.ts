// The server's JSON API: options, tables, joining, replays, accounts, the leaderboard and
// the profiles. Errors come back as ApiError with the server's code (or "network" when the
// server could not be reached). A logged-in person's CSRF token (from the login answer or
// GET /api/me) is kept here, in memory only, and sent with every request that changes
// something; the login itself is the server's HttpOnly cookie.

import type { ChallengeJson, ChallengePlay } from "./challenge";
import type { ComparisonJson } from "./duplicate";
import type { AnalysisStatus, Options, PlayerStatsJson, ReplayJson, StatsJson, TableState, TipJson } from "./protocol";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** What the server gave to word the refusal fully (the least time per move, say). */
    readonly params: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError("network", "the server could not be reached");
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.ok ? "malformed" : "unavailable", `HTTP ${response.status}`);
  }
  if (!response.ok) {
    const err = data as { code?: string; message?: string; params?: unknown } | null;
    const params = err?.params && typeof err.params === "object" ? (err.params as Record<string, unknown>) : {};
    throw new ApiError(err?.code ?? "malformed", err?.message ?? `HTTP ${response.status}`, params);
  }
  return data as T;
}

let csrf: string | null = null;

/** The CSRF token of this page's login (null: nobody is logged in). */
export function csrfToken(): string | null {
  return csrf;
}

export function setCsrfToken(token: string | null): void {
  csrf = token;
}

/** The headers of a request that changes something: JSON, and the login's CSRF token. */
export function sendHeaders(): Record<string, string> {
  return { "content-type": "application/json", ...(csrf ? { "x-csrf-token": csrf } : {}) };
}

function send<T>(method: "POST" | "DELETE", path: string, body: unknown): Promise<T> {
  return call<T>(path, { method, headers: sendHeaders(), body: JSON.stringify(body) });
}

function post<T>(path: string, body: unknown): Promise<T> {
  return send<T>("POST", path, body);
}

/** A guest seat to keep with an account: the table and the seat's token. */
export interface SeatClaim {
  table: string;
  token: string;
}

export interface LoginAnswer {
  name: string;
  public: boolean;
  csrf: string;
}

/** ``GET /api/me``: who is logged in, with their seats (token null once they left one). */
export interface Me extends LoginAnswer {
  created: number;
  seats: { table: string; seat: number; token: string | null }[];
}

export interface RatingJson {
  mu: number;
  sigma: number;
  ordinal: number;
}

export interface LeaderboardJson {
  min_games: number;
  /** ``name`` is null for a private profile (but the caller's own). */
  players: { rank: number; name: string | null; public: boolean; own?: boolean; games: number; rating: RatingJson }[];
  levels: { id: string; de: string; en: string; rating: RatingJson }[];
}

export interface RecentGame {
  table: string;
  game: number;
  seat: number;
  contract: { kind: string; suit?: string | null; tout?: boolean; declarer?: number } | null;
  declarers: number[];
  payout: number;
  players: string[];
}

export interface RatingPoint {
  table: string;
  game: number;
  at: number;
  /** The rating before this game and after it. */
  before?: RatingJson;
  rating: RatingJson;
}

/** ``GET /api/players/{name}``: a player's profile. */
export interface ProfileJson {
  name: string;
  public: boolean;
  own: boolean;
  since: number;
  stats: PlayerStatsJson | null;
  /** ``luck``: the mean per game, per money unit (tariffs of different units apart). */
  analysed: { games: number; accuracy: number | null; luck: Record<string, number> };
  rating: RatingJson & { games: number };
  history: RatingPoint[];
  recent: RecentGame[];
}

async function loggedIn<T extends { csrf: string }>(answer: Promise<T>): Promise<T> {
  const a = await answer;
  csrf = a.csrf;
  return a;
}

async function loggedOut<T>(answer: Promise<T>): Promise<T> {
  const a = await answer;
  csrf = null;
  return a;
}

export interface SeatGrant {
  table: string;
  seat: number;
  token: string;
  invite?: string;
}

export interface CreateBody {
  preset: string;
  games: number;
  overrides: Record<string, unknown>;
  seats: string[];
  turn_seconds: number;
  player: string;
  public?: boolean;
  tips?: boolean;
  name?: string;
  /** Rate the games even with one person at the table. */
  rated?: boolean;
}

export interface TableSummary {
  table: string;
  name?: string | null;
  rules: Record<string, unknown>;
  names: string[];
  seats: string[];
  free: number[];
  game: number;
  games: number;
  invite?: string;
}

export const api = {
  options: () => call<Options>("/api/options"),
  create: (body: CreateBody) => post<SeatGrant>("/api/tables", body),
  join: (table: string, invite: string, name: string) =>
    post<SeatGrant>(`/api/tables/${encodeURIComponent(table)}/join`, { invite, name }),
  table: (table: string) =>
    call<{ version: number; state: TableState }>(`/api/tables/${encodeURIComponent(table)}`),
  replay: (table: string, game: number) =>
    call<ReplayJson>(`/api/tables/${encodeURIComponent(table)}/games/${game}/replay`),
  list: () => call<{ tables: TableSummary[] }>("/api/tables"),
  /** A new table where finished game ``game`` is played on from history step ``step``. */
  whatIf: (table: string, game: number, step: number, player: string | null, seat: number | null = null) =>
    post<SeatGrant>(`/api/tables/${encodeURIComponent(table)}/games/${game}/what-if`, {
      step,
      ...(player ? { player } : {}),
      ...(seat !== null ? { seat } : {}),
    }),
  /** A tip for the seat ``token`` holds: its best option from its own view. */
  tip: (table: string, token: string) =>
    post<TipJson>(`/api/tables/${encodeURIComponent(table)}/tip`, { token }),
  /** The statistics of a table's finished games. */
  stats: (table: string) => call<StatsJson>(`/api/tables/${encodeURIComponent(table)}/stats`),
  /** Where the analysis of a finished game stands. */
  analysis: (table: string, game: number) =>
    call<AnalysisStatus>(`/api/tables/${encodeURIComponent(table)}/games/${game}/analysis`),
  /** Start analysing a finished game (nothing new when it is done or under way). */
  analyse: (table: string, game: number) =>
    post<AnalysisStatus>(`/api/tables/${encodeURIComponent(table)}/games/${game}/analysis`, {}),
  /** Leave the seat ``token`` holds: a bot plays on for its person. */
  leave: (table: string, token: string) =>
    post<{ table: string; seat: number; name: string }>(`/api/tables/${encodeURIComponent(table)}/leave`, { token }),
  /** The creator seats a bot in a free seat at once. */
  seatBot: (table: string, seat: number, token: string) =>
    post<{ table: string; seat: number; name: string }>(
      `/api/tables/${encodeURIComponent(table)}/seats/${seat}/bot`,
      { token },
    ),
  /** Another round with the same players: the next table and this seat's token there
   * (null where the seat changed hands since; then join with the invitation). */
  again: (table: string, token: string) =>
    post<{ table: string; seat: number; token: string | null; invite: string | null }>(
      `/api/tables/${encodeURIComponent(table)}/again`,
      { token },
    ),
  /** After the last game: the same deals again with the same players, each hand one seat on
   * (a friends' duplicate table); answers as ``again``. */
  duplicate: (table: string, token: string) =>
    post<{ table: string; seat: number; token: string | null; invite: string | null }>(
      `/api/tables/${encodeURIComponent(table)}/duplicate`,
      { token },
    ),
  /** A duplicate table's games compared hand by hand with its original's. */
  comparison: (table: string) => call<ComparisonJson>(`/api/tables/${encodeURIComponent(table)}/comparison`),
  /** The day of today's challenge. */
  challengeToday: () => call<{ day: string; deals: number }>("/api/challenges/today"),
  /** A day's challenge (``YYYY-MM-DD``) as the caller stands in it. */
  challenge: (day: string) => call<ChallengeJson>(`/api/challenges/${encodeURIComponent(day)}`),
  /** The table of the caller's next deal of the challenge (logged in). */
  challengePlay: (day: string) => post<ChallengePlay>(`/api/challenges/${encodeURIComponent(day)}/play`, {}),
  /** Sign up: the new account keeps the guest seats ``seats``; logs in. */
  signUp: (name: string, password: string, seats: SeatClaim[]) =>
    loggedIn(post<LoginAnswer>("/api/accounts", { name, password, seats })),
  login: (name: string, password: string, seats: SeatClaim[]) =>
    loggedIn(post<LoginAnswer>("/api/login", { name, password, seats })),
  logout: () => loggedOut(post<{ logged_out: boolean }>("/api/logout", {})),
  /** End every login session of the account (this browser's too). */
  logoutEverywhere: () => loggedOut(post<{ ended: number }>("/api/logout-everywhere", {})),
  /** Who is logged in here (ApiError "not_logged_in": nobody). */
  me: () =>
    loggedIn(call<Me>("/api/me")).catch((e: unknown) => {
      if (e instanceof ApiError && e.code === "not_logged_in") csrf = null;
      throw e;
    }),
  changePassword: (password: string, newPassword: string) =>
    post<{ changed: boolean }>("/api/me/password", { password, new_password: newPassword }),
  setPublic: (isPublic: boolean) => post<{ public: boolean }>("/api/me/profile", { public: isPublic }),
  /** Keep these seats with the account (those of other accounts are not kept). */
  keepSeats: (seats: SeatClaim[]) => post<{ kept: number }>("/api/me/seats", { seats }),
  /** Delete the account (its games stay, under another name); logs out. */
  deleteAccount: (password: string) =>
    loggedOut(send<{ deleted: boolean; seats: number }>("DELETE", "/api/me", { password })),
  leaderboard: () => call<LeaderboardJson>("/api/leaderboard"),
  player: (name: string) => call<ProfileJson>(`/api/players/${encodeURIComponent(name)}`),
};

/** Where the person's own data downloads from (a JSON file). */
export const EXPORT_URL = "/api/me/export";
