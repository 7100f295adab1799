// Who is logged in on this page, for every component: GET /api/me's answer (null: nobody,
// undefined: not known yet), and how to change it (after a login, a logout, a deletion).

import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Me } from "../api";

export interface MeApi {
  me: Me | null | undefined;
  /** Ask the server again (and take the account's seats over); the answer. */
  refresh(): Promise<Me | null>;
  /** Nobody is logged in any more (logged out or deleted). */
  forget(): void;
  /** Change what the page knows of the account (say, its profile made public). */
  update(change: Partial<Me>): void;
}

export const MeContext = createContext<MeApi>({
  me: null,
  refresh: () => Promise.resolve(null),
  forget: () => undefined,
  update: () => undefined,
});

export function useMe(): MeApi {
  return useContext(MeContext);
}
