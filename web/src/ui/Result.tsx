// A finished game's result, explained from the server's breakdown: both sides' Augen and
// tricks, Schneider and Schwarz, Laufende (how many, which side), the base and each extra,
// the factor (Tout, Sie), each knock and doubling with who said it, the value and every
// payout in the table's unit; Ramsch with each seat's Augen and tricks, its loser, Jungfrau and
// Durchmarsch; all-pass; the Stock's change with who paid into it or took it.

import { amountText, contractText, shownName, text, type Lang } from "../i18n";
import { finalPlace } from "../model";
import type { Breakdown, BreakdownItem, GameResult, LedgerRow } from "../protocol";
import { Cut } from "./Cut";
import { useSettings } from "./settings";

const WORDS: Record<Lang, Record<string, string>> = {
  de: {
    base: "Grundtarif", rufspiel: "Sauspiel", solo: "Solo", schneider: "Schneider", schwarz: "Schwarz",
    laufende: "Laufende", laufender: "Laufender", tout: "Tout", sie: "Sie", ramsch: "Ramsch", bettel: "Bettel",
    jungfrau: "Jungfrau", durchmarsch: "Durchmarsch", kontra: "Kontra", re: "Re", sup: "Sup",
    hirsch: "Hirsch", knock: "klopft", times: "mal", declarers: "Spieler", defenders: "Gegenspieler",
    counted: "wird bezahlt", notCounted: "wird nicht bezahlt", under: "Laufende zählen erst ab", loser: "Verlierer",
    redeal: "Die Karten werden neu gegeben.", stock: "Stock", pays: "zahlt", to: "an",
    multiplier: "Verdopplungen", durchmarschBy: "Durchmarsch von", augen: "Augen", tricks: "Stiche",
    base_total: "Zusammen",
    loserSide: "nicht bezahlt, nur die der Gewinner zählen",
    atDeclarers: "bei den Spielern", atDeclarer: "beim Spieler", atDefenders: "bei den Gegenspielern",
  },
  en: {
    base: "Base tariff", rufspiel: "Sauspiel", solo: "Solo", schneider: "Schneider", schwarz: "Schwarz",
    laufende: "Laufende", laufender: "Laufender", tout: "Tout", sie: "Sie", ramsch: "Ramsch", bettel: "Bettel",
    jungfrau: "Jungfrau", durchmarsch: "Durchmarsch", kontra: "Kontra", re: "Re", sup: "Sup",
    hirsch: "Hirsch", knock: "knocks", times: "times", declarers: "declarers", defenders: "defenders",
    counted: "paid", notCounted: "not paid", under: "Laufende count from", loser: "Loser",
    redeal: "The cards are dealt again.", stock: "Stock", pays: "pays", to: "to",
    multiplier: "Doublings", durchmarschBy: "Durchmarsch by", augen: "points", tricks: "tricks",
    base_total: "Total",
    loserSide: "not paid, only the winners' count",
    atDeclarers: "with the declarers", atDeclarer: "with the declarer", atDefenders: "with the defenders",
  },
};

function w(lang: Lang, key: string): string {
  return WORDS[lang][key] ?? key;
}

/** Who played: the declarer first, then "mit" the partner ("Liesl mit Sepp"), not seat order. */
export function playedBy(all: string[], declarers: number[], declarer: number | null, withWord: string): string {
  const first = declarer !== null && declarers.includes(declarer) ? declarer : declarers[0]!;
  const others = declarers.filter((seat) => seat !== first);
  return others.length ? `${all[first]} ${withWord} ${names(all, others)}` : (all[first] ?? "");
}

function names(all: string[], seats: number[] | undefined): string {
  return (seats ?? []).map((s) => all[s] ?? String(s)).join(", ");
}

function itemText(lang: Lang, item: BreakdownItem, unit: string): string {
  const count = typeof item.count === "number" ? `${item.count} ` : "";
  const each = typeof item.each === "number" && typeof item.count === "number" ? ` (${item.count} × ${amountText(lang, item.each, unit)})` : "";
  return `${count}${w(lang, item.item)}${each}: ${amountText(lang, Number(item.amount ?? 0), unit)}`;
}

