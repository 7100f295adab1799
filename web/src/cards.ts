// Card faces drawn inline as SVG: the German (Bavarian) deck, with real figures for König, Ober
// and Unter, and a French deck with its own faces. Nothing is loaded at run time: every emblem and
// figure is a path or shape below, and text uses only the system's sans-serif and serif fonts.
// A card token is a suit letter and a rank letter: E G H S and A Z K O U 9 8 7 ("EO" = Eichel-Ober).
// The SVG carries no ids, so any number of cards can sit inline in one page.

export type Suit = "E" | "G" | "H" | "S";
export type Rank = "A" | "Z" | "K" | "O" | "U" | "9" | "8" | "7";
export interface CardOptions {
  french?: boolean;
  lang?: "de" | "en";
}

export const SUITS: readonly Suit[] = ["E", "G", "H", "S"];
export const RANKS: readonly Rank[] = ["A", "Z", "K", "O", "U", "9", "8", "7"];

/** The face colour of every card; each suit colour reaches 4.5:1 against it. */
export const CARD_BACKGROUND = "#fffbf2";

/** Colours of the corner indices and the emblems (their main fill). */
export const SUIT_COLOURS: { german: Record<Suit, string>; french: Record<Suit, string> } = {
  german: { E: "#7a4a1f", G: "#2e6b2f", H: "#c0262b", S: "#a84f00" },
  // A four-colour deck: clubs green, spades black, hearts red, diamonds blue.
  french: { E: "#1e6b35", G: "#1b1b1b", H: "#c0262b", S: "#1d55b0" },
};

// Darker shades for outlines and lighter ones for highlights, veins and trim.
const DARK: Record<Suit, string> = { E: "#3e2410", G: "#173d18", H: "#7a1115", S: "#5a2a00" };
const LIGHT: Record<Suit, string> = { E: "#c8955c", G: "#9fd39f", H: "#f4a0a0", S: "#f6c24a" };

export const SUIT_WORDS: Record<"de" | "en" | "fr", Record<Suit, string>> = {
  de: { E: "Eichel", G: "Gras", H: "Herz", S: "Schellen" },
  en: { E: "Acorns", G: "Leaves", H: "Hearts", S: "Bells" },
  fr: { E: "Clubs", G: "Spades", H: "Hearts", S: "Diamonds" },
};
const FRENCH_SUIT_WORDS_DE: Record<Suit, string> = { E: "Kreuz", G: "Pik", H: "Herz", S: "Karo" };

const RANK_WORDS: Record<"de" | "en" | "frDe" | "frEn", Record<Rank, string>> = {
  de: { A: "Sau", Z: "Zehn", K: "König", O: "Ober", U: "Unter", 9: "Neun", 8: "Acht", 7: "Sieben" },
  en: { A: "Sau", Z: "Ten", K: "King", O: "Ober", U: "Unter", 9: "Nine", 8: "Eight", 7: "Seven" },
  frDe: { A: "Ass", Z: "Zehn", K: "König", O: "Dame", U: "Bube", 9: "Neun", 8: "Acht", 7: "Sieben" },
  frEn: { A: "Ace", Z: "Ten", K: "King", O: "Queen", U: "Jack", 9: "Nine", 8: "Eight", 7: "Seven" },
};
const RANK_LABELS: Record<Rank, string> = { A: "A", Z: "10", K: "K", O: "O", U: "U", 9: "9", 8: "8", 7: "7" };
const FRENCH_RANK_LABELS: Record<Rank, string> = { ...RANK_LABELS, O: "Q", U: "J" };

// ---------------------------------------------------------------------------------------------
// Colour contrast (WCAG 2)

