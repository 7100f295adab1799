// @vitest-environment jsdom
// The result panel against golden data: every kind of settlement as the server sends it
// (src/fixtures/results.json, made by scripts/make_result_fixtures.py from the server's own
// table), rendered in German and in English. What a player must read is there, worded, with
// the names of who did what and every amount in the table's unit; no raw code shows, and the
// English panel has no German word of the panel (nor the German one an English word).

import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import fixtures from "../fixtures/results.json";
import { text, type Lang, type TextKey } from "../i18n";
import type { Breakdown, GameResult, LedgerRow } from "../protocol";
import { LedgerPanel, ResultLine, ResultPanel, standingText } from "./Result";
import { SettingsContext, type SettingsApi } from "./settings";

interface Fixture {
  label: string;
  unit: string;
  names: string[];
  result: GameResult;
}

const FIXTURES = fixtures as unknown as Fixture[];

/** The words a player reads, per language, as the panel must say them. */
const SAY = {
  de: {
    result: "Ergebnis", game: "Spiel", augen: "Augen", tricks: "Stiche", won: "gewonnen", lost: "verloren",
    declarers: "Spieler", declarer: "Spieler", defenders: "Gegenspieler", held: { declarers: "bei den Spielern", declarer: "beim Spieler", defenders: "bei den Gegenspielern" }, counts: "wird bezahlt", notCounted: "wird nicht bezahlt",
    under: "Laufende zählen erst ab", knocks: "klopft", value: "Wert", base: "Grundtarif", together: "Zusammen",
    loser: "Verlierer", pays: "zahlt", durchmarschBy: "Durchmarsch von", allPassed: "Alle haben weiter gesagt",
    redeal: "Die Karten werden neu gegeben.", with: "mit", loserSide: "nur die der Gewinner zählen",
  },
  en: {
    result: "Result", game: "Game", augen: "Card points", tricks: "Tricks", won: "won", lost: "lost",
    declarers: "Declarers", declarer: "Declarer", defenders: "Defenders", held: { declarers: "with the declarers", declarer: "with the declarer", defenders: "with the defenders" }, counts: "paid", notCounted: "not paid",
    under: "Laufende count from", knocks: "knocks", value: "Value", base: "Base tariff", together: "Total",
    loser: "Loser", pays: "pays", durchmarschBy: "Durchmarsch by", allPassed: "Everybody passed",
    redeal: "The cards are dealt again.", with: "with", loserSide: "only the winners' count",
  },
} as const;

/** An amount as the table's unit writes it, spelled out here independently of the page's
 * amountText: cents as euro ("1,60 €", "€1.60"), else points ("8 P.", "8 pts", "1 pt"). */
function money(lang: Lang, amount: number, unit: string, signed = false): string {
  const sign = amount < 0 ? "−" : signed && amount > 0 ? "+" : "";
  const abs = Math.abs(amount);
  if (unit === "ct") {
    const euros = Math.floor(abs / 100);
    const cents = String(abs % 100).padStart(2, "0");
    return lang === "de" ? `${sign}${euros},${cents} €` : `${sign}€${euros}.${cents}`;
  }
  return lang === "de" ? `${sign}${abs} P.` : `${sign}${abs} ${abs === 1 ? "pt" : "pts"}`;
}

const GERMAN_WORDS = [
  "Augen", "Stiche", "gewonnen", "verloren", "zahlt", "Spieler", "Gegenspieler", "Gegner", "klopft",
  "Verlierer", "Grundtarif", "Zusammen", "zählt", "Wert", "Ergebnis", "Spiel", "Alle", "neu", "gegeben",
  "unter", "von", "auf", "die", "Herz", "Gras", "Eichel", "Schellen", "Mal", "mal", "an",
  "bezahlt", "bei", "erst", "Gewinner",
];
const ENGLISH_WORDS = [
  "Points", "Tricks", "won", "lost", "pays", "Declarers", "Defenders", "declarers", "defenders",
  "knocks", "Loser", "Base", "tariff", "Total", "counts", "Value", "Result", "Game", "Everybody",
  "passed", "dealt", "again", "under", "minimum", "by", "on", "the", "of", "Hearts", "Leaves",
  "Acorns", "Bells", "pts", "paid", "with", "count", "winners",
];
/** The breakdown's codes: none may show as they are (the words are capitalised or translated). */
const CODES = [
  "all_pass", "rufspiel", "solo", "ramsch", "durchmarsch", "schneider", "schwarz", "laufende",
  "jungfrau", "kontra", "re", "sup", "hirsch", "tout", "sie", "base", "base_total", "redeal",
  "stock", "factor", "multiplier", "knock", "loser", "notCounted", "loserSide", "durchmarschBy",
  "undefined", "NaN", "null", "true", "false",
];

