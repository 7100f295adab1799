import { describe, expect, it } from "vitest";
import {
  COLLECT_MS,
  cardDecisionAt,
  chanceLine,
  openLine,
  stepPoints,
  stepOf,
  worstDecisions,
  initialModel,
  myTurn,
  turnSeats,
  dealWaits,
  namingGroups,
  nextRedraw,
  placeOf,
  playOnStep,
  receive,
  replayPosition,
  finalOrder,
  finalPlace,
  rivals,
  saidBySeat,
  withoutRepeats,
  sameNaming,
  seatWords,
  sessionFigures,
  tipsAllowed,
  ownChance,
  splitLegal,
  trickOnTable,
  collectNow,
  offeredGame,
  lostAlready,
  nearestStep,
  judgedSaid,
  cardsBefore,
  declarersOf,
} from "./model";
import type { AnalysisJson, AnalysisStatus, DecisionJson, TableState, ViewJson } from "./protocol";

function view(over: Partial<ViewJson> = {}): ViewJson {
  return {
    phase: "play", dealer: 3, to_move: 0, knocks: [], contract: { kind: "rufspiel", declarer: 1, suit: "E" },
    doublings: [], trick_leader: 0, trick: [], hand_sizes: [8, 8, 8, 8], points: [0, 0, 0, 0],
    history: [], tricks: [], ...over,
  };
}

function state(v: ViewJson, over: Partial<TableState> = {}): TableState {
  return {
    table: "t1", names: ["Anna", "Sepp", "Resi", "Hias"], seats: ["human", "heuristic", "heuristic", "heuristic"],
    games: 2, game: 1, over: false, ledger: [], stock: 0, rules: { preset: "sauspiel" }, seat: 0, view: v, ...over,
  };
}

describe("the trick on the table", () => {
  it("keeps a finished trick with its winner, then collects it", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 5, state: state(view({ trick_leader: 1, trick: ["EO", "GO", "HO"], to_move: 0 })) }, 0);
    m = receive(m, {
      type: "event", version: 6,
      event: { kind: "action", game: 1, seat: 0, action: "SO", phase: "play", trick_won_by: 1 },
      state: state(view({ trick_leader: 1, trick: [], to_move: 1 })),
    }, 1000);
    const on = trickOnTable(m, 1100);
    expect(on.cards).toEqual(["EO", "GO", "HO", "SO"]);
    expect(on.leader).toBe(1);
    expect(on.winner).toBe(1);
    expect(on.collecting).toBe(false);
    expect(nextRedraw(m, 1100)).toBe(2500);
    expect(trickOnTable(m, 2600).collecting).toBe(true);
    const later = trickOnTable(m, 2500 + COLLECT_MS + 1);
    expect(later.cards).toEqual([]);
    expect(later.winner).toBeNull();
    expect(nextRedraw(m, 2500 + COLLECT_MS + 1)).toBeNull();
  });

  it("sends a held trick to its winner at once when the person plays a card", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 5, state: state(view({ trick_leader: 1, trick: ["EO", "GO", "HO"], to_move: 0 })) }, 0);
    m = receive(m, { type: "event", version: 6, event: { kind: "action", game: 1, seat: 0, action: "SO", trick_won_by: 1 } }, 1000);
    expect(trickOnTable(m, 1200).collecting).toBe(false); // held until 2500
    const now = collectNow(m, 1200);
    expect(trickOnTable(now, 1200).collecting).toBe(true); // flies to its winner now
    expect(trickOnTable(now, 1200 + COLLECT_MS + 1).cards).toEqual([]);
    expect(collectNow(now, 3000)).toBe(now); // nothing held: unchanged
  });

  it("shows the last trick of a game although the next game has started", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 1, state: state(view({ trick_leader: 2, trick: ["EA", "E7", "E8"], to_move: 1, hand_sizes: [1, 0, 0, 0] })) }, 0);
    m = receive(m, { type: "event", version: 2, event: { kind: "action", game: 1, seat: 1, action: "E9", trick_won_by: 2 } }, 10);
    m = receive(m, { type: "event", version: 3, event: { kind: "game_over", game: 1, result: { game: 1, hands: [], contract: null, result: { declarers: [], points: [], declarer_points: null, won: null, schneider: false, schwarz: false, laufende: 0, multiplier: 1, value: 0, payouts: [0, 0, 0, 0] } } } }, 10);
    m = receive(m, { type: "event", version: 4, event: { kind: "game_start", game: 2, dealer: 0 }, state: state(view({ phase: "bidding", trick_leader: null, contract: null }), { game: 2 }) }, 10);
    expect(trickOnTable(m, 500).cards).toEqual(["EA", "E7", "E8", "E9"]);
    expect(m.result?.game).toBe(1);
    expect(m.version).toBe(4);
  });

  it("keeps the parts an action's event leaves out", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 1, state: state(view(), { ledger: [{ game: 1, payouts: [1, -1, 0, 0], balances: [1, -1, 0, 0] }] }) }, 0);
    const partial = state(view({ to_move: 1 })) as unknown as Record<string, unknown>;
    delete partial.ledger;
    delete partial.rules;
    m = receive(m, { type: "event", version: 2, event: { kind: "action", game: 1, seat: 0, action: "weiter" }, state: partial as unknown as TableState }, 5);
    expect(m.state?.ledger).toHaveLength(1);
    expect(m.state?.rules.preset).toBe("sauspiel");
  });

  it("remembers an error by its code", () => {
    const m = receive(initialModel(), { type: "error", code: "stale_version", message: "x" }, 0);
    expect(m.error?.code).toBe("stale_version");
  });
});

