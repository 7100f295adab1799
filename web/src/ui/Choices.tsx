// The choices that are not cards: bids, Klopfen, offers, Kontra/Re and "gut", and naming the
// contract in two steps (the kind, then the suit or Sau), compact enough for a phone.

import { useState } from "preact/hooks";
import { actionText, calledSauText, contractText, kindWord, suitWord } from "../i18n";
import { namingGroups, type NamingGroup } from "../model";
import type { LegalAction } from "../protocol";
import { useSettings } from "./settings";

interface Props {
  buttons: LegalAction[];
  naming: boolean;
  waitingOnMe: boolean;
  disabled: boolean;
  send(action: string): void;
  /** What the choice is about, above the buttons (the settling round's question). */
  title?: string;
}

function groupLabel(lang: "de" | "en", g: NamingGroup, french: boolean): string {
  if (g.actions.length === 1) {
    const only = g.actions[0]!;
    return contractText(lang, { kind: g.kind, suit: only.suit, tout: only.tout }, french);
  }
  return g.kind === "rufspiel" ? "Sauspiel" : kindWord(lang, g.kind);
}

/** A button of the second step: the Sau or suit, or for a kind without suits its name, with
 * "Tout" where it is one. */
function stepLabel(lang: "de" | "en", g: NamingGroup, a: NamingGroup["actions"][number], french: boolean): string {
  const base =
    a.suit === null ? kindWord(lang, g.kind) : g.kind === "rufspiel" ? calledSauText(lang, a.suit, french) : suitWord(lang, a.suit, french);
  return a.tout ? `${base} Tout` : base;
}

export function Choices({ buttons, naming, waitingOnMe, disabled, send, title }: Props) {
  const s = useSettings();
  const [open, setOpen] = useState<string | null>(null);
  const { groups, others } = naming ? namingGroups(buttons) : { groups: [], others: buttons };
  // one kind to name and nothing else (a Solo Tout offered, then named): straight to its suits
  const only = groups.length === 1 && !others.length && groups[0]!.actions.length > 1 ? groups[0]! : undefined;
  const chosen = groups.find((g) => g.key === open && g.actions.length > 1) ?? only;
  const act = (name: string) => {
    setOpen(null);
    send(name);
  };
  return (
    <div class="actions" id="actions" aria-live="polite">
      {chosen ? (
        <div class="step" id="suit-step">
          <span class="step-title">{s.t("chooseSuit")}</span>
          {chosen.actions.map((a) => (
            <button
              type="button"
              class="action"
              key={a.name}
              data-action={a.name}
              disabled={disabled}
              onClick={() => act(a.name)}
            >
              {stepLabel(s.lang, chosen, a, s.french)}
            </button>
          ))}
          {chosen === only ? null : (
            <button type="button" class="back" onClick={() => setOpen(null)}>
              {s.t("back")}
            </button>
          )}
        </div>
      ) : (
        <>
          {title && buttons.length ? (
            <span class="step-title" id="choices-title">
              {title}
            </span>
          ) : null}
          {groups.length ? <span class="step-title">{s.t("chooseKind")}</span> : null}
          {groups.map((g) => (
            <button
              type="button"
              class="action"
              key={g.key}
              data-kind={g.key}
              data-action={g.actions.length === 1 ? g.actions[0]!.name : undefined}
              disabled={disabled}
              onClick={() => (g.actions.length === 1 ? act(g.actions[0]!.name) : setOpen(g.key))}
            >
              {groupLabel(s.lang, g, s.french)}
            </button>
          ))}
          {others.map((a) => (
            <button
              type="button"
              class={`action${a.name === "kontra" || a.name === "re" ? " double" : ""}${a.name === "gut" ? " gut" : ""}`}
              key={a.name}
              data-action={a.name}
              disabled={disabled}
              onClick={() => act(a.name)}
            >
              {actionText(s.lang, a.name, s.french)}
            </button>
          ))}
          {waitingOnMe && !others.some((a) => a.name === "gut") ? (
            <button type="button" class="action gut" data-action="gut" disabled={disabled} onClick={() => act("gut")}>
              {s.t("gut")}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
