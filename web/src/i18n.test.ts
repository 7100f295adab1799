import { describe, expect, it } from "vitest";
import {
  ERRORS,
  OPTIONS,
  actionText,
  amountText,
  contractText,
  countText,
  errorText,
  kindHelp,
  listText,
  seatNewsText,
  seatStatusText,
  shownName,
  startLang,
  unitOf,
} from "./i18n";
import type { SeatEvent } from "./protocol";

describe("words", () => {
  it("has both languages for every error code and option", () => {
    expect(Object.keys(ERRORS.en).sort()).toEqual(Object.keys(ERRORS.de).sort());
    expect(Object.keys(OPTIONS.en).sort()).toEqual(Object.keys(OPTIONS.de).sort());
    for (const key of Object.keys(OPTIONS.de)) {
      expect(Object.keys(OPTIONS.en[key]!.values ?? {})).toEqual(Object.keys(OPTIONS.de[key]!.values ?? {}));
    }
    expect(errorText("de", "table_full")).toBe("Alle Plätze sind vergeben");
    expect(errorText("en", "something_new")).toBe("Error (something_new)");
  });

  it("explains every contract the house rules offer, in both languages", () => {
    for (const kind of ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie"]) {
      expect(kindHelp("de", kind)).not.toBe("");
      expect(kindHelp("en", kind)).not.toBe("");
    }
    expect(kindHelp("de", "farbwenz")).toMatch(/vier Unter und eine Farbe/);
  });

  it("says how to mend a refusal where the server gives what it takes", () => {
    expect(errorText("de", "bad_turn_seconds", { least: 5 })).toBe("Zeit pro Zug: 0 (ohne Uhr) oder mindestens 5 s");
    expect(errorText("en", "bad_turn_seconds", { least: 7.5 })).toBe("Time per move: 0 (no clock) or at least 7.5 s");
    expect(errorText("de", "bad_turn_seconds")).toBe("Ungültige Zeit pro Zug"); // no params: what went wrong
    expect(errorText("de", "bad_rules", { reason: "no_game" })).toMatch(/^Es ist kein Spiel erlaubt/);
    expect(errorText("de", "bad_rules", { reason: "too_high", option: "tarif.solo", most: 100000 })).toBe("Tarif Solo: höchstens 100.000");
    expect(errorText("en", "bad_rules", { reason: "too_high", option: "odd.option", most: 3 })).toBe("odd.option: at most 3");
    expect(errorText("en", "bad_rules", { reason: "unknown" })).toBe(errorText("en", "bad_rules"));
  });

  it("says one thing in the singular", () => {
    expect(countText("en", "analysedOver", 1, { n: 1 })).toBe("Over 1 analysed game");
    expect(countText("de", "analysedOver", 3, { n: 3 })).toBe("Über 3 analysierte Spiele");
    expect(countText("de", "analysedGames", 1, { n: 0, total: 1 })).toBe("0 von 1 Spiel analysiert");
    expect(countText("en", "analysedGames", 4, { n: 2, total: 4 })).toBe("2 of 4 games analysed");
  });

  it("says contracts and actions as people do", () => {
    expect(contractText("de", { kind: "rufspiel", suit: "E" })).toBe("Sauspiel auf die Eichel-Sau");
    expect(contractText("de", { kind: "solo", suit: "H", tout: true })).toBe("Herz-Solo Tout");
    expect(contractText("en", { kind: "rufspiel", suit: "G" }, true)).toBe("Sauspiel on the Ace of Spades");
    expect(actionText("de", "weiter")).toBe("Weiter");
    expect(actionText("en", "solo S")).toBe("Bells Solo");
    expect(actionText("en", "solo H tout")).toBe("Hearts Solo Tout");
    expect(actionText("de", "farbwenz G")).toBe("Gras-Farbwenz"); // as the buttons and the terminal
    expect(actionText("de", "wenz tout")).toBe("Wenz Tout");
  });

  it("writes amounts in the table's unit", () => {
    expect(amountText("de", 150, "ct")).toBe("1,50 €");
    expect(amountText("en", -20, "ct")).toBe("−€0.20");
    expect(amountText("de", 30, "points", true)).toBe("+30 P.");
    expect(amountText("de", 0.67, "points")).toBe("0,67 P.");
    expect(amountText("en", -1.5, "points")).toBe("−1.5 pts");
    expect(amountText("de", 1234, "points")).toBe("1.234 P.");
    expect(unitOf({ preset: "sauspiel" })).toBe("ct");
    expect(unitOf({ preset: "standard" })).toBe("points");
  });

  it("starts in the saved or the browser's language", () => {
    expect(startLang("en", "de-DE")).toBe("en");
    expect(startLang(null, "en-US")).toBe("en");
    expect(startLang(null, "fr-FR")).toBe("de");
  });

  it("words seat changes and stand-ins in both languages", () => {
    expect(shownName("de", "Sepp (Bot für Anna)")).toBe("Sepp (Bot für Anna)");
    expect(shownName("en", "Sepp (Bot für Anna)")).toBe("Sepp (bot for Anna)");
    expect(shownName("en", "Vroni (Bot)")).toBe("Vroni (bot)");
    expect(shownName("en", "Anna (Bot) Maier")).toBe("Anna (Bot) Maier");
    const codes: SeatEvent["code"][] = ["joined", "took_over", "left", "away", "back", "bot"];
    for (const code of codes) {
      const e: SeatEvent = { kind: "seat", code, seat: 1, name: "Sepp (Bot für Anna)", status: "left", plays: "heuristic", person: "Anna" };
      const de = seatNewsText("de", e);
      const en = seatNewsText("en", e);
      expect(de).not.toBe(en);
      expect(en).not.toMatch(/ für | ist | hat /);
    }
    expect(seatNewsText("de", { kind: "seat", code: "left", seat: 0, name: "Sepp (Bot für Anna)", status: "left", plays: "heuristic", person: "Anna" }))
      .toBe("Anna ist gegangen – Sepp (Bot für Anna) spielt weiter.");
    expect(seatStatusText("en", "away")).toBe("away – a bot plays");
    expect(seatStatusText("de", "free")).toBe("Platz frei");
    expect(seatStatusText("de", "person")).toBeNull();
  });
});

describe("a list of names", () => {
  it("joins the last with und/and", () => {
    expect(listText("de", [])).toBe("");
    expect(listText("de", ["Bert"])).toBe("Bert");
    expect(listText("de", ["Bert", "Cilli"])).toBe("Bert und Cilli");
    expect(listText("en", ["Anna", "Bert", "Cilli"])).toBe("Anna, Bert and Cilli");
  });
});