describe("what each seat said", () => {
  it("collects bids, offers, the contract and doublings, without cards", () => {
    const v = view({
      history: [
        { seat: 0, action: "klopfen" }, { seat: 1, action: "nicht klopfen" },
        { seat: 0, action: "weiter" }, { seat: 1, action: "spiel" }, { seat: 2, action: "spiel" },
        { seat: 3, action: "weiter" }, { seat: 2, action: "wenz" }, { seat: 1, action: "weiter" },
        { seat: 2, action: "wenz" }, { seat: 0, action: "EO" }, { seat: 1, action: "kontra" },
      ],
    });
    expect(saidBySeat(v, 4)).toEqual([["klopfen", "weiter"], ["spiel", "weiter", "kontra"], ["spiel", "wenz"], ["weiter"]]);
  });

  it("lists a replay's words in order, a Wenz offered and then named once, a solo's naming kept", () => {
    const said = [
      { seat: 0, action: "spiel" }, { seat: 1, action: "weiter" }, { seat: 3, action: "spiel" },
      { seat: 3, action: "wenz" }, { seat: 0, action: "weiter" }, { seat: 3, action: "wenz" },
      { seat: 2, action: "solo" }, { seat: 2, action: "solo H" }, { seat: 1, action: "weiter" }, // a second "weiter" stays
    ];
    expect(withoutRepeats(said, sameNaming).map((x) => `${x.seat}:${x.action}`)).toEqual([
      "0:spiel", "1:weiter", "3:spiel", "3:wenz", "0:weiter", "2:solo", "2:solo H", "1:weiter",
    ]);
  });

  it("reads a record's declaring side, none for a Ramsch or a game without result", () => {
    expect(declarersOf({ result: { declarers: [1, 3] } })).toEqual([1, 3]);
    expect(declarersOf({ result: { declarers: [] } })).toEqual([]);
    expect(declarersOf({})).toEqual([]);
    expect(declarersOf(undefined)).toEqual([]);
  });

  it("names the game a single rival offers, so the prompt can say what to beat", () => {
    const said = [["spiel"], ["spiel", "solo"], ["weiter"], ["spiel", "wenz"]];
    expect(offeredGame(said, [1])).toBe("solo");
    expect(offeredGame([["spiel"], ["spiel"]], [1])).toBeUndefined(); // not named yet
    expect(offeredGame(said, [1, 3])).toBeUndefined(); // several: the general words
    expect(offeredGame(said, [])).toBeUndefined();
  });

  it("finds whom a seat must outbid in the settling round", () => {
    const history = [
      { seat: 0, action: "spiel" }, { seat: 1, action: "spiel" }, { seat: 2, action: "weiter" },
      { seat: 3, action: "spiel" }, { seat: 3, action: "weiter" },
    ];
    const settling = view({ phase: "settling", contract: null, history });
    expect(rivals(settling, 0, 4)).toEqual([1]);
    expect(rivals(settling, 1, 4)).toEqual([0]);
    expect(rivals(view({ phase: "naming", contract: null, history }), 0, 4)).toEqual([]);
  });

  it("keeps every word while bidding, only what still counts once the cards are played", () => {
    const history = [
      { seat: 0, action: "klopfen" }, { seat: 0, action: "spiel" }, { seat: 1, action: "weiter" },
      { seat: 2, action: "weiter" }, { seat: 3, action: "spiel" }, { seat: 0, action: "spiel" },
      { seat: 3, action: "weiter" }, { seat: 0, action: "rufspiel G" },
    ];
    const bidding = view({ phase: "naming", contract: null, history });
    expect(seatWords(bidding, 4)).toEqual([["klopfen", "spiel", "rufspiel G"], ["weiter"], ["weiter"], ["spiel", "weiter"]]);
    const playing = view({
      contract: { kind: "rufspiel", declarer: 0, suit: "G" },
      history: [...history, { seat: 2, action: "kontra" }, { seat: 0, action: "re" }, { seat: 1, action: "EO" }],
    });
    expect(seatWords(playing, 4)).toEqual([["klopfen", "rufspiel G", "re"], [], ["kontra"], []]);
    expect(seatWords({ ...playing, phase: "done" }, 4)).toEqual(seatWords(playing, 4));
  });
});

