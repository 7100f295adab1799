// The server's JSON API: options, tables, joining, replays. Errors come back as ApiError
// with the server's code (or "network" when the server could not be reached).

import type { AnalysisStatus, Options, ReplayJson, StatsJson, TableState, TipJson } from "./protocol";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
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
    const err = data as { code?: string; message?: string } | null;
    throw new ApiError(err?.code ?? "malformed", err?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}

function post<T>(path: string, body: unknown): Promise<T> {
  return call<T>(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
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
  whatIf: (table: string, game: number, step: number, player: string | null) =>
    post<SeatGrant>(`/api/tables/${encodeURIComponent(table)}/games/${game}/what-if`, {
      step,
      ...(player ? { player } : {}),
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
};
