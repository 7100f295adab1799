// The page's frame: the settings, and which screen to show (the lobby, an invitation, or a
// table) from the address, which the browser's back button follows.

import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import { errorText, startLang, text, type Lang, type TextKey } from "../i18n";
import { saveSeat, seatFor, seatFromFragment } from "../seats";
import { Lobby } from "./Lobby";
import { SettingsContext, useSettings as useContextSettings, type Settings, type SettingsApi } from "./settings";
import { Table } from "./Table";

interface Route {
  table: string | null;
  invite: string | null;
}

function readRoute(): Route {
  const q = new URLSearchParams(location.search);
  return { table: q.get("table"), invite: q.get("invite") };
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
  const [route, setRoute] = useState<Route>(() => {
    const found = seatFromFragment(location.hash);
    const r = readRoute();
    if (found && r.table) {
      saveSeat(storage, r.table, found); // a seat link: this device takes the seat
      history.replaceState({}, "", `/?table=${encodeURIComponent(r.table)}`);
    }
    return readRoute();
  });
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
  const go = (table: string | null) => {
    history.pushState({}, "", table ? `/?table=${encodeURIComponent(table)}` : "/");
    setRoute({ table, invite: null });
  };
  let screen;
  if (route.table && route.invite && !seatFor(storage, route.table)) {
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
        key={route.table}
        table={route.table}
        storage={storage}
        onLobby={() => go(null)}
        onOpen={(table, grant) => {
          if (grant) saveSeat(storage, table, grant);
          go(table);
        }}
      />
    );
  } else {
    screen = (
      <Lobby
        storage={storage}
        onOpen={(table, grant) => {
          if (grant) saveSeat(storage, table, grant);
          go(table);
        }}
      />
    );
  }
  return (
    <SettingsContext.Provider value={api_}>
      <header class="top">
        <a href="/" class="home" onClick={(e) => { e.preventDefault(); go(null); }}>
          <h1>{api_.t("title")}</h1>
        </a>
        <SettingsBar />
      </header>
      <div id="screen">{screen}</div>
    </SettingsContext.Provider>
  );
}

function SettingsBar() {
  const s = useContextSettings();
  return (
    <details class="menu">
      <summary>⚙ {s.t("settingsMenu")}</summary>
    <div class="settings">
      <label>
        <span class="sr">{s.t("language")}</span>
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
      <label>
        <span class="sr">{s.t("trickHold")}</span>
        <select id="hold" title={s.t("trickHold")} value={String(s.trickHoldMs)} onChange={(e) => s.set({ trickHoldMs: Number((e.currentTarget as HTMLSelectElement).value) })}>
          {[800, 1500, 2500].map((ms) => (
            <option value={String(ms)} key={ms}>
              {`${s.t("trickHold")}: ${(ms / 1000).toLocaleString(s.lang)} s`}
            </option>
          ))}
        </select>
      </label>
    </div>
    </details>
  );
}


function Join({ table, invite, storage, onSeated }: { table: string; invite: string; storage: Storage; onSeated(): void }) {
  const s = useContextSettings();
  const [error, setError] = useState("");
  const [full, setFull] = useState(false);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const name = String(new FormData(ev.currentTarget as HTMLFormElement).get("name"));
    storage.setItem("sk.name", name);
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
  return (
    <form class="panel" id="join-form" onSubmit={submit}>
      <h2>{s.t("joinTitle")}</h2>
      {full ? <p id="join-full">{s.t("full")}</p> : null}
      {!full ? (
        <label>
          {s.t("yourName")}
          <input name="name" defaultValue={storage.getItem("sk.name") ?? ""} maxLength={30} required autoComplete="nickname" />
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
