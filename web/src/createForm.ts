// Where a refusal of the table form belongs: the field whose value the server refused, so the
// page shows the words there (and moves there) instead of only under the start button.

/** The form field (an input's name, or "contract" for the allowed games) that a refusal of
 * ``POST /api/tables`` is about, or null when it is about no one field. */
export function errorField(code: string, params: Record<string, unknown> = {}): string | null {
  if (code === "bad_turn_seconds") return "turn_seconds";
  if (code === "bad_games") return "games";
  if (code === "bad_rules") {
    if (params.reason === "no_game") return "contract";
    const option = typeof params.option === "string" ? params.option : "";
    if (/^tarif\.(rufspiel|solo|extra)$/.test(option)) return option;
  }
  return null;
}
