// The page's words in German and English: texts, the server's error codes, the options
// with their help, contracts, actions and amounts. Every screen takes its words from here.

import type { SeatEvent, SeatStatus } from "./protocol";

export type Lang = "de" | "en";

const de = {
  title: "Schafkopf",
  lobby: "Tische",
  openTables: "Offene Tische",
  noTables: "Gerade ist kein öffentlicher Tisch offen. Leg einen an!",
  create: "Tisch anlegen",
  yourName: "Dein Name",
  preset: "Regeln",
  games: "Spiele",
  seat: "Platz",
  human: "Mensch",
  bot: "Bot",
  turnSeconds: "Zeit pro Zug (Sekunden, 0 = ohne)",
  options: "Hausregeln",
  start: "Tisch anlegen",
  invite: "Einladung",
  copy: "Kopieren",
  copied: "Kopiert",
  join: "Platz nehmen",
  watch: "Zuschauen",
  joinTitle: "Einladung an einen Tisch",
  joinHost: "{name} lädt dich ein.",
  joinGames: "{n} Spiele",
  joinGamesOne: "1 Spiel",
  seatWord: "Platz {n}",
  full: "Alle Plätze sind vergeben. Du kannst zuschauen.",
  yourTurn: "Du bist dran",
  yourTurnTitle: "Du bist dran – Schafkopf",
  waiting: "Am Zug:",
  lastTrick: "Letzter Stich",
  lastTrickWon: "Letzter Stich – für",
  hideLastTrick: "Zurück zum Spiel",
  result: "Ergebnis",
  ledger: "Abrechnung",
  ledgerRunning: "Stand nach jedem Spiel",
  playsWith: "mit",
  replay: "Ansehen",
  replayTitle: "Wiedergabe",
  download: "Spiel herunterladen",
  won: "gewonnen",
  lost: "verloren",
  value: "Wert",
  points: "Augen",
  pointsAfter: "Augen",
  tricksWord: "Stiche",
  payouts: "Auszahlung",
  declarers: "Spieler",
  declarer: "Spieler",
  defenders: "Gegenspieler",
  next: "Vor",
  prev: "Zurück",
  first: "Anfang",
  last: "Ende",
  close: "Schließen",
  allHands: "Alle Karten",
  over: "Alle Spiele sind gespielt.",
  settleOne: "Auch {names} will spielen: biete ein Spiel dagegen an oder sag „Weiter“.",
  settleOffered: "{names} bietet {game}: biete ein höheres Spiel an oder sag „Weiter“.",
  settleOfferedMatch: "{names} bietet {game}: halte mit {game} oder einem höheren Spiel dagegen, oder sag „Weiter“.",
  settleMany: "Auch {names} wollen spielen: biete ein Spiel dagegen an oder sag „Weiter“.",
  myStanding: "Du: {amount} · Platz {k} von {n}",
  myStandingShared: "Du: {amount} · geteilter Platz {k} von {n}",
  finalLedger: "Endstand",
  again: "Noch eine Runde mit denselben Spielern",
  toLobby: "Zur Übersicht",
  connecting: "Verbinde …",
  reconnecting: "Verbindung verloren – verbinde neu …",
  offline: "Keine Verbindung. Deine Züge sind gesperrt, bis sie wieder steht.",
  notSent: "Nicht gesendet: keine Verbindung. Bitte noch einmal, sobald sie wieder steht.",
  french: "Französisches Blatt",
  language: "Sprache",
  sound: "Ton, wenn ich dran bin",
  partner: "Partner",
  dealer: "Geber",
  game: "Spiel",
  trick: "Stich",
  ramsch: "Ramsch",
  allPassed: "Alle haben weiter gesagt",
  stock: "Stock",
  spectator: "Du schaust zu",
  knocked: "klopft",
  knockedMany: "klopfen",
  unitCents: "Cent",
  seatOffline: "nicht verbunden",
  seatOfflineHelp: "Die Seite dieses Platzes ist zu oder ohne Netz; ist er dran, wartet der Tisch.",
  turnToTable: "Zurück an den Tisch",
  unitPoints: "Punkte",
  tout: "Tout",
  cards: "Karten",
  wonBy: "Stich für",
  seconds: "s",
  timeLeft: "noch {n} s",
  chooseKind: "Welches Spiel?",
  chooseSuit: "Welche Farbe?",
  back: "Zurück",
  gut: "Gut",
  waitDoubling: "Wartet auf Kontra oder „gut“:",
  mayDouble: "Du kannst jetzt noch verdoppeln.",
  leave: "Platz verlassen",
  seatLink: "Dein Platz-Link (auf einem anderen Gerät weiterspielen)",
  you: "Du",
  bidding: "Reizen",
  klopfenPhase: "Klopfen",
  naming: "Spiel ansagen",
  settling: "Wer spielt?",
  play: "Spiel läuft",
  done: "Spiel vorbei",
  history: "Bisherige Spiele",
  step: "Schritt",
  noTricks: "Kein Stich gespielt",
  with: "mit",
  calledSau: "gerufen",
  public: "Öffentlich (in der Übersicht)",
  private: "Privat (nur mit Einladung)",
  free: "frei",
  seats: "Plätze",
  rulesWord: "Regeln",
  helpToggle: "Erklärung",
  error: "Fehler",
  trickHold: "Stich liegen lassen",
  settingsMenu: "Einstellungen",
  leaveConfirm: "Wirklich gehen? Ein Bot spielt für dich weiter. Mit der Einladung kommst du an deinen Platz zurück.",
  leaveYes: "Ja, gehen",
  stay: "Bleiben",
  comeBack: "Zurück an meinen Platz",
  leftNote: "Du hast deinen Platz verlassen; ein Bot spielt für dich.",
  seatBot: "Bot hinsetzen",
  seatBotAway: "Bot einspringen lassen",
  nextRound: "Zur nächsten Runde",
  playedOnTag: "Weitergespielt",
  toutLost: "Tout verloren: die übrigen Karten ändern nichts mehr",
  bettelLost: "Bettel verloren: die übrigen Karten ändern nichts mehr",
  realGame: "Gespielt wurde",
  realGameOpen: "Das echte Spiel ansehen",
  ratedTag: "Gewertet",
  ratingMoved: "Deine Spielstärke: {before} → {after}",
  ratedTagHelp: "Die Spiele dieses Tisches zählen für die Wertung.",
  nextRoundStarted: "Die nächste Runde hat angefangen und wartet auf dich.",
  watchNext: "Die nächste Runde ansehen",
  timedOut: "Deine Zeit war um: ein Bot hat für dich {action} gespielt.",
  timedOutSaid: "Deine Zeit war um: ein Bot hat für dich „{action}“ gesagt.",
  timedOutGut: "Deine Zeit war um: für dich wurde „gut“ gesagt (kein Kontra).",
  statusFree: "Platz frei",
  analyse: "Analysieren",
  playOn: "Von hier weiterspielen",
  playCardAgain: "Diese Karte neu spielen",
  tip: "Tipp",
  tipLine: "Tipp: {best} – im Schnitt {value}; dahinter {second} ({second_value}).",
  tipChance: "Deine Gewinnchance danach: {chance}.",
  sessionStats: "Statistik der Runde",
  analyseAll: "Alle Spiele analysieren",
  analysedGames: "{n} von {total} Spielen analysiert",
  analysedGamesOne: "{n} von 1 Spiel analysiert",
  declaredShare: "Selbst gespielt",
  winRate: "Gewonnen",
  perGame: "Je Spiel",
  kontraSaid: "Kontra/Re (gewonnen)",
  gamesWord: "Spiele",
  schneiderWonLost: "Schneider gewonnen / verloren",
  ramschLost: "Ramsch verloren / gespielt",
  contractsWonOf: "Je Spielart: gewonnen / angesagt.",
  analysing: "Analyse läuft: {done} von {total} Schritten",
  analysisFailed: "Die Analyse ist fehlgeschlagen. Bitte noch einmal.",
  accuracy: "Genauigkeit",
  luck: "Glück",
  luckPerGame: "Glück je Spiel",
  verdicts: "Ungenauigkeiten / Fehler / Patzer",
  verdictsShort: "Ungenau / Fehler / Patzer",
  figuresLegend: "Genauigkeit: 100 heißt, jede Entscheidung war so gut wie die beste. Glück: was die Karten allein wert waren. Ungenau / Fehler / Patzer: wie viele Entscheidungen mindestens ein Fünftel, die Hälfte oder den ganzen Preis eines Sauspiels kosteten (gemittelt über viele mögliche Verteilungen der Karten, die der Platz nicht sah).",
  inaccuracy: "Ungenauigkeit",
  mistake: "Fehler",
  blunder: "Patzer",
  better: "besser",
  costs: "kostet",
  openHands: "mit offenen Karten",
  openLegend:
    "„Mit offenen Karten“: was die Entscheidung gekostet hätte, wenn der Platz alle Karten gesehen hätte; 0 heißt, bei genau diesen Karten war sie nicht schlechter. Gewertet wird nach dem, was der Platz wissen konnte.",
  noMistakes: "Keine Entscheidung kostete ein Fünftel eines Sauspiels oder mehr.",
  chanceChart: "Tupfen: die Gewinnchance der Spielpartei nach jeder Karte, wie sie der Platz sah, der sie spielte.",
  chanceDeclarers: "wie sie die Spielpartei sah,",
  chanceDefenders: "wie sie die Gegenspieler sahen.",
  chanceChartOpen: "Linie: mit offenen Karten und bestem Spiel von da an gewonnen (100 %) oder verloren (0 %).",
  analysisHelp: "Jede Entscheidung bewertet aus Sicht dessen, der sie traf: was sie im Schnitt kostete, und was besser gewesen wäre.",
  waitingSeat: "Wartet, bis sich jemand auf den freien Platz setzt",
  statusLeft: "gegangen – ein Bot spielt",
  statusAway: "nicht da – ein Bot spielt",
  statusEmpty: "Bot auf dem freien Platz",
  logIn: "Anmelden",
  signUp: "Konto anlegen",
  account: "Konto",
  leaderboard: "Bestenliste",
  password: "Passwort",
  accountHelp: "Mit einem Konto findest du deine Tische auf jedem Gerät wieder und bekommst eine Wertung und ein Profil.",
  signUpHelp: "Deine Plätze, die dieser Browser als Gast hält, kommen mit ins Konto. Ein Name hat 2 bis 30 Zeichen, ein Passwort 8 bis 200.",
  loggedInAs: "Angemeldet als {name}",
  myProfile: "Mein Profil",
  publicProfile: "Öffentliches Profil",
  publicProfileHelp: "Alle sehen dein Profil mit deinen Zahlen und Spielen, und in der Bestenliste führt dein Name dorthin. Sonst siehst nur du es.",
  changePassword: "Passwort ändern",
  currentPassword: "Jetziges Passwort",
  newPassword: "Neues Passwort",
  passwordChanged: "Das Passwort ist geändert. Auf anderen Geräten bist du jetzt abgemeldet.",
  downloadData: "Meine Daten herunterladen",
  downloadDataHelp: "Alles, was der Server zu deinem Konto weiß, als JSON-Datei.",
  logOut: "Abmelden",
  logOutEverywhere: "Überall abmelden",
  logOutEverywhereHelp: "Beendet deine Anmeldung auf allen Geräten, auch auf diesem.",
  loggedOut: "Du bist abgemeldet. Deine Plätze an den Tischen hält dieser Browser nicht mehr; nach dem Anmelden sind sie wieder da.",
  deleteAccount: "Konto löschen",
  deleteHelp: "Dein Konto, dein Profil und deine Wertung sind dann weg. Die gespielten Spiele bleiben an ihren Tischen, unter dem Namen „Gelöscht“.",
  deleteSure: "Wirklich löschen? Das lässt sich nicht rückgängig machen. Bitte gib dein Passwort ein.",
  deleteYes: "Konto endgültig löschen",
  cancel: "Abbrechen",
  deleted: "Dein Konto ist gelöscht.",
  saved: "Gespeichert.",
  playingAs: "Du spielst als {name}: die Spiele gehören zu deinem Konto.",
  since: "Dabei seit {date}",
  rating: "Wertung",
  ratingHelp: "Der Ranglistenwert ist die vorsichtige Schätzung, nach der die Rangliste ordnet (auch die Bots). Die Spielstärke ist die Schätzung mit ihrem Spielraum (zu 95 % sicher); jedes gewertete Spiel macht ihn enger. Vorläufig, solange er weiter als ±5 ist (etwa die ersten 40 Spiele).",
  strength: "Spielstärke",
  /** As column headers, breakable on a phone (a soft hyphen). */
  ordinalHead: "Ranglisten\u00adwert",
  strengthHead: "Spiel\u00adstärke",
  provisional: "vorläufig",
  ratedGame: "1 gewertetes Spiel",
  ratedGames: "{n} gewertete Spiele",
  ordinal: "Ranglistenwert",
  ratingChart: "Die Wertung über die gewerteten Spiele: die Linie ist die Schätzung, die Fläche ihr Spielraum.",
  startRating: "Start",
  figures: "Zahlen",
  noFinished: "Noch kein fertiges Spiel.",
  total: "Gesamt",
  asDeclarer: "Als Spieler",
  asPartner: "Als Partner",
  asDefender: "Als Gegenspieler",
  contractKind: "Spielart",
  declaredCount: "Angesagt",
  schwarzWonLost: "Schwarz gewonnen / verloren",
  analysedOver: "Über {n} analysierte Spiele",
  analysedOverOne: "Über 1 analysiertes Spiel",
  recentGames: "Letzte Spiele",
  toTable: "Zum Tisch",
  ownPrivate: "Dein Profil ist privat: nur du siehst es.",
  privateProfile: "(privates Profil)",
  ownPublic: "Dein Profil ist öffentlich.",
  rank: "Rang",
  player: "Spieler",
  minGames: "Hier steht, wer mindestens {n} gewertete Spiele hat.",
  minGame: "Hier steht, wer mindestens ein gewertetes Spiel hat.",
  rankedBy: "Die Spielstärke ist eine Schätzung; ihr Spielraum sagt, wie unsicher sie noch ist (nach wenigen Spielen groß). Gereiht wird vorsichtig, nach dem Ranglistenwert: der Spielstärke abzüglich des Anderthalbfachen ihres Spielraums. So steht niemand nach ein paar glücklichen Spielen ganz oben.",
  score: "Wert",
  noRanked: "Noch hat niemand genug gewertete Spiele.",
  botsCompare: "Bots zum Vergleich",
  botsRated: "Die Stufen von der stärksten an. Gewertet wie du: nach gewonnenen und verlorenen Spielen, hier gegen drei regelbasierte Bots. Wie viel Geld eine Stufe gewinnt, zählt dabei nicht; darum stehen zwei Stufen, die gleich oft gewinnen, nahe beieinander, auch wenn die stärkere mehr Geld gewinnt.",
  myTables: "Deine Tische",
  backToTable: "Weiterspielen",
  challenge: "Tagesrunde",
  challengeHelp1: "Jeden Tag 12 Spiele mit denselben Karten für alle: du sitzt immer auf demselben Platz gegen drei Bots derselben Stufe, der Geber wandert weiter.",
  challengeHelp2: "Gewertet wird, wie viel mehr oder weniger du mit denselben Karten gewinnst als alle im Schnitt: Glück zählt nicht.",
  challengeOf: "Tagesrunde vom {day}",
  challengeBots: "Gegner: drei Bots · {bots}",
  challengePlayed: "{k} von {n} Spielen gespielt",
  challengeSoFar: "Bisher zusammen: {amount}",
  challengePlay: "Spielen",
  challengeStartAt: "Spiel {k} von {n} spielen",
  challengeLogin: "Zum Mitspielen bitte anmelden: dann zählt jedes Spiel für dich.",
  challengeDoneNote: "Du hast alle Spiele dieser Tagesrunde gespielt. Morgen gibt es neue Karten.",
  challengeUnranked: "Dieser Tag ist vorbei: wer die Tagesrunde jetzt spielt, kommt nicht mehr in die Wertung.",
  challengeBoard: "Wertung des Tages",
  challengeNoBoard: "Noch hat niemand ein Spiel fertig.",
  challengeNoBoardPast: "Am Tag selbst hat niemand ein Spiel fertig gespielt.",
  challengeTeaser: "12 Spiele, dieselben Karten für alle: wer macht am meisten daraus?",
  challengeTeaserLogin: "Nur mit Anmeldung: jedes Spiel zählt für dich.",
  chatMutedWord: "stumm",
  challengeResults: "Ergebnisse je Spiel",
  challengeScoreHelp: "Wert: die Auszahlung minus dem Schnitt aller mit denselben Karten.",
  challengeAlone: "Noch spielt niemand sonst mit diesen Karten: allein ist man der Schnitt, also 0. Der Wert kommt mit den anderen.",
  challengeNext: "Weiter zu Spiel {k}",
  challengeFinished: "Fertig – zu den Ergebnissen",
  challengeBack: "Zur Tagesrunde",
  challengeDeal: "Tagesrunde · Spiel {k} von {n}",
  challengeDealResult: "Dieses Spiel: {amount}",
  challengeNotPlayed: "noch nicht gespielt",
  challengeRunning: "läuft",
  dealWord: "Spiel",
  deals: "Spiele",
  chat: "Chat",
  chatPlaceholder: "Nachricht an den Tisch",
  chatSend: "Senden",
  chatEmpty: "Noch hat niemand etwas geschrieben.",
  chatSpectator: "Zuschauer lesen nur mit.",
  chatMute: "{name} stummschalten",
  chatUnmute: "{name} wieder anzeigen",
  chatMuteLabel: "Stumm schalten:",
  chatHidden: "Zeilen von stummgeschalteten Personen sind ausgeblendet.",
  chatTooFast: "Zu viele Nachrichten – bitte kurz warten.",
  chatNoSeat: "Zuschauer können nicht schreiben.",
  chatNotSent: "Nicht gesendet: keine Verbindung.",
  duplicate: "Dieselben Karten noch einmal (Duplikat)",
  duplicateHelp: "Dieselben Spiele noch einmal, jede Hand einen Platz weiter: jeder spielt die Karten seines Nachbarn.",
  duplicateHelpLine: "Duplikat: dieselben Spiele noch einmal, jede Hand einen Platz weiter, jeder spielt die Karten seines Nachbarn. Wer mit denselben Karten mehr gewinnt, hat besser gespielt.",
  comparison: "Vergleich mit der ersten Runde",
  comparisonHelp: "Je Hand, was sie in der ersten Runde und hier brachte. Die Summe je Person ist ohne Glück: wer mit denselben Karten mehr gewann, liegt vorn.",
  comparisonFirst: "Erste Runde",
  comparisonHere: "Hier",
  difference: "Unterschied",
  comparisonTotals: "Summe je Person",
  comparisonNone: "Noch ist kein Spiel zum Vergleichen fertig.",
  comparisonHands: "Alle Hände einzeln",
  duplicateTag: "Duplikat",
} as const;

