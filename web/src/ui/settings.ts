// The person's settings (language, deck, sound), kept in localStorage, for every component.

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Lang, TextKey } from "../i18n";

export interface Settings {
  lang: Lang;
  french: boolean;
  sound: boolean;
  /** How long a finished trick stays on the table (ms). */
  trickHoldMs: number;
}

export interface SettingsApi extends Settings {
  t(key: TextKey): string;
  set(change: Partial<Settings>): void;
}

export const SettingsContext = createContext<SettingsApi | null>(null);

export function useSettings(): SettingsApi {
  const s = useContext(SettingsContext);
  if (!s) throw new Error("no settings: render inside <App>");
  return s;
}
