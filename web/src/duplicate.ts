// A friends' duplicate table compared with its original (GET /api/tables/{id}/comparison),
// as rows for a small table: each hand of each game with who played it at each table and what
// it paid there, and each person's sum of differences (luck taken out).

/** ``GET /api/tables/{id}/comparison`` (src/schafkopf/server/duplicate.py). */
export interface ComparisonJson {
  original: string;
  copy: string;
  games: {
    game: number;
    hands: {
      original: { seat: number; name: string; payout: number };
      copy: { seat: number; name: string; payout: number };
      difference: number;
    }[];
  }[];
  totals: { name: string; difference: number }[];
}

export interface ComparisonRow {
  game: number;
  /** The hand's seat at the original table. */
  seat: number;
  /** Who played the hand first, and what it paid them. */
  before: { name: string; payout: number };
  /** Who played it at the copy, and what it paid them. */
  after: { name: string; payout: number };
  difference: number;
  /** The game's first row (its number is shown once). */
  first: boolean;
}

/** The hands, game by game, in the original's seat order. */
export function comparisonRows(c: ComparisonJson): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const g of [...c.games].sort((a, b) => a.game - b.game)) {
    const hands = [...g.hands].sort((a, b) => a.original.seat - b.original.seat);
    hands.forEach((h, i) => {
      rows.push({
        game: g.game,
        seat: h.original.seat,
        before: { name: h.original.name, payout: h.original.payout },
        after: { name: h.copy.name, payout: h.copy.payout },
        difference: h.difference,
        first: i === 0,
      });
    });
  }
  return rows;
}

/** Each person's sum, best first (then by name); ``me`` marked. */
export function comparisonTotals(c: ComparisonJson, me: string | null = null): { name: string; difference: number; own: boolean }[] {
  return [...c.totals]
    .sort((a, b) => b.difference - a.difference || a.name.localeCompare(b.name))
    .map((t) => ({ ...t, own: me !== null && t.name === me }));
}

/** The CSS class of an amount: better, worse or the same. */
export function signClass(amount: number): "plus" | "minus" | "even" {
  return amount > 0 ? "plus" : amount < 0 ? "minus" : "even";
}