export type TextKey = keyof typeof de;

const en: Record<TextKey, string> = {
  title: "Schafkopf",
  lobby: "Tables",
  openTables: "Open tables",
  noTables: "No public table is open right now. Create one!",
  create: "New table",
  yourName: "Your name",
  preset: "Rules",
  games: "Games",
  seat: "Seat",
  human: "Person",
  bot: "Bot",
  turnSeconds: "Time per move (seconds, 0 = none)",
  options: "House rules",
  start: "Create table",
  invite: "Invitation",
  copy: "Copy",
  copied: "Copied",
  join: "Take a seat",
  watch: "Watch",
  joinTitle: "Invitation to a table",
  joinHost: "{name} invites you.",
  joinGames: "{n} games",
  joinGamesOne: "1 game",
  seatWord: "Seat {n}",
  full: "Every seat is taken. You can watch.",
  yourTurn: "Your turn",
  yourTurnTitle: "Your turn – Schafkopf",
  waiting: "To move:",
  lastTrick: "Last trick",
  lastTrickWon: "Last trick – to",
  hideLastTrick: "Back to the game",
  result: "Result",
  ledger: "Ledger",
  ledgerRunning: "Standing after each game",
  playsWith: "with",
  replay: "Replay",
  replayTitle: "Replay",
  download: "Download game",
  won: "won",
  lost: "lost",
  value: "Value",
  points: "Card points",
  pointsAfter: "card points",
  tricksWord: "Tricks",
  payouts: "Payouts",
  declarers: "Declarers",
  declarer: "Declarer",
  defenders: "Defenders",
  next: "Next",
  prev: "Back",
  first: "Start",
  last: "End",
  close: "Close",
  allHands: "All hands",
  over: "All games are played.",
  settleOne: "{names} wants to play too: offer a game to outbid them or pass.",
  settleOffered: "{names} offers {game}: offer a higher game or pass.",
  settleOfferedMatch: "{names} offers {game}: hold with {game} or a higher game, or pass.",
  settleMany: "{names} want to play too: offer a game against theirs or pass.",
  myStanding: "You: {amount} · place {k} of {n}",
  myStandingShared: "You: {amount} · shared place {k} of {n}",
  finalLedger: "Final standing",
  again: "Another round with the same players",
  toLobby: "To the tables",
  connecting: "Connecting …",
  reconnecting: "Connection lost – reconnecting …",
  offline: "No connection. Your moves are locked until it is back.",
  notSent: "Not sent: no connection. Please try again once it is back.",
  french: "French suits",
  language: "Language",
  sound: "Sound on my turn",
  partner: "Partner",
  dealer: "Dealer",
  game: "Game",
  trick: "Trick",
  ramsch: "Ramsch",
  allPassed: "Everybody passed",
  stock: "Stock",
  spectator: "You are watching",
  knocked: "knocks",
  knockedMany: "knock",
  unitCents: "cents",
  seatOffline: "not connected",
  seatOfflineHelp: "This seat's page is closed or offline; at its turn the table waits.",
  turnToTable: "Back to the table",
  unitPoints: "points",
  tout: "Tout",
  cards: "cards",
  wonBy: "Trick to",
  seconds: "s",
  timeLeft: "{n} s left",
  chooseKind: "Which game?",
  chooseSuit: "Which suit?",
  back: "Back",
  gut: "No double",
  waitDoubling: "Waiting for Kontra or “no double”:",
  mayDouble: "You may still double now.",
  leave: "Leave the seat",
  seatLink: "Your seat link (continue on another device)",
  you: "You",
  bidding: "Bidding",
  klopfenPhase: "Knocking",
  naming: "Naming the game",
  settling: "Who plays?",
  play: "Playing",
  done: "Game over",
  history: "Games so far",
  step: "Step",
  noTricks: "No trick played",
  with: "with",
  calledSau: "called",
  public: "Public (listed)",
  private: "Private (invitation only)",
  free: "free",
  seats: "Seats",
  rulesWord: "Rules",
  helpToggle: "Help",
  error: "Error",
  trickHold: "Keep the trick",
  settingsMenu: "Settings",
  leaveConfirm: "Leave? A bot plays on for you. The invitation brings you back to your seat.",
  leaveYes: "Yes, leave",
  stay: "Stay",
  comeBack: "Back to my seat",
  leftNote: "You left your seat; a bot plays for you.",
  seatBot: "Seat a bot",
  seatBotAway: "Let a bot step in",
  nextRound: "To the next round",
  playedOnTag: "Played on",
  toutLost: "Tout lost: the cards left change nothing",
  bettelLost: "Bettel lost: the cards left change nothing",
  realGame: "In the original game",
  realGameOpen: "Back to the original game",
  ratedTag: "Rated",
  ratingMoved: "Your playing strength: {before} → {after}",
  ratedTagHelp: "This table's games count for the ratings.",
  nextRoundStarted: "The next round has begun and is waiting for you.",
  watchNext: "Watch the next round",
  timedOut: "Your time ran out: a bot played {action} for you.",
  timedOutSaid: "Your time ran out: a bot said “{action}” for you.",
  timedOutGut: "Your time ran out: “good” was said for you (no Kontra).",
  statusFree: "Seat free",
  analyse: "Analyse",
  playOn: "Play on from here",
  playCardAgain: "Play this card again",
  tip: "Tip",
  tipLine: "Tip: {best} – on average {value}; next {second} ({second_value}).",
  tipChance: "Your side's chance to win after it: {chance}.",
  sessionStats: "Round statistics",
  analyseAll: "Analyse every game",
  analysedGames: "{n} of {total} games analysed",
  analysedGamesOne: "{n} of 1 game analysed",
  declaredShare: "Declared",
  winRate: "Won",
  perGame: "Per game",
  kontraSaid: "Kontra/Re (won)",
  gamesWord: "Games",
  schneiderWonLost: "Schneider won / lost",
  ramschLost: "Ramsch lost / played",
  contractsWonOf: "By contract: won / declared.",
  analysing: "Analysing: {done} of {total} steps",
  analysisFailed: "The analysis failed. Please try again.",
  accuracy: "Accuracy",
  luck: "Luck",
  luckPerGame: "Luck per game",
  verdicts: "Inaccuracies / mistakes / blunders",
  verdictsShort: "Inaccuracies / mistakes / blunders",
  figuresLegend: "Accuracy: 100 means every decision was as good as the best one. Luck: what the cards alone were worth. Inaccuracies / mistakes / blunders: how many decisions cost at least a fifth, half or the whole price of a Sauspiel (averaged over many possible deals of the cards the seat did not see).",
  inaccuracy: "Inaccuracy",
  mistake: "Mistake",
  blunder: "Blunder",
  better: "better",
  costs: "costs",
  openHands: "with all hands open",
  openLegend:
    "“With all hands open”: what the decision would have cost had the seat seen every card; 0 means that with these very cards it was no worse. The verdict goes by what the seat could know.",
  noMistakes: "No decision cost a fifth of a Sauspiel or more.",
  chanceChart: "Dots: the declaring side's chance to win after each card, as the seat that played it saw it.",
  chanceDeclarers: "as the declarers saw it,",
  chanceDefenders: "as the defenders saw it.",
  chanceChartOpen: "Line: won (100%) or lost (0%) with every card open and best play from there.",
  analysisHelp: "Every decision judged from the chooser's own view: what it cost on average, and what would have been better.",
  waitingSeat: "Waiting for someone to take the free seat",
  statusLeft: "left – a bot plays",
  statusAway: "away – a bot plays",
  statusEmpty: "A bot in the free seat",
  logIn: "Log in",
  signUp: "Create account",
  account: "Account",
  leaderboard: "Leaderboard",
  password: "Password",
  accountHelp: "With an account you find your tables again on any device, and you get a rating and a profile.",
  signUpHelp: "The seats this browser holds as a guest go with the account. A name has 2 to 30 characters, a password 8 to 200.",
  loggedInAs: "Logged in as {name}",
  myProfile: "My profile",
  publicProfile: "Public profile",
  publicProfileHelp: "Everyone sees your profile with your figures and games, and your name on the leaderboard leads there. Otherwise only you see it.",
  changePassword: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  passwordChanged: "The password is changed. You are logged out on other devices now.",
  downloadData: "Download my data",
  downloadDataHelp: "All the server knows about your account, as a JSON file.",
  logOut: "Log out",
  logOutEverywhere: "Log out everywhere",
  logOutEverywhereHelp: "Ends your login on every device, this one too.",
  loggedOut: "You are logged out. This browser holds your seats at the tables no more; log in and they are back.",
  deleteAccount: "Delete account",
  deleteHelp: "Your account, your profile and your rating are gone then. The games played stay at their tables, under the name “Gelöscht” (deleted).",
  deleteSure: "Really delete it? This cannot be undone. Please enter your password.",
  deleteYes: "Delete the account for good",
  cancel: "Cancel",
  deleted: "Your account is deleted.",
  saved: "Saved.",
  playingAs: "You play as {name}: the games belong to your account.",
  since: "Playing since {date}",
  rating: "Rating",
  ratingHelp: "The ranking score is the cautious estimate the leaderboard orders by (the bots too). The playing strength is the estimate with its range (95 % sure); each rated game narrows it. Provisional while it is wider than ±5 (about the first 40 games).",
  strength: "Playing strength",
  ordinalHead: "Ranking score",
  strengthHead: "Playing strength",
  provisional: "provisional",
  ratedGame: "1 rated game",
  ratedGames: "{n} rated games",
  ordinal: "Ranking score",
  ratingChart: "The rating over the rated games: the line is the estimate, the band its range.",
  startRating: "Start",
  figures: "Figures",
  noFinished: "No finished game yet.",
  total: "Total",
  asDeclarer: "As declarer",
  asPartner: "As partner",
  asDefender: "As defender",
  contractKind: "Contract",
  declaredCount: "Declared",
  schwarzWonLost: "Schwarz won / lost",
  analysedOver: "Over {n} analysed games",
  analysedOverOne: "Over 1 analysed game",
  recentGames: "Recent games",
  toTable: "To the table",
  ownPrivate: "Your profile is private: only you see it.",
  privateProfile: "(private profile)",
  ownPublic: "Your profile is public.",
  rank: "Rank",
  player: "Player",
  minGames: "Here is everyone with at least {n} rated games.",
  minGame: "Here is everyone with at least one rated game.",
  rankedBy: "The playing strength is an estimate; its range says how unsure it still is (wide after few games). The order is cautious, by the ranking score: the playing strength less one and a half times its range. So nobody tops the list after a few lucky games.",
  score: "Score",
  noRanked: "Nobody has enough rated games yet.",
  botsCompare: "Bots for comparison",
  botsRated: "The levels from the strongest. Rated as you are: by games won and lost, here against three rule-based bots. How much money a level wins does not count; so two levels that win as often stand close together, even where the stronger one wins more money.",
  myTables: "Your tables",
  backToTable: "Play on",
  challenge: "Daily challenge",
  challengeHelp1: "Every day 12 deals with the same cards for everyone: you always sit in the same seat against three bots of the same level, and the dealer moves on.",
  challengeHelp2: "Your score is how much more or less you win with the same cards than everyone on average: luck does not count.",
  challengeOf: "Challenge of {day}",
  challengeBots: "Against: three bots · {bots}",
  challengePlayed: "{k} of {n} deals played",
  challengeSoFar: "So far in all: {amount}",
  challengePlay: "Play",
  challengeStartAt: "Play deal {k} of {n}",
  challengeLogin: "Log in to take part: then every deal counts for you.",
  challengeDoneNote: "You have played every deal of this challenge. New cards tomorrow.",
  challengeUnranked: "This day is over: playing its challenge now is not ranked.",
  challengeBoard: "The day's ranking",
  challengeNoBoard: "Nobody has finished a deal yet.",
  challengeNoBoardPast: "Nobody finished a deal on the day itself.",
  challengeTeaser: "12 deals, the same cards for everyone: who makes the most of them?",
  challengeTeaserLogin: "Only when logged in: every deal counts for you.",
  chatMutedWord: "muted",
  challengeResults: "Results per deal",
  challengeScoreHelp: "Score: the payout less everyone's average with the same cards.",
  challengeAlone: "Nobody else has played these cards yet: alone you are the average, so 0. The score comes with the others.",
  challengeNext: "On to deal {k}",
  challengeFinished: "Done – see the results",
  challengeBack: "To the challenge",
  challengeDeal: "Daily challenge · deal {k} of {n}",
  challengeDealResult: "This deal: {amount}",
  challengeNotPlayed: "not played yet",
  challengeRunning: "under way",
  dealWord: "Deal",
  deals: "Deals",
  chat: "Chat",
  chatPlaceholder: "Message to the table",
  chatSend: "Send",
  chatEmpty: "Nobody has written anything yet.",
  chatSpectator: "Spectators read along only.",
  chatMute: "Mute {name}",
  chatUnmute: "Show {name} again",
  chatMuteLabel: "Mute:",
  chatHidden: "Lines of muted people are hidden.",
  chatTooFast: "Too many messages – please wait a moment.",
  chatNoSeat: "Spectators cannot write.",
  chatNotSent: "Not sent: no connection.",
  duplicate: "The same cards again (duplicate)",
  duplicateHelp: "The same games again, each hand one seat on: everyone plays their neighbour's cards.",
  duplicateHelpLine: "Duplicate: the same games again, each hand one seat on, everyone playing their neighbour's cards. Whoever wins more with the same cards played better.",
  comparison: "Compared with the first round",
  comparisonHelp: "Per hand, what it paid in the first round and here. The sum per person takes luck out: whoever won more with the same cards is ahead.",
  comparisonFirst: "First round",
  comparisonHere: "Here",
  difference: "Difference",
  comparisonTotals: "Sum per person",
  comparisonNone: "No game to compare has finished yet.",
  comparisonHands: "Every hand",
  duplicateTag: "Duplicate",
};

