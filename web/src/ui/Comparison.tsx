// A duplicate table's comparison with its original: each person's sum of differences (the
// same cards, luck taken out), and every hand with what it paid at each table.

import { comparisonRows, comparisonTotals, signClass, type ComparisonJson } from "../duplicate";
import { amountText, shownName } from "../i18n";
import { useSettings } from "./settings";

export function ComparisonPanel({ comparison, unit, me }: { comparison: ComparisonJson; unit: string; me: string | null }) {
  const s = useSettings();
  const L = s.lang;
  const rows = comparisonRows(comparison);
  const totals = comparisonTotals(comparison, me);
  return (
    <div class="panel comparison" id="comparison">
      <h3>{s.t("comparison")}</h3>
      {rows.length === 0 ? (
        <p class="muted">{s.t("comparisonNone")}</p>
      ) : (
        <>
          <p class="help">{s.t("comparisonHelp")}</p>
          <table class="totals" id="comparison-totals">
            <tbody>
              <tr>
                <th>{s.t("comparisonTotals")}</th>
                <th>{s.t("difference")}</th>
              </tr>
              {totals.map((t) => (
                <tr key={t.name} data-name={t.name} class={t.own ? "me" : ""}>
                  <td class="who">{shownName(L, t.name)}</td>
                  <td class={signClass(t.difference)} data-difference={t.difference}>
                    {amountText(L, t.difference, unit, true)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <details class="hands" id="comparison-hands" open={rows.length <= 8}>
            <summary>{s.t("comparisonHands")}</summary>
            <div class="scroll">
              <table id="comparison-table">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{s.t("comparisonFirst")}</th>
                    <th>{s.t("comparisonHere")}</th>
                    <th>{s.t("difference")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.game}-${r.seat}`} class={r.first ? "first" : ""} data-game={r.game} data-seat={r.seat}>
                      <td>{r.first ? r.game : ""}</td>
                      <td class="pair">
                        <span class="who">{shownName(L, r.before.name)}</span>{" "}
                        <span class={signClass(r.before.payout)}>{amountText(L, r.before.payout, unit, true)}</span>
                      </td>
                      <td class="pair">
                        <span class="who">{shownName(L, r.after.name)}</span>{" "}
                        <span class={signClass(r.after.payout)}>{amountText(L, r.after.payout, unit, true)}</span>
                      </td>
                      <td class={signClass(r.difference)}>{amountText(L, r.difference, unit, true)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
