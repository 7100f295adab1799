// The round so far, under the ledger: its statistics per player (the server counts the
// finished games) and the analysis of every game at once, with each seat's mean accuracy,
// luck and verdicts.

import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { amountText, countText, errorText, kindWord, shownName } from "../i18n";
import { sessionFigures } from "../model";
import type { AnalysisStatus, StatsJson } from "../protocol";
import { SeatFigures } from "./Analysis";
import { Cut } from "./Cut";
import { useSettings } from "./settings";

interface Props {
  table: string;
  games: number;
  names: string[];
  unit: string;
}

/** The contract rows of the statistics (``schafkopf stats``' keys). */
const CONTRACTS = ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie"] as const;

function contractWord(lang: "de" | "en", key: string): string {
  return kindWord(lang, key).replace(" (call game)", "");
}

const percent = (x: number | null | undefined, lang: string) =>
  x === null || x === undefined ? "–" : `${Math.round(x * 100).toLocaleString(lang)} %`;

export function SessionPanel({ table, games, names, unit }: Props) {
  const s = useSettings();
  const [stats, setStats] = useState<StatsJson | null>(null);
  const [statuses, setStatuses] = useState<(AnalysisStatus | null)[] | null>(null);
  const [error, setError] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useEffect(() => setStats(null), [games]);
  const fail = (e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
  const showStats = () => {
    setError("");
    api.stats(table).then(setStats, fail);
  };
  const poll = () => {
    const numbers = Array.from({ length: games }, (_, i) => i + 1);
    Promise.all(numbers.map((n) => api.analysis(table, n))).then((all) => {
      setStatuses(all);
      if (timer.current) clearTimeout(timer.current);
      if (all.some((x) => x.status === "running")) timer.current = setTimeout(poll, 1500);
    }, fail);
  };
  const analyseAll = async () => {
    setError("");
    if (timer.current) clearTimeout(timer.current);
    for (let n = 1; n <= games; n++) {
      try {
        await api.analyse(table, n); // one after the other; a full queue stops the rest
      } catch (e) {
        fail(e);
        break;
      }
    }
    poll();
  };
  if (!games) return null;
  const figures = statuses ? sessionFigures(statuses, names.length) : null;
  const money = (x: number) => amountText(s.lang, x, unit, true);
  const played = stats ? CONTRACTS.filter((k) => stats.players.some((p) => p.contracts[k]?.games)) : [];
  return (
    <div class="panel session" id="session">
      <div class="row">
        <button type="button" id="session-stats" onClick={showStats}>
          {s.t("sessionStats")}
        </button>
        <button type="button" id="session-analyse" onClick={() => void analyseAll()}>
          {s.t("analyseAll")}
        </button>
      </div>
      {error ? <p class="notice">{error}</p> : null}
      {stats ? (
        <div class="stats" id="stats">
          <div class="scroll">
            <table id="stats-table" class="compact">
              <thead>
                <tr>
                  <th />
                  <th>{s.t("gamesWord")}</th>
                  <th>{s.t("declaredShare")}</th>
                  <th>{s.t("winRate")}</th>
                  <th>{s.t("perGame")}</th>
                </tr>
              </thead>
              <tbody>
                {stats.players.map((p) => {
                  const m = p.money[unit] ?? Object.values(p.money)[0];
                  return (
                    <tr key={p.name} data-player={p.name}>
                      <td>
                        <Cut text={shownName(s.lang, p.name)} />
                      </td>
                      <td>{p.games}</td>
                      <td class="wrap">
                        {p.declared.games} <span class="nowrap">({percent(p.declared.share, s.lang)})</span>
                      </td>
                      <td>{percent(p.declared.win_rate, s.lang)}</td>
                      <td>{m && m.per_game !== null ? money(m.per_game) : "–"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div class="scroll">
            <table id="stats-more" class="compact">
              <thead>
                <tr>
                  <th />
                  <th>{s.t("kontraSaid")}</th>
                  <th>{s.t("schneiderWonLost")}</th>
                  <th>{s.t("ramschLost")}</th>
                </tr>
              </thead>
              <tbody>
                {stats.players.map((p) => (
                  <tr key={p.name} data-player={p.name}>
                    <td>
                      <Cut text={shownName(s.lang, p.name)} />
                    </td>
                    <td>{`${p.doublings.said} (${p.doublings.won})`}</td>
                    <td>{`${p.schneider.declaring.won + p.schneider.defending.won} / ${p.schneider.declaring.lost + p.schneider.defending.lost}`}</td>
                    <td>{`${p.ramsch.lost} / ${p.ramsch.games}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {played.length ? (
            <>
              {/* per player the contracts they declared, as words that wrap: any number of them fits */}
              <div class="scroll">
                <table id="stats-contracts" class="compact">
                  <thead>
                    <tr>
                      <th />
                      <th class="tally">{s.t("contractKind")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.players.map((p) => {
                      const mine = played.filter((k) => p.contracts[k]?.games);
                      return (
                        <tr key={p.name} data-player={p.name}>
                          <td>
                            <Cut text={shownName(s.lang, p.name)} />
                          </td>
                          <td class="tally">
                            {mine.length
                              ? mine.map((k, i) => (
                                  <Fragment key={k}>
                                    {i ? " · " : ""}
                                    <span class="nowrap" data-contract={k}>{`${contractWord(s.lang, k)} ${p.contracts[k]!.won}/${p.contracts[k]!.games}`}</span>
                                  </Fragment>
                                ))
                              : "–"}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <p class="muted">{s.t("contractsWonOf")}</p>
            </>
          ) : null}
        </div>
      ) : null}
      {figures ? (
        <div id="session-analysis">
          {figures.finished < games ? (
            <>
              <progress max={1} value={figures.fraction} />
              <span>{countText(s.lang, "analysedGames", games, { n: figures.finished, total: games })}</span>
            </>
          ) : null}
          {figures.finished ? (
            <SeatFigures id="session-analysis-seats" seats={figures.seats} names={names} unit={unit} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