const TEXTS: Record<Lang, Record<TextKey, string>> = { de, en };

export function text(lang: Lang, key: TextKey): string {
  return TEXTS[lang][key];
}

/** ``key``'s text for ``count`` things, ``{name}`` fields filled from ``fields``: where
 * ``count`` is 1 and the language has a text ``<key>One``, that one (the singular: "Over 1
 * analysed game", not "games"). */
export function countText(lang: Lang, key: TextKey, count: number, fields: Record<string, string | number>): string {
  const one = `${key}One`;
  const chosen = count === 1 && one in TEXTS[lang] ? (one as TextKey) : key;
  return text(lang, chosen).replace(/\{(\w+)\}/g, (all, name: string) => (name in fields ? String(fields[name]) : all));
}

/** Words for every error code the server sends (its message is the English detail). */
export const ERRORS: Record<Lang, Record<string, string>> = {
  de: {
    malformed: "Ungültige Nachricht",
    too_large: "Nachricht zu groß",
    stale_version: "Der Tisch ist schon weiter – die Ansicht wird aufgefrischt",
    illegal: "Das geht jetzt nicht",
    bad_action: "Unbekannte Aktion",
    bad_seat: "Kein solcher Platz",
    no_seat: "Zuschauer können nicht spielen",
    bot_seat: "Auf diesem Platz spielt ein Bot",
    table_over: "Alle Spiele sind gespielt",
    conflict: "Gleichzeitige Aktion, bitte noch einmal",
    no_table: "Diesen Tisch gibt es nicht",
    no_game: "Dieses Spiel gibt es nicht",
    bad_invite: "Die Einladung passt nicht zu diesem Tisch",
    bad_token: "Dieser Platz gehört jemand anderem",
    table_full: "Alle Plätze sind vergeben",
    bad_rules: "Ungültige Regeln",
    bad_seats: "Ungültige Plätze",
    bad_games: "Ungültige Anzahl Spiele",
    bad_turn_seconds: "Ungültige Zeit pro Zug",
    rate_limited: "Zu viele Anfragen, bitte kurz warten",
    table_closed: "Der Tisch ist geschlossen",
    unavailable: "Der Tisch ist gerade nicht verfügbar",
    server_full: "Der Server ist voll",
    not_found: "Nicht gefunden",
    bad_method: "Nicht erlaubt",
    not_waiting: "Gerade wartet niemand auf dein „gut“",
    not_creator: "Das darf nur, wer den Tisch angelegt hat",
    seat_taken: "Dieser Platz ist schon besetzt",
    not_over: "Die Runde ist noch nicht zu Ende",
    tips_off: "Tipps gibt es hier nicht: am Tisch sitzen noch andere Menschen",
    tips_rated: "An einem gewerteten Tisch gibt es keine Tipps",
    no_turn: "Du hast gerade nichts zu entscheiden",
    bad_step: "Diesen Schritt gibt es in dem Spiel nicht",
    name_taken: "Diesen Namen hat schon jemand",
    bad_login: "Name oder Passwort stimmt nicht",
    not_logged_in: "Bitte erst anmelden",
    bad_csrf: "Die Seite ist veraltet – bitte neu laden",
    bad_origin: "Anfragen von einer anderen Seite werden abgelehnt",
    weak_password: "Das Passwort braucht 8 bis 200 Zeichen",
    bad_name: "Ein Name hat 2 bis 30 Zeichen",
    private_profile: "Dieses Profil ist privat",
    no_player: "Diesen Spieler gibt es nicht",
    challenge_running: "Die Spiele der Tagesrunde sind offen, sobald du alle gespielt hast",
    challenge_done: "Du hast alle Spiele dieser Tagesrunde gespielt",
    bad_day: "Diese Tagesrunde gibt es nicht",
    network: "Keine Verbindung zum Server",
  },
  en: {
    malformed: "Invalid message",
    too_large: "Message too large",
    stale_version: "The table has moved on – refreshing",
    illegal: "Not allowed now",
    bad_action: "Unknown action",
    bad_seat: "No such seat",
    no_seat: "Spectators cannot play",
    bot_seat: "A bot plays that seat",
    table_over: "All games are played",
    conflict: "Simultaneous action, please try again",
    no_table: "No such table",
    no_game: "No such game",
    bad_invite: "The invitation is not for this table",
    bad_token: "That seat is someone else's",
    table_full: "Every seat is taken",
    bad_rules: "Invalid rules",
    bad_seats: "Invalid seats",
    bad_games: "Invalid number of games",
    bad_turn_seconds: "Invalid time per move",
    rate_limited: "Too many requests, please wait a moment",
    table_closed: "The table is closed",
    unavailable: "The table is not available right now",
    server_full: "The server is full",
    not_found: "Not found",
    bad_method: "Not allowed",
    not_waiting: "Nobody is waiting for your “good” now",
    not_creator: "Only the table's creator may do that",
    seat_taken: "That seat is already taken",
    not_over: "The round is not over yet",
    tips_off: "No tips here: other people sit at this table",
    tips_rated: "No tips at a rated table",
    no_turn: "You have nothing to decide right now",
    bad_step: "That step is not in the game",
    name_taken: "Somebody has that name already",
    bad_login: "Wrong name or password",
    not_logged_in: "Please log in first",
    bad_csrf: "The page is out of date – please reload it",
    bad_origin: "Requests from another site are refused",
    weak_password: "A password has 8 to 200 characters",
    bad_name: "A name has 2 to 30 characters",
    private_profile: "That profile is private",
    no_player: "There is no such player",
    challenge_running: "The challenge's games open once you have played them all",
    challenge_done: "You have played every deal of this challenge",
    bad_day: "There is no such challenge",
    network: "No connection to the server",
  },
};