function settings(lang: Lang): SettingsApi {
  return {
    lang, french: false, sound: false, trickHoldMs: 0,
    t: (key: TextKey) => text(lang, key),
    set: () => undefined,
  };
}

let host: HTMLDivElement | null = null;

afterEach(() => {
  if (host) render(null, host);
  host = null;
});

function show(f: Fixture, lang: Lang): HTMLDivElement {
  host = document.createElement("div");
  render(
    <SettingsContext.Provider value={settings(lang)}>
      <ResultPanel result={f.result} names={f.names} unit={f.unit} />
    </SettingsContext.Provider>,
    host,
  );
  return host;
}

function words(s: string): Set<string> {
  return new Set(s.split(/[^\p{L}_]+/u).filter(Boolean));
}

function textOf(el: Element | null): string {
  expect(el).not.toBeNull();
  return (el!.textContent ?? "").replace(/\s+/g, " ").trim();
}

function all(root: Element, selector: string): string[] {
  return Array.from(root.querySelectorAll(selector), (e) => textOf(e));
}

function checkSides(root: Element, lang: Lang, b: Breakdown, names: string[]) {
  const say = SAY[lang];
  const head = textOf(root.querySelector("table.sides tr"));
  expect(head).toContain(say.augen);
  expect(head).toContain(say.tricks);
  for (const side of ["declarers", "defenders"] as const) {
    const row = root.querySelector(`tr[data-side=${side}]`);
    const cells = Array.from(row!.querySelectorAll("td"), (c) => textOf(c));
    const seats = b[side]!.seats;
    const word = side === "declarers" && seats.length === 1 ? say.declarer : say[side]; // a soloist
    expect(cells[0]).toBe(`${word}: ${seats.map((s) => names[s]).join(", ")}`);
    expect(cells[1]).toBe(String(b[side]!.augen));
    expect(cells[2]).toBe(String(b[side]!.tricks));
  }
  expect(b.declarers!.augen + b.defenders!.augen).toBe(120);
}

function checkSeats(root: Element, lang: Lang, b: Breakdown, names: string[]) {
  const head = textOf(root.querySelector("table.sides tr"));
  expect(head).toContain(SAY[lang].augen);
  expect(head).toContain(SAY[lang].tricks);
  const rows = Array.from(root.querySelectorAll("tr[data-seat]"), (r) => Array.from(r.querySelectorAll("td"), (c) => textOf(c)));
  expect(rows).toEqual(names.map((n, i) => [n, String(b.points![i]), String(b.tricks![i])]));
}

function checkItems(root: Element, lang: Lang, b: Breakdown) {
  const say = SAY[lang];
  const m = (x: number) => money(lang, x, b.unit);
  const items = b.items;
  for (const item of items) {
    const shown = all(root, `li[data-item=${item.item}]`);
    const amount = Number(item.amount);
    const want =
      item.item === "base"
        ? `${say.base}: ${m(amount)}`
        : item.item === "laufende"
          ? `${item.count} Laufende (${item.count} × ${m(Number(item.each))}): ${m(amount)}`
          : `${item.item[0]!.toUpperCase()}${item.item.slice(1)}: ${m(amount)}`; // Schneider, Schwarz, Ramsch
    expect(shown).toContain(want);
  }
  if (items.length > 1 || b.factor) expect(all(root, "li[data-item=base]")).toContain(`${say.together}: ${m(b.base)}`);
  const sum = items.reduce((acc, i) => acc + Number(i.amount), 0) * (b.factor?.times ?? 1);
  expect(sum).toBe(b.base);
}