describe("choices", () => {
  it("splits cards from buttons and groups contracts for the two-step naming", () => {
    const legal = [
      { id: 5, name: "EZ" }, { id: 32, name: "weiter" },
      { id: 49, name: "rufspiel E" }, { id: 50, name: "rufspiel G" }, { id: 52, name: "solo E" },
      { id: 53, name: "solo G" }, { id: 56, name: "solo E tout" }, { id: 76, name: "wenz" }, { id: 77, name: "wenz tout" },
    ];
    const { cards, buttons } = splitLegal(legal);
    expect([...cards]).toEqual(["EZ"]);
    const { groups, others } = namingGroups(buttons);
    expect(others.map((o) => o.name)).toEqual(["weiter"]);
    expect(groups.map((g) => g.key)).toEqual(["rufspiel", "solo", "wenz"]); // Tout with its kind
    expect(groups[0]!.actions.map((a) => a.suit)).toEqual(["E", "G"]);
    expect(groups[1]!.actions.map((a) => a.name)).toEqual(["solo E", "solo G", "solo E tout"]); // plain first
    expect(groups[2]!.actions).toEqual([{ name: "wenz", suit: null, tout: false }, { name: "wenz tout", suit: null, tout: true }]);
  });

  it("knows when it is the page's turn, also for a Kontra it is waited for", () => {
    expect(myTurn(state(view({ to_move: 0 })))).toBe(true);
    expect(myTurn(state(view({ to_move: 1 })))).toBe(false);
    expect(myTurn(state(view({ to_move: 1, waiting_for_doubling: [0] })))).toBe(true);
    expect(myTurn(state(view({ to_move: 0 }), { seat: null }))).toBe(false);
    // the seat to move plays no card while the table waits on another's Kontra: not its turn
    expect(myTurn(state(view({ to_move: 0, waiting_for_doubling: [2] })))).toBe(false);
    expect(turnSeats(view({ to_move: 0, waiting_for_doubling: [2, 3] }))).toEqual([2, 3]);
    expect(turnSeats(view({ to_move: 1 }))).toEqual([1]);
    expect(turnSeats(view({ to_move: null }))).toEqual([]);
  });
});

