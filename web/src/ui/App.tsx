// The page's frame: the settings, who is logged in, and which screen to show (the lobby, an
// invitation, a table, the account, a profile or the leaderboard) from the address, which
// the browser's back button follows.

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { takeAccountSeats, profileUrl } from "../account";
import { ApiError, api, type Me } from "../api";
import { countText, errorText, levelWord, seatStatusText, shownName, startLang, text, type Lang, type TextKey } from "../i18n";
import type { TableState } from "../protocol";
import { saveSeat, seatFor, seatFromFragment, type HeldSeat } from "../seats";
import { challengeUrl, dayParam } from "../challenge";
import { AccountScreen } from "./Account";
import { ChallengeScreen } from "./Challenge";
import { Leaderboard } from "./Leaderboard";
import { Lobby, rulesSummary } from "./Lobby";
import { MeContext, useMe, type MeApi } from "./me";
import { Link, navigate } from "./nav";
import { Profile } from "./Profile";
import { Replay } from "./Replay";
import { SettingsContext, useSettings as useContextSettings, type Settings, type SettingsApi } from "./settings";
import { Table } from "./Table";

type View = "account" | "leaderboard" | "challenge";
const VIEWS = new Set<string>(["account", "leaderboard", "challenge"]);

interface Route {
  table: string | null;
  invite: string | null;
  view: View | null;
  player: string | null;
  /** The challenge's day (the challenge screen's, or the day whose deal the table plays). */
  day: string | null;
  /** A finished game of the table to show at once (a link from the challenge's results). */
  replay: number | null;
  /** The replay's step to open at (cards shown). */
  at: number;
}

function readRoute(): Route {
  const q = new URLSearchParams(location.search);
  const view = q.get("view");
  const replay = Number(q.get("replay"));
  const at = Number(q.get("at"));
  return {
    table: q.get("table"),
    invite: q.get("invite"),
    view: view && VIEWS.has(view) ? (view as View) : null,
    player: q.get("player"),
    day: dayParam(q.get("challenge") ?? q.get("day")),
    replay: Number.isInteger(replay) && replay > 0 ? replay : null,
    at: Number.isInteger(at) && at > 0 ? at : 0,
  };
}

function loadSettings(storage: Storage): Settings {
  return {
    lang: startLang(storage.getItem("sk.lang"), navigator.language),
    french: storage.getItem("sk.french") === "1",
    sound: storage.getItem("sk.sound") === "1",
    trickHoldMs: Number(storage.getItem("sk.hold") ?? 1500) || 1500,
  };
}

