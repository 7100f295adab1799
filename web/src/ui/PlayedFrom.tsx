// The end of a game played on from a replay: how the game itself went (its contract, won or
// lost, and what the seat paid there), beside this one's result, and the way back to it.

import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { amountText, contractText, isCardName } from "../i18n";
import { declarersOf } from "../model";
import type { ReplayJson } from "../protocol";
import { navigate } from "./nav";
import { playedBy } from "./Result";
import { useSettings } from "./settings";

interface Props {
  from: { table: string; game: number; step: number };
  /** The page's seat (the same seat in the game itself), or null for a spectator. */
  me: number | null;
  unit: string;
}

/** The game itself's replay, opened at the card where this game branched off (the cards
 * played before its history step; at the start where the replay is not known). */
export function replayUrl(from: { table: string; game: number; step: number }, real: ReplayJson | null): string {
  const at = real?.history ? real.history.slice(0, from.step - 1).filter((h) => isCardName(h.action)).length : 0;
  return `/?table=${encodeURIComponent(from.table)}&replay=${from.game}${at ? `&at=${at}` : ""}`;
}

export function PlayedFrom({ from, me, unit }: Props) {
  const s = useSettings();
  const [real, setReal] = useState<ReplayJson | null>(null);
  useEffect(() => {
    api.replay(from.table, from.game).then(setReal, () => setReal(null)); // gone: the link only
  }, [from.table, from.game]);
  const rec = real?.record;
  const result = rec?.result as { won?: boolean | null; payouts?: number[] } | undefined;
  // who played and whether they won, as the result line says it (a Ramsch has no declarers)
  const declarers = declarersOf(rec);
  const who = rec?.contract && declarers.length ? playedBy(real?.names ?? [], declarers, rec.contract.declarer ?? null, s.t("playsWith")) : "";
  const paid = me !== null ? result?.payouts?.[me] : undefined;
  return (
    <p class="standing" id="played-from">
      {rec ? (
        <>
          {s.t("realGame")}: <strong>{rec.contract ? contractText(s.lang, rec.contract, s.french) : s.t("allPassed")}</strong>
          {who ? ` — ${who}` : ""}
          {who && result?.won !== null && result?.won !== undefined ? ` · ${s.t(result.won ? "won" : "lost")}` : ""}
          {paid !== undefined ? (
            <>
              {" · "}
              {s.t("you")}: <span class={paid >= 0 ? "plus" : "minus"}>{amountText(s.lang, paid, unit, true)}</span>
            </>
          ) : null}{" "}
        </>
      ) : null}
      <button type="button" id="played-from-open" onClick={() => navigate(replayUrl(from, real))}>
        {s.t("realGameOpen")}
      </button>
    </p>
  );
}
