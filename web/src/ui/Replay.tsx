// Step through a finished game card by card: all hands open and sorted, the bids and
// doublings, each card with who played it, each trick's winner; the record to download.

import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { actionText, contractText, errorText, isCardName, shownName } from "../i18n";
import { cardDecisionAt, cardsBefore, declarersOf, judgedSaid, playOnStep, replayPosition, sameNaming, withoutRepeats } from "../model";
import type { ReplayJson } from "../protocol";
import { AnalysisPanel, optionWords, useAnalysis } from "./Analysis";
import { Card } from "./Card";
import { useSettings } from "./settings";

interface Props {
  table: string;
  game: number;
  onClose(): void;
  /** Go to a new table where this game is played on (and hold its seat there). */
  onPlayOn?(table: string, grant: { seat: number; token: string; invite?: string }): void;
  /** The seat to play on in: the viewer's own at that table (null: the seat to move). */
  seat?: number | null;
  /** The step (cards shown) to open at: where a game played on from here branched off. */
  at?: number;
}

interface Said {
  seat: number;
  action: string;
  /** Its places in the game's history (with the repeats left out of the list); none for a
   * record without the server's history. */
  indices: number[];
}

/** The bids and doublings of a record, by seat (from the server's history when it sends one). */
function saidOf(data: ReplayJson): Said[] {
  const history = (data as unknown as { history?: Said[] }).history;
  if (history) return history.map((h, i) => ({ ...h, indices: [i] })).filter((h) => !isCardName(h.action) && h.action !== "nicht klopfen");
  const rec = data.record;
  const out: Said[] = [];
  const dealer = Number(rec.dealer ?? 0);
  const n = rec.hands.length;
  ((rec.klopfen ?? []) as number[]).forEach((seat) => out.push({ seat, action: "klopfen", indices: [] }));
  ((rec.bidding ?? []) as string[]).forEach((b, i) => out.push({ seat: (dealer + 1 + i) % n, action: b, indices: [] }));
  if (rec.contract && rec.contract.declarer !== null && rec.contract.declarer !== undefined) {
    out.push({ seat: rec.contract.declarer, action: "__contract", indices: [] });
  }
  ((rec.doublings ?? []) as { seat: number }[]).forEach((d, i) => out.push({ seat: d.seat, action: ["kontra", "re", "sup", "hirsch"][i] ?? "kontra", indices: [] }));
  return out;
}

