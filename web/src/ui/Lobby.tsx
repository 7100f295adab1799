// The start page: the open tables to join or watch, and the form that creates a table
// (public or private) with its house rules, each option named and explained.

import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type CreateBody, type TableSummary } from "../api";
import { OPTIONS, errorText, kindHelp, kindWord, levelWord, shownName, unitOf, type Lang } from "../i18n";
import type { Options, TableState } from "../protocol";
import { challengeUrl } from "../challenge";
import { errorField } from "../createForm";
import { heldTables } from "../seats";
import { useMe } from "./me";
import { Link } from "./nav";
import { useSettings } from "./settings";

/** The bot level a new table's seats start with: the rule-based level, quick to answer. */
const DEFAULT_BOT = "level:2";

interface Props {
  onOpen(table: string, grant?: { seat: number; token: string; invite?: string }): void;
  storage: Storage;
}

type Full = Record<string, unknown>;

function presetFull(options: Options, preset: string): Full {
  return (options.presets[preset]?.full ?? {}) as Full;
}

function tarifOf(full: Full): Record<string, number> {
  return (full.tarif ?? {}) as Record<string, number>;
}

/** Open the house rules where ``name``'s field lies and move there (a refusal is about it). */
function showField(form: HTMLFormElement, name: string): void {
  const field = form.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!field) return;
  const details = field.closest("details");
  if (details) details.open = true;
  field.focus();
}

function Help({ lang, id }: { lang: Lang; id: string }) {
  const o = OPTIONS[lang][id];
  return o ? <small class="help">{o.help}</small> : null;
}

export function rulesSummary(lang: Lang, rules: Record<string, unknown>): string {
  const preset = String(rules.preset ?? "standard");
  const parts = [OPTIONS[lang].preset!.values?.[preset] ?? preset];
  if (rules.deck === "short") parts.push(OPTIONS[lang].short!.label);
  if (rules.klopfen) parts.push(OPTIONS[lang].klopfen!.label);
  return parts.join(" · ");
}

