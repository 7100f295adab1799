// The server's messages and API answers, as the page reads them (protocol of
// src/schafkopf/server/protocol.py; every error carries a code, the page words it).

export type Phase = "klopfen" | "bidding" | "settling" | "naming" | "play" | "done";

export interface ContractJson {
  kind: string;
  declarer: number | null;
  suit?: string | null;
  tout?: boolean;
}

export interface LegalAction {
  id: number;
  name: string;
}

export interface TrickJson {
  leader: number;
  cards: string[];
  winner: number;
}

export interface HistoryEntry {
  seat: number;
  action: string;
}

export interface ViewJson {
  phase: Phase;
  dealer: number;
  to_move: number | null;
  knocks: number[];
  contract: ContractJson | null;
  doublings: number[];
  trick_leader: number | null;
  trick: string[];
  hand_sizes: number[];
  points: number[];
  history: HistoryEntry[];
  tricks: TrickJson[];
  seat?: number | null;
  hand?: string[];
  legal?: LegalAction[];
  partner?: number | null;
  may_double?: boolean;
  /** Seats the table waits on for Kontra/Re or "gut" before the next card. */
  waiting_for_doubling?: number[];
  /** When that wait ends: UNIX seconds on the server's clock. */
  doubling_deadline?: number | null;
  doubling_wait_seconds?: number | null;
}

export interface ResultFields {
  declarers: number[];
  points: number[];
  declarer_points: number | null;
  won: boolean | null;
  schneider: boolean;
  schwarz: boolean;
  laufende: number;
  multiplier: number;
  value: number;
  payouts: number[];
  stock?: number;
  ramsch_loser?: number | null;
  jungfrauen?: number[];
  durchmarsch?: number | null;
  tricks?: number[];
}

export interface BreakdownItem {
  item: string;
  [key: string]: unknown;
}

export interface GameResult {
  game: number;
  /** The seats' names as the game ended (who played it; a seat's name may change since). */
  names?: string[];
  hands: string[];
  contract: ContractJson | null;
  result: ResultFields;
  breakdown?: Breakdown;
}

export interface SideJson {
  seats: number[];
  augen: number;
  tricks: number;
}

/** How a result came about (src/schafkopf/scoring.py ``breakdown``): codes, no prose. */
export interface Breakdown {
  unit: string;
  settlement: "rufspiel" | "solo" | "ramsch" | "durchmarsch" | "all_pass";
  declarers?: SideJson;
  defenders?: SideJson;
  won?: boolean | null;
  schneider?: { reached: boolean; counted: boolean };
  schwarz?: { reached: boolean; counted: boolean };
  laufende?: { count: number; side: string | null; minimum: number; counted: number };
  items: BreakdownItem[];
  factor: { item: string; times: number } | null;
  base: number;
  knocks: number[];
  doublings: { seat: number; word: string; cards_played: number }[];
  multiplier: number;
  value: number;
  payouts: number[];
  points?: number[];
  tricks?: number[];
  loser?: number | null;
  tied?: number[];
  jungfrauen?: number[];
  durchmarsch?: number;
  transfers?: { from: number; to: number; amount: number; jungfrau: boolean }[];
  after?: string;
  stock?: { change: number; shares: number[] };
}

export interface LedgerRow {
  game: number;
  payouts: number[];
  balances: number[];
  contract?: ContractJson | null;
  declarers?: number[];
  value?: number;
  /** The seats' names then, where they differ from today's. */
  names?: string[];
}

export interface RulesJson {
  preset?: string;
  tarif?: Record<string, number>;
  [key: string]: unknown;
}

export interface TableState {
  table: string;
  name?: string | null;
  names: string[];
  seats: string[];
  /** "human" or the bot level id, per seat. */
  kinds?: string[];
  games: number;
  game: number;
  over: boolean;
  ledger: LedgerRow[];
  stock: number;
  rules: RulesJson;
  last_result?: GameResult;
  seat: number | null;
  view?: ViewJson;
  closed?: boolean;
  turn_seconds?: number;
  /** Who plays each seat now: a person, nobody yet, or a bot (and why). */
  seat_status?: SeatStatus[];
  /** The seats with a connection now (a person's seat without one: the tab was closed). */
  online?: number[];
  /** The seats a bot plays for a person (left, away) or for nobody (empty). */
  stand_in?: number[];
  /** The creator's seat (who may seat a bot in a free seat), if any. */
  creator?: number | null;
  /** The table of the next round ("again with the same players"), once there is one. */
  next_table?: string | null;
  public?: boolean;
  /** The creator allowed tips for everyone (else only where every other seat is a bot). */
  tips?: boolean;
  /** The daily challenge (its day) whose deal this table plays, where the server says so. */
  challenge?: string | null;
  /** The table whose deals this one plays again (a duplicate), where the server says so. */
  duplicate_of?: string | null;
  /** A finished game of another table played on from one of its steps ("what if"). */
  played_on?: boolean;
  /** The table, game and history step a game played on came from (null for any other). */
  played_from?: { table: string; game: number; step: number } | null;
  /** The table's games count for the ratings (marked so, or two or more people). */
  rated?: boolean;
}

