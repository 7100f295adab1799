// The table chat: the lines with who wrote them (as text, never as markup), a text field
// with a send button, the quick phrases, and a mute toggle for each other person (kept in
// this browser). Closed by default on a phone; the closed panel counts the new lines.

import { useEffect, useRef, useState } from "preact/hooks";
import { CHAT_LENGTH, CHAT_PHRASES, chatText, isMuted, visibleLines, type ChatPhrase, type ChatState } from "../chat";
import { phraseText, shownName } from "../i18n";
import { useSettings } from "./settings";

interface Props {
  chat: ChatState;
  muted: Set<string>;
  /** The names that may be muted (the other people at the table and in the chat). */
  mutable: string[];
  mySeat: number | null;
  /** The page holds a seat (spectators read only). */
  writer: boolean;
  online: boolean;
  send(what: { text: string } | { phrase: ChatPhrase }): boolean;
  toggleMute(name: string): void;
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the chat starts open: on a wide screen, beside the table. */
export function chatStartsOpen(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(min-width: 900px)").matches;
}

export function ChatPanel({ chat, muted, mutable, mySeat, writer, online, send, toggleMute, open, setOpen }: Props) {
  const s = useSettings();
  const [draft, setDraft] = useState("");
  const [local, setLocal] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const lines = visibleLines(chat.lines, muted, mySeat);
  const hidden = chat.lines.length - lines.length;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, open]);
  const submit = (ev: Event) => {
    ev.preventDefault();
    const text = chatText(draft);
    if (!text) return;
    if (send({ text })) {
      setDraft("");
      setLocal("");
    } else setLocal(s.t("chatNotSent"));
  };
  const quick = (phrase: ChatPhrase) => setLocal(send({ phrase }) ? "" : s.t("chatNotSent"));
  const error = chat.error === "rate_limited" ? s.t("chatTooFast") : chat.error === "no_seat" ? s.t("chatNoSeat") : chat.error ? s.t("error") : local;
  return (
    <details class="panel chat" id="chat" open={open} onToggle={(e) => {
        const now = (e.currentTarget as HTMLDetailsElement).open;
        if (now !== open) setOpen(now);
      }}>
      <summary>
        <span>{s.t("chat")}</span>
        {chat.unseen && !open ? (
          <span class="badge" id="chat-unseen" aria-label={`${chat.unseen}`}>
            {chat.unseen}
          </span>
        ) : null}
      </summary>
      <ol class="chat-lines" id="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 ? <li class="muted chat-empty">{s.t("chatEmpty")}</li> : null}
        {lines.map((l, i) => (
          <li key={`${l.at}-${i}`} class={`chat-line${l.seat === mySeat ? " own" : ""}${l.phrase ? " phrase" : ""}`} data-name={l.name}>
            <span class="who">{shownName(s.lang, l.name)}</span>
            <span class="said">{l.phrase ? phraseText(s.lang, l.phrase) : (l.text ?? "")}</span>
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <p class="help" id="chat-hidden">
          {s.t("chatHidden")}
        </p>
      ) : null}
      {writer ? (
        <>
          <form class="chat-form" id="chat-form" onSubmit={submit}>
            <input
              name="chat"
              id="chat-input"
              value={draft}
              maxLength={CHAT_LENGTH}
              autoComplete="off"
              enterKeyHint="send"
              placeholder={s.t("chatPlaceholder")}
              aria-label={s.t("chatPlaceholder")}
              onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
            />
            <button type="submit" id="chat-send" disabled={!online || !chatText(draft)}>
              {s.t("chatSend")}
            </button>
          </form>
          <div class="phrases" id="chat-phrases">
            {CHAT_PHRASES.map((p) => (
              <button type="button" key={p} data-phrase={p} disabled={!online} onClick={() => quick(p)}>
                {phraseText(s.lang, p)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p class="help">{s.t("chatSpectator")}</p>
      )}
      {error ? (
        <p class="error" id="chat-error" role="alert">
          {error}
        </p>
      ) : null}
      {mutable.length ? (
        <div class="mutes" id="chat-mutes">
          <span class="help">{s.t("chatMuteLabel")}</span>
          {mutable.map((name) => {
            const off = isMuted(muted, name);
            const shown = shownName(s.lang, name);
            return (
              <button
                type="button"
                key={name}
                class={`mute${off ? " on" : ""}`}
                data-mute={name}
                aria-pressed={off}
                title={(off ? s.t("chatUnmute") : s.t("chatMute")).replace("{name}", shown)}
                onClick={() => toggleMute(name)}
              >
                {shown}
                {off ? <span class="muted-word"> · {s.t("chatMutedWord")}</span> : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </details>
  );
}
