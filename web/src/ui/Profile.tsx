// A player's profile: the rating with its range and its course over the rated games (an SVG
// chart), the figures of the finished games (money, declarer share and wins by contract,
// partner and defender wins, Kontra, Schneider, Schwarz), accuracy and luck where games were
// analysed, and the recent games, each linking to its table (where its replay is).

import { useEffect, useState } from "preact/hooks";
import { decimal, formatRating, isProvisional, ordinalOf, ratingChart } from "../account";
import { ApiError, api, type ProfileJson, type RatingPoint, type RecentGame } from "../api";
import { amountText, contractText, countText, errorText, kindWord, shownName, type Lang } from "../i18n";
import type { PlayerStatsJson, TallyJson } from "../protocol";
import { useMe } from "./me";
import { Link } from "./nav";
import { useSettings } from "./settings";

/** The contract rows of the statistics (``schafkopf stats``' keys). */
const CONTRACTS = ["rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie", "ramsch"] as const;

const percent = (lang: Lang, x: number | null | undefined) =>
  x === null || x === undefined ? "–" : `${Math.round(x * 100).toLocaleString(lang)} %`;

function dateText(lang: Lang, seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString(lang === "de" ? "de-DE" : "en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

export function Profile({ name }: { name: string }) {
  const s = useSettings();
  const { me } = useMe();
  const [profile, setProfile] = useState<ProfileJson | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    if (me === undefined) return; // the login is not known yet: an own private profile would fail
    api.player(name).then(
      (p) => {
        setError("");
        setProfile(p);
      },
      (e: unknown) => setError(errorText(s.lang, e instanceof ApiError ? e.code : "network")),
    );
  }, [name, me === undefined, me?.name]);
  if (!profile) {
    return (
      <section class="panel profile" id="profile">
        <h2>{name}</h2>
        <p id="profile-error">{error || s.t("connecting")}</p>
      </section>
    );
  }
  const p = profile;
  return (
    <div class="profile" id="profile">
      <section class="panel">
        <h2 id="profile-name">{p.name}</h2>
        <p class="muted">{s.t("since").replace("{date}", dateText(s.lang, p.since))}</p>
        {p.own ? (
          <p class="row" id="own-note">
            <span>{p.public ? s.t("ownPublic") : s.t("ownPrivate")}</span>
            <Link href="/?view=account" id="to-account" class="button">
              {s.t("account")}
            </Link>
          </p>
        ) : null}
      </section>
      <RatingPanel rating={p.rating} history={p.history} />
      {p.stats ? <Figures stats={p.stats} analysed={p.analysed} /> : <p class="panel">{s.t("noFinished")}</p>}
      {p.recent.length ? <Recent games={p.recent} /> : null}
    </div>
  );
}

function RatingPanel({ rating, history }: { rating: ProfileJson["rating"]; history: RatingPoint[] }) {
  const s = useSettings();
  const games = rating.games === 1 ? s.t("ratedGame") : s.t("ratedGames").replace("{n}", String(rating.games));
  return (
    <section class="panel" id="rating">
      <h3>{s.t("rating")}</h3>
      <p class="rating-line">
        <span class="muted">{s.t("ordinal")}</span>
        <strong id="rating-ordinal">{decimal(s.lang, ordinalOf(rating))}</strong>
        <span id="rated-games">{games}</span>
      </p>
      <p class="rating-estimate">
        {`${s.t("strength")}: `}
        <span id="rating-value">{formatRating(s.lang, rating)}</span>
        {isProvisional(rating) ? (
          <span class="tag" id="provisional">
            {s.t("provisional")}
          </span>
        ) : null}
      </p>
      <p class="help">{s.t("ratingHelp")}</p>
      <RatingChartView history={history} games={rating.games} />
    </section>
  );
}

function RatingChartView({ history, games }: { history: RatingPoint[]; games: number }) {
  const s = useSettings();
  const chart = ratingChart(history, games, { width: 320, height: 150, pad: 14 });
  if (!chart) return null;
  const { width, height, points } = chart;
  const last = points[points.length - 1]!;
  const first = points[0]!;
  return (
    <figure class="chart rating-chart" id="rating-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={s.t("ratingChart")}>
        <rect x={14} y={14} width={width - 28} height={height - 28} fill="#f3f0e6" />
        {chart.ticks.map((t) => (
          <g key={t.value}>
            <line x1={14} x2={width - 14} y1={t.y} y2={t.y} stroke="#d6d0bf" />
            <text x={16} y={t.y - 2} font-size="9" fill="#6b6b6b">
              {t.value}
            </text>
          </g>
        ))}
        <path d={chart.band} fill="#1f5e3a33" stroke="none" />
        <path d={chart.line} fill="none" stroke="#1f5e3a" stroke-width="2" stroke-linejoin="round" />
        {points.map((pt) => (
          <circle key={pt.game} cx={pt.x} cy={pt.y} r={points.length > 40 ? 1.5 : 3} fill="#8a3c00">
            <title>{`${pt.game ? `${s.t("game")} ${pt.game}` : s.t("startRating")}: ${decimal(s.lang, pt.mu)}`}</title>
          </circle>
        ))}
        <text x={first.x} y={height - 3} font-size="9" fill="#6b6b6b">
          {first.game ? String(first.game) : s.t("startRating")}
        </text>
        <text x={last.x} y={height - 3} font-size="9" fill="#6b6b6b" text-anchor="end">
          {String(last.game)}
        </text>
      </svg>
      <figcaption>{s.t("ratingChart")}</figcaption>
    </figure>
  );
}