/** The chat's quick phrases (sent by code, each page words them in its language). */
export const PHRASES: Record<Lang, Record<string, string>> = {
  de: {
    hello: "Servus!", well_played: "Gut gespielt!", thanks: "Danke!", sorry: "Entschuldigung!",
    bad_luck: "Pech gehabt!", hurry: "Bitte schneller!",
  },
  en: {
    hello: "Hello!", well_played: "Well played!", thanks: "Thanks!", sorry: "Sorry!",
    bad_luck: "Bad luck!", hurry: "Please hurry!",
  },
};

export function phraseText(lang: Lang, phrase: string): string {
  return PHRASES[lang][phrase] ?? phrase;
}

/** A refusal in words: with the server's ``params``, how to mend it where the words know
 * it ("Zeit pro Zug: 0 (ohne Uhr) oder mindestens 5 s"), else what went wrong. */
export function errorText(lang: Lang, code: string, params: Record<string, unknown> = {}): string {
  return ERROR_DETAILS[lang][code]?.(params) ?? ERRORS[lang][code] ?? `${text(lang, "error")} (${code})`;
}

/** An option of the create form by its label ("Tarif Solo"), else its name. */
function optionLabel(lang: Lang, option: unknown): string {
  return OPTIONS[lang][String(option)]?.label ?? String(option);
}

