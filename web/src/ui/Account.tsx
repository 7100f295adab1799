// The account screen: log in or sign up (the guest seats this browser holds go with the
// account), and, logged in, the profile's visibility, the password, the person's data to
// download, logging out (here or everywhere) and deleting the account.

import { useState } from "preact/hooks";
import { profileUrl, seatsToKeep } from "../account";
import { ApiError, EXPORT_URL, api } from "../api";
import { errorText } from "../i18n";
import { allSeats, forgetSeat } from "../seats";
import { useMe } from "./me";
import { Link, navigate } from "./nav";
import { useSettings } from "./settings";

function codeOf(e: unknown): string {
  return e instanceof ApiError ? e.code : "network";
}

function formValue(ev: Event, name: string): string {
  return String(new FormData(ev.currentTarget as HTMLFormElement).get(name) ?? "");
}

export function AccountScreen({ storage }: { storage: Storage }) {
  const s = useSettings();
  const { me } = useMe();
  /** What happened last (logged out, the account deleted), said above the login. */
  const [said, setSaid] = useState("");
  if (me === undefined) return <p class="panel account">{s.t("connecting")}</p>;
  return me === null ? <LoginForms storage={storage} said={said} /> : <AccountSettings storage={storage} onGone={setSaid} />;
}

function LoginForms({ storage, said }: { storage: Storage; said: string }) {
  const s = useSettings();
  const { refresh } = useMe();
  const [tab, setTab] = useState<"login" | "signup">("login");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const name = formValue(ev, "name").trim();
    const password = formValue(ev, "password");
    const seats = seatsToKeep(allSeats(storage));
    setBusy(true);
    setError("");
    try {
      await (tab === "login" ? api.login(name, password, seats) : api.signUp(name, password, seats));
      await refresh(); // the account's seats come to this browser
      navigate("/");
    } catch (e) {
      setError(errorText(s.lang, codeOf(e)));
    } finally {
      setBusy(false);
    }
  };
  const signup = tab === "signup";
  return (
    <section class="panel account" id="account">
      {said ? (
        <p class="note" id="account-said" role="status">
          {said}
        </p>
      ) : null}
      <div class="tabs" role="tablist">
        <button type="button" role="tab" id="tab-login" aria-selected={!signup} class={signup ? "" : "on"} onClick={() => { setTab("login"); setError(""); }}>
          {s.t("logIn")}
        </button>
        <button type="button" role="tab" id="tab-signup" aria-selected={signup} class={signup ? "on" : ""} onClick={() => { setTab("signup"); setError(""); }}>
          {s.t("signUp")}
        </button>
      </div>
      <p class="help">{s.t("accountHelp")}</p>
      <form id={signup ? "signup-form" : "login-form"} key={tab} class="account-form" onSubmit={submit}>
        <label>
          {s.t("yourName")}
          <input name="name" defaultValue={storage.getItem("sk.name") ?? ""} minLength={signup ? 2 : undefined} maxLength={30} required autoComplete="username" />
        </label>
        <label>
          {s.t("password")}
          <input name="password" type="password" minLength={signup ? 8 : undefined} maxLength={200} required autoComplete={signup ? "new-password" : "current-password"} />
        </label>
        {signup ? <small class="help">{s.t("signUpHelp")}</small> : null}
        <button type="submit" class="primary" disabled={busy}>
          {signup ? s.t("signUp") : s.t("logIn")}
        </button>
        <p class="error" id="account-error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}

function AccountSettings({ storage, onGone }: { storage: Storage; onGone(words: string): void }) {
  const s = useSettings();
  const { me, update, forget, refresh } = useMe();
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const fail = (e: unknown) => {
    setNote("");
    setError(errorText(s.lang, codeOf(e)));
  };
  const done = (words: string) => {
    setError("");
    setNote(words);
  };
  if (!me) return null;
  const setPublic = async (value: boolean) => {
    try {
      await api.setPublic(value);
      update({ public: value });
      done(s.t("saved"));
    } catch (e) {
      fail(e);
    }
  };
  const logout = async (everywhere: boolean) => {
    try {
      // the account's seats leave this browser with the login (they come back with the
      // next one): on a shared computer nobody else plays them
      const seats = (await refresh())?.seats ?? me.seats;
      await (everywhere ? api.logoutEverywhere() : api.logout());
      for (const seat of seats) forgetSeat(storage, seat.table);
      onGone(s.t("loggedOut"));
      forget();
    } catch (e) {
      fail(e);
    }
  };
  return (
    <div class="account" id="account">
      <section class="panel">
        <h2 id="logged-in-as">{s.t("loggedInAs").replace("{name}", me.name)}</h2>
        <div class="row">
          <Link href={profileUrl(me.name)} class="button" id="to-profile">
            {s.t("myProfile")}
          </Link>
          <button type="button" id="logout" onClick={() => void logout(false)}>
            {s.t("logOut")}
          </button>
        </div>
        <label class="check">
          <input type="checkbox" id="profile-public" checked={me.public} onChange={(e) => void setPublic((e.currentTarget as HTMLInputElement).checked)} />
          {s.t("publicProfile")}
        </label>
        <small class="help">{s.t("publicProfileHelp")}</small>
        <p class="note" id="account-note" role="status">
          {note}
        </p>
        <p class="error" id="account-error" role="alert">
          {error}
        </p>
      </section>
      <PasswordForm onDone={() => done(s.t("passwordChanged"))} onError={fail} />
      <section class="panel">
        <h3>{s.t("downloadData")}</h3>
        <p class="help">{s.t("downloadDataHelp")}</p>
        <a class="button" id="export" href={EXPORT_URL} download="schafkopf-data.json">
          {s.t("downloadData")}
        </a>
      </section>
      <section class="panel">
        <h3>{s.t("logOutEverywhere")}</h3>
        <p class="help">{s.t("logOutEverywhereHelp")}</p>
        <button type="button" id="logout-everywhere" onClick={() => void logout(true)}>
          {s.t("logOutEverywhere")}
        </button>
      </section>
      <DeleteAccount onGone={() => onGone(s.t("deleted"))} />
    </div>
  );
}

function PasswordForm({ onDone, onError }: { onDone(): void; onError(e: unknown): void }) {
  const s = useSettings();
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const form = ev.currentTarget as HTMLFormElement;
    try {
      await api.changePassword(formValue(ev, "password"), formValue(ev, "new_password"));
      form.reset();
      onDone();
    } catch (e) {
      onError(e);
    }
  };
  return (
    <form class="panel account-form" id="password-form" onSubmit={submit}>
      <h3>{s.t("changePassword")}</h3>
      <label>
        {s.t("currentPassword")}
        <input name="password" type="password" maxLength={200} required autoComplete="current-password" />
      </label>
      <label>
        {s.t("newPassword")}
        <input name="new_password" type="password" minLength={8} maxLength={200} required autoComplete="new-password" />
      </label>
      <button type="submit">{s.t("changePassword")}</button>
    </form>
  );
}

