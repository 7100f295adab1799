import { describe, expect, it } from "vitest";
import { errorField } from "./createForm";

describe("errorField", () => {
  it("finds the field a refusal of the table form is about", () => {
    expect(errorField("bad_turn_seconds", { least: 5 })).toBe("turn_seconds");
    expect(errorField("bad_games")).toBe("games");
    expect(errorField("bad_rules", { reason: "no_game" })).toBe("contract");
    expect(errorField("bad_rules", { reason: "too_high", option: "tarif.solo", most: 100000 })).toBe("tarif.solo");
  });
  it("names no field for a refusal of the whole form or an option the form lacks", () => {
    expect(errorField("rate_limited")).toBeNull();
    expect(errorField("bad_rules", { reason: "too_high", option: "laufende_min.wenz" })).toBeNull();
    expect(errorField("bad_rules")).toBeNull();
  });
});