const ERROR_DETAILS: Record<Lang, Record<string, (p: Record<string, unknown>) => string | null>> = {
  de: {
    bad_turn_seconds: (p) =>
      typeof p.least === "number" ? `Zeit pro Zug: 0 (ohne Uhr) oder mindestens ${p.least.toLocaleString("de-DE")} s` : null,
    bad_rules: (p) =>
      p.reason === "no_game"
        ? "Es ist kein Spiel erlaubt: wähle mindestens ein Spiel oder Ramsch, wenn alle weiter sagen"
        : p.reason === "too_high" && typeof p.most === "number"
          ? `${optionLabel("de", p.option)}: höchstens ${p.most.toLocaleString("de-DE")}`
          : null,
  },
  en: {
    bad_turn_seconds: (p) =>
      typeof p.least === "number" ? `Time per move: 0 (no clock) or at least ${p.least.toLocaleString("en-US")} s` : null,
    bad_rules: (p) =>
      p.reason === "no_game"
        ? "No game is allowed: choose at least one game, or Ramsch when everybody passes"
        : p.reason === "too_high" && typeof p.most === "number"
          ? `${optionLabel("en", p.option)}: at most ${p.most.toLocaleString("en-US")}`
          : null,
  },
};

export const SUITS: Record<"de" | "en" | "fr" | "frde", Record<string, string>> = {
  de: { E: "Eichel", G: "Gras", H: "Herz", S: "Schellen" },
  en: { E: "Acorns", G: "Leaves", H: "Hearts", S: "Bells" },
  fr: { E: "Clubs", G: "Spades", H: "Hearts", S: "Diamonds" },
  frde: { E: "Kreuz", G: "Pik", H: "Herz", S: "Karo" },
};

