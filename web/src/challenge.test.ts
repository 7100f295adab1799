import { describe, expect, it } from "vitest";
import {
  challengeTableUrl,
  challengeUrl,
  dayParam,
  dayText,
  dealOfName,
  dealResults,
  nextDealLabel,
  progressOf,
  type ChallengeJson,
} from "./challenge";

function challenge(change: Partial<ChallengeJson> = {}): ChallengeJson {
  return {
    day: "2024-05-01", deals: 12, preset: "sauspiel", bots: { id: "heuristic", de: "Mittel", en: "Medium" },
    ranked: true, mine: [], next: 0, done: false, leaderboard: [], ...change,
  };
}

describe("where a person stands in the challenge", () => {
  it("asks a guest to log in first", () => {
    expect(progressOf(challenge(), false).step).toBe("login");
  });

  it("starts, goes back to a deal under way, goes on, and ends", () => {
    const fresh = progressOf(challenge(), true);
    expect(fresh).toMatchObject({ step: "start", played: 0, total: 0, next: 0, running: null, runningDeal: null });
    expect(fresh.payouts).toHaveLength(12);
    expect(nextDealLabel(fresh)).toBe("1/12");
    const running = progressOf(challenge({ mine: [{ deal: 0, table: "t0", payout: null, ranked: true }], next: 0 }), true);
    expect(running).toMatchObject({ step: "resume", running: "t0", runningDeal: 0, played: 0 });
    const after = progressOf(challenge({
      mine: [
        { deal: 0, table: "t0", payout: 20, ranked: true },
        { deal: 1, table: "t1", payout: -50, ranked: true },
      ],
      next: 2,
    }), true);
    expect(after).toMatchObject({ step: "continue", played: 2, total: -30, next: 2, running: null });
    expect(after.payouts.slice(0, 3)).toEqual([20, -50, null]);
    expect(nextDealLabel(after)).toBe("3/12");
    const mine = Array.from({ length: 12 }, (_, k) => ({ deal: k, table: `t${k}`, payout: 10, ranked: true }));
    const done = progressOf(challenge({ mine, next: null, done: true }), true);
    expect(done).toMatchObject({ step: "done", played: 12, total: 120, next: null });
    expect(nextDealLabel(done)).toBeNull();
  });

  it("leaves out deals the challenge does not have", () => {
    const p = progressOf(challenge({ mine: [{ deal: 14, table: "x", payout: 5, ranked: true }] }), true);
    expect(p.played).toBe(0);
  });
});

describe("the challenge's addresses and tables", () => {
  it("reads the deal from a challenge table's name", () => {
    expect(dealOfName("2024-05-01 3/12")).toEqual({ day: "2024-05-01", deal: 2, deals: 12 });
    expect(dealOfName("2024-05-01 13/12")).toBeNull();
    expect(dealOfName("Stammtisch")).toBeNull();
    expect(dealOfName(null)).toBeNull();
  });

  it("keeps the day with the table in the address", () => {
    expect(challengeUrl(null)).toBe("/?view=challenge");
    expect(challengeUrl("2024-05-01")).toBe("/?view=challenge&day=2024-05-01");
    expect(challengeTableUrl("ab c", "2024-05-01")).toBe("/?table=ab%20c&challenge=2024-05-01");
    expect(dayParam("2024-05-01")).toBe("2024-05-01");
    expect(dayParam("today")).toBeNull();
    expect(dayParam(null)).toBeNull();
  });

  it("says the day in words", () => {
    expect(dayText("de", "2024-05-01")).toBe("Mittwoch, 1. Mai 2024");
    expect(dayText("en", "2024-05-01")).toMatch(/^Wednesday,? 1 May 2024$/);
    expect(dayText("en", "not a day")).toBe("not a day");
  });

  it("orders a deal's results by score and marks the person's own", () => {
    const c = challenge({
      results: [
        [
          { name: "Bert", payout: -20, table: "b", score: -30, ranked: true },
          { name: "Anna", payout: 40, table: "a", score: 30, ranked: true },
          { name: "Carl", payout: 10, table: "c", score: 0, ranked: true },
        ],
      ],
    });
    const rows = dealResults(c, 0, "Bert");
    expect(rows.map((r) => r.name)).toEqual(["Anna", "Carl", "Bert"]);
    expect(rows.map((r) => r.own)).toEqual([false, false, true]);
    expect(dealResults(c, 5, null)).toEqual([]);
  });
});
