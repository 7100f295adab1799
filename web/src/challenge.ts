// The daily duplicate challenge as pure functions: where a person stands (deals played, the
// payouts so far, what to do next), the addresses of its screen and tables, and the results
// of each deal in order.

/** ``GET /api/challenges/{day}`` (src/schafkopf/server/challenge_routes.py). */
export interface ChallengeJson {
  day: string;
  deals: number;
  preset: string;
  bots: { id: string; de?: string; en?: string };
  /** Played on its own day: counts for the day's leaderboard. */
  ranked: boolean;
  mine: { deal: number; table: string; payout: number | null; ranked: boolean }[];
  /** The deal to play next (the one under way, else the first not played), or null. */
  next: number | null;
  done: boolean;
  leaderboard: { rank: number; name: string; score: number; deals: number }[];
  /** Everyone's result on each deal: once the person played all, or the day is over. */
  results?: { name: string; payout: number; table: string; score: number; ranked: boolean }[][];
}

/** ``POST /api/challenges/{day}/play``: the table of the next deal. */
export interface ChallengePlay {
  table: string;
  seat: number;
  token: string | null;
  deal: number;
}

export type ChallengeStep =
  /** nobody is logged in: log in first */
  | "login"
  /** nothing played yet */
  | "start"
  /** a deal is under way: back to its table */
  | "resume"
  /** some deals are played, the next waits */
  | "continue"
  /** every deal is played */
  | "done";

export interface Progress {
  deals: number;
  /** Deals finished. */
  played: number;
  /** The payout of each deal (null: not finished, or not begun). */
  payouts: (number | null)[];
  /** The sum of the finished deals' payouts. */
  total: number;
  /** The deal to play next (0-based), or null when all are played. */
  next: number | null;
  /** The table of the deal under way, if any. */
  running: string | null;
  /** The deal under way (0-based), if any. */
  runningDeal: number | null;
  step: ChallengeStep;
}

/** Where the person stands in a challenge (``loggedIn`` false: the server knows no deals of
 * theirs). */
export function progressOf(c: ChallengeJson, loggedIn: boolean): Progress {
  const payouts: (number | null)[] = Array.from({ length: c.deals }, () => null);
  let running: string | null = null;
  let runningDeal: number | null = null;
  for (const m of c.mine) {
    if (m.deal < 0 || m.deal >= c.deals) continue;
    payouts[m.deal] = m.payout;
    if (m.payout === null) {
      running = m.table;
      runningDeal = m.deal;
    }
  }
  const played = payouts.filter((p) => p !== null).length;
  const total = payouts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  const step: ChallengeStep = !loggedIn
    ? "login"
    : c.done || played >= c.deals
      ? "done"
      : running
        ? "resume"
        : played === 0
          ? "start"
          : "continue";
  return { deals: c.deals, played, payouts, total, next: step === "done" ? null : c.next, running, runningDeal, step };
}

/** The deal a challenge table plays, from its name ("2024-05-01 3/12": the day and the
 * 0-based deal 2); null for another table. */
export function dealOfName(name: string | null | undefined): { day: string; deal: number; deals: number } | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{1,2})\/(\d{1,2})$/.exec(name ?? "");
  if (!m) return null;
  const deal = Number(m[2]) - 1;
  const deals = Number(m[3]);
  return deal >= 0 && deal < deals ? { day: m[1]!, deal, deals } : null;
}

/** The challenge screen's address (``day`` null: today's). */
export function challengeUrl(day?: string | null): string {
  return day ? `/?view=challenge&day=${encodeURIComponent(day)}` : "/?view=challenge";
}

/** A challenge deal's table: the day goes with it in the address. */
export function challengeTableUrl(table: string, day: string): string {
  return `/?table=${encodeURIComponent(table)}&challenge=${encodeURIComponent(day)}`;
}

/** A day as the address may give it: ``YYYY-MM-DD`` or nothing. */
export function dayParam(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** One deal's results, best score first (then by name); ``me`` marked. */
export function dealResults(
  c: ChallengeJson,
  deal: number,
  me: string | null,
): { name: string; payout: number; score: number; table: string; own: boolean; ranked: boolean }[] {
  const rows = c.results?.[deal] ?? [];
  return rows
    .map((r) => ({ ...r, own: me !== null && r.name === me }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/** The label of the next step after a deal's game: the next deal (1-based, "3/12"), or null
 * when the last was played. */
export function nextDealLabel(p: Progress): string | null {
  return p.next === null ? null : `${p.next + 1}/${p.deals}`;
}

/** An amount for a deal's small cell: the number without the unit ("+1,40", "−20"). */
export function cellAmount(lang: "de" | "en", amount: number, unit: string): string {
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "";
  const abs = Math.abs(amount);
  const number = unit === "ct" ? (abs / 100).toFixed(2) : abs.toLocaleString(lang === "de" ? "de-DE" : "en-US", { maximumFractionDigits: 2 });
  return sign + (lang === "de" ? number.replace(".", ",") : number);
}

/** A challenge's day in words ("Mittwoch, 1. Mai 2024"); the day itself when it is no date. */
export function dayText(lang: "de" | "en", day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(lang === "de" ? "de-DE" : "en-GB", {
    weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
  });
}