export function suitWord(lang: Lang, suit: string, french = false): string {
  const table = french ? (lang === "de" ? SUITS.frde : SUITS.fr) : SUITS[lang];
  return table[suit] ?? suit;
}

const KINDS: Record<Lang, Record<string, string>> = {
  de: {
    rufspiel: "Sauspiel", solo: "Solo", wenz: "Wenz", geier: "Geier", farbwenz: "Farbwenz",
    farbgeier: "Farbgeier", bettel: "Bettel", sie: "Sie", ramsch: "Ramsch", tout: "Tout",
  },
  en: {
    rufspiel: "Sauspiel (call game)", solo: "Solo", wenz: "Wenz", geier: "Geier",
    farbwenz: "Farbwenz", farbgeier: "Farbgeier", bettel: "Bettel", sie: "Sie", ramsch: "Ramsch",
    tout: "Tout",
  },
};

/** What each contract is, in a line: the house rules name games a newcomer may not know. */
const KIND_HELP: Record<Lang, Record<string, string>> = {
  de: {
    rufspiel: "Mit Partner: wer spielt, ruft eine Sau, wer sie hat, spielt mit. Trumpf: alle Ober, alle Unter und Herz.",
    solo: "Allein gegen drei. Trumpf: alle Ober, alle Unter und die Farbe, die der Spieler wählt.",
    wenz: "Allein gegen drei. Trumpf sind nur die vier Unter; die Ober zählen in ihrer Farbe.",
    geier: "Allein gegen drei. Trumpf sind nur die vier Ober; die Unter zählen in ihrer Farbe.",
    farbwenz: "Allein gegen drei. Trumpf: die vier Unter und eine Farbe, die der Spieler wählt.",
    farbgeier: "Allein gegen drei. Trumpf: die vier Ober und eine Farbe, die der Spieler wählt.",
    bettel: "Allein gegen drei, ohne Trumpf: der Spieler darf keinen einzigen Stich machen.",
    tout: "Zu einem Spiel allein angesagt (Solo, Wenz, Geier …): der Spieler macht alle Stiche. Zählt doppelt (oder mehr); ein einziger verlorener Stich verliert das Spiel.",
    sie: "Wer alle vier Ober und alle vier Unter bekommt, zeigt sie her und hat gewonnen, ohne zu spielen.",
  },
  en: {
    rufspiel: "With a partner: the declarer calls a Sau, whoever holds it plays along. Trumps: every Ober, every Unter and Hearts.",
    solo: "One against three. Trumps: every Ober, every Unter and the suit the declarer chooses.",
    wenz: "One against three. Only the four Unter are trumps; the Ober rank in their suits.",
    geier: "One against three. Only the four Ober are trumps; the Unter rank in their suits.",
    farbwenz: "One against three. Trumps: the four Unter and a suit the declarer chooses.",
    farbgeier: "One against three. Trumps: the four Ober and a suit the declarer chooses.",
    bettel: "One against three, no trumps: the declarer must not take a single trick.",
    tout: "Announced with a game alone (Solo, Wenz, Geier …): the declarer takes every trick. Counts double (or more); one lost trick loses the game.",
    sie: "Whoever is dealt all four Ober and all four Unter shows them and wins without playing.",
  },
};