describe("places and replays", () => {
  it("puts the own seat at the bottom", () => {
    expect(placeOf(2, 2, 4)).toBe("south");
    expect(placeOf(3, 2, 4)).toBe("west");
    expect(placeOf(0, 2, 4)).toBe("north");
    expect(placeOf(1, 2, 4)).toBe("east");
    expect(placeOf(1, null, 4)).toBe("west");
  });

  it("steps through a game card by card", () => {
    const tricks = [{ leader: 0, cards: ["EO", "GO", "HO", "SO"], winner: 0 }, { leader: 0, cards: ["EA", "E7", "E8", "E9"], winner: 0 }];
    const at5 = replayPosition(tricks, 5);
    expect([...at5.played]).toEqual(["EO", "GO", "HO", "SO", "EA"]);
    expect(at5.trickIndex).toBe(1);
    expect(at5.inTrick).toBe(1);
    expect(replayPosition(tricks, 0).played.size).toBe(0);
  });
});

describe("seats that follow people", () => {
  const seatEvent = (code: "left" | "away" | "bot", seat: number) => ({
    kind: "seat" as const, code, seat, name: "Sepp (Bot für Anna)", status: code === "bot" ? ("empty" as const) : code,
    plays: "heuristic", person: code === "bot" ? null : "Anna",
  });

  it("numbers each seat change, keeps the version and takes the new state", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 7, state: state(view()) }, 0);
    m = receive(m, { type: "seats", version: 7, event: seatEvent("left", 0), state: state(view(), { seat: null, seat_status: ["left", "bot", "bot", "bot"] }) }, 0);
    expect(m.news?.serial).toBe(1);
    expect(m.news?.event.code).toBe("left");
    expect(m.version).toBe(7);
    expect(m.state?.seat).toBeNull();
    expect(m.state?.seat_status?.[0]).toBe("left");
    m = receive(m, { type: "seats", version: 7, event: seatEvent("bot", 2), state: state(view()) }, 0);
    expect(m.news?.serial).toBe(2);
  });

  it("notes an action the server made for this seat when its time ran out, and no other", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 3, state: state(view({ to_move: 1 })) }, 0);
    m = receive(m, { type: "event", version: 4, event: { kind: "action", game: 1, seat: 1, action: "EO", phase: "play", by: "timeout" } }, 0);
    expect(m.timedOut).toBeNull();
    m = receive(m, { type: "event", version: 5, event: { kind: "action", game: 1, seat: 0, action: "GO", phase: "play" } }, 0);
    expect(m.timedOut).toBeNull();
    m = receive(m, {
      type: "events", version: 7,
      events: [
        { kind: "action", game: 1, seat: 0, action: "HO", phase: "play", by: "timeout" },
        { kind: "action", game: 1, seat: 0, action: "gut", phase: "play", by: "timeout" },
      ],
      state: state(view()),
    }, 0);
    expect(m.timedOut).toEqual({ action: "gut", serial: 2 });
  });

  it("keeps the next round's table and this seat's token there", () => {
    let m = receive(initialModel(), { type: "snapshot", version: 9, state: state(view(), { over: true }) }, 0);
    m = receive(m, { type: "again", version: 9, table: "t2", seat: 0, token: "tok" }, 0);
    expect(m.again).toEqual({ table: "t2", seat: 0, token: "tok" });
    expect(m.state?.over).toBe(true);
  });
});

