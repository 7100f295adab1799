// One WebSocket to a table: reconnects by itself (with growing pauses), resumes from the
// last version seen, and never drops an action silently: one sent into a connection that
// then broke, and not applied by the server, is reported back.

import type { ServerMessage } from "./protocol";
import type { Connection } from "./model";

/** Close codes after which reconnecting cannot help (the error message said why). */
const FINAL_CLOSE = new Set([4403, 4404, 4410, 4503]);

export interface ConnectionEvents {
  message(msg: ServerMessage): void;
  status(connection: Connection): void;
  /** An action was sent but the connection broke before the server applied it. */
  lost(action: string): void;
}

export class TableConnection {
  private ws: WebSocket | null = null;
  private retry = 0;
  private stopped = false;
  private version = 0;
  private pending: { action: string; version: number } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The server's clock minus this browser's (ms), from the answer to a ping. */
  private offset = 0;
  private pingSent = 0;

  constructor(
    private readonly table: string,
    private readonly token: string | null,
    private readonly on: ConnectionEvents,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  /** Now on the server's clock (ms since 1970), for its deadlines. */
  serverNow(): number {
    return Date.now() + this.offset;
  }

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Send an action for the version the page shows; false when there is no connection. */
  act(action: string, version: number): boolean {
    if (!this.ws || !this.isOpen) return false;
    this.pending = { action, version };
    this.ws.send(JSON.stringify({ type: "act", action, version }));
    return true;
  }

  /** Send a message that is no action (a chat line); false when there is no connection. */
  sendRaw(message: string): boolean {
    if (!this.ws || !this.isOpen) return false;
    this.ws.send(message);
    return true;
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.table)}${q}`);
    this.ws = ws;
    this.on.status(this.version ? "lost" : "connecting");
    ws.onopen = () => {
      this.retry = 0;
      if (this.version) ws.send(JSON.stringify({ type: "resume", since: this.version }));
      this.pingSent = Date.now();
      ws.send(JSON.stringify({ type: "ping" }));
      this.on.status("open");
    };
    ws.onmessage = (ev: MessageEvent<string>) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(ev.data) as ServerMessage;
      } catch {
        return;
      }
      if (msg.type === "pong" && typeof msg.time === "number" && this.pingSent) {
        const back = Date.now();
        this.offset = msg.time * 1000 - (this.pingSent + back) / 2;
        this.pingSent = 0;
      }
      if ("version" in msg && typeof msg.version === "number") {
        if (this.pending && msg.version > this.pending.version) this.pending = null;
        this.version = Math.max(this.version, msg.version);
      }
      if ((msg.type === "events" || msg.type === "snapshot") && this.pending) {
        // Resumed: the action sent before the break did not arrive in time.
        const lost = this.pending;
        this.pending = null;
        if (msg.version <= lost.version) this.on.lost(lost.action);
      }
      if (msg.type === "error" && msg.for !== "chat") this.pending = null; // a chat refusal leaves the card
      this.on.message(msg);
    };
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws || this.stopped) return;
      if (FINAL_CLOSE.has(ev.code)) {
        this.on.status("closed");
        return;
      }
      this.on.status("lost");
      this.retry = Math.min(this.retry + 1, 6);
      this.timer = setTimeout(() => this.open(), 250 * 2 ** this.retry);
    };
  }
}