export function kindHelp(lang: Lang, kind: string): string {
  return KIND_HELP[lang][kind] ?? "";
}

export function kindWord(lang: Lang, kind: string): string {
  return KINDS[lang][kind] ?? kind;
}

export interface ContractLike {
  kind: string;
  suit?: string | null;
  tout?: boolean;
}

/** The Sau's word: Sau in the German deck, Ass/Ace in the French one. */
export function sauWord(lang: Lang, french = false): string {
  return french ? (lang === "de" ? "Ass" : "Ace") : "Sau";
}

/** The called Sau of a suit: "Gras-Sau", "Ace of Spades". */
export function calledSauText(lang: Lang, suit: string, french = false): string {
  const s = suitWord(lang, suit, french);
  return lang === "de" ? `${s}-${sauWord(lang, french)}` : `${sauWord(lang, french)} of ${s}`;
}

/** A contract as people say it, as the buttons and the terminal name it: "Sauspiel auf die
 * Eichel-Sau", "Herz-Solo Tout", "Gras-Farbwenz", "Wenz"; "Hearts Solo Tout" in English. */
export function contractText(lang: Lang, c: ContractLike, french = false): string {
  const suit = c.suit ? suitWord(lang, c.suit, french) : "";
  const tout = c.tout ? " Tout" : "";
  if (c.kind === "rufspiel") {
    const called = calledSauText(lang, c.suit ?? "", french);
    return lang === "de" ? `Sauspiel auf die ${called}` : `Sauspiel on the ${called}`;
  }
  if (suit && (c.kind === "solo" || c.kind === "farbwenz" || c.kind === "farbgeier")) {
    const kind = kindWord(lang, c.kind);
    return lang === "de" ? `${suit}-${kind}${tout}` : `${suit} ${kind}${tout}`;
  }
  return kindWord(lang, c.kind).replace(" (call game)", "") + tout;
}

/** True for a card token ("EO"), as the engine names card actions. */
export function isCardName(name: string): boolean {
  return /^[EGHS][AZKOU987]$/.test(name);
}

/** Read an engine action name of a contract ("rufspiel E", "solo H tout", "wenz"). */
export function parseContractName(name: string): ContractLike | null {
  const parts = name.split(" ");
  const kind = parts[0] ?? "";
  if (!(kind in KINDS.de) || kind === "tout") return null;
  const suit = parts.find((p) => p.length === 1 && "EGHS".includes(p)) ?? null;
  return { kind, suit, tout: parts.includes("tout") };
}

const SIMPLE_ACTIONS: Record<Lang, Record<string, string>> = {
  de: {
    weiter: "Weiter", spiel: "Ich spiel", klopfen: "Klopfen", "nicht klopfen": "Nicht klopfen",
    kontra: "Kontra", re: "Re", sup: "Sup", hirsch: "Hirsch", gut: "Gut",
  },
  en: {
    weiter: "Pass", spiel: "I play", klopfen: "Knock", "nicht klopfen": "Don't knock",
    kontra: "Kontra", re: "Re", sup: "Sup", hirsch: "Hirsch", gut: "No double",
  },
};

/** An action's words on a button ("Weiter", "Herz-Solo", "Sauspiel auf die Gras-Sau");
 * ``short`` for a seat's bubble ("Gras-Sau"). */
export function actionText(lang: Lang, name: string, french = false, short = false): string {
  const simple = SIMPLE_ACTIONS[lang][name];
  if (simple) return simple;
  const c = parseContractName(name);
  if (c && short && c.kind === "rufspiel" && c.suit) return calledSauText(lang, c.suit, french);
  if (c) return contractText(lang, c, french);
  return name;
}