function checkFacts(root: Element, lang: Lang, b: Breakdown) {
  const say = SAY[lang];
  const facts = all(root, "p.fact");
  for (const extra of ["schneider", "schwarz"] as const) {
    const word = extra === "schneider" ? "Schneider" : "Schwarz";
    const e = b[extra];
    if (e?.reached) expect(facts).toContain(`${word}: ${e.counted ? say.counts : say.notCounted}`);
    else expect(facts.some((f) => f.startsWith(word))).toBe(false);
  }
  const lauf = b.laufende;
  if (lauf && lauf.count) {
    const word = lauf.count === 1 ? "Laufender" : "Laufende";
    const alone = b.declarers?.seats.length === 1; // a soloist: "beim Spieler"
    const side = say.held[lauf.side === "declarers" ? (alone ? "declarer" : "declarers") : "defenders"];
    const base = `${lauf.count} ${word} ${side}`;
    if (lauf.counted) expect(facts).toContain(base);
    else if (lauf.count < lauf.minimum) expect(facts).toContain(`${base} – ${say.under} ${lauf.minimum}`);
    else expect(facts.some((f) => f.startsWith(base) && f.includes(say.loserSide))).toBe(true);
  }
}

function checkMultiplier(root: Element, lang: Lang, b: Breakdown, names: string[]) {
  if (!b.knocks.length && !b.doublings.length) {
    expect(root.querySelector("[data-item=multiplier]")).toBeNull();
    return;
  }
  const said = [
    ...b.knocks.map((s) => `${names[s]} ${SAY[lang].knocks}`),
    ...b.doublings.map((d) => `${d.word[0]!.toUpperCase()}${d.word.slice(1)} (${names[d.seat]})`),
  ];
  expect(textOf(root.querySelector("[data-item=multiplier]"))).toBe(`${said.join(" · ")} → ×${b.multiplier}`);
  expect(b.multiplier).toBe(2 ** (b.knocks.length + b.doublings.length));
}