function Explained({ b, all }: { b: Breakdown; all: string[] }) {
  const s = useSettings();
  const L = s.lang;
  const lines: string[] = [];
  if (b.settlement === "all_pass") lines.push(w(L, "redeal"));
  if (b.settlement === "durchmarsch" && b.durchmarsch !== undefined) lines.push(`${w(L, "durchmarschBy")} ${all[b.durchmarsch]}`);
  if (b.settlement === "ramsch" && b.loser !== undefined && b.loser !== null) {
    lines.push(`${w(L, "loser")}: ${all[b.loser]}${b.jungfrauen?.length ? ` · ${w(L, "jungfrau")}: ${names(all, b.jungfrauen)}` : ""}`);
  }
  if (b.schneider?.reached) lines.push(`${w(L, "schneider")}: ${w(L, b.schneider.counted ? "counted" : "notCounted")}`);
  if (b.schwarz?.reached) lines.push(`${w(L, "schwarz")}: ${w(L, b.schwarz.counted ? "counted" : "notCounted")}`);
  if (b.laufende && b.laufende.count) {
    const alone = b.declarers?.seats.length === 1; // a solo's player: "beim Spieler"
    const at = b.laufende.side === "declarers" ? (alone ? "atDeclarer" : "atDeclarers") : "atDefenders";
    const side = b.laufende.side ? ` ${w(L, at)}` : "";
    const counted = b.laufende.counted
      ? ""
      : b.laufende.count < b.laufende.minimum
        ? ` – ${w(L, "under")} ${b.laufende.minimum}`
        : ` – ${w(L, "loserSide")}`;
    lines.push(`${b.laufende.count} ${w(L, b.laufende.count === 1 ? "laufender" : "laufende")}${side}${counted}`);
  }
  const knocks = b.knocks.map((seat) => `${all[seat]} ${w(L, "knock")}`);
  const doublings = b.doublings.map((d) => `${w(L, d.word)} (${all[d.seat]})`);
  // who paid into the Stock (negative) or was paid from it, each by name
  const stockShares = (b.stock?.shares ?? []).flatMap((share, seat) => (share ? [`${all[seat] ?? seat} ${amountText(L, share, b.unit, true)}`] : []));
  return (
    <div class="explained" id="breakdown">
      {b.declarers && b.defenders ? (
        <table class="sides">
          <tbody>
            <tr>
              <th />
              <th>{s.t("points")}</th>
              <th>{s.t("tricksWord")}</th>
            </tr>
            {(["declarers", "defenders"] as const).map((side) => (
              <tr key={side} data-side={side}>
                <td>
                  {s.t(side === "declarers" && b[side]!.seats.length === 1 ? "declarer" : side)}: {names(all, b[side]!.seats)}
                </td>
                <td>{b[side]!.augen}</td>
                <td>{b[side]!.tricks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {b.points && b.settlement !== "all_pass" && !b.declarers ? (
        <table class="sides">
          <tbody>
            <tr>
              <th />
              <th>{s.t("points")}</th>
              <th>{s.t("tricksWord")}</th>
            </tr>
            {all.map((n, i) => (
              <tr key={i} data-seat={i}>
                <td>{n}</td>
                <td>{b.points?.[i] ?? 0}</td>
                <td>{b.tricks?.[i] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {lines.map((line, i) => (
        <p key={i} class="fact">
          {line}
        </p>
      ))}
      {b.items.length ? (
        <ul class="breakdown">
          {b.items.map((item, i) => (
            <li key={i} data-item={item.item}>
              {itemText(L, item, b.unit)}
            </li>
          ))}
          {b.factor ? (
            <li data-item="factor">
              {w(L, b.factor.item)}: ×{b.factor.times}
            </li>
          ) : null}
          {b.items.length > 1 || b.factor ? (
            <li data-item="base">
              {w(L, "base_total")}: {amountText(L, b.base, b.unit)}
            </li>
          ) : null}
        </ul>
      ) : null}
      {knocks.length || doublings.length ? (
        <p class="fact" data-item="multiplier">
          {[...knocks, ...doublings].join(" · ")} → ×{b.multiplier}
        </p>
      ) : null}
      {b.transfers?.length ? (
        <ul class="breakdown">
          {b.transfers.map((t, i) => (
            <li key={i}>
              {all[t.from]} {w(L, "pays")} {all[t.to]} {amountText(L, t.amount, b.unit)}
              {t.jungfrau ? ` (${w(L, "jungfrau")})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {b.stock ? (
        <p class="fact" data-item="stock">
          {w(L, "stock")}: {amountText(L, b.stock.change, b.unit, true)}
          {stockShares.length ? ` (${stockShares.join(", ")})` : ""}
        </p>
      ) : null}
    </div>
  );
}

interface Props {
  result: GameResult;
  names: string[];
  unit: string;
  onReplay?: () => void;
  /** The number the game goes by where it is not the table's (a challenge's deal). */
  number?: number;
}

export function ResultPanel({ result: res, names: all, unit, onReplay, number }: Props) {
  const s = useSettings();
  const L = s.lang;
  const r = res.result;
  const c = res.contract;
  const b = res.breakdown;
  const u = b?.unit ?? unit;
  // a deal everyone passed and dealt again moves no money: no value, no row of zeros
  const nothingMoved = !c && r.payouts.every((p) => p === 0);
  return (
    <div class="panel result" id="result">
      <h3>
        {s.t("result")} — {s.t("game")} {number ?? res.game}
      </h3>
      {c ? (
        <p class="contract-line">
          <strong>{contractText(L, c, s.french)}</strong>
          {r.declarers.length ? ` — ${playedBy(all, r.declarers, c.declarer, s.t("playsWith"))}` : ""}
          {r.won !== null && r.declarers.length ? ` · ${r.won ? s.t("won") : s.t("lost")}` : ""}
        </p>
      ) : (
        <p>{s.t("allPassed")}</p>
      )}
      {b ? <Explained b={b} all={all} /> : null}
      {nothingMoved ? null : (
        <p>
          <strong>
            {s.t("value")}: {amountText(L, r.value, u)}
          </strong>
        </p>
      )}
      <div class="scroll" hidden={nothingMoved}>
        <table class="payouts compact">
          <tbody>
            <tr>
              {all.map((n, i) => (
                <th key={i}>
                  <Cut text={n} />
                </th>
              ))}
            </tr>
            <tr>
              {r.payouts.map((p, i) => (
                <td key={i} class={p >= 0 ? "plus" : "minus"} data-payout={p}>
                  {amountText(L, p, u, true)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {onReplay ? (
        <button type="button" class="replay-btn" onClick={onReplay}>
          {s.t("replay")}
        </button>
      ) : null}
    </div>
  );
}

/** A seat's standing after the round: "Du: +1,20 € · Platz 2 von 4" (a shared place says so). */
export function standingText(lang: Lang, ledger: LedgerRow[], seat: number, unit: string): string {
  const at = finalPlace(ledger, seat);
  if (!at) return "";
  return text(lang, at.shared ? "myStandingShared" : "myStanding")
    .replace("{amount}", amountText(lang, at.balance, unit, true))
    .replace("{k}", String(at.place))
    .replace("{n}", String(ledger.at(-1)!.balances.length));
}

/** The last game's result in one line where the side column lies below the table (a phone;
 * hidden beside it): what was played, by whom, won or lost, the seat's own payout, and a
 * way down to the whole result. Shown until the next game's first card. */
export function ResultLine({ result: res, names: all, unit, me, number }: { result: GameResult; names: string[]; unit: string; me: number | null; number?: number }) {
  const s = useSettings();
  const L = s.lang;
  const r = res.result;
  const c = res.contract;
  const mine = me !== null ? r.payouts[me] : undefined;
  const toResult = () => document.getElementById("result")?.scrollIntoView({ behavior: "smooth", block: "start" });
  return (
    <p class="result-line" id="result-line" role="status">
      <span>
        {s.t("game")} {number ?? res.game}:{" "}
        {c ? <strong>{contractText(L, c, s.french)}</strong> : s.t("allPassed")}
        {c && r.declarers.length ? ` — ${playedBy(all, r.declarers, c.declarer, s.t("playsWith"))}` : ""}
        {c && r.won !== null && r.declarers.length ? ` · ${r.won ? s.t("won") : s.t("lost")}` : ""}
      </span>
      {mine !== undefined ? (
        <span class={`mine ${mine >= 0 ? "plus" : "minus"}`} data-payout={mine}>
          {s.t("you")}: {amountText(L, mine, res.breakdown?.unit ?? unit, true)}
        </span>
      ) : null}
      <button type="button" class="link" id="to-result" onClick={toResult}>
        {s.t("result")} ▾
      </button>
    </p>
  );
}

export function LedgerPanel({ ledger, names: all, unit, onReplay, final = false }: { ledger: LedgerRow[]; names: string[]; unit: string; onReplay?: (game: number) => void; final?: boolean }) {
  const s = useSettings();
  if (!ledger.length) return null;
  return (
    <div class="panel ledger" id="ledger">
      <h3>{final ? s.t("finalLedger") : s.t("ledger")}</h3>
      {/* each row is the balance after that game, not the game's payout */}
      <span class="muted">{s.t("ledgerRunning")}</span>
      <div class="scroll">
        {/* the roles keep it a table for screen readers where a narrow panel lays it out as a grid */}
        <table class="compact" role="table" style={`--seats: ${all.length}`}>
          <tbody role="rowgroup">
            <tr role="row">
              <th role="columnheader">#</th>
              <th role="columnheader" class="what">{s.t("game")}</th>
              {all.map((n, i) => (
                <th role="columnheader" key={i}>
                  <Cut text={n} />
                </th>
              ))}
            </tr>
            {ledger.map((row) => {
              const then = row.names ? row.names.map((x) => shownName(s.lang, x)) : all; // who played it
              const what = `${row.contract ? contractText(s.lang, row.contract, s.french) : s.t("allPassed")}${row.contract && row.declarers?.length ? ` · ${playedBy(then, row.declarers, row.contract.declarer, s.t("playsWith"))}` : ""}`;
              return (
                <tr role="row" key={row.game}>
                  <td role="cell">{row.game}</td>
                  <td role="cell" class="what">
                    {onReplay ? (
                      // the game's line opens its replay: no column of its own for the button
                      <button type="button" class="link what-link" title={s.t("replay")} aria-label={`${s.t("replay")} ${row.game}: ${what}`} onClick={() => onReplay(row.game)}>
                        {what}{"\u00a0"}
                        <span aria-hidden="true">▶</span>
                      </button>
                    ) : (
                      what
                    )}
                  </td>
                  {row.balances.map((bal, i) => (
                    <td role="cell" key={i} class={bal >= 0 ? "plus" : "minus"}>
                      {amountText(s.lang, bal, unit, true)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