export function Replay({ table, game, onClose, onPlayOn, seat = null, at = 0 }: Props) {
  const s = useSettings();
  const [data, setData] = useState<ReplayJson | null>(null);
  const [error, setError] = useState("");
  const [step, setStep] = useState(at);
  // the history place of a bid or doubling chosen under the analysis (marked in the list)
  const [focusSaid, setFocusSaid] = useState<number | null>(null);
  const analysis = useAnalysis(table, game);
  useEffect(() => {
    api
      .replay(table, game)
      .then(setData)
      .catch((e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network")));
  }, [table, game]);
  if (!data) {
    return (
      <section class="panel replay" id="replay-loading">
        <p class={error ? "error" : ""}>{error || s.t("connecting")}</p>
        {error ? (
          <div class="row">
            <button type="button" id="replay-close" onClick={onClose}>
              {s.t("close")}
            </button>
          </div>
        ) : null}
      </section>
    );
  }
  const rec = data.record;
  const names = (data.names.length ? data.names : (rec.players ?? rec.hands.map((_, i) => String(i + 1)))).map((x) =>
    shownName(s.lang, x),
  );
  const total = data.tricks.reduce((a, t) => a + t.cards.length, 0);
  if (step > total) setStep(total); // an ``at`` past the game's cards: its last
  const { played, trickIndex, inTrick } = replayPosition(data.tricks, step);
  const trick = step > 0 ? data.tricks[trickIndex] : undefined;
  const sortedHands = ((data as unknown as { sorted_hands?: string[][] }).sorted_hands) ?? rec.hands.map((h) => h.split(" "));
  const saidText = (x: Said) =>
    x.action === "__contract" && rec.contract ? contractText(s.lang, rec.contract, s.french) : actionText(s.lang, x.action, s.french);
  // a Wenz offered, then named, reads once (as at the table; a record's named contract too)
  const said = withoutRepeats(
    saidOf(data),
    (a, b) => sameNaming(a, b) || (b.action === "__contract" && saidText(a) === saidText(b)),
    (kept, left) => kept.indices.push(...left.indices),
  );
  const blob = new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" });
  const done = trick !== undefined && inTrick === trick.cards.length;
  const judgedCards = analysis.status?.status === "done" ? analysis.status.analysis : null;
  // the card shown last, where the analysis judged it a mistake: it may be played again
  const judgedHere = judgedCards && step > 0 ? cardDecisionAt(judgedCards, step, names.length) : null;
  const retryFrom = judgedHere?.verdict && data.history ? playOnStep(data.history, step - 1) : null;
  // a step chosen under the analysis (a verdict, a dot): its card comes into sight
  const showStep = (at: number) => {
    setStep(at);
    setFocusSaid(null);
    requestAnimationFrame(() => document.getElementById("replay-trick")?.scrollIntoView({ block: "center", behavior: "smooth" }));
  };
  // a bid or doubling chosen under the analysis: the game as it stood then, the words marked
  const showSaid = (index: number) => {
    setStep(data.history ? cardsBefore(data.history, index) : 0);
    setFocusSaid(index);
    requestAnimationFrame(() =>
      (document.querySelector("#replay-said li.focus") ?? document.getElementById("replay-said"))?.scrollIntoView({ block: "center", behavior: "smooth" }),
    );
  };
  const playOn = (from: number, as: number | null) => {
    if (!onPlayOn) return;
    api
      .whatIf(table, game, from, localStorage.getItem("sk.name"), as)
      .then((g) => onPlayOn(g.table, { seat: g.seat, token: g.token, invite: g.invite }))
      .catch((e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network")));
  };
  const key = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") setStep((x) => Math.min(total, x + 1));
    if (e.key === "ArrowLeft") setStep((x) => Math.max(0, x - 1));
  };
  return (
    <section class="panel replay" id="replay" tabIndex={0} onKeyDown={key}>
      <h2>
        {s.t("replayTitle")} — {s.t("game")} {game}
      </h2>
      <p class="contract-line">{rec.contract ? contractText(s.lang, rec.contract, s.french) : s.t("allPassed")}</p>
      <ol class="said" id="replay-said">
        {said.map((x, i) => {
          const judged = judgedSaid(judgedCards, x.indices);
          const focus = focusSaid !== null && x.indices.includes(focusSaid);
          const better = judged?.verdict ? `${s.t(judged.verdict)}: ${s.t("better")} ${optionWords(judged.best, s.lang, s.french)}` : undefined;
          return (
            <li key={i} class={`${judged ? `judged ${judged.verdict ?? ""}` : ""}${focus ? " focus" : ""}`} title={better} data-index={x.indices[0]}>
              <strong>{names[x.seat]}</strong>: {saidText(x)}
              {judged?.verdict ? <span class={`verdict ${judged.verdict}`}>{s.t(judged.verdict)}</span> : null}
            </li>
          );
        })}
      </ol>
      <div class="replay-hands">
        {sortedHands.map((hand, seat) => (
          <div class="replay-hand" data-seat={seat} key={seat}>
            <div class="name">{names[seat]}</div>
            <div class="cards">
              {hand.map((c) => (
                <Card key={c} token={c} class={`small${played.has(c) ? " gone" : ""}`} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div class="replay-trick" id="replay-trick">
        {trick ? (
          <>
            <div>
              {s.t("trick")} {trickIndex + 1}
              {done ? ` · ${s.t("wonBy")} ${names[trick.winner]}` : ""}
            </div>
            <div class="cards">
              {trick.cards.slice(0, inTrick).map((c, i) => {
                const seat = (trick.leader + i) % names.length;
                const judged = judgedCards ? cardDecisionAt(judgedCards, trickIndex * names.length + i + 1, names.length) : null;
                const better = judged && judged.verdict ? `${s.t(judged.verdict)}: ${s.t("better")} ${optionWords(judged.best, s.lang, s.french)}` : undefined;
                return (
                  <figure key={c} class={`${done && seat === trick.winner ? "winner" : ""}${judged?.verdict ? ` judged ${judged.verdict}` : ""}`} title={better}>
                    <Card token={c} class="small" />
                    <figcaption>
                      {names[seat]}
                      {judged?.verdict ? <span class={`verdict ${judged.verdict}`}>{s.t(judged.verdict)}</span> : null}
                    </figcaption>
                  </figure>
                );
              })}
            </div>
          </>
        ) : (
          <div>{total ? s.t("allHands") : s.t("noTricks")}</div>
        )}
      </div>
      <div class="row replay-controls">
        <button type="button" id="replay-first" disabled={step === 0} onClick={() => setStep(0)}>
          «<span class="sr">{s.t("first")}</span>
        </button>
        <button type="button" id="replay-prev" disabled={step === 0} onClick={() => setStep(step - 1)}>
          {s.t("prev")}
        </button>
        <span id="replay-step">
          {step}/{total}
        </span>
        <button type="button" id="replay-next" disabled={step >= total} onClick={() => setStep(step + 1)}>
          {s.t("next")}
        </button>
        <button type="button" id="replay-last" disabled={step >= total} onClick={() => setStep(total)}>
          »<span class="sr">{s.t("last")}</span>
        </button>
        <a class="button" href={URL.createObjectURL(blob)} download={`schafkopf-${table}-${game}.json`} id="download">
          {s.t("download")}
        </a>
        {onPlayOn && data.history && playOnStep(data.history, step) !== null ? (
          <button
            type="button"
            id="replay-play-on"
            onClick={() => {
              const from = playOnStep(data.history ?? [], step);
              if (from !== null) playOn(from, seat);
            }}
          >
            {s.t("playOn")}
          </button>
        ) : null}
        {onPlayOn && retryFrom !== null && judgedHere ? (
          <button type="button" id="replay-retry" onClick={() => playOn(retryFrom, judgedHere.seat)}>
            {s.t("playCardAgain")}
          </button>
        ) : null}
        <button type="button" id="replay-close" onClick={onClose}>
          {s.t("close")}
        </button>
      </div>
      {error ? <p class="notice">{error}</p> : null}
      {rec.result || total ? <AnalysisPanel {...analysis} names={names} cards={total} step={step} onStep={showStep} onSaid={showSaid} declarers={declarersOf(rec)} /> : null}
    </section>
  );
}
