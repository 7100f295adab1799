import { describe, expect, it } from "vitest";
import { qrSvg } from "./qr";
import { forgetSeat, heldTables, markLeft, saveSeat, seatFor, seatFromFragment, seatLink } from "./seats";

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length(): number {
    return this.data.size;
  }
  clear(): void {
    this.data.clear();
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

describe("held seats", () => {
  it("lists the tables to come back to: newest first, the left ones not, an account's too", () => {
    const s = new MemoryStorage();
    saveSeat(s, "old", { seat: 0, token: "a" });
    saveSeat(s, "gone", { seat: 1, token: "b" });
    saveSeat(s, "new", { seat: 2, token: "c" });
    markLeft(s, "gone", "Anna");
    const account = [
      { table: "new", seat: 2, token: "c" },
      { table: "phone", seat: 3, token: "d" },
      { table: "left-there", seat: 0, token: null },
    ];
    expect(heldTables(s, [])).toEqual(["new", "old"]);
    expect(heldTables(s, account)).toEqual(["new", "phone", "old"]);
    // many seats in this browser push none of the account's other devices out
    for (let i = 0; i < 10; i++) saveSeat(s, `t${i}`, { seat: 0, token: "x" });
    const many = heldTables(s, account);
    expect(many).toContain("phone");
    expect(many).toContain("t9");
    expect(many).not.toContain("t3");
    expect(many.length).toBeLessThanOrEqual(12);
  });

  it("keeps a seat per table, with its invitation", () => {
    const s = new MemoryStorage();
    saveSeat(s, "t1", { seat: 1, token: "abc", invite: "inv" });
    saveSeat(s, "t1", { seat: 1, token: "abc" });
    expect(seatFor(s, "t1")).toEqual({ seat: 1, token: "abc", invite: "inv" });
    expect(seatFor(s, "t2")).toBeNull();
    forgetSeat(s, "t1");
    expect(seatFor(s, "t1")).toBeNull();
  });

  it("remembers a seat left, with the name and invitation to come back by", () => {
    const s = new MemoryStorage();
    expect(markLeft(s, "t1", "Anna")).toBeNull();
    saveSeat(s, "t1", { seat: 2, token: "abc", invite: "inv" });
    expect(markLeft(s, "t1", "Anna")).toEqual({ seat: 2, token: "abc", invite: "inv", left: true, name: "Anna" });
    expect(seatFor(s, "t1")?.left).toBe(true);
    saveSeat(s, "t1", { seat: 2, token: "new", name: "Anna" }); // back: the new token holds it
    expect(seatFor(s, "t1")).toEqual({ seat: 2, token: "new", invite: "inv", name: "Anna" });
  });

  it("survives a broken store", () => {
    const s = new MemoryStorage();
    s.setItem("sk.seats", "{not json");
    expect(seatFor(s, "t1")).toBeNull();
  });

  it("carries a seat to another device in the link's fragment", () => {
    const link = seatLink("https://example.org", "t 1", { seat: 2, token: "x/y+z" });
    expect(link).toBe("https://example.org/?table=t%201#seat=2&token=x%2Fy%2Bz");
    expect(seatFromFragment(new URL(link).hash)).toEqual({ seat: 2, token: "x/y+z" });
    expect(seatFromFragment("#seat=-1&token=a")).toBeNull();
    expect(seatFromFragment("")).toBeNull();
  });

  it("draws the link as a QR code in SVG", () => {
    const svg = qrSvg("https://example.org/?table=t1#seat=2&token=abc");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<path");
  });
});