describe("the analysis in the replay", () => {
  const d = (over: Partial<DecisionJson>): DecisionJson => ({
    seat: 0, phase: "play", trick: 2, position: 3, action: "EA", best: "E7", loss: 1, open_loss: 0,
    verdict: "blunder", options: { EA: -1, E7: 0 }, index: 20, ...over,
  });
  const analysis: AnalysisJson = {
    decisions: [
      d({}),
      d({ trick: 1, position: 1, verdict: null, loss: 0, index: 6, chance: 0.5 }),
      d({ phase: "bidding", trick: null, position: null, verdict: "mistake", loss: 5, index: 1, action: "weiter", best: "spiel" }),
      d({ trick: 1, position: 4, verdict: "inaccuracy", loss: 0.5, index: 9, chance: 0.75 }),
    ],
    seats: [], payouts: [0, 0, 0, 0], unit: "ct",
  };

  it("finds a card decision by the replay's step", () => {
    expect(stepOf(analysis.decisions[0]!, 4)).toBe(7);
    expect(stepOf(analysis.decisions[2]!, 4)).toBeNull();
    expect(cardDecisionAt(analysis, 7, 4)?.index).toBe(20);
    expect(cardDecisionAt(analysis, 2, 4)).toBeNull();
  });

  it("lists the verdicts costliest first and draws the chance by card", () => {
    expect(worstDecisions(analysis).map((x) => x.index)).toEqual([1, 20, 9]);
    expect(chanceLine(analysis, 4)).toEqual([[1, 0.5], [4, 0.75]]);
  });

  it("draws whether the declarers win with open cards as a step line", () => {
    const open: AnalysisJson = {
      ...analysis,
      decisions: [
        d({ trick: 1, position: 1, index: 9, chance: 0.5, open_expected: 30 }),
        d({ trick: 1, position: 3, index: 11, chance: 0.4, open_expected: -30 }),
        d({ trick: 1, position: 2, index: 10, chance: 0.6, open_expected: 20 }),
        d({ trick: 2, position: 1, index: 13, chance: null, open_expected: 10 }), // no declarers
        d({ trick: 2, position: 2, index: 14, chance: 0.2 }), // not judged with open cards
      ],
    };
    expect(openLine(open, 4)).toEqual([[1, 1], [2, 1], [3, 0]]);
    expect(stepPoints(openLine(open, 4))).toEqual([[1, 1], [2, 1], [3, 1], [3, 0]]);
    expect(stepPoints([])).toEqual([]);
  });
});

describe("a session's analysis", () => {
  it("sums the seats' figures over the analysed games and counts the progress", () => {
    const seat = (s: number, accuracy: number, luck: number) => ({ seat: s, accuracy, luck, inaccuracies: 1, mistakes: 0, blunders: s });
    const done = (acc: number): AnalysisStatus => ({
      status: "done",
      analysis: { decisions: [], seats: [seat(0, acc, 1.5), seat(1, 50, -1.5)], payouts: [0, 0], unit: "ct" },
    });
    const f = sessionFigures([done(90), done(70), { status: "running", done: 3, total: 10 }, null], 2);
    expect(f.finished).toBe(2);
    expect([f.done, f.total]).toEqual([3, 10]);
    expect(f.fraction).toBeCloseTo((2 + 0.3) / 4);
    // one game of two analysed, the other just begun: the bar is half full, not empty
    expect(sessionFigures([done(90), { status: "running", done: 0, total: 12 }], 2).fraction).toBe(0.5);
    expect(f.seats[0]).toEqual({ seat: 0, accuracy: 80, luck: 3, inaccuracies: 2, mistakes: 0, blunders: 0 });
    expect(f.seats[1]!.blunders).toBe(2);
    expect(sessionFigures([null], 2).seats[0]!.accuracy).toBeNull();
  });
});

describe("tips", () => {
  it("are there where every other seat is a bot, or where the creator allowed them", () => {
    const st = (seat_status: TableState["seat_status"], over: Partial<TableState> = {}) =>
      state(view(), { seat_status, ...over });
    expect(tipsAllowed(st(["person", "bot", "bot", "left"]))).toBe(true);
    expect(tipsAllowed(st(["person", "person", "bot", "bot"]))).toBe(false);
    expect(tipsAllowed(st(["person", "free", "bot", "bot"]))).toBe(false);
    expect(tipsAllowed(st(["person", "person", "bot", "bot"], { tips: true }))).toBe(true);
    expect(tipsAllowed(st(["person", "bot", "bot", "bot"], { seat: null }))).toBe(false);
    expect(tipsAllowed(st(["person", "bot", "bot", "bot"], { rated: true }))).toBe(false); // counts for the rating
    expect(tipsAllowed(st(["person", "bot", "bot", "bot"], { challenge: "2026-12-07" }))).toBe(false);
  });
});