function channels(colour: string): [number, number, number] {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex === undefined) throw new Error(`not a #rrggbb colour: ${colour}`);
  if (hex.length === 3) hex = hex.replace(/./g, "$&$&");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of two colours (#rrggbb or #rgb), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

// ---------------------------------------------------------------------------------------------
// Tokens and names

function parseToken(token: string): [Suit, Rank] {
  const suit = SUITS.find((s) => s === token[0]);
  const rank = RANKS.find((r) => r === token[1]);
  if (token.length !== 2 || suit === undefined || rank === undefined) {
    throw new Error(`unknown card token: ${JSON.stringify(token)}`);
  }
  return [suit, rank];
}

/** The card's name: "Eichel-Ober", "Ober of Acorns", "Kreuz-Dame", "Queen of Clubs". */
export function cardName(token: string, options: CardOptions = {}): string {
  const [suit, rank] = parseToken(token);
  const en = options.lang === "en";
  if (options.french) {
    return en
      ? `${RANK_WORDS.frEn[rank]} of ${SUIT_WORDS.fr[suit]}`
      : `${FRENCH_SUIT_WORDS_DE[suit]}-${RANK_WORDS.frDe[rank]}`;
  }
  return en ? `${RANK_WORDS.en[rank]} of ${SUIT_WORDS.en[suit]}` : `${SUIT_WORDS.de[suit]}-${RANK_WORDS.de[rank]}`;
}

// ---------------------------------------------------------------------------------------------
// Emblems, each centred on (0, 0) and about 20 units tall. An emblem is a list of parts, each a
// path written with absolute commands and its attributes, so that the same part of every emblem on a
// card can be merged into one path: a ten costs one path per part, not ten copies of the emblem.

type Part = readonly [d: string, attributes: string];

/** A circle as path data (absolute arcs), so that it can be moved like any other part. */
function ring(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}Z`;
}

const HEART = "M0 10C-6 5.5-11 1-11-4C-11-8-8-10.5-5.5-10.5C-3-10.5-1-9 0-6.5C1-9 3-10.5 5.5-10.5C8-10.5 11-8 11-4C11 1 6 5.5 0 10Z";
const ROUND = ` stroke-linecap="round"`;

function germanEmblem(suit: Suit): Part[] {
  const c = SUIT_COLOURS.german[suit];
  const d = DARK[suit];
  const l = LIGHT[suit];
  switch (suit) {
    case "E": // Eichel: an acorn in its scaly cup, on a short stalk
      return [
        ["M0-8Q0-11.5 3-12.5", `fill="none" stroke="${d}" stroke-width="2"${ROUND}`],
        ["M-7.4-2C-8 6-3.5 11 0 12.5C3.5 11 8 6 7.4-2Z", `fill="${c}" stroke="${d}"`],
        ["M-3.8 1.5C-4 5.5-2.5 8.3-.6 9.8", `fill="none" stroke="${l}" stroke-width="1.4"${ROUND}`],
        ["M-8.4-.8C-9-5.5-5-8.6 0-8.6S9-5.5 8.4-.8Q0 1.2-8.4-.8Z", `fill="${d}"`],
        [
          "M-6-6.3L-1-.5M-1.5-8.3L4-.3M3.5-8L7-3.8M6-6.3L1-.5M1.5-8.3L-4-.3M-3.5-8L-7-3.8",
          `fill="none" stroke="${l}" stroke-width=".7"`,
        ],
      ];
    case "G": // Gras: a pointed leaf with its veins and stalk
      return [
        ["M0 6V12", `stroke="${d}" stroke-width="2"${ROUND}`],
        ["M0-11.5C3-8 9.5-5.5 9.5 1C9.5 6 4.5 8 0 8C-4.5 8-9.5 6-9.5 1C-9.5-5.5-3-8 0-11.5Z", `fill="${c}" stroke="${d}"`],
        [
          "M0-8.5V7M0-3.5L4-6.5M0-3.5L-4-6.5M0 .5L5.5-2.5M0 .5L-5.5-2.5M0 4.5L5 1.5M0 4.5L-5 1.5",
          `fill="none" stroke="${l}" stroke-width=".9"`,
        ],
      ];
    case "H": // Herz: a heart with a shine
      return [
        [HEART, `fill="${c}" stroke="${d}"`],
        ["M-7.5-4.5Q-7-7.5-4.5-7.8", `fill="none" stroke="${l}" stroke-width="1.6"${ROUND}`],
      ];
    case "S": // Schellen: a round bell with its ring, a golden band and the sound slit
      return [
        [ring(0, -9, 2.2), `fill="none" stroke="${d}" stroke-width="1.5"`],
        [ring(0, 1, 9.2), `fill="${c}" stroke="${d}"`],
        ["M-8.9-1.6H8.9L9 2.2H-9Z", `fill="${l}" stroke="${d}" stroke-width=".7"`],
        [ring(0, 5.6, 1.5) + "M0 6V10", `fill="${d}" stroke="${d}" stroke-width="1.2"`],
        ["M-5.8-4Q-4.8-6.5-2-7.2", `fill="none" stroke="${l}" stroke-width="1.4"${ROUND}`],
      ];
  }
}

function frenchEmblem(suit: Suit): Part[] {
  const c = SUIT_COLOURS.french[suit];
  switch (suit) {
    case "E": // clubs: three leaves and a flared stem
      return [[ring(0, -5.6, 5) + ring(-5.7, 1.6, 5) + ring(5.7, 1.6, 5) + "M0-2C0 5-1 8.5-4 11H4C1 8.5 0 5 0-2Z", `fill="${c}"`]];
    case "G": // spades: an upturned heart on a stem
      return [
        [
          "M0-11C3-6 10.5-3 10.5 2C10.5 6 6.5 8 3.5 6.5C2 5.8 1.3 5 1 4C1.3 7 2 9 4.5 11H-4.5" +
            "C-2 9-1.3 7-1 4C-1.3 5-2 5.8-3.5 6.5C-6.5 8-10.5 6-10.5 2C-10.5-3-3-6 0-11Z",
          `fill="${c}"`,
        ],
      ];
    case "H": // hearts
      return [[HEART, `fill="${c}"`]];
    case "S": // diamonds: a lozenge with slightly drawn-in sides
      return [["M0-11.5Q4-5 8.5 0Q4 5 0 11.5Q-4 5-8.5 0Q-4-5 0-11.5Z", `fill="${c}"`]];
  }
}

function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

// How many numbers each path command takes, and which of them are x (0) or y (1) coordinates.
const AXES: Record<string, readonly (0 | 1 | null)[]> = {
  M: [0, 1], L: [0, 1], T: [0, 1], H: [0], V: [1], C: [0, 1, 0, 1, 0, 1], S: [0, 1, 0, 1], Q: [0, 1, 0, 1],
  A: [null, null, null, null, null, 0, 1], Z: [],
};

/** Path data (absolute commands only) turned by 180 degrees if asked and moved by (dx, dy). */
function movePath(d: string, dx: number, dy: number, turn: boolean): string {
  let out = "";
  let axes: readonly (0 | 1 | null)[] = [];
  let i = 0;
  for (const [token] of d.matchAll(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)/g)) {
    const axesOf = AXES[token];
    if (axesOf) {
      axes = axesOf;
      i = 0;
      out += token;
      continue;
    }
    if (axes.length === 0) throw new Error(`path data must use absolute commands: ${d}`);
    const axis = axes[i % axes.length];
    i++;
    let v = Number(token);
    if (axis !== null && axis !== undefined) v = (turn ? -v : v) + (axis === 0 ? dx : dy);
    const text = String(Math.round(v * 10) / 10);
    out += /[A-Z]$/.test(out) || text.startsWith("-") ? text : ` ${text}`;
  }
  return out;
}

export type Spot = readonly [x: number, y: number, turn?: boolean];

/** Emblems at the given spots (their centres, in card units), all at one scale. */
function place(parts: Part[], spots: readonly Spot[], scale: number): string {
  const paths = parts
    .map(([d, attributes]) => {
      const data = spots.map(([x, y, turn]) => movePath(d, x / scale, y / scale, turn === true)).join("");
      return `<path d="${data}" ${attributes}/>`;
    })
    .join("");
  return scale === 1 ? paths : `<g transform="scale(${num(scale)})">${paths}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Figures of the German court cards, drawn in the 100 x 150 card

const INK = "#2b2118";
const SKIN = "#f5d0a9";
const GOLD = "#e3b23c";
const WHITE = "#fbf8f0";
const BOOT = "#3b2a1d";
const MOTLEY = "#e8c35c";

/**
 * Where the German court figures hold their emblem (centre, in card units): the Ober high up at
 * the top corner, the König at his side, the Unter low down, as on Bavarian cards.
 */
export const COURT_EMBLEM: Record<"K" | "O" | "U", Spot> = { K: [79, 68.5], O: [73.5, 25], U: [27, 116] };

/** An arm or a leg: a thick round-capped stroke with an outline. */
function limb(d: string, colour: string, width: number): string {
  return (
    `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${num(width + 2.2)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function face(cx: number, cy: number, beard: string): string {
  const eyes = `<g fill="${INK}" stroke="none"><circle cx="${cx - 3}" cy="${cy - 0.5}" r="1"/><circle cx="${cx + 3}" cy="${cy - 0.5}" r="1"/></g>`;
  const moustache = beard
    ? `<path d="M${cx - 4.5} ${cy + 4.5}Q${cx - 2} ${cy + 2.5} ${cx} ${cy + 4}Q${cx + 2} ${cy + 2.5} ${cx + 4.5} ${cy + 4.5}` +
      `Q${cx + 2} ${cy + 6} ${cx} ${cy + 5}Q${cx - 2} ${cy + 6} ${cx - 4.5} ${cy + 4.5}Z" fill="${beard}" stroke-width=".6"/>`
    : `<path d="M${cx - 2.5} ${cy + 4}Q${cx} ${cy + 6} ${cx + 2.5} ${cy + 4}" fill="none" stroke-width=".9"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="8.5" fill="${SKIN}"/>${eyes}${moustache}`;
}

function king(suit: Suit): string {
  const c = SUIT_COLOURS.german[suit];
  return (
    `<g stroke="${INK}" stroke-width="1.1" stroke-linejoin="round">` +
    // shoes under the robe, the sceptre in his right hand, the arms
    `<path d="M38 136Q38 131 44 131Q48 132 48 136ZM52 136Q52 132 56 131Q62 131 62 136Z" fill="${BOOT}"/>` +
    limb("M29 112L26 52", GOLD, 2.4) +
    `<circle cx="26" cy="49" r="3.6" fill="${GOLD}"/><path d="M26 45.4V41M24 43H28" stroke="${GOLD}" stroke-width="1.6"/>` +
    limb("M40 62L30 84", c, 7) +
    limb("M60 62L73 80", c, 7) +
    // the long robe with its golden trim
    `<path d="M38 57H62L72 133H28Z" fill="${c}"/>` +
    `<path d="M50 76V132M29 128.5H71" stroke="${GOLD}" stroke-width="3"/>` +
    // the ermine cape
    `<path d="M34 58Q50 51 66 58L68 75Q50 81 32 75Z" fill="${WHITE}"/>` +
    `<path d="M39 64h1.4v3.2h-1.4zM49.3 67h1.4v3.2h-1.4zM59.6 64h1.4v3.2h-1.4zM44 71h1.4v3.2h-1.4zM55 71h1.4v3.2h-1.4z" fill="${INK}" stroke="none"/>` +
    // hands, the emblem held out, head with a white beard and the crown
    `<circle cx="29.5" cy="86" r="3.6" fill="${SKIN}"/><circle cx="75" cy="82" r="3.6" fill="${SKIN}"/>` +
    place(germanEmblem(suit), [COURT_EMBLEM.K], 1.15) +
    `<path d="M41.5 45Q40 38 50 37Q60 38 58.5 45Z" fill="#d9d4c7"/>` +
    face(50, 45, "#d9d4c7") +
    `<path d="M42.5 48Q43 60 50 67Q57 60 57.5 48Q55 53.5 50 53Q45 53.5 42.5 48Z" fill="#e9e5da"/>` +
    `<path d="M45.5 49.5Q48 47.5 50 49Q52 47.5 54.5 49.5Q52 51 50 50Q48 51 45.5 49.5Z" fill="#d9d4c7" stroke-width=".6"/>` +
    `<path d="M41 39V27L45.5 32.5L50 24L54.5 32.5L59 27V39Z" fill="${GOLD}"/>` +
    `<path d="M41 36H59" stroke="#9c7412"/><circle cx="50" cy="32" r="1.5" fill="${SUIT_COLOURS.german.H}" stroke="none"/>` +
    `</g>`
  );
}

function ober(suit: Suit): string {
  const c = SUIT_COLOURS.german[suit];
  const d = DARK[suit];
  const l = LIGHT[suit];
  return (
    `<g stroke="${INK}" stroke-width="1.1" stroke-linejoin="round">` +
    // the sword at his side, legs and boots
    `<path d="M32 88L28 126" stroke="#7d858e" stroke-width="2.2"/><path d="M28.5 88.5L36 91" stroke="${BOOT}" stroke-width="2.4"/>` +
    limb("M45 104V125M55 104V125", d, 5.5) +
    `<path d="M41 122H49V135H37Q36.5 128 41 122ZM51 122H59Q63.5 128 63 135H51Z" fill="${BOOT}"/>` +
    // the right arm raised high with the emblem, the left one on the sword
    limb("M60 62L70 45", c, 7) +
    limb("M40 62L33 85", c, 7) +
    // the coat, belted, with buttons and a white ruff
    `<path d="M38 57H62L67 106Q50 110 33 106Z" fill="${c}"/>` +
    `<path d="M50 58V108" stroke="${d}"/><path d="M35.7 86H64.3" stroke-width="3.6"/>` +
    `<rect x="47" y="84" width="6" height="4" fill="${GOLD}" stroke-width=".6"/>` +
    `<g fill="${GOLD}" stroke="none"><circle cx="50" cy="64" r="1.3"/><circle cx="50" cy="71" r="1.3"/><circle cx="50" cy="78" r="1.3"/></g>` +
    `<circle cx="32.5" cy="87.5" r="3.6" fill="${SKIN}"/><circle cx="71" cy="41.5" r="3.6" fill="${SKIN}"/>` +
    place(germanEmblem(suit), [COURT_EMBLEM.O], 1.3) +
    `<ellipse cx="50" cy="56.5" rx="9.5" ry="3.2" fill="${WHITE}"/>` +
    `<path d="M41.5 48Q40 38 50 38Q60 38 58.5 48Z" fill="#6b3d1c"/>` +
    face(50, 46, "#6b3d1c") +
    // a broad hat with a double plume
    `<path d="M45 31C38 19 30 16 24.5 20.5C31 20.5 36 26 41 35Z" fill="${WHITE}"/>` +
    `<path d="M47 30C45 20 40 13.5 33 12.5C38 17 41 23 43 32Z" fill="${l}"/>` +
    `<path d="M42 38.5Q41.5 29.5 50 28.5Q58.5 29.5 58 38.5Z" fill="${BOOT}"/>` +
    `<path d="M42.3 35.5H57.7" stroke="${GOLD}" stroke-width="2"/>` +
    `<ellipse cx="50" cy="38.5" rx="15" ry="3.2" fill="${BOOT}"/>` +
    `</g>`
  );
}

function unter(suit: Suit): string {
  const c = SUIT_COLOURS.german[suit];
  const d = DARK[suit];
  return (
    `<g stroke="${INK}" stroke-width="1.1" stroke-linejoin="round">` +
    // parti-coloured hose and flat shoes
    limb("M45 97V127", c, 5.5) +
    limb("M55 97V127", MOTLEY, 5.5) +
    `<path d="M38 131Q38 126 43 125.5H47.5V131ZM52.5 131V125.5H57Q62 126 62 131Z" fill="${BOOT}"/>` +
    // the left arm reaching down to the emblem, the right one on the hip
    limb("M40 60L31 97", c, 6.5) +
    limb("M60 60L70 73L62 82", MOTLEY, 6.5) +
    // a short parti-coloured tunic with a belt and a falling collar
    `<path d="M38 56H50V99Q42 99.5 35 97Z" fill="${c}"/><path d="M50 56H62L65 97Q58 99.5 50 99Z" fill="${MOTLEY}"/>` +
    `<path d="M36.5 81H63.5" stroke-width="3.2"/><rect x="47.5" y="79" width="5" height="4" fill="${GOLD}" stroke-width=".6"/>` +
    `<path d="M42 55.5L50 63L58 55.5Z" fill="${WHITE}"/>` +
    `<circle cx="30.5" cy="100" r="3.4" fill="${SKIN}"/>` +
    place(germanEmblem(suit), [COURT_EMBLEM.U], 1.3) +
    `<path d="M41.5 47Q40 37 50 37Q60 37 58.5 47Z" fill="#a0632a"/>` +
    face(50, 45, "") +
    // a flat cap tilted over one ear, with a short feather
    `<path d="M58 34Q64 25 71 20Q67 29 60.5 37Z" fill="${WHITE}"/>` +
    `<path d="M39.5 40.5Q38.5 31.5 49 30.5Q61 30 62.5 37.5Q56 41 39.5 40.5Z" fill="${c}"/>` +
    `<path d="M40 40Q51 41.5 62 37" fill="none" stroke="${d}" stroke-width="1.6"/>` +
    `</g>`
  );
}

// A little pig for the Sau.
const PIG =
  `<g stroke="#8a3d52" stroke-width=".9" stroke-linejoin="round">` +
  `<path d="M-8 3V10M-3.5 4V11M4 4V11M8.5 3V10" stroke-width="2.6" stroke-linecap="round"/>` +
  `<path d="M-12-2C-15-3-15-6-13-6S-12-3-14.5-2.5" fill="none"/>` +
  `<ellipse rx="12" ry="7.5" fill="#f5b3c2"/><circle cx="11" cy="-3" r="5.6" fill="#f5b3c2"/>` +
  `<path d="M8-7.5L9.5-12.5L13-8Z" fill="#e98ba2"/><ellipse cx="16.3" cy="-2" rx="2" ry="2.7" fill="#e98ba2"/>` +
  `<circle cx="12" cy="-4.6" r=".9" fill="${INK}" stroke="none"/></g>`;

// ---------------------------------------------------------------------------------------------
// Number cards

export type NumberRank = "Z" | "9" | "8" | "7";

function pairs(ys: number[], left: number, right: number): Spot[] {
  return ys.flatMap((y): Spot[] => [
    [left, y],
    [right, y],
  ]);
}

function germanSpots(rank: NumberRank): Spot[] {
  switch (rank) {
    case "7":
      return [...pairs([36, 75, 114], 34, 66), [50, 55.5]];
    case "8":
      return pairs([34, 61, 88, 115], 34, 66);
    case "9":
      return [...pairs([34, 61, 88, 115], 31, 69), [50, 74.5]];
    default:
      return pairs([32, 53.5, 75, 96.5, 118], 33, 67);
  }
}

function frenchSpots(rank: NumberRank): Spot[] {
  const cols = pairs([34, 61.3, 88.6, 116], 31, 69);
  switch (rank) {
    case "7":
      return [...pairs([34, 75, 116], 32, 68), [50, 54.5]];
    case "8":
      return [...pairs([34, 75, 116], 32, 68), [50, 54.5], [50, 95.5]];
    case "9":
      return [...cols, [50, 75]];
    default:
      return [...cols, [50, 47.6], [50, 102.4]];
  }
}

/** Where the emblems of a number card sit (centres, in card units); French pips below the middle are turned. */
export function pipSpots(rank: NumberRank, french = false): Spot[] {
  return french ? frenchSpots(rank).map(([x, y]): Spot => [x, y, y > 76]) : germanSpots(rank);
}

/** The scale of a number card's emblems (1 = about 20 units tall). */
export function pipScale(rank: NumberRank, french = false): number {
  if (french) return rank === "7" ? 0.9 : 0.8;
  return rank === "9" || rank === "Z" ? 0.88 : 1;
}

// ---------------------------------------------------------------------------------------------
// French court cards: a framed panel with the head-dress, a large serif letter and the suit

function frenchCourt(suit: Suit, rank: Rank): string {
  const c = SUIT_COLOURS.french[suit];
  const letter = FRENCH_RANK_LABELS[rank];
  let hat: string;
  if (rank === "K") {
    hat =
      `<path d="M37 50V34L43.5 41L50 30L56.5 41L63 34V50Z" fill="${GOLD}"/>` +
      `<path d="M37 46H63" stroke="#9c7412"/><circle cx="50" cy="41.5" r="2" fill="${c}" stroke="none"/>`;
  } else if (rank === "O") {
    hat =
      `<path d="M38 50Q38 37 50 36Q62 37 62 50Q50 46 38 50Z" fill="${GOLD}"/>` +
      `<g fill="${c}" stroke="none"><circle cx="50" cy="40.5" r="2.4"/><circle cx="43" cy="43" r="1.4"/><circle cx="57" cy="43" r="1.4"/></g>` +
      `<circle cx="50" cy="33.5" r="2.6" fill="${WHITE}"/>`;
  } else {
    hat =
      `<path d="M55 40Q62 30 71 27Q66 36 58 44Z" fill="${WHITE}"/>` +
      `<path d="M36 50Q35 38 50 37Q65 37 65 48Q55 52 36 50Z" fill="${c}"/>` +
      `<path d="M36.5 49Q50 51 64.5 47" fill="none" stroke="${GOLD}" stroke-width="2"/>`;
  }
  return (
    `<rect x="25" y="8" width="50" height="134" rx="5" fill="none" stroke="${c}" stroke-width="1.4"/>` +
    `<rect x="28" y="11" width="44" height="128" rx="3" fill="none" stroke="${c}" stroke-width=".6"/>` +
    `<g stroke="${INK}" stroke-width="1" stroke-linejoin="round">${hat}</g>` +
    `<text x="50" y="98" font-family="Georgia,'Times New Roman',serif" font-size="50" font-weight="bold" ` +
    `text-anchor="middle" fill="${c}">${letter}</text>` +
    place(frenchEmblem(suit), [[50, 115]], 1.05)
  );
}

// ---------------------------------------------------------------------------------------------
// The whole card

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The corner indices, top left and (turned) bottom right: the rank and a small emblem. */
function indices(label: string, colour: string, emblem: Part[]): string {
  const fit = label.length > 1 ? ` textLength="21" lengthAdjust="spacingAndGlyphs"` : "";
  const text = `<text x="12.5" y="24"${fit}>${label}</text>`;
  return (
    `<g font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="bold" text-anchor="middle" fill="${colour}">` +
    `${text}<g transform="rotate(180 50 75)">${text}</g></g>` +
    place(emblem, [[12.5, 36], [87.5, 114, true]], 0.5)
  );
}

function middle(suit: Suit, rank: Rank, french: boolean): string {
  const emblem = french ? frenchEmblem(suit) : germanEmblem(suit);
  if (rank === "A") {
    return french
      ? place(emblem, [[50, 75]], 2.6)
      : place(emblem, [[50, 66]], 2.5) + `<g transform="translate(50 118) scale(1.05)">${PIG}</g>`;
  }
  if (rank === "K" || rank === "O" || rank === "U") {
    if (french) return frenchCourt(suit, rank);
    return rank === "K" ? king(suit) : rank === "O" ? ober(suit) : unter(suit);
  }
  let out = `<g class="pips">${place(emblem, pipSpots(rank, french), pipScale(rank, french))}</g>`;
  if (rank === "Z" && !french) {
    // the Bavarian ten's Roman numeral on a little banner between the columns
    const c = SUIT_COLOURS.german[suit];
    out +=
      `<path d="M43 67H57L55.5 75L57 83H43L44.5 75Z" fill="${CARD_BACKGROUND}" stroke="${c}" stroke-width="1.1"/>` +
      `<text x="50" y="80.2" font-family="Georgia,'Times New Roman',serif" font-size="14" font-weight="bold" ` +
      `text-anchor="middle" fill="${c}">X</text>`;
  }
  return out;
}

/** One card face as a complete SVG string, viewBox 0 0 100 150. Throws on an unknown token. */
export function cardSvg(token: string, options: CardOptions = {}): string {
  const [suit, rank] = parseToken(token);
  const french = options.french === true;
  const name = escapeXml(cardName(token, options));
  const colour = (french ? SUIT_COLOURS.french : SUIT_COLOURS.german)[suit];
  const label = (french ? FRENCH_RANK_LABELS : RANK_LABELS)[rank];
  const corner = indices(label, colour, french ? frenchEmblem(suit) : germanEmblem(suit));
  const frame = french
    ? ""
    : `<rect x="5" y="5" width="90" height="140" rx="5" fill="none" stroke="#d8ccb2" stroke-width=".8"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" role="img" aria-label="${name}" ` +
    `class="card${french ? " french" : ""}" data-card="${suit}${rank}"><title>${name}</title>` +
    `<rect x="1" y="1" width="98" height="148" rx="8" fill="${CARD_BACKGROUND}" stroke="#6d6455" stroke-width="1.5"/>` +
    frame +
    middle(suit, rank, french) +
    corner +
    `</svg>`
  );
}

/** The back of a card, for hidden cards: blue and white Bavarian lozenges in a frame. */
export function cardBackSvg(options: CardOptions = {}): string {
  const name = options.lang === "en" ? "face-down card" : "verdeckte Karte";
  const w = 12;
  const h = 16;
  let d = "";
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 7; col++) d += `M${14 + col * w} ${11 + row * h}l6 8-6 8-6-8z`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" role="img" aria-label="${name}" class="card back">` +
    `<title>${name}</title>` +
    `<rect x="1" y="1" width="98" height="148" rx="8" fill="#1f4f8f" stroke="#0d1f3c" stroke-width="1.5"/>` +
    `<rect x="7" y="7" width="86" height="136" rx="4" fill="#2d6cb5" stroke="#e8f0fa" stroke-width="1.5"/>` +
    `<path d="${d}" fill="#dce9f7"/>` +
    `<rect x="7" y="7" width="86" height="136" rx="4" fill="none" stroke="#e8f0fa" stroke-width="2"/>` +
    `</svg>`
  );
}
