// The daily challenge: what it is (two lines), its day and bots, where the person stands
// (each deal's payout so far), the button to the next deal (a log-in hint for a guest),
// the day's ranking, and once every deal is played (or the day is over) everyone's result
// on each deal with a link to each table's replay.

import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import {
  cellAmount,
  challengeTableUrl,
  challengeUrl,
  dayText,
  dealResults,
  progressOf,
  type ChallengeJson,
} from "../challenge";
import { amountText, errorText, levelWord, unitOf } from "../i18n";
import { signClass } from "../duplicate";
import { saveSeat } from "../seats";
import { useMe } from "./me";
import { Link, navigate } from "./nav";
import { useSettings } from "./settings";

export function replayUrl(table: string, day: string): string {
  return `/?table=${encodeURIComponent(table)}&replay=1&challenge=${encodeURIComponent(day)}`;
}

export function ChallengeScreen({ day, storage }: { day: string | null; storage: Storage }) {
  const s = useSettings();
  const { me } = useMe();
  const [c, setC] = useState<ChallengeJson | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // (GET /api/challenges/today names the day; the day's state is under its date)
  const load = () =>
    (day ? Promise.resolve(day) : api.challengeToday().then((t) => t.day)).then(api.challenge).then(
      (found) => {
        setC(found);
        setError("");
      },
      (e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network")),
    );
  useEffect(() => {
    void load();
  }, [day, me?.name]);
  if (!c) return <p class="panel board-page" id="challenge-loading">{error || s.t("connecting")}</p>;
  const unit = unitOf({ preset: c.preset });
  const p = progressOf(c, Boolean(me));
  const bots = levelWord(s.lang, c.bots.id) !== c.bots.id ? levelWord(s.lang, c.bots.id) : (c.bots[s.lang] ?? c.bots.id);
  const play = async () => {
    setBusy(true);
    try {
      const grant = await api.challengePlay(c.day);
      if (grant.token) saveSeat(storage, grant.table, { seat: grant.seat, token: grant.token });
      navigate(challengeTableUrl(grant.table, c.day));
    } catch (e) {
      setBusy(false);
      setError(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
      void load();
    }
  };
  const label =
    p.step === "resume" ? s.t("backToTable") : p.step === "continue" && p.next !== null
      ? s.t("challengeStartAt").replace("{k}", String(p.next + 1)).replace("{n}", String(p.deals))
      : s.t("challengePlay");
  return (
    <div class="board-page challenge" id="challenge" data-day={c.day}>
      <section class="panel">
        <h2>{s.t("challenge")}</h2>
        <p class="day" id="challenge-day">
          {dayText(s.lang, c.day)}
        </p>
        <p class="help-lines">
          {s.t("challengeHelp1")}
          <br />
          {s.t("challengeHelp2")}
        </p>
        <p class="muted" id="challenge-bots">
          {s.t("challengeBots").replace("{bots}", bots)}
        </p>
        {!c.ranked ? (
          <p class="note-warn" id="challenge-unranked">
            {s.t("challengeUnranked")}
          </p>
        ) : null}
        {me ? (
          <>
            <p class="progress-line" id="challenge-progress">
              <strong>{s.t("challengePlayed").replace("{k}", String(p.played)).replace("{n}", String(p.deals))}</strong>
              {p.played ? <span class="after-dot">{s.t("challengeSoFar").replace("{amount}", amountText(s.lang, p.total, unit, true))}</span> : null}
            </p>
            <ol class="deals" id="challenge-deals" aria-label={s.t("deals")}>
              {p.payouts.map((pay, k) => {
                const running = p.runningDeal === k;
                const state = pay !== null ? "played" : running ? "running" : k === p.next ? "next" : "open";
                return (
                  <li
                    key={k}
                    class={`deal ${state}`}
                    data-deal={k}
                    data-payout={pay ?? ""}
                    title={`${s.t("dealWord")} ${k + 1}: ${pay !== null ? amountText(s.lang, pay, unit, true) : running ? s.t("challengeRunning") : s.t("challengeNotPlayed")}`}
                  >
                    <span class="k">{k + 1}</span>
                    <span class={`pay${pay === null ? "" : ` ${signClass(pay)}`}`}>
                      {pay !== null ? cellAmount(s.lang, pay, unit) : running ? "…" : "·"}
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        ) : null}
        {me === null ? (
          <p class="login-hint" id="challenge-login">
            {s.t("challengeLogin")}{" "}
            <Link href="/?view=account" class="button primary" id="challenge-login-link">
              {s.t("logIn")}
            </Link>
          </p>
        ) : me && p.step === "done" ? (
          <p class="note" id="challenge-done">
            {s.t("challengeDoneNote")}
          </p>
        ) : me ? (
          <div class="row">
            <button type="button" class="primary big" id="challenge-play" disabled={busy} onClick={() => void play()}>
              {label}
            </button>
          </div>
        ) : null}
        {error ? (
          <p class="error" id="challenge-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      <section class="panel" id="challenge-board">
        <h3>{s.t("challengeBoard")}</h3>
        {c.leaderboard.length === 0 ? (
          <p class="muted" id="challenge-no-board">
            {c.ranked ? s.t("challengeNoBoard") : s.t("challengeNoBoardPast")}
          </p>
        ) : (
          <div class="scroll">
            <table class="ranks" id="challenge-ranks">
              <thead>
                <tr>
                  <th title={s.t("rank")}>#</th>
                  <th>{s.t("player")}</th>
                  <th>{s.t("score")}</th>
                  <th>{s.t("deals")}</th>
                </tr>
              </thead>
              <tbody>
                {c.leaderboard.map((r) => (
                  <tr key={r.name} data-player={r.name} class={me?.name === r.name ? "me" : ""}>
                    <td>{r.rank}</td>
                    <td class="who">{r.name}</td>
                    <td class={`strong ${signClass(r.score)}`}>{amountText(s.lang, r.score, unit, true)}</td>
                    <td>{r.deals}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p class="help">{s.t("challengeScoreHelp")}</p>
        {c.leaderboard.length === 1 ? (
          <p class="help" id="challenge-alone">
            {s.t("challengeAlone")}
          </p>
        ) : null}
      </section>
      {c.results ? (
        <section class="panel" id="challenge-results">
          <h3>{s.t("challengeResults")}</h3>
          <div class="deal-results">
            {c.results.map((_, k) => {
              const rows = dealResults(c, k, me?.name ?? null);
              return (
                <details key={k} class="deal-result" data-deal={k} open={k === 0}>
                  <summary>
                    {s.t("dealWord")} {k + 1}
                    {p.payouts[k] !== null && p.payouts[k] !== undefined ? (
                      <span class="muted"> · {amountText(s.lang, p.payouts[k]!, unit, true)}</span>
                    ) : null}
                  </summary>
                  <table class="results">
                    <thead>
                      <tr>
                        <th>{s.t("player")}</th>
                        <th>{s.t("payouts")}</th>
                        <th>{s.t("score")}</th>
                        <th />
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={r.table} class={r.own ? "me" : ""} data-player={r.name}>
                          <td class="who">{r.name}</td>
                          <td class={signClass(r.payout)}>{amountText(s.lang, r.payout, unit, true)}</td>
                          <td class={r.ranked ? signClass(r.score) : "even"}>{r.ranked ? amountText(s.lang, r.score, unit, true) : "–"}</td>
                          <td>
                            <Link href={replayUrl(r.table, c.day)} class="replay-link" aria-label={`${s.t("replay")}: ${r.name}, ${s.t("dealWord")} ${k + 1}`}>
                              {s.t("replay")}
                            </Link>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              );
            })}
          </div>
        </section>
      ) : null}
      <p class="row">
        {!c.ranked ? (
          <Link href={challengeUrl(null)} id="challenge-today">
            {s.t("challenge")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
