import { describe, expect, it } from "vitest";
import {
  CHAT_LENGTH,
  CHAT_PHRASES,
  chatError,
  chatMessage,
  chatSeen,
  chatSent,
  chatText,
  initialChat,
  isMuted,
  lineKey,
  loadMuted,
  mutableNames,
  peekLine,
  receiveChat,
  saveMuted,
  toggleMuted,
  visibleLines,
} from "./chat";
import { PHRASES, phraseText } from "./i18n";

function memory(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k: string) => data.get(k) ?? null,
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (k: string) => void data.delete(k),
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe("the chat's lines", () => {
  it("adds each line and a history's new lines in time order, once each", () => {
    let c = initialChat();
    c = receiveChat(c, { type: "chat", seat: 1, name: "Bert", text: "Servus", at: 10 }, 0);
    c = receiveChat(c, { type: "chat", seat: 0, name: "Anna", phrase: "hello", at: 11 }, 0);
    expect(c.lines.map((l) => l.text ?? l.phrase)).toEqual(["Servus", "hello"]);
    // a reconnect brings the history again, with a line missed meanwhile
    c = receiveChat(c, {
      type: "chat",
      history: [
        { seat: 1, name: "Bert", text: "Servus", at: 10 },
        { seat: 0, name: "Anna", phrase: "hello", at: 11 },
        { seat: 1, name: "Bert", text: "Wo bist du?", at: 12 },
        { seat: 2, name: 5 },
        "junk",
      ],
    }, 0);
    expect(c.lines.map((l) => l.at)).toEqual([10, 11, 12]);
    const same = receiveChat(c, { type: "chat", history: [{ seat: 1, name: "Bert", text: "Servus", at: 10 }] }, 0);
    expect(same).toBe(c);
    // nothing to show: left out
    expect(receiveChat(c, { type: "chat", seat: 1, name: "Bert", at: 13 }, 0)).toBe(c);
  });

  it("keeps a line to the longest the server sends and the newest hundred lines", () => {
    let c = initialChat();
    for (let i = 0; i < 130; i++) c = receiveChat(c, { type: "chat", seat: 1, name: "Bert", text: "x".repeat(300), at: i }, 0);
    expect(c.lines).toHaveLength(100);
    expect(c.lines[0]!.at).toBe(30);
    expect(c.lines[0]!.text).toHaveLength(CHAT_LENGTH);
  });

  it("counts the lines that came while the panel was closed, not the page's own", () => {
    let c = initialChat();
    c = receiveChat(c, { type: "chat", seat: 1, name: "Bert", text: "a", at: 1 }, 0, false);
    c = receiveChat(c, { type: "chat", history: [{ seat: 2, name: "Carl", text: "b", at: 2 }] }, 0, false);
    expect(c.unseen).toBe(2);
    // the history after coming back holds one's own lines too: they are not news
    const back = receiveChat(c, { type: "chat", history: [{ seat: 0, name: "Anna", text: "mine", at: 2.5 }, { seat: 3, name: "Dora", text: "d", at: 2.6 }] }, 0, false);
    expect(back.unseen).toBe(3);
    expect(receiveChat(c, { type: "chat", seat: 0, name: "Anna", text: "c", at: 3 }, 0, false).unseen).toBe(0);
    expect(chatSeen(c).unseen).toBe(0);
    const seen = chatSeen(c);
    expect(chatSeen(seen)).toBe(seen);
  });

  it("takes an error as the answer to the page's own line only while one is on its way", () => {
    const c = initialChat();
    expect(chatError(c, "rate_limited")).toEqual({ state: c, mine: false });
    const sent = chatSent(c);
    expect(chatError(sent, "illegal").mine).toBe(false); // an action's error: the table's
    const answered = chatError(sent, "rate_limited");
    expect(answered.mine).toBe(true);
    expect(answered.state).toMatchObject({ pending: false, error: "rate_limited" });
    // the page's own line coming back ends the wait and clears the error
    const back = receiveChat(chatSent(answered.state), { type: "chat", seat: 0, name: "Anna", text: "ok", at: 5 }, 0);
    expect(back).toMatchObject({ pending: false, error: null });
    // another's line does not
    expect(receiveChat(sent, { type: "chat", seat: 1, name: "Bert", text: "ok", at: 5 }, 0).pending).toBe(true);
  });

  it("sends a text squeezed and cut, or a phrase by its code", () => {
    expect(chatText("  Servus \n  beinand  ")).toBe("Servus beinand");
    expect(chatText("   ")).toBeNull();
    expect([...chatText("ä".repeat(250))!]).toHaveLength(CHAT_LENGTH);
    expect(JSON.parse(chatMessage({ text: "Hi" }))).toEqual({ type: "chat", text: "Hi" });
    expect(JSON.parse(chatMessage({ phrase: "thanks" }))).toEqual({ type: "chat", phrase: "thanks" });
  });

  it("words every quick phrase in both languages", () => {
    for (const lang of ["de", "en"] as const) {
      expect(Object.keys(PHRASES[lang]).sort()).toEqual([...CHAT_PHRASES].sort());
    }
    expect(phraseText("de", "well_played")).toBe("Gut gespielt!");
    expect(phraseText("en", "hurry")).toBe("Please hurry!");
    expect(phraseText("en", "unknown_one")).toBe("unknown_one");
  });
});