describe("playing a game on", () => {
  it("starts at the next card's place in the history", () => {
    const h = [{ action: "weiter" }, { action: "spiel" }, { action: "rufspiel E" }, { action: "EO" }, { action: "kontra" }, { action: "GO" }];
    expect(playOnStep(h, 0)).toBe(4);
    expect(playOnStep(h, 1)).toBe(6);
    expect(playOnStep(h, 2)).toBeNull();
  });
});

describe("a seat's place after the round", () => {
  const ledger = [
    { game: 1, payouts: [20, -20, 20, -20], balances: [20, -20, 20, -20] },
    { game: 2, payouts: [-10, 30, -10, -10], balances: [10, 10, 10, -30] },
    { game: 3, payouts: [60, -20, -20, -20], balances: [70, -10, -10, -50] },
  ];
  it("counts the seats with more, and says when a place is shared", () => {
    expect([0, 1, 2, 3].map((seat) => finalPlace(ledger, seat))).toEqual([
      { balance: 70, place: 1, shared: false },
      { balance: -10, place: 2, shared: true },
      { balance: -10, place: 2, shared: true },
      { balance: -50, place: 4, shared: false },
    ]);
    expect(finalPlace(ledger.slice(0, 2), 3)).toEqual({ balance: -30, place: 4, shared: false });
    expect(finalPlace([], 0)).toBeNull();
    expect(finalOrder(ledger)).toEqual([
      { seat: 0, balance: 70, place: 1 }, { seat: 1, balance: -10, place: 2 },
      { seat: 2, balance: -10, place: 2 }, { seat: 3, balance: -50, place: 4 },
    ]);
    expect(finalOrder([])).toEqual([]);
  });
});

describe("a tip's chance", () => {
  it("is the seat's own side's: the declarer's, the called Sau's holder's, or the defenders'", () => {
    const v = view({ contract: { kind: "rufspiel", declarer: 1, suit: "E" } });
    expect(ownChance(v, 1, 0.8)).toBeCloseTo(0.8); // the declarer
    expect(ownChance({ ...v, partner: 2 }, 2, 0.8)).toBeCloseTo(0.8); // holds the called Sau
    expect(ownChance({ ...v, partner: 2 }, 0, 0.8)).toBeCloseTo(0.2); // a defender who knows
    expect(ownChance({ ...v, partner: null }, 3, 0.8)).toBeCloseTo(0.2); // a defender
  });
});

describe("lostAlready", () => {
  const trick = (winner: number) => ({ leader: 0, cards: ["EO", "GO", "HO", "SO"], winner });
  it("says a Tout is lost at the declarer's first lost trick, a Bettel at its first taken one", () => {
    const tout = { kind: "solo", declarer: 2, suit: "H", tout: true };
    expect(lostAlready({ contract: tout, tricks: [trick(2), trick(2)] })).toBeNull();
    expect(lostAlready({ contract: tout, tricks: [trick(2), trick(1)] })).toBe("tout");
    const bettel = { kind: "bettel", declarer: 0 };
    expect(lostAlready({ contract: bettel, tricks: [trick(1), trick(3)] })).toBeNull();
    expect(lostAlready({ contract: bettel, tricks: [trick(1), trick(0)] })).toBe("bettel");
  });
  it("says nothing of other games, nor before a contract", () => {
    expect(lostAlready({ contract: { kind: "solo", declarer: 2, suit: "H" }, tricks: [trick(1)] })).toBeNull();
    expect(lostAlready({ contract: null, tricks: [] })).toBeNull();
    expect(lostAlready(undefined)).toBeNull();
  });
});

describe("nearestStep", () => {
  it("picks the card nearest to a tap over the chart, the ends held", () => {
    expect(nearestStep(34, 34, 312, 32)).toBe(1);
    expect(nearestStep(312, 34, 312, 32)).toBe(32);
    expect(nearestStep(34 + (278 / 31) * 9.4, 34, 312, 32)).toBe(10);
    expect(nearestStep(0, 34, 312, 32)).toBe(1);
    expect(nearestStep(400, 34, 312, 32)).toBe(32);
  });
});

