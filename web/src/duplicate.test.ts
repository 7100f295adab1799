import { describe, expect, it } from "vitest";
import { comparisonRows, comparisonTotals, signClass, type ComparisonJson } from "./duplicate";

function hand(seat: number, before: [string, number], after: [string, number]) {
  return {
    original: { seat, name: before[0], payout: before[1] },
    copy: { seat: (seat + 1) % 4, name: after[0], payout: after[1] },
    difference: after[1] - before[1],
  };
}

const cmp: ComparisonJson = {
  original: "o",
  copy: "c",
  games: [
    {
      game: 2,
      hands: [hand(1, ["Bert", 10], ["Carl", 10]), hand(0, ["Anna", -10], ["Bert", 0])],
    },
    {
      game: 1,
      hands: [hand(0, ["Anna", 30], ["Bert", 50]), hand(1, ["Bert", -30], ["Carl", -10])],
    },
  ],
  totals: [
    { name: "Carl", difference: 20 },
    { name: "Bert", difference: 30 },
    { name: "Anna", difference: 20 },
  ],
};

describe("a duplicate table's comparison", () => {
  it("lists every hand game by game in the original's seat order, each game's number once", () => {
    const rows = comparisonRows(cmp);
    expect(rows.map((r) => [r.game, r.seat, r.first])).toEqual([
      [1, 0, true],
      [1, 1, false],
      [2, 0, true],
      [2, 1, false],
    ]);
    expect(rows[0]).toMatchObject({ before: { name: "Anna", payout: 30 }, after: { name: "Bert", payout: 50 }, difference: 20 });
    expect(comparisonRows({ ...cmp, games: [] })).toEqual([]);
  });

  it("sums each person best first, ties by name, the person's own marked", () => {
    expect(comparisonTotals(cmp, "Carl")).toEqual([
      { name: "Bert", difference: 30, own: false },
      { name: "Anna", difference: 20, own: false },
      { name: "Carl", difference: 20, own: true },
    ]);
  });

  it("colours better, worse and the same", () => {
    expect([signClass(5), signClass(-1), signClass(0)]).toEqual(["plus", "minus", "even"]);
  });
});