export function App({ storage }: { storage: Storage }) {
  const [settings, setSettings] = useState<Settings>(() => loadSettings(storage));
  /** The seat a seat link brought (kept with the account once it is known). */
  const linked = useRef<{ table: string; token: string } | null>(null);
  const [route, setRoute] = useState<Route>(() => {
    const found = seatFromFragment(location.hash);
    const r = readRoute();
    if (found && r.table) {
      saveSeat(storage, r.table, found); // a seat link: this device takes the seat
      linked.current = { table: r.table, token: found.token };
      const day = r.day ? `&challenge=${encodeURIComponent(r.day)}` : "";
      history.replaceState({}, "", `/?table=${encodeURIComponent(r.table)}${day}`);
    }
    return readRoute();
  });
  const routeRef = useRef(route);
  routeRef.current = route;
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  /** Counts the times the account brought the shown table's seat to this browser: the table
   * starts again with it. */
  const [seatSerial, setSeatSerial] = useState(0);
  const refresh = useCallback(async (): Promise<Me | null> => {
    try {
      const found = await api.me();
      const changed = takeAccountSeats(storage, found.seats);
      const table = routeRef.current.table;
      if (table && changed.includes(table)) setSeatSerial((n) => n + 1);
      setMe(found);
      if (linked.current) api.keepSeats([linked.current]).catch(() => undefined);
      linked.current = null;
      return found;
    } catch (e) {
      if (!(e instanceof ApiError) || e.code === "not_logged_in") setMe(null);
      else setMe((m) => m ?? null);
      return null;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, []);
  const meApi: MeApi = useMemo(
    () => ({
      me,
      refresh,
      forget: () => setMe(null),
      update: (change: Partial<Me>) => setMe((m) => (m ? { ...m, ...change } : m)),
    }),
    [me],
  );
  useEffect(() => {
    const onPop = () => setRoute(readRoute());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  useEffect(() => {
    document.documentElement.lang = settings.lang;
  }, [settings.lang]);
  const api_: SettingsApi = useMemo(
    () => ({
      ...settings,
      t: (key: TextKey) => text(settings.lang, key),
      set: (change: Partial<Settings>) => {
        const next = { ...settings, ...change };
        storage.setItem("sk.lang", next.lang);
        storage.setItem("sk.french", next.french ? "1" : "0");
        storage.setItem("sk.sound", next.sound ? "1" : "0");
        storage.setItem("sk.hold", String(next.trickHoldMs));
        setSettings(next);
      },
    }),
    [settings],
  );
  const go = (table: string | null) => navigate(table ? `/?table=${encodeURIComponent(table)}` : "/");
  const open = (table: string, grant?: HeldSeat, again = false) => {
    if (grant) saveSeat(storage, table, grant);
    // the next round's seat goes with the account too (a create or a join keeps its own)
    if (grant && again && me) api.keepSeats([{ table, token: grant.token }]).catch(() => undefined);
    go(table);
  };
  let screen;
  if (route.view === "account") {
    screen = <AccountScreen storage={storage} />;
  } else if (route.view === "leaderboard") {
    screen = <Leaderboard />;
  } else if (route.view === "challenge") {
    screen = <ChallengeScreen key={route.day ?? "today"} day={route.day} storage={storage} />;
  } else if (route.table && route.replay !== null) {
    const back = route.day ? challengeUrl(route.day) : `/?table=${encodeURIComponent(route.table)}`;
    const held = seatFor(storage, route.table);
    screen = (
      <Replay
        key={`${route.table}:${route.replay}:${route.at}`}
        table={route.table}
        game={route.replay}
        at={route.at}
        seat={held && !held.left ? held.seat : null}
        onPlayOn={(t, grant) => open(t, grant)}
        onClose={() => navigate(back)}
      />
    );
  } else if (route.player) {
    screen = <Profile key={route.player} name={route.player} />;
  } else if (route.table && route.invite && !seatFor(storage, route.table)) {
    screen = (
      <Join
        table={route.table}
        invite={route.invite}
        storage={storage}
        onSeated={() => go(route.table)}
      />
    );
  } else if (route.table) {
    screen = (
      <Table
        key={`${route.table}:${seatSerial}`}
        table={route.table}
        challenge={route.day}
        storage={storage}
        onLobby={() => go(null)}
        onOpen={open}
      />
    );
  } else {
    screen = <Lobby storage={storage} onOpen={(table, grant) => open(table, grant)} />;
  }
  return (
    <SettingsContext.Provider value={api_}>
      <MeContext.Provider value={meApi}>
        <header class="top">
          <Link href="/" class="home">
            <h1>{api_.t("title")}</h1>
          </Link>
          <nav class="nav">
            <Link href={challengeUrl(null)} id="nav-challenge" class="wide-only">
              {api_.t("challenge")}
            </Link>
            <Link href="/?view=leaderboard" id="nav-leaderboard">
              {api_.t("leaderboard")}
            </Link>
            {me ? (
              <Link href={profileUrl(me.name)} id="nav-me">
                {me.name}
              </Link>
            ) : me === null ? (
              <Link href="/?view=account" id="nav-login">
                {api_.t("logIn")}
              </Link>
            ) : null}
          </nav>
          <SettingsBar />
        </header>
        <div id="screen">{screen}</div>
      </MeContext.Provider>
    </SettingsContext.Provider>
  );
}

function SettingsBar() {
  const s = useContextSettings();
  const { me } = useMe();
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <details class="menu" ref={menu}>
      <summary>{"⚙ "}<span class="menu-word">{s.t("settingsMenu")}</span></summary>
    {/* a page chosen from the menu closes it (it would cover that page's top) */}
    <div class="settings" onClick={(e) => (e.target as Element).closest("a") && menu.current?.removeAttribute("open")}>
      {/* the pages first, set apart from the settings below them */}
      <nav class={`menu-links${me ? "" : " phone-only"}`}>
        <Link href={challengeUrl(null)} id="menu-challenge" class="menu-link phone-only">
          {s.t("challenge")}
        </Link>
        {me ? (
          <Link href="/?view=account" id="menu-account" class="menu-link">
            {s.t("account")}
          </Link>
        ) : null}
      </nav>
      <label class="setting">
        <span class="setting-label">{s.t("language")}</span>
        <select id="lang" value={s.lang} onChange={(e) => s.set({ lang: (e.currentTarget as HTMLSelectElement).value as Lang })}>
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" id="french" checked={s.french} onChange={(e) => s.set({ french: (e.currentTarget as HTMLInputElement).checked })} />
        {s.t("french")}
      </label>
      <label class="check">
        <input type="checkbox" id="sound" checked={s.sound} onChange={(e) => s.set({ sound: (e.currentTarget as HTMLInputElement).checked })} />
        {s.t("sound")}
      </label>
      <label class="setting">
        <span class="setting-label">{s.t("trickHold")}</span>
        <select id="hold" value={String(s.trickHoldMs)} onChange={(e) => s.set({ trickHoldMs: Number((e.currentTarget as HTMLSelectElement).value) })}>
          {[800, 1500, 2500].map((ms) => (
            <option value={String(ms)} key={ms}>
              {`${(ms / 1000).toLocaleString(s.lang)} s`}
            </option>
          ))}
        </select>
      </label>
    </div>
    </details>
  );
}


/** What an invitation leads to: who invites, the rules and the games, each seat. */
function TableFacts({ state: st }: { state: TableState }) {
  const s = useContextSettings();
  // the creator while they hold their seat (not a bot playing it for them)
  const creator = st.creator ?? null;
  const holds = creator !== null && ["person", "away"].includes(st.seat_status?.[creator] ?? "person");
  const host = holds && creator !== null ? shownName(s.lang, st.names[creator] ?? "") : undefined;
  const kinds = st.kinds ?? st.seats;
  return (
    <div class="table-facts" id="join-facts">
      {host ? <p id="join-host">{s.t("joinHost").replace("{name}", host)}</p> : null}
      <p class="muted" id="join-rules">
        {rulesSummary(s.lang, st.rules as Record<string, unknown>)} ·{" "}
        {st.game > 1 || st.ledger.length ? `${s.t("game")} ${st.game}/${st.games}` : countText(s.lang, "joinGames", st.games, { n: st.games })}
      </p>
      <ul class="join-seats" id="join-seats">
        {st.names.map((name, seat) => {
          const status = st.seat_status?.[seat];
          const kind = kinds[seat] ?? "human";
          const why = status === "free" ? s.t("free") : seatStatusText(s.lang, status) ?? (kind !== "human" ? `${s.t("bot")} · ${levelWord(s.lang, kind, true)}` : null);
          return (
            <li key={seat} data-seat={seat} data-status={status ?? ""}>
              {status === "free" ? s.t("seatWord").replace("{n}", String(seat + 1)) : shownName(s.lang, name)}
              {why ? <span class="muted"> · {why}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Join({ table, invite, storage, onSeated }: { table: string; invite: string; storage: Storage; onSeated(): void }) {
  const s = useContextSettings();
  const { me } = useMe();
  const [error, setError] = useState("");
  const [full, setFull] = useState(false);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const name = String(new FormData(ev.currentTarget as HTMLFormElement).get("name"));
    if (!me) storage.setItem("sk.name", name);
    try {
      const grant = await api.join(table, invite, name);
      saveSeat(storage, table, { seat: grant.seat, token: grant.token, invite });
      history.replaceState({}, "", `/?table=${encodeURIComponent(table)}`);
      onSeated();
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "network";
      if (code === "table_full") setFull(true);
      setError(errorText(s.lang, code));
    }
  };
  const watch = () => {
    history.replaceState({}, "", `/?table=${encodeURIComponent(table)}`);
    onSeated();
  };
  /** The table the invitation is for: who invites, its rules and who sits there. */
  const [info, setInfo] = useState<TableState | null>(null);
  useEffect(() => {
    let stop = false;
    api.table(table).then(
      (r) => !stop && setInfo(r.state),
      () => undefined, // no facts to show: joining says what is wrong
    );
    return () => {
      stop = true;
    };
  }, [table]);
  return (
    <form class="panel" id="join-form" onSubmit={submit}>
      <h2>{s.t("joinTitle")}</h2>
      {info ? <TableFacts state={info} /> : null}
      {full ? <p id="join-full">{s.t("full")}</p> : null}
      {!full ? (
        <label>
          {s.t("yourName")}
          {me ? (
            <input name="name" key="account" value={me.name} readOnly />
          ) : (
            <input name="name" key="guest" defaultValue={storage.getItem("sk.name") ?? ""} maxLength={30} required autoComplete="nickname" />
          )}
        </label>
      ) : null}
      <div class="row">
        {!full ? (
          <button type="submit" class="primary">
            {s.t("join")}
          </button>
        ) : null}
        <button type="button" id="watch" onClick={watch}>
          {s.t("watch")}
        </button>
      </div>
      <p class="error" id="join-error" role="alert">
        {full ? "" : error}
      </p>
    </form>
  );
}