describe("the result panel explains every settlement", () => {
  it("has a fixture of each kind, in both units", () => {
    const kinds = new Set(FIXTURES.map((f) => f.result.breakdown!.settlement));
    expect([...kinds].sort()).toEqual(["all_pass", "durchmarsch", "ramsch", "rufspiel", "solo"]);
    expect(new Set(FIXTURES.map((f) => f.unit))).toEqual(new Set(["ct", "points"]));
    const labels = FIXTURES.map((f) => f.label);
    for (const label of ["sauspiel_klopfen_kontra_re", "solo_schneider_laufende", "ramsch_jungfrau", "ramsch_durchmarsch", "all_pass_redeal", "all_pass_stock"]) {
      expect(labels).toContain(label);
    }
  });

  for (const f of FIXTURES) {
    for (const lang of ["de", "en"] as const) {
      it(`${f.label} (${lang})`, () => {
        const root = show(f, lang);
        const say = SAY[lang];
        const res = f.result;
        const r = res.result;
        const b = res.breakdown!;
        const names = f.names;
        const m = (x: number, signed = false) => money(lang, x, f.unit, signed);
        const panel = textOf(root.querySelector("#result"));
        expect(b.unit).toBe(f.unit);

        expect(textOf(root.querySelector("h3"))).toBe(`${say.result} — ${say.game} ${res.game}`);
        // the value and every seat's payout, in the table's unit, under the seat's name (a
        // deal passed and dealt again moves nothing: it shows no value and no row of zeros)
        const nothingMoved = b.settlement === "all_pass" && r.payouts.every((p) => p === 0);
        expect(nothingMoved).toBe(f.label === "all_pass_redeal");
        if (nothingMoved) {
          expect(panel).not.toContain(say.value);
          expect((root.querySelector("table.payouts")!.closest(".scroll") as HTMLElement).hidden).toBe(true);
        } else expect(panel).toContain(`${say.value}: ${m(r.value)}`);
        expect(all(root, "table.payouts th")).toEqual(names);
        expect(all(root, "table.payouts td")).toEqual(r.payouts.map((p) => m(p, true)));
        expect(Array.from(root.querySelectorAll("[data-payout]"), (c) => Number((c as HTMLElement).dataset.payout))).toEqual(r.payouts);

        if (b.settlement === "rufspiel" || b.settlement === "solo") {
          const line = textOf(root.querySelector(".contract-line"));
          // the declarer first, then "mit" the partner: who played, who was called
          const first = res.contract!.declarer!;
          const partners = r.declarers.filter((s) => s !== first).map((s) => names[s]);
          const who = partners.length ? `${names[first]} ${say.with} ${partners.join(", ")}` : names[first];
          expect(line).toContain(` — ${who} · `);
          expect(line).toMatch(new RegExp(`· ${r.won ? say.won : say.lost}$`));
          checkSides(root, lang, b, names);
          checkFacts(root, lang, b);
        }
        if (b.settlement === "ramsch" || b.settlement === "durchmarsch") {
          expect(textOf(root.querySelector(".contract-line"))).toBe("Ramsch"); // nobody "won" or "lost" a Ramsch
          checkSeats(root, lang, b, names);
          expect(b.points!.reduce((a, x) => a + x, 0)).toBe(120);
        }
        if (b.settlement === "ramsch") {
          const loser = names[b.loser!]!;
          const jungfrauen = (b.jungfrauen ?? []).map((s) => names[s]).join(", ");
          expect(all(root, "p.fact")).toContain(`${say.loser}: ${loser}${jungfrauen ? ` · Jungfrau: ${jungfrauen}` : ""}`);
          expect(jungfrauen).not.toBe("");
          const transfers = all(root, "ul.breakdown li:not([data-item])");
          expect(transfers).toEqual(
            b.transfers!.map((t) => `${names[t.from]} ${say.pays} ${names[t.to]} ${m(t.amount)}${t.jungfrau ? " (Jungfrau)" : ""}`),
          );
          expect(transfers.some((t) => t.endsWith("(Jungfrau)"))).toBe(true);
        }
        if (b.settlement === "durchmarsch") {
          expect(all(root, "p.fact")).toContain(`${say.durchmarschBy} ${names[b.durchmarsch!]}`);
          expect(b.tricks![b.durchmarsch!]).toBe(b.tricks!.reduce((a, x) => a + x, 0));
        }
        if (b.settlement === "all_pass") {
          expect(panel).toContain(say.allPassed);
          expect(all(root, "p.fact")).toContain(say.redeal);
          expect(root.querySelector("table.sides")).toBeNull(); // no Augen, no tricks
          expect(panel).not.toContain(say.augen);
        } else {
          checkItems(root, lang, b);
        }
        checkMultiplier(root, lang, b, names);
        if (b.stock) {
          const shares = b.stock.shares.flatMap((share, s) => (share ? [`${names[s]} ${m(share, true)}`] : []));
          expect(textOf(root.querySelector("[data-item=stock]"))).toBe(`Stock: ${m(b.stock.change, true)} (${shares.join(", ")})`);
          expect(r.payouts.reduce((a, x) => a + x, 0) + b.stock.change).toBe(0);
        } else {
          expect(root.querySelector("[data-item=stock]")).toBeNull();
          expect(r.payouts.reduce((a, x) => a + x, 0)).toBe(0);
        }

        // no raw code, no broken value
        for (const bad of ["undefined", "NaN", "[object", "_"]) expect(panel).not.toContain(bad);
        const shown = words(panel);
        for (const code of CODES) expect(shown.has(code), `code ${code} shown`).toBe(false);
        // one language only
        for (const word of lang === "en" ? GERMAN_WORDS : ENGLISH_WORDS) {
          expect(shown.has(word), `${lang} panel shows "${word}"`).toBe(false);
        }
        if (f.unit === "ct") {
          expect(panel).not.toMatch(lang === "de" ? /€\d|\d\.\d\d/ : /\d,\d\d|\d €/);
          expect(panel).not.toMatch(/ P\.| pts/);
        } else {
          expect(panel).not.toContain("€");
          expect(panel).not.toMatch(lang === "de" ? / pts\b/ : / P\./);
        }
      });
    }
  }
});