describe("muting", () => {
  it("hides a muted name's lines, earlier ones too, never the page's own", () => {
    const lines = [
      { seat: 1, name: "Bert", text: "a", at: 1 },
      { seat: 0, name: "Anna", text: "b", at: 2 },
      { seat: 2, name: "Carl", text: "c", at: 3 },
    ];
    const muted = toggleMuted(new Set(), "bert ");
    expect(isMuted(muted, "Bert")).toBe(true);
    expect(visibleLines(lines, muted, 0).map((l) => l.text)).toEqual(["b", "c"]);
    // the page's own seat is never hidden, even under a muted name
    expect(visibleLines(lines, toggleMuted(new Set(), "Anna"), 0)).toHaveLength(3);
    expect(toggleMuted(muted, "BERT").size).toBe(0);
  });

  it("keeps the muted names in this browser", () => {
    const storage = memory();
    expect(loadMuted(storage).size).toBe(0);
    saveMuted(storage, toggleMuted(toggleMuted(new Set(), "Carl"), "Bert"));
    expect(storage.getItem("sk.muted")).toBe('["bert","carl"]');
    expect([...loadMuted(storage)].sort()).toEqual(["bert", "carl"]);
    storage.setItem("sk.muted", "{broken");
    expect(loadMuted(storage).size).toBe(0);
    storage.setItem("sk.muted", '["x", 3, null]');
    expect([...loadMuted(storage)]).toEqual(["x"]);
  });

  it("offers the other people and whoever else wrote, each once", () => {
    const names = ["Anna", "Bert", "Sepp (Bot)", "Carl"];
    const people = [true, true, false, true];
    const lines = [
      { seat: 1, name: "bert", text: "a", at: 1 },
      { seat: 2, name: "Vroni", text: "b", at: 2 },
      { seat: 0, name: "Anna", text: "c", at: 3 },
    ];
    expect(mutableNames(names, 0, people, lines)).toEqual(["Bert", "Carl", "Vroni"]);
    expect(mutableNames(names, null, people)).toEqual(["Anna", "Bert", "Carl"]);
  });
});

describe("a new line by the board", () => {
  const anna = { seat: 0, name: "Anna", text: "Servus", at: 1000 };
  const bert = { seat: 1, name: "Bert", phrase: "hello", at: 1005 };
  it("shows another person's newest line once, while it is new", () => {
    expect(peekLine([anna], new Set(), 1, null, 1001)).toBe(anna);
    expect(peekLine([anna], new Set(), 1, lineKey(anna), 1001)).toBeNull(); // shown already
    expect(peekLine([anna, bert], new Set(), 1, lineKey(anna), 1006)).toBeNull(); // his own
    expect(peekLine([anna, bert], new Set(), 2, lineKey(anna), 1006)).toBe(bert);
    expect(peekLine([anna], new Set(), 1, null, 1031)).toBeNull(); // from the history
    expect(peekLine([anna], toggleMuted(new Set(), "Anna"), 1, null, 1001)).toBeNull(); // muted
    expect(peekLine([], new Set(), 1, null, 1001)).toBeNull();
  });
});