describe("judged words", () => {
  const decision = (index: number, phase: DecisionJson["phase"], verdict: DecisionJson["verdict"], loss = 1): DecisionJson => ({
    seat: 1, phase, trick: null, position: null, action: "weiter", best: "spiel", loss, open_loss: null, verdict, options: {}, index,
  });
  const analysis = {
    decisions: [decision(2, "bidding", "mistake", 5), decision(6, "naming", "inaccuracy", 2), decision(3, "bidding", null), decision(9, "play", "blunder", 9)],
    seats: [], payouts: [], unit: "ct",
  };
  it("finds the judged bid among a line's history places (repeats merged in), never a card", () => {
    expect(judgedSaid(analysis, [2])?.verdict).toBe("mistake");
    expect(judgedSaid(analysis, [4, 6])?.verdict).toBe("inaccuracy"); // an offer, then the same named
    expect(judgedSaid(analysis, [2, 6])?.loss).toBe(5); // the costlier
    expect(judgedSaid(analysis, [3])).toBeNull(); // judged, but no verdict
    expect(judgedSaid(analysis, [9])).toBeNull();
    expect(judgedSaid(null, [2])).toBeNull();
  });
  it("counts the cards before a history place: the replay's step for a bid or a Kontra", () => {
    const history = ["weiter", "spiel", "weiter", "weiter", "rufspiel E", "EO", "GO", "kontra", "HO"].map((action) => ({ action }));
    expect(cardsBefore(history, 1)).toBe(0);
    expect(cardsBefore(history, 7)).toBe(2);
    expect(cardsBefore(history, 9)).toBe(3);
  });
  it("merges a repeat into the line kept", () => {
    const said = [{ seat: 0, action: "wenz", indices: [3] }, { seat: 0, action: "wenz", indices: [5] }];
    const kept = withoutRepeats(said, (a, b) => a.action === b.action, (k, left) => k.indices.push(...left.indices));
    expect(kept).toEqual([{ seat: 0, action: "wenz", indices: [3, 5] }]);
  });
});

describe("dealWaits", () => {
  it("holds the next deal's cards back while the last game's final trick is on show", () => {
    const model = { ...initialModel(), shown: { game: 2, leader: 0, cards: ["EO", "GO", "HO", "SO"], winner: 1, until: 1000 } };
    expect(dealWaits(model, 3, 900)).toBe(true); // game 3 dealt, game 2's trick on show
    expect(dealWaits(model, 3, 1200)).toBe(true); // flying to its winner
    expect(dealWaits(model, 3, 1400)).toBe(false);
    expect(dealWaits(model, 2, 900)).toBe(false); // a trick within the game
    expect(dealWaits(initialModel(), 3, 0)).toBe(false);
  });
});

describe("presence", () => {
  it("takes the seats with a connection from a presence message", () => {
    const m = receive(initialModel(), { type: "snapshot", version: 3, state: { ...state(view({ to_move: 0 })), online: [0, 1] } }, 0);
    const after = receive(m, { type: "presence", version: 3, online: [0] }, 0);
    expect(after.state?.online).toEqual([0]);
    expect(after.version).toBe(3);
    expect(receive(initialModel(), { type: "presence", version: 1, online: [0] }, 0).state).toBeNull();
  });
});

describe("events in a batch", () => {
  it("puts only cards on the trick: a Re said in play is two letters, not a card", () => {
    const start = state(view({ phase: "play", trick: ["EO"], trick_leader: 0, to_move: 1 }));
    const m = receive({ ...initialModel(), state: start }, {
      type: "events", version: 5,
      events: [
        { kind: "action", game: 1, seat: 1, action: "re" },
        { kind: "action", game: 1, seat: 1, action: "GO" },
      ],
    } as never, 0);
    expect(m.state?.view?.trick).toEqual(["EO", "GO"]);
  });
});
