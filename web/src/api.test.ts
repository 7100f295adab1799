import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, csrfToken, setCsrfToken } from "./api";

interface Sent {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that answers ``answers`` in turn (status and JSON) and notes what was sent. */
function fakeFetch(answers: [number, unknown][]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) => {
    sent.push({
      path,
      method: init?.method ?? "GET",
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const [status, data] = answers.shift() ?? [500, {}];
    return Promise.resolve(new Response(JSON.stringify(data), { status }));
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe("the login's CSRF token", () => {
  it("is kept from the login and sent with every change, not with a read", async () => {
    const sent = fakeFetch([
      [200, { name: "Anna", public: true, csrf: "c1" }],
      [200, { table: "t", seat: 0, token: "k" }],
      [200, { tables: [] }],
      [200, { deleted: true, seats: 1 }],
      [200, { table: "u", seat: 0, token: "k" }],
    ]);
    await api.login("Anna", "secret123", [{ table: "t0", token: "x" }]);
    expect(sent[0]!.body).toEqual({ name: "Anna", password: "secret123", seats: [{ table: "t0", token: "x" }] });
    expect(sent[0]!.headers["x-csrf-token"]).toBeUndefined();
    expect(csrfToken()).toBe("c1");
    await api.create({ preset: "standard", games: 1, overrides: {}, seats: ["human"], turn_seconds: 0, player: "Anna", rated: true });
    expect(sent[1]!.headers["x-csrf-token"]).toBe("c1");
    expect(sent[1]!.body).toMatchObject({ rated: true });
    await api.list();
    expect(sent[2]!.headers).toEqual({});
    await api.deleteAccount("secret123");
    expect(sent[3]).toMatchObject({ path: "/api/me", method: "DELETE", body: { password: "secret123" } });
    expect(sent[3]!.headers["x-csrf-token"]).toBe("c1");
    expect(csrfToken()).toBeNull(); // deleted: logged out
    await api.create({ preset: "standard", games: 1, overrides: {}, seats: ["human"], turn_seconds: 0, player: "Anna" });
    expect(sent[4]!.headers["x-csrf-token"]).toBeUndefined();
  });

  it("comes with GET /api/me and goes when nobody is logged in", async () => {
    fakeFetch([
      [200, { name: "Anna", public: false, created: 1, csrf: "c2", seats: [] }],
      [401, { code: "not_logged_in", message: "nobody" }],
    ]);
    expect((await api.me()).name).toBe("Anna");
    expect(csrfToken()).toBe("c2");
    await expect(api.me()).rejects.toEqual(new ApiError("not_logged_in", "nobody"));
    expect(csrfToken()).toBeNull();
  });

  it("goes with a logout, and a refused login keeps none", async () => {
    const sent = fakeFetch([
      [200, { name: "Anna", public: true, csrf: "c3" }],
      [200, { ended: 2 }],
      [401, { code: "bad_login", message: "no" }],
    ]);
    await api.signUp("Anna", "secret123", []);
    expect(sent[0]!.path).toBe("/api/accounts");
    expect(await api.logoutEverywhere()).toEqual({ ended: 2 });
    expect(sent[1]!.headers["x-csrf-token"]).toBe("c3");
    expect(csrfToken()).toBeNull();
    await expect(api.login("Anna", "wrong-one", [])).rejects.toBeInstanceOf(ApiError);
    expect(csrfToken()).toBeNull();
  });

  it("names a player's profile in the path", async () => {
    const sent = fakeFetch([[403, { code: "private_profile", message: "private" }]]);
    await expect(api.player("Anna Maier")).rejects.toMatchObject({ code: "private_profile" });
    expect(sent[0]!.path).toBe("/api/players/Anna%20Maier");
  });
});

describe("a refusal", () => {
  it("carries the server's code and params, or none where the body has no object", async () => {
    fakeFetch([
      [400, { type: "error", code: "bad_turn_seconds", message: "turn_seconds must be ...", params: { least: 5 } }],
      [400, { type: "error", code: "table_full", message: "full", params: "odd" }],
    ]);
    const create = () => api.create({ preset: "standard", games: 1, overrides: {}, seats: ["human"], turn_seconds: 3, player: "Anna" });
    const first = await create().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).code).toBe("bad_turn_seconds");
    expect((first as ApiError).params).toEqual({ least: 5 });
    const second = (await create().catch((e: unknown) => e)) as ApiError;
    expect(second.code).toBe("table_full");
    expect(second.params).toEqual({});
  });
});