function TableList({ onOpen }: { onOpen: Props["onOpen"] }) {
  const s = useSettings();
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .list()
        .then((r) => !stop && setTables(r.tables))
        .catch(() => !stop && setTables(null));
    void load();
    const every = setInterval(load, 5000);
    return () => {
      stop = true;
      clearInterval(every);
    };
  }, []);
  if (tables === null) return null;
  return (
    <section class="panel tables" id="tables">
      <h2>{s.t("openTables")}</h2>
      {tables.length === 0 ? <p>{s.t("noTables")}</p> : null}
      <ul>
        {tables.map((tb) => (
          <li key={tb.table} class="table-row" data-table={tb.table}>
            <div>
              <strong>{tb.name || rulesSummary(s.lang, tb.rules)}</strong>
              <div class="muted">
                {tb.names.map((n, i) => (tb.free.includes(i) ? s.t("free") : shownName(s.lang, n))).join(", ")} ·{" "}
                {s.t("game")} {tb.game}/{tb.games}
              </div>
            </div>
            <div class="row">
              {tb.free.length && tb.invite ? (
                <a class="button primary" href={`/?table=${tb.table}&invite=${tb.invite}`}>
                  {s.t("join")}
                </a>
              ) : null}
              <button type="button" onClick={() => onOpen(tb.table)}>
                {s.t("watch")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The running tables where this person holds a seat (guest or logged in). */
function MyTables({ onOpen, storage }: Pick<Props, "onOpen" | "storage">) {
  const s = useSettings();
  const { me, refresh } = useMe();
  const [tables, setTables] = useState<TableState[]>([]);
  useEffect(() => {
    // the seats taken since the page asked (on other devices too); at the page's start the
    // app is asking already
    if (me !== undefined) void refresh();
  }, []);
  const ids = heldTables(storage, me?.seats ?? []);
  useEffect(() => {
    let stop = false;
    Promise.all(ids.map((id) => api.table(id).then((r) => r.state, () => null))).then((all) => {
      if (!stop) setTables(all.filter((t): t is TableState => t !== null && !t.over && !t.closed).slice(0, 5));
    });
    return () => {
      stop = true;
    };
  }, [ids.join()]);
  if (tables.length === 0) return null;
  return (
    <section class="panel tables" id="my-tables">
      <h2>{s.t("myTables")}</h2>
      <ul>
        {tables.map((tb) => (
          <li key={tb.table} class="table-row" data-table={tb.table}>
            <div>
              <strong>{tb.name || rulesSummary(s.lang, tb.rules as Record<string, unknown>)}</strong>
              <div class="muted">
                {tb.names.map((n) => shownName(s.lang, n)).join(", ")} · {s.t("game")} {tb.game}/{tb.games}
              </div>
            </div>
            <button type="button" class="primary" onClick={() => onOpen(tb.table)}>
              {s.t("backToTable")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Lobby({ onOpen, storage }: Props) {
  const s = useSettings();
  const { me } = useMe();
  const [options, setOptions] = useState<Options | null>(null);
  const [error, setError] = useState<string>("");
  // the field a refusal is about: its words stand there, and the page moves there
  const [errorAt, setErrorAt] = useState<string | null>(null);
  const [preset, setPreset] = useState("standard");
  useEffect(() => {
    api
      .options()
      .then(setOptions)
      .catch((e: unknown) => setError(e instanceof ApiError ? errorText(s.lang, e.code, e.params) : errorText(s.lang, "network")));
  }, []);
  if (!options) return <p class="panel">{error || s.t("connecting")}</p>;
  const full = presetFull(options, preset);
  const tarif = tarifOf(full);
  const O = OPTIONS[s.lang];
  const contracts = new Set((full.contracts ?? []) as string[]);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    const form = ev.currentTarget as HTMLFormElement;
    setErrorAt(null);
    const f = new FormData(form);
    const chosen = f.getAll("contract").map(String).sort();
    const overrides: Record<string, unknown> = {};
    if (chosen.join() !== [...contracts].sort().join()) overrides.contracts = chosen;
    for (const key of ["rufspiel", "solo", "extra"]) {
      const v = Number(f.get(`tarif.${key}`));
      if (f.get(`tarif.${key}`) !== "" && v !== tarif[key]) overrides[`tarif.${key}`] = v;
    }
    const deadline = String(f.get("kontra_deadline"));
    if (deadline !== full.kontra_deadline) overrides.kontra_deadline = deadline;
    const allPass = String(f.get("all_pass"));
    const presetAllPass = full.stock ? "stock" : String(full.all_pass);
    if (allPass !== presetAllPass) {
      if (allPass === "stock") Object.assign(overrides, { all_pass: "redeal", stock: true });
      else Object.assign(overrides, { all_pass: allPass, ...(full.stock ? { stock: false } : {}) });
    }
    if (f.get("short")) overrides.deck = "short";
    if (Boolean(f.get("klopfen")) !== Boolean(full.klopfen)) overrides.klopfen = Boolean(f.get("klopfen"));
    const body: CreateBody = {
      preset,
      games: Number(f.get("games")),
      overrides,
      seats: ["human", String(f.get("seat1")), String(f.get("seat2")), String(f.get("seat3"))],
      turn_seconds: Number(f.get("turn_seconds") || 0),
      player: String(f.get("player")),
    };
    body.public = Boolean(f.get("public"));
    body.tips = Boolean(f.get("tips"));
    body.rated = Boolean(f.get("rated"));
    if (!me) storage.setItem("sk.name", body.player);
    try {
      const grant = await api.create(body);
      onOpen(grant.table, grant);
    } catch (e) {
      setError(e instanceof ApiError ? errorText(s.lang, e.code, e.params) : errorText(s.lang, "network"));
      const at = e instanceof ApiError ? errorField(e.code, e.params) : null;
      setErrorAt(at);
      if (at) showField(form, at);
    }
  };
  const fieldError = (name: string) =>
    errorAt === name && error ? (
      <small class="error field-error" id={`error-${name}`} role="alert">
        {error}
      </small>
    ) : null;
  const invalid = (name: string) => (errorAt === name ? true : undefined);

  const seatChoices = [{ id: "human", label: s.t("human") }, ...options.bots.map((b) => ({ id: b.id, label: levelWord(s.lang, b.id) }))];
  return (
    <div class="lobby">
      <MyTables onOpen={onOpen} storage={storage} />
      <section class="panel teaser" id="lobby-challenge">
        <div>
          <h2>{s.t("challenge")}</h2>
          <p class="muted">
            {s.t("challengeTeaser")}
            {me ? "" : ` ${s.t("challengeTeaserLogin")}`}
          </p>
        </div>
        <Link href={challengeUrl(null)} class="button primary" id="lobby-challenge-link">
          {s.t("challengePlay")}
        </Link>
      </section>
      <TableList onOpen={onOpen} />
      <form class="panel create" id="create-form" onSubmit={submit}>
        <h2>{s.t("create")}</h2>
        <label>
          {s.t("yourName")}
          {me ? (
            <input name="player" key="account" value={me.name} readOnly />
          ) : (
            <input name="player" key="guest" defaultValue={storage.getItem("sk.name") ?? ""} maxLength={30} required autoComplete="nickname" />
          )}
          {me ? <small class="help" id="playing-as">{s.t("playingAs").replace("{name}", me.name)}</small> : null}
        </label>
        <label>
          {O.preset!.label}
          <select name="preset" value={preset} onChange={(e) => setPreset((e.currentTarget as HTMLSelectElement).value)}>
            {Object.keys(options.presets).map((p) => (
              <option value={p} key={p}>
                {O.preset!.values?.[p] ?? p}
              </option>
            ))}
          </select>
          <Help lang={s.lang} id="preset" />
        </label>
        <label>
          {O.games!.label}
          <input name="games" type="number" min={1} max={1000} defaultValue="8" aria-invalid={invalid("games")} />
          {fieldError("games")}
        </label>
        <fieldset class="seats">
          <legend>{s.t("seats")}</legend>
          {[1, 2, 3].map((i) => (
            <label key={i}>
              {s.t("seat")} {i + 1}
              <select name={`seat${i}`}>
                {seatChoices.map((k) => (
                  <option value={k.id} key={k.id} selected={k.id === DEFAULT_BOT}>
                    {k.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <label class="check">
          <input type="checkbox" name="public" />
          {O.public!.label}
        </label>
        <Help lang={s.lang} id="public" />
        <label class="check">
          <input type="checkbox" name="tips" />
          {O.tips!.label}
        </label>
        <Help lang={s.lang} id="tips" />
        <label class="check">
          <input type="checkbox" name="rated" />
          {O.rated!.label}
        </label>
        <Help lang={s.lang} id="rated" />
        <details>
          <summary>{s.t("options")}</summary>
          {/* the preset's own values afresh at each preset (the panel stays open); the move time
              is no preset's, and stays as typed */}
          <div class="options" key={preset}>
            <div class="tariffs">
              {(["rufspiel", "solo", "extra"] as const).map((k) => (
                <label key={k}>
                  {O[`tarif.${k}`]!.label} ({s.t(unitOf({ preset }) === "ct" ? "unitCents" : "unitPoints")})
                  <input
                    name={`tarif.${k}`}
                    type="number"
                    min={0}
                    max={100000}
                    defaultValue={String(tarif[k] ?? "")}
                    aria-invalid={invalid(`tarif.${k}`)}
                  />
                  <Help lang={s.lang} id={`tarif.${k}`} />
                  {fieldError(`tarif.${k}`)}
                </label>
              ))}
            </div>
            <label>
              {O.kontra_deadline!.label}
              <select name="kontra_deadline">
                {Object.entries(O.kontra_deadline!.values ?? {}).map(([v, words]) => (
                  <option value={v} key={v} selected={v === full.kontra_deadline}>
                    {words}
                  </option>
                ))}
              </select>
              <Help lang={s.lang} id="kontra_deadline" />
            </label>
            <label>
              {O.all_pass!.label}
              <select name="all_pass">
                {Object.entries(O.all_pass!.values ?? {}).map(([v, words]) => (
                  <option value={v} key={v} selected={v === (full.stock ? "stock" : String(full.all_pass))}>
                    {words}
                  </option>
                ))}
              </select>
              <Help lang={s.lang} id="all_pass" />
            </label>
            <fieldset id="contracts" aria-invalid={invalid("contract")}>
              <legend>{O.contracts!.label}</legend>
              {fieldError("contract")}
              {options.contracts.map((c) => (
                <label class="check" key={c}>
                  <input type="checkbox" name="contract" value={c} defaultChecked={contracts.has(c)} />
                  {kindWord(s.lang, c)}
                </label>
              ))}
              <details class="kinds-help" id="kinds-help">
                <summary>{O.contracts!.help}</summary>
                <dl>
                  {options.contracts.map((c) => (
                    <div key={c}>
                      <dt>{kindWord(s.lang, c)}</dt>
                      <dd>{kindHelp(s.lang, c)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </fieldset>
            <label class="check">
              <input type="checkbox" name="short" defaultChecked={full.deck === "short"} />
              {O.short!.label}
            </label>
            <Help lang={s.lang} id="short" />
            <label class="check">
              <input type="checkbox" name="klopfen" defaultChecked={Boolean(full.klopfen)} />
              {O.klopfen!.label}
            </label>
            <Help lang={s.lang} id="klopfen" />
          </div>
          <div class="options">
            <label>
              {O.turn_seconds!.label}
              <input name="turn_seconds" type="number" min={0} max={3600} defaultValue="0" aria-invalid={invalid("turn_seconds")} />
              <Help lang={s.lang} id="turn_seconds" />
              {fieldError("turn_seconds")}
            </label>
          </div>
        </details>
        <button type="submit" class="primary">
          {s.t("start")}
        </button>
        <p class="error" id="create-error" role="alert">
          {errorAt ? "" : error}
        </p>
      </form>
    </div>
  );
}
