import { describe, expect, it } from "vitest";
import { START_RATING, decimal, formatRating, isProvisional, mergeSeats, ratingChange, ordinalOf, profileUrl, ratingChart, seatsToKeep, takeAccountSeats } from "./account";
import { saveSeat, seatFor, type HeldSeat } from "./seats";

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length(): number {
    return this.data.size;
  }
  clear(): void {
    this.data.clear();
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

describe("seats and an account", () => {
  it("keeps every seat held here that was not left", () => {
    const held: Record<string, HeldSeat> = {
      t1: { seat: 0, token: "a" },
      t2: { seat: 1, token: "b", left: true, invite: "i" },
      t3: { seat: 2, token: "c", invite: "j" },
    };
    expect(seatsToKeep(held)).toEqual([
      { table: "t1", token: "a" },
      { table: "t3", token: "c" },
    ]);
    expect(seatsToKeep({})).toEqual([]);
  });

  it("sends no more than the server takes", () => {
    const held: Record<string, HeldSeat> = {};
    for (let i = 0; i < 250; i++) held[`t${i}`] = { seat: 0, token: `k${i}` };
    held["x".repeat(40)] = { seat: 0, token: "long table" };
    held.long = { seat: 0, token: "y".repeat(80) };
    const claims = seatsToKeep(held);
    expect(claims).toHaveLength(200);
    expect(claims[199]).toEqual({ table: "t249", token: "k249" }); // the newest stay
    expect(claims.some((c) => c.table === "long" || c.table.length > 32)).toBe(false);
  });

  it("takes the account's seats over, keeping what this browser knew", () => {
    const held: Record<string, HeldSeat> = {
      same: { seat: 1, token: "s" },
      old: { seat: 2, token: "old", invite: "inv", left: true, name: "Anna" },
      mine: { seat: 0, token: "m" },
    };
    const { seats, changed } = mergeSeats(held, [
      { table: "same", seat: 1, token: "s" },
      { table: "old", seat: 2, token: "new" },
      { table: "gone", seat: 3, token: null },
      { table: "elsewhere", seat: 3, token: "e" },
    ]);
    expect(changed).toEqual(["old", "elsewhere"]);
    expect(seats.same).toEqual({ seat: 1, token: "s" });
    expect(seats.old).toEqual({ seat: 2, token: "new", invite: "inv", name: "Anna" });
    expect(seats.elsewhere).toEqual({ seat: 3, token: "e", invite: undefined, name: undefined });
    expect(seats.mine).toEqual({ seat: 0, token: "m" });
    expect(seats.gone).toBeUndefined();
    expect(held.old!.token).toBe("old"); // the input stays as it was
    expect(mergeSeats(held, []).changed).toEqual([]);
  });

  it("brings the account's seats to this browser's storage", () => {
    const storage = new MemoryStorage();
    saveSeat(storage, "a", { seat: 1, token: "old", invite: "inv", left: true });
    expect(takeAccountSeats(storage, [{ table: "a", seat: 1, token: "new" }, { table: "b", seat: 0, token: "b0" }])).toEqual(["a", "b"]);
    expect(seatFor(storage, "a")).toEqual({ seat: 1, token: "new", invite: "inv" });
    expect(seatFor(storage, "b")).toEqual({ seat: 0, token: "b0" });
    expect(takeAccountSeats(storage, [{ table: "b", seat: 0, token: "b0" }])).toEqual([]);
  });
});

describe("ratings in words", () => {
  it("writes mu with its interval, two sigmas", () => {
    expect(formatRating("en", { mu: 27.34, sigma: 2.05 })).toBe("27.3 ± 4.1");
    expect(formatRating("de", { mu: 27.34, sigma: 2.05 })).toBe("27,3 ± 4,1");
    expect(formatRating("de", START_RATING)).toBe("25,0 ± 16,7");
    expect(decimal("de", 1234.56, 2)).toBe("1.234,56");
    expect(decimal("en", -1.54)).toBe("−1.5");
    expect(decimal("de", -0.01)).toBe("0,0"); // no minus before a zero
  });

  it("ranks by mu minus three sigmas", () => {
    expect(ordinalOf({ mu: 25, sigma: 25 / 3 })).toBeCloseTo(0);
    // provisional while the range (2 sigma) is wider than ±5: a new account, not the bots
    expect(isProvisional(START_RATING)).toBe(true);
    expect(isProvisional({ mu: 30.4, sigma: 7.4 })).toBe(true);
    expect(isProvisional({ mu: 25.9, sigma: 1.41 })).toBe(false);
    expect(ordinalOf({ mu: 25, sigma: 5, ordinal: 9.5 })).toBe(9.5);
  });

  it("links a profile by name", () => {
    expect(profileUrl("Anna Maier")).toBe("/?player=Anna%20Maier");
    expect(profileUrl("a&b")).toBe("/?player=a%26b");
  });
});

describe("the rating chart", () => {
  const size = { width: 220, height: 120, pad: 10 };

  it("draws nothing without rated games", () => {
    expect(ratingChart([], 0, size)).toBeNull();
  });

  it("starts at the start rating when the history holds every game", () => {
    const chart = ratingChart([{ rating: { mu: 27, sigma: 7 } }], 1, size)!;
    expect(chart.points.map((p) => p.game)).toEqual([0, 1]);
    expect(chart.points[0]!.x).toBe(10);
    expect(chart.points[1]!.x).toBe(210);
    // 25 ± 16.7 at the start: 41.7 up to 45, 8.3 down to 5: 40 over the 100 px inside
    expect(chart.top).toBe(45);
    expect(chart.bottom).toBe(5);
    expect(chart.points[1]!.y).toBeCloseTo(10 + (100 * (45 - 27)) / 40);
    expect(chart.line).toBe("M10.0 60.0 L210.0 55.0");
    expect(chart.band.startsWith("M10.0 ")).toBe(true);
    expect(chart.band.endsWith(" Z")).toBe(true);
    expect(chart.ticks.map((t) => t.value)).toEqual([10, 20, 30, 40]);
    for (const p of chart.points) {
      expect(p.high).toBeLessThan(p.y);
      expect(p.low).toBeGreaterThan(p.y);
      expect(p.high).toBeGreaterThanOrEqual(10);
      expect(p.low).toBeLessThanOrEqual(110);
    }
  });

  it("numbers a cut history from the games before it", () => {
    const history = [{ rating: { mu: 30, sigma: 3 } }, { rating: { mu: 31, sigma: 2.9 } }, { rating: { mu: 29, sigma: 2.8 } }];
    const chart = ratingChart(history, 10, size)!;
    expect(chart.points.map((p) => p.game)).toEqual([8, 9, 10]);
    expect(chart.points.map((p) => p.x)).toEqual([10, 110, 210]);
    expect(chart.points[1]!.y).toBeLessThan(chart.points[0]!.y); // higher rating, higher up
    expect(chart.line.split(" L")).toHaveLength(3);
  });

  it("keeps a flat line inside the chart", () => {
    const chart = ratingChart([{ rating: { mu: 20, sigma: 0 } }, { rating: { mu: 20, sigma: 0 } }], 5, size)!;
    expect(chart.top).toBeGreaterThan(chart.bottom);
    for (const p of chart.points) expect(p.y).toBeCloseTo(60);
  });
});

describe("a table's rating change", () => {
  it("runs from before its first rated game to after its last, other tables left out", () => {
    const r = (mu: number) => ({ mu, sigma: 5 });
    const history = [
      { table: "a", before: r(25), rating: r(27) },
      { table: "b", before: r(27), rating: r(26) },
      { table: "b", before: r(26), rating: r(29) },
    ];
    expect(ratingChange(history, "b")).toEqual({ before: r(27), after: r(29) });
    expect(ratingChange(history, "c")).toBeNull();
  });
});
