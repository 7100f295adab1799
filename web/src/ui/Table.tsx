// The table: the seats with what each said, the trick in the middle (a finished trick stays
// with its winner marked, then goes to the winner), the own hand, the choices, the result
// and the ledger. The server decides everything; the page draws it and sends choices.

import { useEffect, useRef, useState } from "preact/hooks";
import { decimal, ratingChange, type RatingLike } from "../account";
import { ApiError, api } from "../api";
import { cardName } from "../cards";
import { challengeTableUrl, challengeUrl, dealOfName, progressOf, type ChallengeJson } from "../challenge";
import {
  chatError,
  chatMessage,
  chatSeen,
  chatSent,
  initialChat,
  isChatError,
  isMuted,
  loadMuted,
  mutableNames,
  receiveChat,
  saveMuted,
  lineKey,
  peekLine,
  toggleMuted,
  type ChatLine,
  type ChatPhrase,
  type ChatState,
} from "../chat";
import type { ComparisonJson } from "../duplicate";
import { TableConnection } from "../connection";
import {
  PHASE_KEYS,
  actionText,
  amountText,
  contractText,
  errorText,
  isCardName,
  listText,
  phraseText,
  levelWord,
  seatNewsText,
  seatStatusText,
  shownName,
  suitWord,
  unitOf,
} from "../i18n";
import {
  calledSuit,
  finalOrder,
  initialModel,
  lostAlready,
  myTurn,
  nextRedraw,
  turnSeats,
  collectNow,
  offeredGame,
  placeOf,
  receive,
  rivals,
  seatWords,
  splitLegal,
  tipsAllowed,
  ownChance,
  trickOnTable,
  dealWaits,
  type Model,
} from "../model";
import type { ServerMessage, TableState, TipJson } from "../protocol";
import { qrSvg } from "../qr";
import { markLeft, saveSeat, seatFor, seatLink, type HeldSeat } from "../seats";
import { Card } from "./Card";
import { ChatPanel, chatStartsOpen } from "./Chat";
import { Choices } from "./Choices";
import { Cut } from "./Cut";
import { ComparisonPanel } from "./Comparison";
import { optionWords } from "./Analysis";
import { PlayedFrom } from "./PlayedFrom";
import { Replay } from "./Replay";
import { SessionPanel } from "./Session";
import { LedgerPanel, ResultLine, ResultPanel, standingText } from "./Result";
import { useMe } from "./me";
import { Link, navigate } from "./nav";
import { useSettings } from "./settings";

interface Props {
  table: string;
  /** The daily challenge (its day) whose deal this table plays, from the page's address. */
  challenge?: string | null;
  storage: Storage;
  onLobby(): void;
  /** Go to another table (the next round, ``again``), holding ``grant``'s seat there if
   * given. */
  onOpen(table: string, grant?: HeldSeat, again?: boolean): void;
}

/** Seats a bot plays for a person, or for nobody. */
const STAND_IN = new Set(["left", "away", "empty"]);

function beep(): void {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
  } catch {
    // no sound where the browser allows none
  }
}

function useNow(model: Model): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    // from the moment drawn: a trick sent to its winner early (a tap) is drawn flying at once
    const at = nextRedraw(model, now);
    if (at === null) return;
    const timer = setTimeout(() => setNow(performance.now()), Math.max(0, at - performance.now()) + 5);
    return () => clearTimeout(timer);
  }, [model, now]);
  return now;
}

/** Whole seconds left until ``end`` (ms on the clock ``now`` gives), ticking; null: no clock. */
function useCountdown(end: number | null, now: () => number): number | null {
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (end === null) {
      setValue(null);
      return;
    }
    const tick = () => setValue(Math.max(0, Math.ceil((end - now()) / 1000)));
    tick();
    const every = setInterval(tick, 250);
    return () => clearInterval(every);
  }, [end]);
  return value;
}

/** When the seat to move runs out of time (ms, server clock): the table's move time from the
 * moment the page saw this version, for a person to move; null without a move time. */
function useTurnEnd(state: TableState | null, version: number, now: () => number): number | null {
  const [end, setEnd] = useState<number | null>(null);
  const seconds = state?.turn_seconds ?? 0;
  const mover = state?.view?.to_move;
  const person = mover !== null && mover !== undefined && (state?.kinds ?? state?.seats ?? [])[mover] === "human";
  useEffect(() => {
    setEnd(seconds > 0 && person ? now() + seconds * 1000 : null);
  }, [version, seconds, person]);
  return end;
}

/** The challenge (its day) a table plays a deal of: the server's word where it says so,
 * else the page's address, else a table named like one ("2024-05-01 3/12", one game, a
 * person against three bots). */
function challengeOf(st: TableState | null, fromRoute: string | null): string | null {
  if (!st) return fromRoute;
  if (typeof st.challenge === "string") return st.challenge || null;
  if (fromRoute) return fromRoute;
  const named = dealOfName(st.name);
  const kinds = st.kinds ?? st.seats;
  const alone = kinds[0] === "human" && kinds.slice(1).every((k) => k !== "human");
  return named && st.games === 1 && alone ? named.day : null;
}

