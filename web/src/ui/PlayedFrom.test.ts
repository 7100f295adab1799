import { describe, expect, it } from "vitest";
import type { ReplayJson } from "../protocol";
import { replayUrl } from "./PlayedFrom";

describe("the way back from a game played on", () => {
  it("opens the game itself at the card where it branched off", () => {
    const history = [
      { seat: 1, action: "weiter" }, { seat: 2, action: "spiel" }, { seat: 2, action: "rufspiel E" },
      { seat: 1, action: "EO" }, { seat: 2, action: "GO" }, { seat: 3, action: "kontra" }, { seat: 3, action: "HO" },
    ];
    const real = { history, record: { hands: [] }, tricks: [], names: [] } as unknown as ReplayJson;
    // history step 7 (before "HO"): two cards were on the table
    expect(replayUrl({ table: "t 1", game: 2, step: 7 }, real)).toBe("/?table=t%201&replay=2&at=2");
    expect(replayUrl({ table: "t", game: 1, step: 1 }, real)).toBe("/?table=t&replay=1"); // before any card
    expect(replayUrl({ table: "t", game: 1, step: 7 }, null)).toBe("/?table=t&replay=1"); // not known yet
  });
});
