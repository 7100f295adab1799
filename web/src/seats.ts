// The seats this browser holds, kept in localStorage by table: seat number, token (the key
// to act for it) and the invitation. A seat link carries the token to another device.

export interface HeldSeat {
  seat: number;
  token: string;
  invite?: string | undefined;
  /** The person left this seat (a bot plays it): the token holds it no more, the
   * invitation brings them back. */
  left?: boolean | undefined;
  /** The person's name at the table, to come back under (their seat is found by it). */
  name?: string | undefined;
}

const KEY = "sk.seats";

function load(storage: Storage): Record<string, HeldSeat> {
  try {
    const data: unknown = JSON.parse(storage.getItem(KEY) ?? "{}");
    return data && typeof data === "object" ? (data as Record<string, HeldSeat>) : {};
  } catch {
    return {};
  }
}

/** Every seat this browser holds (or held), by table, oldest first. */
export function allSeats(storage: Storage): Record<string, HeldSeat> {
  return load(storage);
}

/** The tables to look up for the way back to one's tables: an account's seats (newest first,
 * from every device) and this browser's (newest first: a guest's too), the newest of each
 * so that neither pushes the other out. */
export function heldTables(storage: Storage, account: readonly { table: string; token: string | null }[]): string[] {
  const here = Object.entries(allSeats(storage))
    .filter(([, held]) => !held.left)
    .map(([table]) => table)
    .reverse();
  const there = account.filter((x) => x.token).map((x) => x.table);
  return [...new Set([...there.slice(0, 6), ...here.slice(0, 6)])];
}

export function seatFor(storage: Storage, table: string): HeldSeat | null {
  return load(storage)[table] ?? null;
}

export function saveSeat(storage: Storage, table: string, held: HeldSeat): void {
  const all = load(storage);
  all[table] = { ...held, invite: held.invite ?? all[table]?.invite, left: held.left || undefined };
  storage.setItem(KEY, JSON.stringify(all));
}

/** Mark the seat held at ``table`` as left by ``name`` (its token no longer holds it);
 * returns it. */
export function markLeft(storage: Storage, table: string, name?: string): HeldSeat | null {
  const held = seatFor(storage, table);
  if (!held) return null;
  const left = { ...held, left: true, name: name ?? held.name };
  saveSeat(storage, table, left);
  return left;
}

export function forgetSeat(storage: Storage, table: string): void {
  const kept = Object.entries(load(storage)).filter(([id]) => id !== table);
  storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** The link that takes this seat to another device (the token travels in the fragment,
 * which browsers never send to a server). */
export function seatLink(origin: string, table: string, held: HeldSeat): string {
  return `${origin}/?table=${encodeURIComponent(table)}#seat=${held.seat}&token=${encodeURIComponent(held.token)}`;
}

/** A seat from a seat link's fragment, or null. */
export function seatFromFragment(hash: string): HeldSeat | null {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = Number(q.get("seat"));
  const token = q.get("token");
  if (!token || !Number.isInteger(seat) || seat < 0) return null;
  return { seat, token };
}