/** How long a seat's news stays under the hand. */
const NEWS_MS = 12000;
/** How long another person's new chat line shows under the board (a phone, whose chat lies
 * below the table). */
const PEEK_MS = 8000;

export function Table({ table, challenge: challengeRoute = null, storage, onLobby, onOpen }: Props) {
  const s = useSettings();
  const { me: account } = useMe();
  const [model, setModel] = useState<Model>(initialModel);
  const [notice, setNotice] = useState("");
  const [news, setNews] = useState("");
  const [timeoutNote, setTimeoutNote] = useState("");
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [tip, setTip] = useState<TipJson | null>(null);
  const [showLast, setShowLast] = useState(false);
  const [replay, setReplayShown] = useState<number | null>(null);
  /** Where the table's page was scrolled when a replay opened: closing it goes back there. */
  const scrolledTo = useRef(0);
  const setReplay = (game: number) => {
    scrolledTo.current = window.scrollY;
    setReplayShown(game);
    window.scrollTo(0, 0);
  };
  const closeReplay = () => {
    setReplayShown(null);
    requestAnimationFrame(() => window.scrollTo(0, scrolledTo.current));
  };
  const conn = useRef<TableConnection | null>(null);
  const [held, setHeld] = useState<HeldSeat | null>(() => seatFor(storage, table));
  const seated = held !== null && !held.left;
  const token = seated ? held.token : null;
  const heldRef = useRef(held);
  heldRef.current = held;
  const [chat, setChat] = useState<ChatState>(initialChat);
  const [muted, setMuted] = useState<Set<string>>(() => loadMuted(storage));
  /** A chat line was sent and neither it nor an error came back yet. */
  const chatPending = useRef(false);
  const [chatShownOpen, setChatShownOpen] = useState(chatStartsOpen);
  const chatOpen = useRef(chatShownOpen);
  chatOpen.current = chatShownOpen;
  const mySeat = useRef<number | null>(null);
  mySeat.current = model.state?.seat ?? null;

  useEffect(() => {
    const c = new TableConnection(table, token, {
      message: (msg: ServerMessage) => {
        if (msg.type === "chat") {
          if (msg.seat !== undefined && msg.seat === mySeat.current) chatPending.current = false;
          setChat((x) => receiveChat(x, msg, mySeat.current, chatOpen.current));
          return;
        }
        if (msg.type === "error" && (msg.for === "chat" || (chatPending.current && isChatError(msg.code)))) {
          chatPending.current = false; // the answer to the chat line, shown by the chat
          setChat((x) => chatError(x, msg.code).state);
          return;
        }
        setModel((m) => receive(m, msg, performance.now(), s.trickHoldMs));
        if (msg.type === "error") setNotice(errorText(s.lang, msg.code));
        else if ("state" in msg && msg.state) setNotice("");
        if (msg.type === "seats" && msg.state.seat === null && heldRef.current && !heldRef.current.left) {
          // the token holds the seat no more (left here or on another device)
          setHeld(markLeft(storage, table, msg.event.person ?? undefined));
        }
      },
      status: (connection) => setModel((m) => ({ ...m, connection })),
      lost: () => setNotice(s.t("notSent")),
    });
    conn.current = c;
    c.start();
    return () => c.stop();
  }, [table, token]);

  useEffect(() => {
    if (!model.news) return;
    setNews(seatNewsText(s.lang, model.news.event));
    // news of a seat ("Bert hat sich dazugesetzt") is read once, then gives its room back
    const gone = setTimeout(() => setNews(""), NEWS_MS);
    return () => clearTimeout(gone);
  }, [model.news?.serial]);
  useEffect(() => {
    const a = model.timedOut?.action;
    if (!a) return;
    const what = isCardName(a) ? cardName(a, { lang: s.lang, french: s.french }) : actionText(s.lang, a, s.french);
    setTimeoutNote(a === "gut" ? s.t("timedOutGut") : s.t(isCardName(a) ? "timedOut" : "timedOutSaid").replace("{action}", what));
  }, [model.timedOut?.serial]);

  /** Another round with the same players (``duplicate``: the same deals, each hand one seat
   * on), or the one someone else started: the next table and this seat there. */
  const [goingOn, setGoingOn] = useState(false);
  const again = async (duplicate = false) => {
    if (!held || held.left) return;
    setGoingOn(true); // this page asked: no note that the round waits for it
    try {
      const grant = await (duplicate ? api.duplicate(table, held.token) : api.again(table, held.token));
      onOpen(grant.table, grant.token ? { seat: grant.seat, token: grant.token, invite: grant.invite ?? undefined } : undefined, true);
    } catch (e) {
      setGoingOn(false);
      setNotice(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
    }
  };

  const now = useNow(model);
  const st: TableState | null = model.state;
  const challengeDay = challengeOf(st, challengeRoute);
  const over = st?.over ?? false;
  const finishedGames = st?.ledger.length ?? 0;

  /** Where the person stands in the challenge once this deal is over (for the next step). */
  const [standing, setStanding] = useState<ChallengeJson | null>(null);
  const [challengeBusy, setChallengeBusy] = useState(false);
  useEffect(() => {
    if (!challengeDay || !over || !account) return;
    let stop = false;
    api.challenge(challengeDay).then((c) => !stop && setStanding(c), () => undefined);
    return () => {
      stop = true;
    };
  }, [challengeDay, over, account?.name]);
  const nextDeal = async () => {
    if (!challengeDay) return;
    setChallengeBusy(true);
    try {
      const grant = await api.challengePlay(challengeDay);
      if (grant.token) saveSeat(storage, grant.table, { seat: grant.seat, token: grant.token });
      navigate(challengeTableUrl(grant.table, challengeDay));
    } catch (e) {
      setChallengeBusy(false);
      const code = e instanceof ApiError ? e.code : "network";
      if (code === "challenge_done") navigate(challengeUrl(challengeDay));
      else setNotice(errorText(s.lang, code));
    }
  };

  /** How this table's rated games moved the logged-in person's rating, once it is over. */
  const [moved, setMoved] = useState<{ before: RatingLike; after: RatingLike } | null>(null);
  const ratedOver = Boolean(over && st?.rated && account);
  useEffect(() => {
    if (!ratedOver || !account) return;
    let stop = false;
    api.player(account.name).then((p) => !stop && setMoved(ratingChange(p.history, table)), () => undefined);
    return () => {
      stop = true;
    };
  }, [ratedOver, account?.name, table]);

  /** A duplicate table's comparison with its original (null: none, or not one). */
  const [comparison, setComparison] = useState<ComparisonJson | null>(null);
  const isCopy = useRef<boolean | null>(null);
  const copyWord = st ? ("duplicate_of" in st ? Boolean(st.duplicate_of) : null) : null;
  useEffect(() => {
    if (!st || challengeDay) return;
    if (copyWord === false) isCopy.current = false;
    if (isCopy.current === false) return;
    let stop = false;
    api.comparison(table).then(
      (c) => {
        isCopy.current = true;
        if (!stop) setComparison(c);
      },
      (e: unknown) => {
        // "no_game": this table plays no other table's deals (asked once)
        if (e instanceof ApiError && e.code === "no_game") isCopy.current = false;
      },
    );
    return () => {
      stop = true;
    };
  }, [table, st !== null, finishedGames, copyWord, challengeDay]);

  /** Another person's newest chat line, shown by the board for a moment (a phone). */
  const [peek, setPeek] = useState<ChatLine | null>(null);
  const peeked = useRef<string | null>(null);
  const newestKey = chat.lines.length ? lineKey(chat.lines[chat.lines.length - 1]!) : null;
  useEffect(() => {
    const line = peekLine(chat.lines, muted, mySeat.current, peeked.current, (conn.current?.serverNow() ?? Date.now()) / 1000);
    if (!line) return;
    peeked.current = lineKey(line);
    setPeek(line);
  }, [newestKey]);
  useEffect(() => {
    if (!peek) return;
    const gone = setTimeout(() => setPeek(null), PEEK_MS);
    return () => clearTimeout(gone);
  }, [peek]);

  const sendChat = (what: { text: string } | { phrase: ChatPhrase }): boolean => {
    if (!conn.current || !conn.current.sendRaw(chatMessage(what))) return false;
    chatPending.current = true;
    setChat(chatSent);
    return true;
  };
  const muteName = (name: string) => {
    const next = toggleMuted(muted, name);
    saveMuted(storage, next);
    setMuted(next);
  };
  const chatOpened = (open: boolean) => {
    chatOpen.current = open;
    setChatShownOpen(open);
    if (open) setChat(chatSeen);
  };
  /** The closed chat's new lines, from the table's header: open it and go there. */
  const toChat = () => {
    chatOpened(true);
    setTimeout(() => document.getElementById("chat")?.scrollIntoView({ block: "nearest", behavior: "smooth" }), 0);
  };
  const v = st?.view;
  // while the last game's final trick is on show the next deal waits: its turn too
  const dealHeld = st !== null && dealWaits(model, st.game, now);
  const mine = myTurn(st) && !dealHeld;
  useEffect(() => {
    if (tip && tip.version !== model.version) setTip(null);
  }, [model.version]);
  // the last trick is a look back: the next card (anyone's) shows the table again
  const cardsPlayed = (v?.history ?? []).filter((e) => isCardName(e.action)).length;
  useEffect(() => setShowLast(false), [cardsPlayed]);
  useEffect(() => {
    document.title = mine ? s.t("yourTurnTitle") : s.t("title");
    if (mine && s.sound) beep();
  }, [mine, model.version]);
  const serverNow = () => conn.current?.serverNow() ?? Date.now();
  const turnEnd = useTurnEnd(st, model.version, serverNow);
  const doublingEnd = v?.doubling_deadline ? v.doubling_deadline * 1000 : null;
  const countdown = useCountdown(doublingEnd ?? turnEnd, serverNow);

  const send = (action: string) => {
    setTimeoutNote("");
    if (!conn.current || model.connection !== "open" || !conn.current.act(action, model.version)) {
      setNotice(s.t("notSent"));
    }
  };
  const askTip = async () => {
    if (!held || held.left) return;
    try {
      setTip(await api.tip(table, held.token));
    } catch (e) {
      setNotice(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
    }
  };
  const leave = async () => {
    setConfirmLeave(false);
    if (!held || held.left || !st) return;
    const name = st.names[held.seat];
    try {
      await api.leave(table, held.token);
      setHeld(markLeft(storage, table, name));
    } catch (e) {
      setNotice(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
    }
  };
  const comeBack = async () => {
    if (!held?.invite) return;
    const name = held.name ?? storage.getItem("sk.name") ?? s.t("you");
    try {
      const grant = await api.join(table, held.invite, name);
      const back: HeldSeat = { seat: grant.seat, token: grant.token, invite: held.invite, name };
      saveSeat(storage, table, back);
      setHeld(back);
    } catch (e) {
      setNotice(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
    }
  };
  const seatBot = async (seat: number) => {
    if (!held || held.left) return;
    try {
      await api.seatBot(table, seat, held.token);
    } catch (e) {
      setNotice(errorText(s.lang, e instanceof ApiError ? e.code : "network"));
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!v?.hand || e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === "l" || e.key === "L") setShowLast((x) => !x);
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= v.hand.length) {
        const token = v.hand[n - 1]!;
        if ((v.legal ?? []).some((a) => a.name === token)) send(token);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // "what if": played on in one's own seat (a spectator: in the seat to move)
  if (replay !== null)
    return (
      <>
        {/* a replay looked at during the round: the table's turn is not missed */}
        {mine ? (
          <div class="turn-banner" id="turn-banner" role="status">
            <strong>{s.t("yourTurn")}</strong>
            <button type="button" class="primary" onClick={closeReplay}>
              {s.t("turnToTable")}
            </button>
          </div>
        ) : null}
        <Replay table={table} game={replay} seat={model.state?.seat ?? null} onClose={closeReplay} onPlayOn={(t, grant) => onOpen(t, grant)} />
      </>
    );
  if (!st) {
    if (!model.error) {
      return (
        <p class="panel" id="status">
          {s.t("connecting")}
        </p>
      );
    }
    // no table to show (none by this name, or the server refused): a way back to the start
    return (
      <div class="panel status-gone" id="status-panel">
        <p id="status">{errorText(s.lang, model.error.code)}</p>
        <Link href="/" class="button primary" id="status-lobby">
          {s.t("toLobby")}
        </Link>
      </div>
    );
  }
  const names = st.names.map((x) => shownName(s.lang, x));
  const n = names.length;
  const offline = model.connection !== "open";
  const me = st.seat;
  const unit = unitOf(st.rules as { preset?: string; unit?: unknown });
  const said = seatWords(v, n);
  const playing = v?.phase === "play" || v?.phase === "done";
  const shownLast = showLast && v && v.tricks.length ? v.tricks[v.tricks.length - 1]! : null;
  const live = trickOnTable(model, now);
  // after the last game the final trick lies at rest with its winner (no new deal takes it)
  const onTable = shownLast
    ? { leader: shownLast.leader, cards: shownLast.cards, winner: shownLast.winner, collecting: false }
    : st.over ? { ...live, collecting: false } : live;
  const { cards: legalCards, buttons } = splitLegal(v?.legal);
  const holding = model.shown !== null && now < model.shown.until;
  // a game's last trick still on show: the next deal's cards and choices wait until it is taken
  const hand = dealHeld ? [] : (v?.hand ?? []);
  const waiting = v?.waiting_for_doubling ?? [];
  const waitingOnMe = me !== null && waiting.includes(me);
  const called = calledSuit(v?.contract);
  const lost = lostAlready(v);
  const kindOf = (seat: number) => (st.kinds ?? st.seats)[seat] ?? "human";

  const seats = names.map((name, seat) => {
    const place = placeOf(seat, me, n);
    const tags: string[] = [];
    if (v?.dealer === seat) tags.push(s.t("dealer"));
    if (v?.partner === seat && seat !== me) tags.push(s.t("partner"));
    // while bidding the last three words; in play the few that still count, all of them
    const words = (said[seat] ?? []).slice(playing ? 0 : -3).map((a) => actionText(s.lang, a, s.french, true));
    const turn = !dealHeld && turnSeats(v).includes(seat);
    const kind = kindOf(seat);
    const status = st.seat_status?.[seat];
    const statusWords = seatStatusText(s.lang, status);
    const winner = onTable.winner === seat && !onTable.collecting;
    const mayFill = status === "free" && seated && me === st.creator && !st.over && !offline;
    return (
      <div class={`seat ${place}${turn ? " turn" : ""}${winner ? " winner" : ""}`} data-seat={seat} key={seat}>
        <div class="name">
          {name}
          {seat === me ? ` (${s.t("you")})` : ""}
        </div>
        {status && STAND_IN.has(status) ? (
          <div class="kind" data-status={status}>{statusWords}</div>
        ) : status === "free" ? (
          <div class="kind free" data-status={status}>
            {statusWords}
            {mayFill ? (
              <button type="button" class="seat-bot" data-seat-bot={seat} onClick={() => void seatBot(seat)}>
                {s.t("seatBot")}
              </button>
            ) : null}
          </div>
        ) : kind !== "human" ? (
          <div class="kind">{`${s.t("bot")} · ${levelWord(s.lang, kind, true)}`}</div>
        ) : !st.over && status === "person" && seat !== me && st.online && !st.online.includes(seat) ? (
          <div class="kind offline" data-status="offline" title={s.t("seatOfflineHelp")}>
            {s.t("seatOffline")}
            {seated && !offline ? (
              // a bot plays for them until their page is back (they get the seat again)
              <button type="button" class="seat-bot" data-seat-away={seat} onClick={() => void seatBot(seat)}>
                {s.t("seatBotAway")}
              </button>
            ) : null}
          </div>
        ) : null}
        <div class="tags">{tags.join(" · ")}</div>
        <div class="said" data-said={(said[seat] ?? []).join("|")}>
          {words.map((w, i) => (
            <span class="bubble" key={i}>
              {w}
            </span>
          ))}
        </div>
        {v ? (
          <div class="count">
            <span class="in-hand" title={`${v.hand_sizes[seat]} ${s.t("cards")}`} aria-label={`${v.hand_sizes[seat]} ${s.t("cards")}`}>
              {v.hand_sizes[seat]}
            </span>
            {v.phase === "play" ? ` ${v.points[seat]} ${s.t("pointsAfter")}` : ""}
            {turn && countdown !== null ? <span class="clock">{s.t("timeLeft").replace("{n}", String(countdown))}</span> : null}
          </div>
        ) : null}
      </div>
    );
  });

  const trickCards = onTable.cards.map((c, i) => {
    const seat = ((onTable.leader ?? 0) + i) % n;
    const place = placeOf(seat, me, n);
    const winPlace = onTable.winner !== null ? placeOf(onTable.winner, me, n) : "";
    const cls = `played ${place} from-${place}${onTable.collecting ? ` collect-${winPlace}` : ""}${onTable.winner === seat ? " best" : ""}`;
    return <Card key={c} token={c} class={cls} seat={seat} title={names[seat]} />;
  });

  const deal = challengeDay ? dealOfName(st.name) : null;
  /** A challenge's game goes by its deal's number (the header's "Spiel 3 von 12"). */
  const dealNumber = deal ? deal.deal + 1 : undefined;
  const header = (
    <div class="info" id="info">
      {challengeDay ? (
        <span class="challenge-tag" id="challenge-tag">
          {deal
            ? s.t("challengeDeal").replace("{k}", String(deal.deal + 1)).replace("{n}", String(deal.deals))
            : s.t("challenge")}
        </span>
      ) : (
        <span>
          {s.t("game")} {st.game}/{st.games}
        </span>
      )}
      {comparison ? <span class="duplicate-tag" id="duplicate-tag">{s.t("duplicateTag")}</span> : null}
      {st.played_on ? <span class="duplicate-tag" id="played-on-tag">{s.t("playedOnTag")}</span> : null}
      {st.rated ? (
        <span class="duplicate-tag" id="rated-tag" title={s.t("ratedTagHelp")}>
          {s.t("ratedTag")}
        </span>
      ) : null}
      {chat.unseen > 0 && !chatShownOpen ? (
        <button type="button" class="chat-jump" id="chat-jump" onClick={toChat}>
          {s.t("chat")} <span class="badge">{chat.unseen}</span>
        </button>
      ) : null}
      {v?.contract ? (
        <span class="contract">
          {contractText(s.lang, v.contract, s.french)}
          {v.contract.declarer !== null && v.contract.declarer !== undefined ? ` — ${names[v.contract.declarer]}` : ""}
          {v.partner !== null && v.partner !== undefined && called ? ` · ${s.t("partner")}: ${v.partner === me ? s.t("you") : names[v.partner]}` : ""}
        </span>
      ) : v ? (
        <span class="phase">{s.t(PHASE_KEYS[v.phase] ?? "bidding")}</span>
      ) : null}
      {lost && v?.phase === "play" ? (
        <span class="decided" id="lost-already">
          {s.t(lost === "tout" ? "toutLost" : "bettelLost")}
        </span>
      ) : null}
      {v && v.knocks.length ? (
        <span class="knocks">
          {v.knocks.map((k) => names[k]).join(", ")} {s.t(v.knocks.length > 1 ? "knockedMany" : "knocked")}
        </span>
      ) : null}
      {v && v.doublings.length ? (
        <span class="doublings">{v.doublings.map((seat, i) => `${["Kontra", "Re", "Sup", "Hirsch"][i] ?? ""} (${names[seat]})`).join(" · ")}</span>
      ) : null}
      {st.stock ? (
        <span>
          {s.t("stock")}: {st.stock}
        </span>
      ) : null}
      <span id="turn" class={mine && !offline ? "mine" : ""}>
        {me === null ? s.t("spectator") : ""}
        {v && v.to_move !== null && me !== null && !offline && !dealHeld
          ? mine
            ? s.t("yourTurn")
            : waiting.length
              ? `${s.t("waitDoubling")} ${waiting.map((x) => names[x]).join(", ")}`
              : st.seat_status?.[v.to_move] === "free"
                ? s.t("waitingSeat")
                : `${s.t("waiting")} ${names[v.to_move]}`
          : ""}
      </span>
    </div>
  );

  const outbid = me !== null && mine ? rivals(v, me, n) : [];
  // one rival who has named the game to beat: say which ("Schorsch bietet Solo")
  const offered = offeredGame(said, outbid);
  // a seat before the rival may hold with the same game; one after must go higher
  const mayMatch = offered !== undefined && buttons.some((b) => b.name === offered);
  const settleTitle = offered
    ? s
        .t(mayMatch ? "settleOfferedMatch" : "settleOffered")
        .replace("{names}", names[outbid[0]!] ?? "")
        .replaceAll("{game}", actionText(s.lang, offered, s.french))
    : outbid.length
      ? s.t(outbid.length === 1 ? "settleOne" : "settleMany").replace("{names}", listText(s.lang, outbid.map((x) => names[x] ?? "")))
      : undefined;
  const result = model.result ?? st.last_result ?? null;
  // the last result names who played that game (a person may have left since)
  const resultNames = result?.names ? result.names.map((x) => shownName(s.lang, x)) : names;
  // the last game's result in a line until the next game's first card (the whole lies below)
  const resultFresh = st.over || !(v?.history ?? []).some((e) => isCardName(e.action));
  const nextTable = st.next_table ?? model.again?.table ?? null;
  /** The same cards once more: for a seat of a finished round not played on from a replay. */
  const offersDuplicate = seated && !nextTable && !st.played_on && st.ledger.length > 0;
  const progress = standing ? progressOf(standing, true) : null;
  // a challenge's games open once every deal is played (or its day is over)
  const replayOpen = !challengeDay || Boolean(standing && (standing.done || !standing.ranked));
  const dealPayout = me !== null && result ? result.result.payouts[me] : null;
  const people = (st.seat_status ?? []).map((x) => x === "person");
  const chatShown = !challengeDay && (st.seats.filter((k) => k === "human").length > 1 || chat.lines.length > 0);
  const chatPanel = chatShown ? (
    <ChatPanel
      chat={chat}
      muted={muted}
      mutable={mutableNames(st.names, me, people, chat.lines)}
      mySeat={me}
      writer={seated && me !== null}
      online={!offline}
      send={sendChat}
      toggleMute={muteName}
      open={chatShownOpen}
      setOpen={chatOpened}
    />
  ) : null;
  return (
    <div class="table-page">
      <main class="table">
        {st.over && challengeDay ? (
          <div class="over panel" id="over" data-challenge={challengeDay}>
            <p>
              {dealPayout !== null && dealPayout !== undefined
                ? s.t("challengeDealResult").replace("{amount}", amountText(s.lang, dealPayout, unit, true))
                : s.t("over")}
            </p>
            {progress ? (
              <p class="muted" id="challenge-standing">
                {s.t("challengePlayed").replace("{k}", String(progress.played)).replace("{n}", String(progress.deals))} ·{" "}
                {s.t("challengeSoFar").replace("{amount}", amountText(s.lang, progress.total, unit, true))}
              </p>
            ) : null}
            <div class="row">
              {seated && progress && progress.next !== null ? (
                <button type="button" class="primary" id="challenge-next" disabled={challengeBusy} onClick={() => void nextDeal()}>
                  {s.t("challengeNext").replace("{k}", String(progress.next + 1))}
                </button>
              ) : progress ? (
                <button type="button" class="primary" id="challenge-results" onClick={() => navigate(challengeUrl(challengeDay))}>
                  {s.t("challengeFinished")}
                </button>
              ) : null}
              <button type="button" id="to-challenge" class={progress ? "" : "primary"} onClick={() => navigate(challengeUrl(challengeDay))}>
                {s.t("challengeBack")}
              </button>
            </div>
          </div>
        ) : st.over ? (
          <div class="over panel" id="over">
            <p>{s.t("over")}</p>
            {seated && nextTable && !goingOn ? (
              // someone started the next round: it waits for this person, who comes when ready
              <p class="next-round" id="next-round-note" role="status">
                {s.t("nextRoundStarted")}
              </p>
            ) : null}
            {me !== null && st.ledger.length ? <p class="standing" id="my-standing">{standingText(s.lang, st.ledger, me, unit)}</p> : null}
            {st.played_from ? <PlayedFrom from={st.played_from} me={me} unit={unit} /> : null}
            {moved ? (
              <p class="standing" id="rating-change">
                {s.t("ratingMoved")
                  .replace("{before}", decimal(s.lang, moved.before.mu))
                  .replace("{after}", decimal(s.lang, moved.after.mu))}
              </p>
            ) : null}
            {st.ledger.length ? (
              <ol class="final-order" id="final-order" aria-label={s.t("finalLedger")}>
                {finalOrder(st.ledger).map((x) => (
                  <li key={x.seat} data-seat={x.seat} class={x.seat === me ? "me" : ""}>
                    <span class="place">{x.place}.</span> <Cut text={x.seat === me ? `${names[x.seat]} (${s.t("you")})` : names[x.seat] ?? ""} />{" "}
                    <span class={x.balance >= 0 ? "plus" : "minus"}>{amountText(s.lang, x.balance, unit, true)}</span>
                  </li>
                ))}
              </ol>
            ) : null}
            <div class="row">
              {seated && (nextTable || !st.played_on) ? (
                <button type="button" class="primary" id="again" onClick={() => void again()}>
                  {nextTable ? s.t("nextRound") : s.t("again")}
                </button>
              ) : null}
              {offersDuplicate ? (
                <button type="button" id="duplicate" title={s.t("duplicateHelp")} onClick={() => void again(true)}>
                  {s.t("duplicate")}
                </button>
              ) : null}
              {!seated && nextTable ? (
                <button type="button" class="primary" id="watch-next" onClick={() => onOpen(nextTable)}>
                  {s.t("watchNext")}
                </button>
              ) : null}
              <button type="button" id="to-lobby" class={(seated && !st.played_on) || nextTable ? "" : "primary"} onClick={onLobby}>
                {s.t("toLobby")}
              </button>
            </div>
            {offersDuplicate ? <p class="help">{s.t("duplicateHelpLine")}</p> : null}
          </div>
        ) : null}
        {st.over && comparison ? <ComparisonPanel comparison={comparison} unit={unit} me={me !== null ? (st.names[me] ?? null) : null} /> : null}
        {header}
        {result && resultFresh ? <ResultLine result={result} names={resultNames} unit={unit} me={me} number={dealNumber} /> : null}
        {offline ? (
          <p class="status offline" id="connection" role="status">
            {model.connection === "closed" ? errorText(s.lang, model.error?.code ?? "unavailable") : model.version ? s.t("reconnecting") : s.t("connecting")}
          </p>
        ) : null}
        <section class={`board players-${n}`}>
          {seats}
          <div class={`trick${shownLast ? " past" : ""}`} id="trick">
            {trickCards}
            {onTable.winner !== null && !onTable.collecting ? (
              <div class="won-by" id="won-by">
                {`${s.t(shownLast ? "lastTrickWon" : "wonBy")} ${names[onTable.winner]}`}
              </div>
            ) : null}
          </div>
        </section>
        {peek && chatShown && !isMuted(muted, peek.name) ? (
          <button type="button" class="link chat-peek" id="chat-peek" onClick={toChat}>
            {shownName(s.lang, peek.name)}: {peek.phrase ? phraseText(s.lang, peek.phrase) : (peek.text ?? "")}
          </button>
        ) : null}
        {waiting.length && !waitingOnMe ? (
          <p class="waiting" id="doubling-wait">
            {s.t("waitDoubling")} {waiting.map((x) => names[x]).join(", ")}
            {countdown !== null ? ` · ${s.t("timeLeft").replace("{n}", String(countdown))}` : ""}
          </p>
        ) : null}
        {waitingOnMe ? <p class="waiting mine">{s.t("mayDouble")}</p> : null}
        {st.over || dealHeld ? null : (
          <Choices
            buttons={buttons}
            naming={v?.phase === "naming"}
            waitingOnMe={waitingOnMe}
            disabled={offline}
            send={send}
            title={settleTitle}
          />
        )}
        {mine && seated && tipsAllowed(st) && !challengeDay && !offline ? (
          <div class="tip-row">
            <button type="button" id="tip-button" onClick={() => void askTip()}>
              {s.t("tip")}
            </button>
            {tip && tip.version === model.version ? (
              <span id="tip" role="status">
                {s.t("tipLine")
                  .replace("{best}", optionWords(tip.best, s.lang, s.french))
                  .replace("{value}", amountText(s.lang, tip.value, tip.unit, true))
                  .replace("{second}", tip.second ? optionWords(tip.second, s.lang, s.french) : "–")
                  .replace("{second_value}", tip.second_value === null ? "–" : amountText(s.lang, tip.second_value, tip.unit, true))}
                {tip.chance !== null && v && me !== null
                  ? ` ${s.t("tipChance").replace("{chance}", `${Math.round(ownChance(v, me, tip.chance) * 100)} %`)}`
                  : ""}
              </span>
            ) : null}
          </div>
        ) : null}
        <div class={`hand${legalCards.size ? " playing" : ""}${offline ? " offline" : ""}${hand.length ? "" : " empty"}`} id="hand">
          {hand.map((c) => {
            // a tap while the last trick is held plays at once: the trick goes to its winner
            const ok = legalCards.has(c) && !offline;
            const play = () => {
              if (holding) setModel((m) => collectNow(m, performance.now()));
              send(c);
            };
            const tipped = tip && tip.version === model.version && tip.best === c ? " tipped" : "";
            return <Card key={c} token={c} legal={legalCards.has(c)} class={`${ok ? "" : "locked"}${tipped}`} onClick={ok ? play : undefined} />;
          })}
        </div>
        {notice ? (
          <p class="notice" id="notice" role="alert">
            {notice}
          </p>
        ) : null}
        {timeoutNote ? (
          <p class="notice" id="timed-out" role="alert">
            {timeoutNote}
          </p>
        ) : null}
        {news ? (
          <p class="news" id="news" role="status">
            {news}
          </p>
        ) : null}
        {held?.left && !st.over ? (
          <div class="left-note" id="left-note">
            <span>{s.t("leftNote")}</span>
            {held.invite ? (
              <button type="button" class="primary" id="come-back" disabled={offline} onClick={() => void comeBack()}>
                {s.t("comeBack")}
              </button>
            ) : null}
          </div>
        ) : null}
        <div class="tools">
          {v && v.tricks.length ? (
            <button type="button" id="last-trick" aria-pressed={showLast} onClick={() => setShowLast(!showLast)}>
              {showLast ? s.t("hideLastTrick") : s.t("lastTrick")}
            </button>
          ) : null}
          <InviteBox state={st} held={seated ? held : null} />
          {seated && !st.over ? (
            confirmLeave ? (
              <span class="confirm" id="leave-confirm" role="group">
                <span>{s.t("leaveConfirm")}</span>
                <button type="button" class="danger" id="leave-yes" onClick={() => void leave()}>
                  {s.t("leaveYes")}
                </button>
                <button type="button" id="leave-no" onClick={() => setConfirmLeave(false)}>
                  {s.t("stay")}
                </button>
              </span>
            ) : (
              <button type="button" id="leave" disabled={offline} onClick={() => setConfirmLeave(true)}>
                {s.t("leave")}
              </button>
            )
          ) : null}
        </div>
      </main>
      <aside class="side">
        {chatPanel}
        {result ? <ResultPanel result={result} names={resultNames} unit={unit} number={dealNumber} onReplay={replayOpen ? () => setReplay(result.game) : undefined} /> : null}
        <LedgerPanel ledger={st.ledger} names={names} unit={unit} final={st.over && !challengeDay} onReplay={replayOpen ? setReplay : undefined} />
        {comparison && !st.over ? <ComparisonPanel comparison={comparison} unit={unit} me={me !== null ? (st.names[me] ?? null) : null} /> : null}
        {replayOpen ? <SessionPanel table={table} games={st.ledger.length} names={names} unit={unit} /> : null}
      </aside>
      <span class="sr" aria-live="assertive">
        {mine ? s.t("yourTurn") : ""}
      </span>
      {called ? <span hidden data-called={suitWord(s.lang, called, s.french)} /> : null}
    </div>
  );
}

function InviteBox({ state, held }: { state: TableState; held: HeldSeat | null }) {
  const s = useSettings();
  const [copied, setCopied] = useState(false);
  if (!held) return null;
  const invite = held.invite && state.seats.filter((k) => k === "human").length > 1
    ? `${location.origin}/?table=${state.table}&invite=${held.invite}`
    : null;
  const link = seatLink(location.origin, state.table, held);
  const copy = (value: string) => {
    void navigator.clipboard?.writeText(value).then(() => setCopied(true));
  };
  return (
    <>
      {invite ? (
        <details class="invite" open={(state.seat_status ?? []).includes("free")}>
          <summary>{s.t("invite")}</summary>
          <input readOnly value={invite} id="invite-url" onClick={(e) => (e.currentTarget as HTMLInputElement).select()} />
          <button type="button" onClick={() => copy(invite)}>
            {copied ? s.t("copied") : s.t("copy")}
          </button>
        </details>
      ) : null}
      <details class="seat-link">
        <summary>{s.t("seatLink")}</summary>
        <input readOnly value={link} id="seat-link" onClick={(e) => (e.currentTarget as HTMLInputElement).select()} />
        <button type="button" onClick={() => copy(link)}>
          {copied ? s.t("copied") : s.t("copy")}
        </button>
        <span class="qr" id="seat-qr" dangerouslySetInnerHTML={{ __html: qrSvg(link) }} />
      </details>
    </>
  );
}
