import { describe, expect, it } from "vitest";
import {
  CARD_BACKGROUND,
  COURT_EMBLEM,
  RANKS,
  SUITS,
  SUIT_COLOURS,
  SUIT_WORDS,
  cardBackSvg,
  cardName,
  cardSvg,
  contrastRatio,
  pipScale,
  pipSpots,
  type Rank,
  type Suit,
} from "./cards";

const TOKENS = SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}`));
const DECKS = [
  { name: "German", french: false },
  { name: "French", french: true },
] as const;

// jsdom ships no type declarations (and @types/jsdom is not installed), so its module is typed here
// by what the tests use of it. The cast is erased: the emitted code is a plain import("jsdom").
interface Jsdom {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
}
const { JSDOM } = (await import("jsdom" as string)) as Jsdom;
const parser = new new JSDOM().window.DOMParser();

function parse(svg: string): Document {
  return parser.parseFromString(svg, "image/svg+xml");
}

/** The WCAG 2 contrast, computed here from the definition, independently of the module. */
function wcag(a: string, b: string): number {
  const lum = (hex: string): number => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("contrastRatio", () => {
  it("follows WCAG 2", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#fff", "#767676")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#c0262b", "#fffbf2")).toBeCloseTo(wcag("#c0262b", "#fffbf2"), 6);
  });

  it("rejects what is not a colour", () => {
    expect(() => contrastRatio("red", "#ffffff")).toThrow(/red/);
    expect(() => contrastRatio("#12345", "#ffffff")).toThrow();
  });
});

describe("suit colours", () => {
  for (const deck of ["german", "french"] as const) {
    for (const suit of SUITS) {
      const colour = SUIT_COLOURS[deck][suit];
      it(`${deck} ${suit} (${colour}) reaches 4.5:1 on the card`, () => {
        expect(colour).toMatch(/^#[0-9a-f]{6}$/);
        expect(wcag(colour, CARD_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colour, CARD_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("gives each suit of a deck its own colour, and Schellen is no yellow", () => {
    expect(new Set(Object.values(SUIT_COLOURS.german)).size).toBe(4);
    expect(new Set(Object.values(SUIT_COLOURS.french)).size).toBe(4);
    expect(contrastRatio(SUIT_COLOURS.german.S, CARD_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("names", () => {
  it("names German cards in German and English", () => {
    expect(cardName("EO")).toBe("Eichel-Ober");
    expect(cardName("HA")).toBe("Herz-Sau");
    expect(cardName("SZ")).toBe("Schellen-Zehn");
    expect(cardName("GK", { lang: "de" })).toBe("Gras-König");
    expect(cardName("EO", { lang: "en" })).toBe("Ober of Acorns");
    expect(cardName("HA", { lang: "en" })).toBe("Sau of Hearts");
    expect(cardName("GU", { lang: "en" })).toBe("Unter of Leaves");
    expect(cardName("S7", { lang: "en" })).toBe("Seven of Bells");
  });

  it("names French cards in German and English", () => {
    expect(cardName("EO", { french: true })).toBe("Kreuz-Dame");
    expect(cardName("GU", { french: true })).toBe("Pik-Bube");
    expect(cardName("HA", { french: true })).toBe("Herz-Ass");
    expect(cardName("SZ", { french: true })).toBe("Karo-Zehn");
    expect(cardName("EO", { french: true, lang: "en" })).toBe("Queen of Clubs");
    expect(cardName("GU", { french: true, lang: "en" })).toBe("Jack of Spades");
    expect(cardName("HA", { french: true, lang: "en" })).toBe("Ace of Hearts");
    expect(cardName("SK", { french: true, lang: "en" })).toBe("King of Diamonds");
  });

  it("has the suit words", () => {
    expect(SUIT_WORDS.de).toEqual({ E: "Eichel", G: "Gras", H: "Herz", S: "Schellen" });
    expect(SUIT_WORDS.en).toEqual({ E: "Acorns", G: "Leaves", H: "Hearts", S: "Bells" });
    expect(SUIT_WORDS.fr).toEqual({ E: "Clubs", G: "Spades", H: "Hearts", S: "Diamonds" });
  });

  it("rejects unknown tokens, naming them", () => {
    for (const bad of ["XA", "E1", "", "E", "EOO", "eo", "ZE"]) {
      expect(() => cardSvg(bad)).toThrow(new RegExp(`unknown card token: "${bad}"`));
      expect(() => cardSvg(bad, { french: true })).toThrow(Error);
      expect(() => cardName(bad)).toThrow(Error);
    }
  });
});

describe.each(DECKS)("$name deck", ({ french }) => {
  const svgs = TOKENS.map((t) => cardSvg(t, { french }));

  it.each(TOKENS)("%s is a valid, labelled SVG", (token) => {
    for (const lang of ["de", "en"] as const) {
      const svg = cardSvg(token, { french, lang });
      const doc = parse(svg);
      expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
      const root = doc.documentElement;
      expect(root.tagName).toBe("svg");
      expect(root.namespaceURI).toBe("http://www.w3.org/2000/svg");
      expect(root.getAttribute("viewBox")).toBe("0 0 100 150");
      expect(root.getAttribute("role")).toBe("img");
      const name = cardName(token, { french, lang });
      expect(root.getAttribute("aria-label")).toBe(name);
      const title = root.firstElementChild;
      expect(title?.tagName).toBe("title");
      expect(title?.textContent).toBe(name);
    }
  });

  it("keeps every card small and self-contained", () => {
    for (const svg of svgs) {
      expect(new TextEncoder().encode(svg).length).toBeLessThan(6 * 1024);
      expect(svg).not.toMatch(/href|<image|url\(|@import|<script|foreignObject|\sid=/i);
    }
  });

  it("draws 32 different faces", () => {
    // Different even without the name: the drawing itself differs.
    const drawings = svgs.map((s) => s.replace(/<title>.*?<\/title>|aria-label="[^"]*"|data-card="[^"]*"/g, ""));
    expect(new Set(drawings).size).toBe(32);
  });

  it("writes the rank in the suit colour in both corners", () => {
    const labels: Record<Rank, string> = french
      ? { A: "A", Z: "10", K: "K", O: "Q", U: "J", 9: "9", 8: "8", 7: "7" }
      : { A: "A", Z: "10", K: "K", O: "O", U: "U", 9: "9", 8: "8", 7: "7" };
    for (const suit of SUITS) {
      for (const rank of RANKS) {
        const doc = parse(cardSvg(`${suit}${rank}`, { french }));
        const corner = [...doc.getElementsByTagName("text")].filter(
          (t) => t.getAttribute("x") === "12.5" && t.getAttribute("y") === "24",
        );
        expect(corner).toHaveLength(2);
        for (const t of corner) {
          expect(t.textContent).toBe(labels[rank]);
          expect(t.closest("[fill]")?.getAttribute("fill")).toBe(
            (french ? SUIT_COLOURS.french : SUIT_COLOURS.german)[suit],
          );
        }
      }
    }
  });

  it("places as many emblems as a number card counts, inside the card", () => {
    const counts = { Z: 10, 9: 9, 8: 8, 7: 7 } as const;
    for (const rank of ["Z", "9", "8", "7"] as const) {
      const spots = pipSpots(rank, french);
      expect(spots).toHaveLength(counts[rank]);
      const half = 11 * pipScale(rank, french);
      for (const [x, y] of spots) {
        expect(x - half).toBeGreaterThan(15);
        expect(x + half).toBeLessThan(85);
        expect(y - half).toBeGreaterThan(20);
        expect(y + half).toBeLessThan(130);
      }
      expect(new Set(spots.map(([x, y]) => `${x},${y}`)).size).toBe(spots.length);
    }
  });
});

describe("German and French faces", () => {
  it("differ for every card", () => {
    for (const token of TOKENS) expect(cardSvg(token)).not.toBe(cardSvg(token, { french: true }));
  });

  it("draw figures for the German court cards, letters for the French ones", () => {
    const texts = (svg: string): string[] =>
      [...parse(svg).getElementsByTagName("text")].map((t) => t.textContent ?? "");
    for (const suit of SUITS) {
      for (const rank of ["K", "O", "U"] as const) {
        const german = cardSvg(`${suit}${rank}`);
        expect(texts(german)).toHaveLength(2); // only the corner indices: the rest is drawn
        expect(parse(german).getElementsByTagName("path").length).toBeGreaterThan(15);
        const letter = { K: "K", O: "Q", U: "J" }[rank];
        expect(texts(cardSvg(`${suit}${rank}`, { french: true }))).toEqual([letter, letter, letter]);
      }
    }
  });

  it("hold the Ober's emblem up high and the Unter's low down", () => {
    const [, oberY] = COURT_EMBLEM.O;
    const [, kingY] = COURT_EMBLEM.K;
    const [, unterY] = COURT_EMBLEM.U;
    expect(oberY).toBeLessThan(40);
    expect(unterY).toBeGreaterThan(100);
    expect(oberY).toBeLessThan(kingY);
    expect(kingY).toBeLessThan(unterY);
    const kinds = (suit: Suit) => ["K", "O", "U"].map((r) => cardSvg(`${suit}${r}`));
    for (const suit of SUITS) expect(new Set(kinds(suit)).size).toBe(3);
  });
});

describe("cardBackSvg", () => {
  it("is a valid SVG with a title", () => {
    const svg = cardBackSvg();
    const doc = parse(svg);
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.documentElement.getAttribute("viewBox")).toBe("0 0 100 150");
    expect(doc.documentElement.getAttribute("role")).toBe("img");
    expect(doc.getElementsByTagName("title")[0]?.textContent).toBeTruthy();
    expect(svg).not.toMatch(/href|<image|url\(|\sid=/i);
    expect(TOKENS.map((t) => cardSvg(t))).not.toContain(svg);
  });
});