/** Names as a sentence lists them: "Bert", "Bert und Cilli", "Anna, Bert und Cilli". */
export function listText(lang: Lang, items: string[]): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${lang === "de" ? "und" : "and"} ${items.at(-1)}`;
}

/** An amount in the table's unit: euro and cent for tariffs in cents, else points. */
export function amountText(lang: Lang, amount: number, unit: string, signed = false): string {
  const sign = signed && amount > 0 ? "+" : amount < 0 ? "−" : "";
  const abs = Math.abs(amount);
  if (unit === "ct") {
    const euro = (abs / 100).toFixed(2);
    return lang === "de" ? `${sign}${euro.replace(".", ",")} €` : `${sign}€${euro}`;
  }
  const number = abs.toLocaleString(lang === "de" ? "de-DE" : "en-US", { maximumFractionDigits: 2 });
  return `${sign}${number} ${lang === "de" ? "P." : abs === 1 ? "pt" : "pts"}`;
}

/** The unit of a table's amounts: the sauspiel and bsv presets count in cents. */
export function unitOf(rules: { preset?: string; unit?: unknown }): string {
  if (rules.unit === "ct" || rules.unit === "points") return rules.unit;
  return rules.preset === "sauspiel" || rules.preset === "bsv" ? "ct" : "points";
}

export interface OptionText {
  label: string;
  help: string;
  values?: Record<string, string>;
}

/** Every option of the create form with a name and a line of help in both languages. */
export const OPTIONS: Record<Lang, Record<string, OptionText>> = {
  de: {
    preset: {
      label: "Regeln",
      help: "Die Grundregeln: Standard, die Regeln von sauspiel.de oder die des Bayerischen Schafkopf-Vereins (BSV).",
      values: { standard: "Standard", sauspiel: "Wie sauspiel.de", bsv: "Schafkopf-Verein (BSV)" },
    },
    games: { label: "Spiele", help: "Wie viele Spiele die Runde dauert." },
    turn_seconds: {
      label: "Zeit pro Zug (Sekunden)",
      help: "0 heißt ohne Uhr. Läuft die Zeit ab, spielt ein Bot diesen einen Zug. Auf ein Kontra wartet der Tisch auch ohne Uhr nur kurz (die Zeit steht dabei).",
    },
    "tarif.rufspiel": { label: "Tarif Sauspiel", help: "Was ein gewonnenes Sauspiel jedem Gegner kostet." },
    "tarif.solo": { label: "Tarif Solo", help: "Was ein Solo, Wenz oder Geier jedem Gegner kostet." },
    "tarif.extra": {
      label: "Schneider, Schwarz, Laufende",
      help: "Der Zuschlag für Schneider, Schwarz und je Laufenden.",
    },
    kontra_deadline: {
      label: "Kontra bis",
      help: "Bis wann Kontra gesagt werden darf.",
      values: {
        before_first_card: "vor der ersten Karte",
        before_own_first_card: "vor der eigenen ersten Karte",
        before_second_trick: "vor dem zweiten Stich",
      },
    },
    all_pass: {
      label: "Wenn alle weiter sagen",
      help: "Neu geben, Ramsch spielen, oder neu geben und jeder zahlt in den Stock.",
      values: { redeal: "neu geben", ramsch: "Ramsch", stock: "neu geben mit Stock" },
    },
    short: { label: "Kurzes Blatt (24 Karten)", help: "Ohne Achter und Siebener: sechs Karten für jeden." },
    klopfen: { label: "Klopfen", help: "Nach den ersten vier Karten darf jeder klopfen: das Spiel zählt doppelt." },
    contracts: { label: "Erlaubte Spiele", help: "Die Spiele kurz erklärt" },
    public: { label: "Öffentlicher Tisch", help: "Andere sehen den Tisch in der Übersicht und können sich dazusetzen." },
    rated: {
      label: "Gewertet",
      help: "Für einen Tisch allein gegen Bots: die Spiele zählen dann für deine Wertung, und Tipps gibt es keine. Sitzen zwei oder mehr Menschen am Tisch, zählen die Spiele ohnehin.",
    },
    tips: {
      label: "Tipps für alle",
      help: "Jeder darf sich einen Tipp holen. Sonst gibt es Tipps nur, wo alle anderen Plätze Bots sind.",
    },
  },
  en: {
    preset: {
      label: "Rules",
      help: "The base rules: standard, those of sauspiel.de, or those of the Bavarian Schafkopf club (BSV).",
      values: { standard: "Standard", sauspiel: "As on sauspiel.de", bsv: "Schafkopf club (BSV)" },
    },
    games: { label: "Games", help: "How many games the round lasts." },
    turn_seconds: {
      label: "Time per move (seconds)",
      help: "0 means no clock. When the time runs out, a bot plays that one move. Even without a clock the table waits for a Kontra only briefly (the time left is shown).",
    },
    "tarif.rufspiel": { label: "Price of a Sauspiel", help: "What a won Sauspiel costs each opponent." },
    "tarif.solo": { label: "Price of a Solo", help: "What a Solo, Wenz or Geier costs each opponent." },
    "tarif.extra": {
      label: "Schneider, Schwarz, Laufende",
      help: "The extra for Schneider, Schwarz and each Laufender.",
    },
    kontra_deadline: {
      label: "Kontra until",
      help: "Until when Kontra may be said.",
      values: {
        before_first_card: "before the first card",
        before_own_first_card: "before one's own first card",
        before_second_trick: "before the second trick",
      },
    },
    all_pass: {
      label: "When everybody passes",
      help: "Deal again, play Ramsch, or deal again with everyone paying into the Stock.",
      values: { redeal: "deal again", ramsch: "Ramsch", stock: "deal again with Stock" },
    },
    short: { label: "Short deck (24 cards)", help: "Without eights and sevens: six cards each." },
    klopfen: { label: "Knocking", help: "After the first four cards anyone may knock: the game counts double." },
    contracts: { label: "Contracts allowed", help: "The games in brief" },
    public: { label: "Public table", help: "Others see the table in the list and can sit down." },
    rated: {
      label: "Rated",
      help: "For a table alone against bots: its games then count for your rating, and there are no tips. With two or more people at the table the games count anyway.",
    },
    tips: {
      label: "Tips for everyone",
      help: "Anyone may ask for a tip. Without it, only a person playing alone with bots gets tips.",
    },
  },
};

/** A bot level's strength in words, from the level id the server offers (the ladder
 * ``level:1`` to ``level:5``; the ids of earlier releases for tables saved with them). */
export const LEVEL_WORDS: Record<Lang, Record<string, string>> = {
  de: {
    "level:1": "Stufe 1 · Anfänger",
    "level:2": "Stufe 2 · Hobbyspieler",
    "level:3": "Stufe 3 · Stammtisch",
    "level:4": "Stufe 4 · Experte",
    "level:5": "Stufe 5 · Meister",
    random: "Zufall",
    heuristic: "Regelbasiert",
    pimc: "Stark (PIMC)",
    pimc_inference: "Am stärksten (PIMC)",
    meister_strict: "Meister (strenge Reizgrenzen)",
  },
  en: {
    "level:1": "Level 1 · Beginner",
    "level:2": "Level 2 · Casual player",
    "level:3": "Level 3 · Regular",
    "level:4": "Level 4 · Expert",
    "level:5": "Level 5 · Master",
    random: "Random",
    heuristic: "Rule-based",
    pimc: "Strong (PIMC)",
    pimc_inference: "Strongest (PIMC)",
    meister_strict: "Master (strict bidding bars)",
  },
};

const LEVEL_SHORT: Record<Lang, Record<string, string>> = {
  de: {
    "level:1": "Anfänger",
    "level:2": "Hobbyspieler",
    "level:3": "Stammtisch",
    "level:4": "Experte",
    "level:5": "Meister",
    random: "Zufall",
    heuristic: "Regelbasiert",
    pimc: "Stark",
    pimc_inference: "Am stärksten",
    meister_strict: "Meister",
  },
  en: {
    "level:1": "Beginner",
    "level:2": "Casual player",
    "level:3": "Regular",
    "level:4": "Expert",
    "level:5": "Master",
    random: "Random",
    heuristic: "Rule-based",
    pimc: "Strong",
    pimc_inference: "Strongest",
    meister_strict: "Master",
  },
};

/** A bot level's strength in words (``short`` for a seat on the table). */
export function levelWord(lang: Lang, id: string, short = false): string {
  return (short ? LEVEL_SHORT : LEVEL_WORDS)[lang][id] ?? id;
}

/** A seat's name as the page shows it: the server names a stand-in "Sepp (Bot für Anna)" or
 * "Sepp (Bot)"; in English that reads "Sepp (bot for Anna)", "Sepp (bot)". */
export function shownName(lang: Lang, name: string): string {
  if (lang === "de") return name;
  const forSomeone = /^(.*) \(Bot für (.*)\)$/.exec(name);
  if (forSomeone) return `${forSomeone[1]} (bot for ${forSomeone[2]})`;
  const forNobody = /^(.*) \(Bot\)$/.exec(name);
  return forNobody ? `${forNobody[1]} (bot)` : name;
}

/** Why a bot plays a seat, or that it is free, in words (null: as configured). */
export function seatStatusText(lang: Lang, status: SeatStatus | undefined): string | null {
  const key: Partial<Record<SeatStatus, TextKey>> = {
    free: "statusFree",
    left: "statusLeft",
    away: "statusAway",
    empty: "statusEmpty",
  };
  const found = status ? key[status] : undefined;
  return found ? text(lang, found) : null;
}

/** A seat change told to the table: "Anna ist gegangen – Sepp spielt weiter". */
export function seatNewsText(lang: Lang, e: SeatEvent): string {
  const name = shownName(lang, e.name);
  const person = e.person ?? name;
  const de: Record<SeatEvent["code"], string> = {
    joined: `${name} hat sich dazugesetzt.`,
    took_over: `${name} übernimmt den Platz.`,
    left: `${person} ist gegangen – ${name} spielt weiter.`,
    away: `${person} ist nicht da – ${name} spielt, bis ${person} zurück ist.`,
    back: `${name} ist wieder da.`,
    bot: `${name} spielt auf dem freien Platz.`,
  };
  const en: Record<SeatEvent["code"], string> = {
    joined: `${name} sat down.`,
    took_over: `${name} takes over the seat.`,
    left: `${person} left – ${name} plays on.`,
    away: `${person} is away – ${name} plays until ${person} is back.`,
    back: `${name} is back.`,
    bot: `${name} plays in the free seat.`,
  };
  return (lang === "de" ? de : en)[e.code];
}

export const PHASE_KEYS: Record<string, TextKey> = {
  klopfen: "klopfenPhase",
  bidding: "bidding",
  settling: "settling",
  naming: "naming",
  play: "play",
  done: "done",
};

/** The language the page starts in: saved, else the browser's. */
export function startLang(saved: string | null, browser: string | undefined): Lang {
  if (saved === "de" || saved === "en") return saved;
  return (browser ?? "de").toLowerCase().startsWith("en") ? "en" : "de";
}