function DeleteAccount({ onGone }: { onGone(): void }) {
  const s = useSettings();
  const { forget } = useMe();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState("");
  const submit = async (ev: Event) => {
    ev.preventDefault();
    try {
      await api.deleteAccount(formValue(ev, "password"));
      onGone();
      forget();
    } catch (e) {
      setError(errorText(s.lang, codeOf(e)));
    }
  };
  return (
    <section class="panel danger-zone">
      <h3>{s.t("deleteAccount")}</h3>
      <p class="help">{s.t("deleteHelp")}</p>
      {asking ? (
        <form id="delete-form" class="account-form" onSubmit={submit}>
          <p class="confirm-words">{s.t("deleteSure")}</p>
          <label>
            {s.t("password")}
            <input name="password" type="password" maxLength={200} required autoComplete="current-password" />
          </label>
          <div class="row">
            <button type="submit" class="danger" id="delete-yes">
              {s.t("deleteYes")}
            </button>
            <button type="button" id="delete-cancel" onClick={() => { setAsking(false); setError(""); }}>
              {s.t("cancel")}
            </button>
          </div>
          <p class="error" role="alert">
            {error}
          </p>
        </form>
      ) : (
        <button type="button" class="danger" id="delete-account" onClick={() => setAsking(true)}>
          {s.t("deleteAccount")}
        </button>
      )}
    </section>
  );
}