describe("the ledger", () => {
  /** The German ledger of ``rows`` under the seats' ``names``, rendered into ``host``. */
  const showLedger = (rows: LedgerRow[], names: string[]): HTMLElement => {
    const shown = document.createElement("div");
    host = shown;
    render(
      <SettingsContext.Provider value={settings("de")}>
        <LedgerPanel ledger={rows} names={names} unit="ct" />
      </SettingsContext.Provider>,
      shown,
    );
    return shown;
  };
  it("names the declarer first, then the partner, as the result does", () => {
    const row: LedgerRow = { game: 1, payouts: [-20, 20, -20, 20], balances: [-20, 20, -20, 20], contract: { kind: "rufspiel", declarer: 3, suit: "G" }, declarers: [1, 3] };
    const shown = showLedger([row], ["Anna", "Bert", "Cilli", "Done"]);
    expect(textOf(shown.querySelector("td.what"))).toBe("Sauspiel auf die Gras-Sau · Done mit Bert");
  });
  it("names who played a game, where a seat's name changed since (a person left)", () => {
    const row: LedgerRow = { game: 1, payouts: [20, 20, -20, -20], balances: [20, 20, -20, -20], contract: { kind: "rufspiel", declarer: 1, suit: "E" }, declarers: [0, 1], names: ["Anna", "Bert", "Cilli", "Done"] };
    const shown = showLedger([row], ["Anna", "Zenzi (Bot für Bert)", "Cilli", "Done"]);
    expect(textOf(shown.querySelector("td.what"))).toBe("Sauspiel auf die Eichel-Sau · Bert mit Anna");
    expect(textOf(shown.querySelector("th:nth-child(4)"))).toContain("Zenzi"); // the columns: the seats now
  });
  it("says a seat's standing after the round with its place", () => {
    const rows: LedgerRow[] = [{ game: 1, payouts: [120, -40, -40, -40], balances: [120, -40, -40, -40] }];
    expect(standingText("de", rows, 0, "ct")).toBe("Du: +1,20 € · Platz 1 von 4");
    expect(standingText("de", rows, 2, "ct")).toBe("Du: −0,40 € · geteilter Platz 2 von 4");
    expect(standingText("en", rows, 3, "points")).toBe("You: −40 pts · shared place 2 of 4");
    expect(standingText("en", [], 0, "ct")).toBe("");
  });
  const rows: LedgerRow[] = [
    { game: 1, payouts: [60, -20, -20, -20], balances: [60, -20, -20, -20] },
    { game: 2, payouts: [-60, 20, 20, 20], balances: [0, 0, 0, 0] },
    { game: 3, payouts: [-30, 90, -30, -30], balances: [-30, 90, -30, -30] },
  ];
  for (const lang of ["de", "en"] as const) {
    it(`writes each standing with its sign, as the payouts are (${lang})`, () => {
      host = document.createElement("div");
      render(
        <SettingsContext.Provider value={settings(lang)}>
          <LedgerPanel ledger={rows} names={["Anna", "Bert", "Cilli", "Done"]} unit="ct" />
        </SettingsContext.Provider>,
        host,
      );
      const cells = Array.from(host.querySelectorAll("td.plus, td.minus"), (c) => (c.textContent ?? "").trim());
      expect(cells).toEqual(rows.flatMap((r) => r.balances.map((b) => money(lang, b, "ct", true))));
      expect(cells[0]).toBe(lang === "de" ? "+0,60 €" : "+€0.60");
      expect(cells[4]).toBe(lang === "de" ? "0,00 €" : "€0.00");
    });
  }
});

describe("the result in a line (a phone's table)", () => {
  for (const f of FIXTURES) {
    for (const lang of ["de", "en"] as const) {
      it(`${f.label} (${lang}): the contract, who played, won or lost, and my payout`, () => {
        const say = SAY[lang];
        const r = f.result.result;
        for (const me of [0, 1, 2, 3, null]) {
          host = document.createElement("div");
          render(
            <SettingsContext.Provider value={settings(lang)}>
              <ResultLine result={f.result} names={f.names} unit={f.unit} me={me} />
            </SettingsContext.Provider>,
            host,
          );
          const line = textOf(host.querySelector("#result-line"));
          expect(line.startsWith(`${say.game} ${f.result.game}: `)).toBe(true);
          if (!f.result.contract) expect(line).toContain(say.allPassed);
          if (f.result.contract && r.declarers.length && r.won !== null) {
            expect(line).toContain(` · ${r.won ? say.won : say.lost}`);
            const declarer = f.result.contract.declarer ?? r.declarers[0]!;
            expect(line).toContain(` — ${f.names[declarer]}`);
          }
          const mine = host.querySelector(".mine");
          if (me === null) expect(mine).toBeNull();
          else {
            expect(textOf(mine)).toBe(`${lang === "de" ? "Du" : "You"}: ${money(lang, r.payouts[me]!, f.unit, true)}`);
            expect(mine!.classList.contains(r.payouts[me]! >= 0 ? "plus" : "minus")).toBe(true);
          }
          expect(textOf(host.querySelector("#to-result"))).toBe(`${say.result} ▾`);
          for (const code of CODES) expect(words(line).has(code)).toBe(false);
          render(null, host);
        }
      });
    }
  }
});
