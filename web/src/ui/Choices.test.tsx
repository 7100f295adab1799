// @vitest-environment jsdom
// Naming a contract in two steps as a player sees it: the kinds first (a Tout with its kind,
// not as a kind of its own), then the Sau or suit with the Touts after the plain games; a
// kind with one action is named at once.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { text, type Lang, type TextKey } from "../i18n";
import type { LegalAction } from "../protocol";
import { Choices } from "./Choices";
import { SettingsContext, type SettingsApi } from "./settings";

function settings(lang: Lang): SettingsApi {
  return { lang, french: false, sound: false, trickHoldMs: 0, t: (key: TextKey) => text(lang, key), set: () => undefined };
}

let host: HTMLDivElement | null = null;

afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

const LEGAL: LegalAction[] = [
  { id: 49, name: "rufspiel E" }, { id: 50, name: "rufspiel G" }, { id: 52, name: "solo E" },
  { id: 53, name: "solo G" }, { id: 56, name: "solo E tout" }, { id: 57, name: "solo G tout" },
  { id: 76, name: "wenz" }, { id: 77, name: "wenz tout" }, { id: 80, name: "geier" },
];

function show(lang: Lang, sent: string[]): HTMLDivElement {
  host = document.createElement("div");
  document.body.append(host);
  render(
    <SettingsContext.Provider value={settings(lang)}>
      <Choices buttons={LEGAL} naming waitingOnMe={false} disabled={false} send={(a) => sent.push(a)} />
    </SettingsContext.Provider>,
    host,
  );
  return host;
}

const labels = (root: Element) => [...root.querySelectorAll("button")].map((b) => b.textContent);

describe("naming a contract", () => {
  it("offers the kinds, then each kind's suits with the Touts after them", () => {
    const sent: string[] = [];
    const root = show("de", sent);
    expect(labels(root)).toEqual(["Sauspiel", "Solo", "Wenz", "Geier"]);
    act(() => (root.querySelector("button[data-kind='solo']") as HTMLButtonElement).click());
    expect(labels(root)).toEqual(["Eichel", "Gras", "Eichel Tout", "Gras Tout", "Zurück"]);
    act(() => (root.querySelector("button[data-action='solo G tout']") as HTMLButtonElement).click());
    expect(sent).toEqual(["solo G tout"]);
    act(() => (root.querySelector("button[data-kind='wenz']") as HTMLButtonElement).click());
    expect(labels(root)).toEqual(["Wenz", "Wenz Tout", "Zurück"]);
    act(() => (root.querySelector("#suit-step .back") as HTMLButtonElement).click());
    act(() => (root.querySelector("button[data-kind='geier']") as HTMLButtonElement).click());
    expect(sent).toEqual(["solo G tout", "geier"]); // one action: named at once
  });

  it("goes straight to the suits where one kind is all there is to name", () => {
    host = document.createElement("div");
    document.body.append(host);
    const only: LegalAction[] = [{ id: 56, name: "solo E tout" }, { id: 57, name: "solo G tout" }];
    render(
      <SettingsContext.Provider value={settings("de")}>
        <Choices buttons={only} naming waitingOnMe={false} disabled={false} send={() => undefined} />
      </SettingsContext.Provider>,
      host,
    );
    expect(labels(host)).toEqual(["Eichel Tout", "Gras Tout"]); // no "Solo" step, no "Zurück"
  });

  it("says the Sau to call in English", () => {
    const root = show("en", []);
    act(() => (root.querySelector("button[data-kind='rufspiel']") as HTMLButtonElement).click());
    expect(labels(root)[0]).toMatch(/Acorns/);
  });
});
