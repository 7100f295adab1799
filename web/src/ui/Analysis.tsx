// The analysis of a finished game in the replay: started on request (the server judges it
// in a low-priority worker and keeps it), its progress, each seat's accuracy and luck, the
// costliest decisions with what was better (a click shows that card), and a chart of the
// declarers' chance over the game.

import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { cardName } from "../cards";
import { actionText, amountText, errorText, isCardName } from "../i18n";
import { cardDecisionAt, chanceLine, nearestStep, openLine, stepOf, stepPoints, worstDecisions } from "../model";
import type { AnalysisJson, AnalysisStatus, DecisionJson } from "../protocol";
import { Cut } from "./Cut";
import { useSettings } from "./settings";

/** The analysis' status for a game, polled while it runs; ``start`` asks for it. */
export function useAnalysis(table: string, game: number): { status: AnalysisStatus | null; error: string; start(): void } {
  const s = useSettings();
  const [status, setStatus] = useState<AnalysisStatus | null>(null);
  const [error, setError] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);
  const fail = (e: unknown) => {
    if (alive.current) setError(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
  };
  const next = (st: AnalysisStatus) => {
    if (!alive.current) return;
    setStatus(st);
    if (timer.current) clearTimeout(timer.current);
    if (st.status === "running") timer.current = setTimeout(poll, 800);
  };
  const poll = () => {
    api.analysis(table, game).then(next, fail);
  };
  useEffect(() => {
    alive.current = true;
    poll();
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [table, game]);
  const start = () => {
    setError("");
    api.analyse(table, game).then(next, fail);
  };
  return { status, error, start };
}

export function optionWords(token: string, lang: "de" | "en", french: boolean): string {
  return isCardName(token) ? cardName(token, { lang, french }) : actionText(lang, token, french);
}

interface Props {
  status: AnalysisStatus | null;
  error: string;
  start(): void;
  names: string[];
  /** The game's cards in all (for the chart's width). */
  cards: number;
  /** The replay's step: the cards shown (marked on the chart). */
  step: number;
  onStep(step: number): void;
  /** Show the bid or doubling made at history place ``index`` (a verdict on one clicked). */
  onSaid?(index: number): void;
  /** The declaring side's seats (the chart colours each dot by its seat's side). */
  declarers?: number[];
}

export function AnalysisPanel({ status, error, start, names, cards, step, onStep, onSaid, declarers = [] }: Props) {
  const s = useSettings();
  if (!status || status.status === "none" || status.status === "failed") {
    return (
      <div class="analysis" id="analysis">
        <button type="button" class="primary" id="replay-analyse" onClick={start}>
          {s.t("analyse")}
        </button>
        <span class="muted">{s.t("analysisHelp")}</span>
        {status?.status === "failed" ? <p class="notice">{s.t("analysisFailed")}</p> : null}
        {error ? <p class="notice">{error}</p> : null}
      </div>
    );
  }
  if (status.status === "running") {
    return (
      <div class="analysis" id="analysis">
        <progress id="analysis-progress" max={status.total} value={status.done} />
        <span id="analysis-status">{s.t("analysing").replace("{done}", String(status.done)).replace("{total}", String(status.total))}</span>
        {error ? <p class="notice">{error}</p> : null}
      </div>
    );
  }
  return <AnalysisDone analysis={status.analysis} names={names} cards={cards} step={step} onStep={onStep} onSaid={onSaid} declarers={declarers} />;
}

function AnalysisDone({ analysis, names, cards, step, onStep, onSaid, declarers }: { analysis: AnalysisJson; names: string[]; cards: number; step: number; onStep(step: number): void; onSaid?: ((index: number) => void) | undefined; declarers: number[] }) {
  const s = useSettings();
  const n = names.length;
  const money = (x: number, signed = true) => amountText(s.lang, Math.round(x * 100) / 100, analysis.unit, signed);
  const worst = worstDecisions(analysis);
  return (
    <div class="analysis done" id="analysis">
      <SeatFigures id="analysis-seats" seats={analysis.seats} names={names} unit={analysis.unit} />
      <Chart analysis={analysis} players={n} cards={cards} step={step} onStep={onStep} declarers={declarers} />
      {worst.length ? (
        <ol class="verdicts" id="analysis-list">
          {worst.map((d) => (
            <li key={`${d.index}-${d.seat}`}>
              <VerdictLine d={d} names={names} money={money} onStep={onStep} onSaid={onSaid} players={n} />
            </li>
          ))}
        </ol>
      ) : (
        <p id="analysis-clean">{s.t("noMistakes")}</p>
      )}
      {worst.some((d) => d.open_loss !== null) ? (
        <p class="muted legend" id="open-legend">
          {s.t("openLegend")}
        </p>
      ) : null}
    </div>
  );
}

export function VerdictLine({ d, names, money, onStep, onSaid, players }: { d: DecisionJson; names: string[]; money(x: number, signed?: boolean): string; onStep(step: number): void; onSaid?: ((index: number) => void) | undefined; players: number }) {
  const s = useSettings();
  const step = stepOf(d, players);
  const where = d.trick !== null ? `${s.t("trick")} ${d.trick}` : "";
  const text = (
    <>
      <span class={`verdict ${d.verdict ?? ""}`}>{d.verdict ? s.t(d.verdict) : ""}</span> {names[d.seat]}
      {where ? ` (${where})` : ""}: {optionWords(d.action, s.lang, s.french)} · {s.t("better")} {optionWords(d.best, s.lang, s.french)},{" "}
      {s.t("costs")} {money(d.loss, false)}
      {d.open_loss !== null ? ` (${s.t("openHands")}: ${money(d.open_loss, false)})` : ""}
    </>
  );
  return step !== null ? (
    <button type="button" class="link verdict-line" data-step={step} onClick={() => onStep(step)}>
      {text}
    </button>
  ) : onSaid ? (
    <button type="button" class="link verdict-line" data-index={d.index} onClick={() => onSaid(d.index)}>
      {text}
    </button>
  ) : (
    <span class="verdict-line">{text}</span>
  );
}

const DECLARER_DOT = "#8a3c00";
const DEFENDER_DOT = "#2f6fa8";

/** The declarers' chance card by card: a dot for each card as the seat that played it saw
 * the game (each seat knows other cards, so neighbouring dots may stand far apart), and a
 * step line for the game with every card open (won or lost under best play from there);
 * a mark at the replay's step (cards shown). */
function Chart({ analysis, players, cards, step, onStep, declarers }: { analysis: AnalysisJson; players: number; cards: number; step: number; onStep(step: number): void; declarers: number[] }) {
  const s = useSettings();
  const line = chanceLine(analysis, players);
  if (line.length < 2) return null;
  const open = stepPoints(openLine(analysis, players));
  const w = 320;
  const h = 120;
  const pad = 8;
  const bottom = 14; // room for the tricks' numbers
  const left = 34; // room for the axis's percentages
  const x = (step: number) => left + ((w - left - pad) * (step - 1)) / Math.max(1, cards - 1);
  const y = (c: number) => pad + (h - pad - bottom) * (1 - c);
  const tricks = Array.from({ length: Math.ceil(cards / players) }, (_, i) => i);
  // whose view a dot is: the declaring side's seats see the game otherwise than the defenders
  const sideAt = (at: number) => {
    const seat = cardDecisionAt(analysis, at, players)?.seat;
    return seat !== undefined && declarers.length && !declarers.includes(seat) ? "defender" : "declarer";
  };
  const coloured = declarers.length > 0;
  const pick = (ev: MouseEvent) => {
    const svg = (ev.currentTarget as SVGElement).ownerSVGElement;
    if (!svg) return;
    const box = svg.getBoundingClientRect();
    onStep(nearestStep(((ev.clientX - box.left) / box.width) * w, left, w - pad, cards));
  };
  const openPoints = open.map(([step, c]) => `${x(step).toFixed(1)},${y(c).toFixed(1)}`).join(" ");
  return (
    <figure class="chart" id="analysis-chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-labelledby="analysis-chart-key">
        <rect x={left} y={pad} width={w - left - pad} height={h - pad - bottom} fill="#f3f0e6" />
        {tricks.map((t) => (
          <g key={t}>
            {t ? <line x1={x(t * players + 0.5)} x2={x(t * players + 0.5)} y1={pad} y2={y(0)} stroke="#e2dccb" /> : null}
            <text x={x(t * players + (players + 1) / 2)} y={h - 3} text-anchor="middle" font-size="9" fill="#555">
              {t + 1}
            </text>
          </g>
        ))}
        <line x1={left} x2={w - pad} y1={y(0.5)} y2={y(0.5)} stroke="#bbb" stroke-dasharray="3 3" />
        {[1, 0.5, 0].map((c) => (
          <text key={c} x={left - 4} y={y(c) + 3.5} text-anchor="end" font-size="10" fill="#555">
            {`${c * 100} %`}
          </text>
        ))}
        {open.length ? <polyline class="open" points={openPoints} fill="none" stroke="#777" stroke-width="1.5" /> : null}
        {line.map(([step, c]) => (
          <circle
            key={step}
            class={`seen ${sideAt(step)}`}
            cx={x(step).toFixed(1)}
            cy={y(c).toFixed(1)}
            r="3"
            fill={sideAt(step) === "defender" ? DEFENDER_DOT : DECLARER_DOT}
          />
        ))}
        {step >= 1 && step <= cards ? (
          <line id="analysis-now" x1={x(step)} x2={x(step)} y1={pad} y2={y(0)} stroke="#1b4f9c" stroke-width="2" stroke-dasharray="4 2" />
        ) : null}
        {/* a tap anywhere over the chart shows the nearest card: a finger does not hit a dot */}
        <rect id="analysis-pick" x={left} y={0} width={w - left} height={h} fill="transparent" onClick={pick} />
      </svg>
      <figcaption id="analysis-chart-key">
        <span class="key">
          {coloured ? null : <span class="key-dot" aria-hidden="true" />} {s.t("chanceChart")}
        </span>
        {coloured ? (
          <span class="key">
            <span class="key-dot" aria-hidden="true" /> {s.t("chanceDeclarers")} <span class="key-dot defender" aria-hidden="true" />{" "}
            {s.t("chanceDefenders")}
          </span>
        ) : null}
        {open.length ? (
          <span class="key">
            <span class="key-line" aria-hidden="true" /> {s.t("chanceChartOpen")}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** Each seat's accuracy, luck and verdicts as a table (a game's, or a round's means). */
export function SeatFigures({ id, seats, names, unit }: {
  id: string;
  seats: { seat: number; accuracy: number | null; luck: number; inaccuracies: number; mistakes: number; blunders: number }[];
  names: string[];
  unit: string;
}) {
  const s = useSettings();
  return (
    <div class="scroll">
      <table id={id} class="compact">
        <thead>
          <tr>
            <th />
            <th>{s.t("accuracy")}</th>
            <th>{s.t("luck")}</th>
            <th>
              <abbr title={s.t("verdicts")}>{s.t("verdictsShort")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {seats.map((x) => (
            <tr key={x.seat} data-seat={x.seat}>
              <td>
                <Cut text={names[x.seat] ?? ""} />
              </td>
              <td>{x.accuracy === null ? "–" : x.accuracy.toLocaleString(s.lang, { maximumFractionDigits: 1 })}</td>
              <td>{amountText(s.lang, Math.round(x.luck * 100) / 100, unit, true)}</td>
              <td>{`${x.inaccuracies} / ${x.mistakes} / ${x.blunders}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* the headings in words, for a phone that shows no tooltip */}
      <p class="muted legend">{s.t("figuresLegend")}</p>
    </div>
  );
}