/** ``person`` a person plays; ``free`` nobody took it yet; ``bot`` a bot by the table's
 * configuration; ``left``, ``away``, ``empty`` a bot plays for a person who left, for one
 * who ran out of time too often, or for nobody. */
export type SeatStatus = "person" | "free" | "bot" | "left" | "away" | "empty";

/** A seat change (the ``event`` of a ``seats`` message). */
export interface SeatEvent {
  kind: "seat";
  code: "joined" | "took_over" | "left" | "away" | "back" | "bot";
  seat: number;
  name: string;
  status: SeatStatus;
  plays: string;
  person: string | null;
}

export interface GameEvent {
  kind: string;
  game: number;
  seat?: number;
  action?: string;
  phase?: Phase;
  trick_won_by?: number;
  result?: GameResult;
  dealer?: number;
  /** "timeout": the server acted for a person whose move time ran out. */
  by?: string;
  [key: string]: unknown;
}

/** A chat line to everyone at the table, or (first, on connecting) the last lines. */
export interface ChatServerMessage {
  type: "chat";
  history?: unknown[];
  seat?: number;
  name?: string;
  text?: string;
  phrase?: string;
  at?: number;
}

export interface ErrorMessage {
  type: "error";
  code: string;
  message?: string;
  /** "chat": the refusal of a chat line (not of a game action). */
  for?: string;
}

export type ServerMessage =
  | { type: "snapshot"; version: number; state: TableState }
  | { type: "event"; version: number; event: GameEvent; state?: TableState }
  | { type: "events"; version: number; events: GameEvent[]; state?: TableState }
  | { type: "seats"; version: number; event: SeatEvent; state: TableState }
  | { type: "again"; version: number; table: string; seat: number | null; token: string | null }
  | { type: "presence"; version: number; online: number[] }
  | ErrorMessage
  | ChatServerMessage
  | { type: "pong"; version?: number; time?: number };

export interface BotLevel {
  id: string;
  de: string;
  en: string;
  [key: string]: unknown;
}

export interface Options {
  presets: Record<string, Record<string, unknown> & { full: Record<string, unknown> }>;
  bots: BotLevel[];
  contracts: string[];
  seat_kinds: string[];
}

export interface ReplayJson {
  history?: { seat: number; action: string }[];
  record: {
    hands: string[];
    players?: string[];
    contract?: ContractJson | null;
    actions?: unknown[];
    [key: string]: unknown;
  };
  tricks: TrickJson[];
  names: string[];
}

/** One judged decision of a finished game (src/schafkopf/analysis/model.py). */
export interface DecisionJson {
  seat: number;
  phase: "klopfen" | "bidding" | "settling" | "naming" | "doubling" | "play";
  trick: number | null;
  position: number | null;
  action: string;
  best: string;
  loss: number;
  open_loss: number | null;
  verdict: "inaccuracy" | "mistake" | "blunder" | null;
  options: Record<string, number>;
  index: number;
  open_options?: Record<string, number> | null;
  chance?: number | null;
  expected?: number | null;
  open_expected?: number | null;
}

export interface SeatFiguresJson {
  seat: number;
  accuracy: number;
  luck: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface AnalysisJson {
  decisions: DecisionJson[];
  seats: SeatFiguresJson[];
  payouts: number[];
  unit: string;
}

/** Where a game's analysis stands on the server. */
export type AnalysisStatus =
  | { status: "none" }
  | { status: "failed" }
  | { status: "running"; done: number; total: number }
  | { status: "done"; analysis: AnalysisJson };

/** A share of games: how many, how many won, the share of all, the win rate (null: none). */
export interface TallyJson {
  games: number;
  won: number;
  share?: number;
  win_rate: number | null;
}

/** One player's statistics (src/schafkopf/stats/model.py, ``schafkopf stats --json``). */
export interface PlayerStatsJson {
  name: string;
  games: number;
  declared: TallyJson;
  contracts: Record<string, TallyJson>;
  partner: TallyJson;
  defender: TallyJson;
  money: Record<string, { games: number; total: number; per_game: number | null }>;
  doublings: { said: number; games: number; won: number; win_rate: number | null };
  klopfen: number;
  schneider: { declaring: { won: number; lost: number }; defending: { won: number; lost: number } };
  schwarz: { declaring: { won: number; lost: number }; defending: { won: number; lost: number } };
  ramsch: { games: number; lost: number; jungfrau: number; durchmarsch: number };
  all_pass: number;
}

export interface StatsJson {
  games: number;
  players: PlayerStatsJson[];
}

/** A tip for the seat to move (``POST /api/tables/{id}/tip``). */
export interface TipJson {
  version: number;
  seat: number;
  unit: string;
  best: string;
  value: number;
  second: string | null;
  second_value: number | null;
  options: Record<string, number>;
  chance: number | null;
}