function tallyCells(lang: Lang, t: TallyJson | undefined, share = false) {
  return (
    <>
      <td>{t ? (share && t.share !== undefined ? `${t.games} (${percent(lang, t.share)})` : t.games) : 0}</td>
      <td>{t ? t.won : 0}</td>
      <td>{percent(lang, t?.win_rate)}</td>
    </>
  );
}

function Figures({ stats, analysed }: { stats: PlayerStatsJson; analysed: ProfileJson["analysed"] }) {
  const s = useSettings();
  const side = (x: { declaring: { won: number; lost: number }; defending: { won: number; lost: number } }) =>
    `${x.declaring.won + x.defending.won} / ${x.declaring.lost + x.defending.lost}`;
  const contracts = CONTRACTS.filter((k) => (stats.contracts[k]?.games ?? 0) > 0);
  const money = Object.entries(stats.money).filter(([, m]) => m.games > 0);
  return (
    <section class="panel" id="figures">
      <h3>{s.t("figures")}</h3>
      <dl class="figures">
        <div>
          <dt>{s.t("gamesWord")}</dt>
          <dd id="fig-games">{stats.games}</dd>
        </div>
        {money.map(([unit, m]) => (
          <div key={unit} data-unit={unit}>
            <dt>{`${s.t("perGame")} / ${s.t("total")}`}</dt>
            <dd>{`${m.per_game === null ? "–" : amountText(s.lang, m.per_game, unit, true)} / ${amountText(s.lang, m.total, unit, true)}`}</dd>
          </div>
        ))}
        <div>
          <dt>{s.t("kontraSaid")}</dt>
          <dd>{`${stats.doublings.said} (${stats.doublings.won})`}</dd>
        </div>
        <div>
          <dt>{s.t("schneiderWonLost")}</dt>
          <dd>{side(stats.schneider)}</dd>
        </div>
        <div>
          <dt>{s.t("schwarzWonLost")}</dt>
          <dd>{side(stats.schwarz)}</dd>
        </div>
        {stats.ramsch.games ? (
          <div>
            <dt>{s.t("ramschLost")}</dt>
            <dd>{`${stats.ramsch.lost} / ${stats.ramsch.games}`}</dd>
          </div>
        ) : null}
        {analysed.games && analysed.accuracy !== null ? (
          <div id="fig-accuracy">
            <dt>{s.t("accuracy")}</dt>
            <dd>{decimal(s.lang, analysed.accuracy)}</dd>
          </div>
        ) : null}
        {Object.entries(analysed.luck).map(([unit, luck]) => (
          <div key={unit} class="fig-luck" data-unit={unit}>
            <dt>{s.t("luckPerGame")}</dt>
            <dd>{amountText(s.lang, luck, unit, true)}</dd>
          </div>
        ))}
      </dl>
      {analysed.games ? (
        <p class="help">{countText(s.lang, "analysedOver", analysed.games, { n: analysed.games })}</p>
      ) : null}
      <div class="scroll">
        <table id="fig-roles">
          <thead>
            <tr>
              <th />
              <th>{s.t("gamesWord")}</th>
              <th>{s.t("winRate")}</th>
              <th>%</th>
            </tr>
          </thead>
          <tbody>
            <tr data-role="declarer">
              <td>{s.t("asDeclarer")}</td>
              {tallyCells(s.lang, stats.declared, true)}
            </tr>
            <tr data-role="partner">
              <td>{s.t("asPartner")}</td>
              {tallyCells(s.lang, stats.partner)}
            </tr>
            <tr data-role="defender">
              <td>{s.t("asDefender")}</td>
              {tallyCells(s.lang, stats.defender)}
            </tr>
          </tbody>
        </table>
      </div>
      {contracts.length ? (
        <div class="scroll">
          <table id="fig-contracts">
            <thead>
              <tr>
                <th>{s.t("contractKind")}</th>
                <th>{s.t("declaredCount")}</th>
                <th>{s.t("winRate")}</th>
                <th>%</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((k) => (
                <tr key={k} data-contract={k}>
                  <td>{kindWord(s.lang, k).replace(" (call game)", "")}</td>
                  {tallyCells(s.lang, stats.contracts[k])}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function roleOf(g: RecentGame): "asDeclarer" | "asPartner" | "asDefender" | null {
  if (!g.contract || g.contract.kind === "ramsch") return null;
  if (g.contract.declarer === g.seat) return "asDeclarer";
  return g.declarers.includes(g.seat) ? "asPartner" : "asDefender";
}

function Recent({ games }: { games: RecentGame[] }) {
  const s = useSettings();
  return (
    <section class="panel" id="recent">
      <h3>{s.t("recentGames")}</h3>
      <ul class="recent">
        {games.map((g) => {
          const role = roleOf(g);
          const others = g.players.filter((_, i) => i !== g.seat).map((n) => shownName(s.lang, n));
          return (
            <li key={`${g.table}:${g.game}`} class="recent-game" data-table={g.table} data-game={g.game}>
              <div>
                <strong>{g.contract ? contractText(s.lang, { kind: g.contract.kind, suit: g.contract.suit ?? null, tout: Boolean(g.contract.tout) }, s.french) : s.t("allPassed")}</strong>
                <span class={g.payout > 0 ? "plus" : g.payout < 0 ? "minus" : ""}>{` ${g.payout > 0 ? "+" : g.payout < 0 ? "−" : "±"}${Math.abs(g.payout)}`}</span>
                <div class="muted">
                  {[role ? s.t(role) : null, `${s.t("game")} ${g.game}`, `${s.t("with")} ${others.join(", ")}`].filter(Boolean).join(" · ")}
                </div>
              </div>
              <Link href={`/?table=${encodeURIComponent(g.table)}`} class="button">
                {s.t("toTable")}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
