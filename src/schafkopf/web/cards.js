// Card faces drawn as SVG: German suits (Eichel, Gras, Herz, Schellen) or French ones.
// A card token is suit letter + rank letter: E G H S and A Z K O U 9 8 7 ("EO" = Eichel-Ober).
(() => {
"use strict";

const SUIT_COLOURS = { E: "#6b4423", G: "#2f7d32", H: "#c62828", S: "#d49a00" };
const FRENCH_COLOURS = { E: "#111", G: "#111", H: "#c62828", S: "#c62828" };
const RANK_LABELS = { A: "A", Z: "10", K: "K", O: "O", U: "U", 9: "9", 8: "8", 7: "7" };
const FRENCH_RANK_LABELS = { A: "A", Z: "10", K: "K", O: "Q", U: "J", 9: "9", 8: "8", 7: "7" };

// One suit symbol centred on (0, 0), about 20 units tall.
function suitSymbol(suit, french) {
  const c = french ? FRENCH_COLOURS[suit] : SUIT_COLOURS[suit];
  if (french) {
    const glyph = { E: "\u2663", G: "\u2660", H: "\u2665", S: "\u2666" }[suit];
    return `<text x="0" y="8" text-anchor="middle" font-size="24" fill="${c}">${glyph}</text>`;
  }
  switch (suit) {
    case "E": // Eichel: an acorn with its cup
      return `<ellipse cx="0" cy="3" rx="6.5" ry="8" fill="${c}"/>` +
        `<path d="M-8 -3 Q0 -11 8 -3 L7 0 Q0 -4 -7 0 Z" fill="#3e2612"/>` +
        `<rect x="-1" y="-13" width="2" height="5" fill="#3e2612"/>`;
    case "G": // Gras: a leaf with its vein
      return `<path d="M0 -11 C9 -6 9 6 0 11 C-9 6 -9 -6 0 -11 Z" fill="${c}"/>` +
        `<path d="M0 -9 L0 12" stroke="#1b4d1e" stroke-width="1.4"/>`;
    case "H": // Herz: a heart
      return `<path d="M0 9 C-14 -1 -8 -12 0 -5 C8 -12 14 -1 0 9 Z" fill="${c}"/>`;
    default: // Schellen: a bell
      return `<circle cx="0" cy="0" r="8" fill="${c}"/>` +
        `<circle cx="0" cy="0" r="8" fill="none" stroke="#8a6200" stroke-width="1.2"/>` +
        `<path d="M-7 -1 L7 -1" stroke="#8a6200" stroke-width="1.2"/>` +
        `<circle cx="0" cy="3.5" r="1.6" fill="#5c4100"/>`;
  }
}

// The whole card as an SVG string, 60 x 90 units.
function cardSvg(token, opts = {}) {
  const french = !!opts.french;
  if (!token) {
    return `<svg class="card back" viewBox="0 0 60 90" role="img" aria-label="card">` +
      `<rect x="1" y="1" width="58" height="88" rx="6" fill="#1d3b6e" stroke="#0d1f3c"/>` +
      `<path d="M8 8 H52 V82 H8 Z" fill="none" stroke="#5f84c4" stroke-width="2"/></svg>`;
  }
  const suit = token[0];
  const rank = token[1];
  const label = (french ? FRENCH_RANK_LABELS : RANK_LABELS)[rank];
  const colour = french ? FRENCH_COLOURS[suit] : SUIT_COLOURS[suit];
  const sym = suitSymbol(suit, french);
  let middle;
  if (rank === "O" || rank === "U") {
    // Ober and Unter: a figure band; the Ober's symbol at the top, the Unter's lower down.
    const y = rank === "O" ? 30 : 58;
    middle = `<rect x="14" y="24" width="32" height="42" rx="4" fill="#f3e3c3" stroke="${colour}"/>` +
      `<g transform="translate(30 ${y}) scale(0.9)">${sym}</g>` +
      `<text x="30" y="${rank === "O" ? 58 : 38}" text-anchor="middle" font-size="13" ` +
      `font-weight="bold" fill="${colour}">${label}</text>`;
  } else if (rank === "K") {
    middle = `<path d="M18 44 L22 30 L30 38 L38 30 L42 44 Z" fill="#e0b43a" stroke="#8a6200"/>` +
      `<g transform="translate(30 58) scale(0.9)">${sym}</g>`;
  } else if (rank === "A" || rank === "Z") {
    middle = `<g transform="translate(30 45) scale(${rank === "A" ? 1.7 : 1.3})">${sym}</g>`;
    if (rank === "Z") {
      middle = `<g transform="translate(21 34) scale(0.9)">${sym}</g>` +
        `<g transform="translate(39 56) scale(0.9)">${sym}</g>`;
    }
  } else {
    const n = Number(rank);
    const spots = {
      7: [[22, 27], [38, 27], [30, 37], [22, 47], [38, 47], [22, 63], [38, 63]],
      8: [[22, 27], [38, 27], [22, 40], [38, 40], [22, 53], [38, 53], [22, 66], [38, 66]],
      9: [[22, 27], [38, 27], [22, 40], [38, 40], [30, 47], [22, 54], [38, 54], [22, 67], [38, 67]],
    }[n];
    middle = spots.map(([x, y]) => `<g transform="translate(${x} ${y}) scale(0.5)">${sym}</g>`).join("");
  }
  const name = cardName(token, french, opts.lang || "de");
  return `<svg class="card" viewBox="0 0 60 90" role="img" aria-label="${name}" data-card="${token}">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="#fffdf6" stroke="#555"/>` +
    `<text x="6" y="16" font-size="13" font-weight="bold" fill="${colour}">${label}</text>` +
    `<g transform="translate(47 12) scale(0.45)">${sym}</g>` +
    middle +
    `<text x="54" y="84" font-size="13" font-weight="bold" fill="${colour}" text-anchor="end">${label}</text>` +
    `</svg>`;
}

const SUIT_WORDS = {
  de: { E: "Eichel", G: "Gras", H: "Herz", S: "Schellen" },
  en: { E: "Acorns", G: "Leaves", H: "Hearts", S: "Bells" },
  fr: { E: "Clubs", G: "Spades", H: "Hearts", S: "Diamonds" },
};
const RANK_WORDS = {
  de: { A: "Sau", Z: "Zehn", K: "König", O: "Ober", U: "Unter", 9: "Neun", 8: "Acht", 7: "Sieben" },
  en: { A: "Ace", Z: "Ten", K: "King", O: "Ober", U: "Unter", 9: "Nine", 8: "Eight", 7: "Seven" },
};

function cardName(token, french, lang) {
  const suits = french && lang === "en" ? SUIT_WORDS.fr : SUIT_WORDS[lang] || SUIT_WORDS.de;
  const ranks = RANK_WORDS[lang] || RANK_WORDS.de;
  return lang === "de" ? `${suits[token[0]]}-${ranks[token[1]]}` : `${ranks[token[1]]} of ${suits[token[0]]}`;
}

window.SchafkopfCards = { cardSvg, cardName, SUIT_WORDS };
})();
