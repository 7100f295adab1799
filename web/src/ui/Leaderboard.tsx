// The leaderboard: the accounts with enough rated games, best first (by mu − 3 sigma), each
// with the estimate and its range, and the bot levels' ratings below to compare with (in the
// ladder's order, strongest first, as the server lists them weakest first).

import { useEffect, useState } from "preact/hooks";
import { decimal, formatRating, ordinalOf, profileUrl } from "../account";
import { ApiError, api, type LeaderboardJson } from "../api";
import { errorText, levelWord } from "../i18n";
import { useMe } from "./me";
import { Link } from "./nav";
import { useSettings } from "./settings";

export function Leaderboard() {
  const s = useSettings();
  const { me } = useMe();
  const [board, setBoard] = useState<LeaderboardJson | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api.leaderboard().then(setBoard, (e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network")));
  }, []);
  if (!board) return <p class="panel board-page">{error || s.t("connecting")}</p>;
  return (
    <div class="board-page" id="leaderboard">
      <section class="panel">
        <h2>{s.t("leaderboard")}</h2>
        <p class="help" id="min-games">
          {board.min_games === 1 ? s.t("minGame") : s.t("minGames").replace("{n}", String(board.min_games))} {s.t("rankedBy")}
        </p>
        {board.players.length === 0 ? (
          <p id="no-ranked">{s.t("noRanked")}</p>
        ) : (
          <div class="scroll">
            <table id="leaderboard-table" class="ranks">
              <thead>
                <tr>
                  <th title={s.t("rank")}>#</th>
                  <th>{s.t("player")}</th>
                  <th>{s.t("ordinalHead")}</th>
                  <th>{s.t("strengthHead")}</th>
                  <th>{s.t("gamesWord")}</th>
                </tr>
              </thead>
              <tbody>
                {board.players.map((p) => (
                  <tr key={p.rank} data-player={p.name ?? ""} class={p.own || (p.name !== null && me?.name === p.name) ? "me" : ""}>
                    <td>{p.rank}</td>
                    <td class="who">
                      {p.name === null ? (
                        <span class="muted">{s.t("privateProfile")}</span>
                      ) : p.public || p.own || me?.name === p.name ? (
                        <Link href={profileUrl(p.name)}>{p.name}</Link>
                      ) : (
                        p.name
                      )}
                    </td>
                    <td class="strong">{decimal(s.lang, ordinalOf(p.rating))}</td>
                    <td class="nowrap">{formatRating(s.lang, p.rating)}</td>
                    <td>{p.games}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {board.levels.length ? (
        <section class="panel" id="bot-levels">
          <h3>{s.t("botsCompare")}</h3>
          <p class="help" id="bots-rated">{s.t("botsRated")}</p>
          <div class="scroll">
            <table class="ranks">
              <thead>
                <tr>
                  <th>{s.t("bot")}</th>
                  <th>{s.t("ordinalHead")}</th>
                  <th>{s.t("strengthHead")}</th>
                </tr>
              </thead>
              <tbody>
                {[...board.levels].reverse().map((lv) => (
                  <tr key={lv.id} data-level={lv.id}>
                    <td class="who">{levelWord(s.lang, lv.id) !== lv.id ? levelWord(s.lang, lv.id) : lv[s.lang]}</td>
                    <td class="strong">{decimal(s.lang, ordinalOf(lv.rating))}</td>
                    <td class="nowrap">{formatRating(s.lang, lv.rating)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
