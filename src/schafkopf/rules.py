"""The ruleset (every option of the rules spec, three presets) and contracts as data.

A :class:`Ruleset` is frozen and fully explicit: build one from a preset name plus overrides
(a dict with nested or dotted keys, a JSON file, a TOML file). A :class:`Contract` names what
is played; :func:`play_tables` turns a contract into the tables the engine and the search
kernels use (trump order, effective suit, card strength).

>>> r = Ruleset.preset("sauspiel", {"tarif.rufspiel": 10})
>>> r.tarif.rufspiel, r.tarif.solo, r.klopfen
(10, 50, True)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Final

from schafkopf.cards import (
    FULL_MASK,
    HERZ,
    OBER,
    RANKS,
    SHORT_MASK,
    SUIT_NAMES,
    SUITS,
    UNTER,
    Card,
    card,
)
from schafkopf.errors import SchafkopfError


class RulesError(SchafkopfError):
    """An unknown option, a bad option value, or an impossible contract for a ruleset.

    ``reason`` says which, with ``params`` for the faces: ``unknown_preset`` (``name``,
    ``presets``), ``unknown_option`` (``option``, ``options``), ``bad_value`` (``option``,
    ``value``, ``expected``: ``count``, ``bool``, ``choice`` with ``choices``, ``range`` with
    ``low`` and ``high``, ``durchmarsch``, ``contracts`` with ``choices``),
    ``unknown_contracts`` (``bad``, ``choices``), ``not_object``, ``preset_not_name``,
    ``not_key_value`` (``given``), ``option_group`` (``option``, ``options``: an option that
    holds options, set alone); a rules file's ``cannot_read`` (``path``, ``why``),
    ``not_utf8`` (``path``, ``byte``) and ``bad_syntax`` (``path``, ``format``, ``detail``);
    a contract's ``contract_suit``,
    ``contract_declarer`` (``kind``, ``needs``), ``tout_kind``, ``herz_sau``,
    ``unknown_kind``, ``bad_suit``, ``bad_declarer``, ``bad_tout``, ``unknown_fields``,
    ``contract_not_object``."""

    code = "bad_rules"


class Kind(StrEnum):
    """The kinds of contract. ``tout`` is a modifier of the solo-types, not a kind."""

    RUFSPIEL = "rufspiel"
    SOLO = "solo"
    WENZ = "wenz"
    GEIER = "geier"
    FARBWENZ = "farbwenz"
    FARBGEIER = "farbgeier"
    BETTEL = "bettel"
    RAMSCH = "ramsch"
    SIE = "sie"

    # Hash like the string value: consistent with ``==`` on strings, and computed in C (the
    # Enum default hashes the member name in Python, which shows on the engine's hot path).
    __hash__ = str.__hash__


SOLO_TYPES: Final = frozenset({Kind.SOLO, Kind.WENZ, Kind.GEIER, Kind.FARBWENZ, Kind.FARBGEIER})
"""The contracts a Tout may be declared on."""
SUIT_KINDS: Final = frozenset({Kind.RUFSPIEL, Kind.SOLO, Kind.FARBWENZ, Kind.FARBGEIER})
"""The contracts that name a suit (the called suit for Rufspiel, the trump suit otherwise)."""
LAUFENDE_KINDS: Final = ("rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier")
CONTRACT_OPTIONS: Final = (
    "rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "bettel", "tout", "sie",
)  # fmt: skip


@dataclass(frozen=True)
class Contract:
    """What is played: the kind, the declarer's seat, the suit and Tout.

    ``suit`` is the called suit of a Rufspiel and the trump suit of a Farbsolo, Farbwenz or
    Farbgeier; ``declarer`` is ``None`` only for Ramsch.
    """

    kind: Kind
    declarer: int | None = None
    suit: int | None = None
    tout: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind) or isinstance(self.suit, str):
            self._read_names()
        if (self.suit is not None) != (self.kind in SUIT_KINDS):
            raise RulesError(
                f"contract {self.kind.value} {'needs' if self.suit is None else 'takes no'} suit",
                "contract_suit",
                kind=self.kind.value,
                needs=self.suit is None,
            )
        if self.tout and self.kind not in SOLO_TYPES:
            raise RulesError(
                f"Tout is only for solo-types, not {self.kind.value}", "tout_kind",
                kind=self.kind.value,
            )  # fmt: skip
        if (self.declarer is None) != (self.kind is Kind.RAMSCH):
            need = "needs a" if self.declarer is None else "has no"
            raise RulesError(
                f"contract {self.kind.value} {need} declarer", "contract_declarer",
                kind=self.kind.value, needs=self.declarer is None,
            )  # fmt: skip
        if self.kind is Kind.RUFSPIEL and self.suit == HERZ:
            raise RulesError(
                "the Herz-Sau cannot be called: call Eichel, Gras or Schellen", "herz_sau"
            )

    def _read_names(self) -> None:
        """Accept the kind by name and the suit by letter: ``Contract('rufspiel', 0, 'E')``."""
        try:
            kind = Kind(self.kind)
        except ValueError:
            raise RulesError(
                f"unknown contract kind {self.kind!r}", "unknown_kind",
                kind=self.kind, kinds=[k.value for k in Kind],
            ) from None  # fmt: skip
        suit = self.suit
        if isinstance(suit, str):
            if len(suit) != 1 or suit.upper() not in "EGHS":
                raise RulesError(
                    f"contract suit must be one of E G H S, got {suit!r}", "bad_suit", value=suit
                )
            suit = "EGHS".index(suit.upper())
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "suit", suit)

    def __repr__(self) -> str:
        """The constructor call with the kind by name and the suit by letter; it evaluates
        back to an equal contract.

        >>> Contract(Kind.RUFSPIEL, 0, 0)
        Contract('rufspiel', 0, 'E')
        >>> Contract("solo", 2, "H", tout=True) == Contract(Kind.SOLO, 2, HERZ, tout=True)
        True
        >>> Contract(Kind.WENZ, 1), Contract(Kind.RAMSCH)
        (Contract('wenz', 1), Contract('ramsch'))
        """
        args = [repr(self.kind.value)]
        if self.declarer is not None:
            args.append(str(self.declarer))
        if self.suit is not None:  # only Ramsch has no declarer, and it has no suit
            args.append(repr("EGHS"[self.suit]))
        if self.tout:
            args.append("tout=True")
        return f"Contract({', '.join(args)})"

    def __str__(self) -> str:
        """The German name (:meth:`name`).

        >>> print(Contract(Kind.RUFSPIEL, 0, 0), Contract(Kind.FARBWENZ, 3, 1, True), sep="; ")
        Sauspiel auf die Eichel-Sau; Gras-Farbwenz Tout
        """
        return self.name()

    @property
    def is_solo(self) -> bool:
        """True for every contract one player plays alone against the rest (not Rufspiel/Ramsch)."""
        return self.kind not in (Kind.RUFSPIEL, Kind.RAMSCH)

    def name(self) -> str:
        """A German name, e.g. ``Sauspiel auf die Gras-Sau``, ``Herz-Solo Tout``."""
        s = SUIT_NAMES[self.suit] if self.suit is not None else ""
        base = {
            Kind.RUFSPIEL: f"Sauspiel auf die {s}-Sau",
            Kind.SOLO: f"{s}-Solo",
            Kind.WENZ: "Wenz",
            Kind.GEIER: "Geier",
            Kind.FARBWENZ: f"{s}-Farbwenz",
            Kind.FARBGEIER: f"{s}-Farbgeier",
            Kind.BETTEL: "Bettel",
            Kind.RAMSCH: "Ramsch",
            Kind.SIE: "Sie",
        }[self.kind]
        return base + (" Tout" if self.tout else "")

    def to_json(self) -> dict[str, Any]:
        """The record form: ``{"kind", "declarer", "suit", "tout"}`` with absent fields left out."""
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.declarer is not None:
            out["declarer"] = self.declarer
        if self.suit is not None:
            out["suit"] = SUITS[self.suit]
        if self.tout:
            out["tout"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Contract:
        """Read the record form; a bad field raises :class:`RulesError` naming it."""
        if not isinstance(data, Mapping):
            raise RulesError(
                f"contract must be an object, got {data!r}", "contract_not_object", value=data
            )
        unknown = set(data) - {"kind", "declarer", "suit", "tout"}
        if unknown:
            raise RulesError(
                f"unknown contract field(s): {', '.join(sorted(unknown))}", "unknown_fields",
                fields=sorted(unknown),
            )  # fmt: skip
        try:
            kind = Kind(str(data.get("kind")))
        except ValueError:
            kinds = [k.value for k in Kind]
            raise RulesError(
                f"unknown contract kind {data.get('kind')!r}: one of {', '.join(kinds)}",
                "unknown_kind", kind=data.get("kind"), kinds=kinds,
            ) from None  # fmt: skip
        suit = data.get("suit")
        if suit is not None:
            if not isinstance(suit, str) or suit.upper() not in SUITS:
                raise RulesError(
                    f"contract suit must be one of E G H S, got {suit!r}", "bad_suit", value=suit
                )
            suit = SUITS.index(suit.upper())
        declarer = data.get("declarer")
        if declarer is not None and not (
            isinstance(declarer, int) and not isinstance(declarer, bool)
        ):
            raise RulesError(
                f"contract declarer must be a seat number, got {declarer!r}", "bad_declarer",
                value=declarer,
            )  # fmt: skip
        tout = data.get("tout", False)
        if not isinstance(tout, bool):
            raise RulesError(
                f"contract tout must be true or false, got {tout!r}", "bad_tout", value=tout
            )
        return cls(kind, declarer, suit, tout)


# ---------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Tarif:
    """Prices: base per contract group, the Schneider/Schwarz extra, each Laufender, Ramsch."""

    rufspiel: int = 1
    solo: int = 2
    extra: int = 1
    laufende: int = 1
    ramsch: int = 1
    bettel: int = 2


@dataclass(frozen=True)
class LaufendeMin:
    """The fewest Laufende that count, per contract."""

    rufspiel: int = 3
    solo: int = 3
    wenz: int = 2
    geier: int = 2
    farbwenz: int = 3
    farbgeier: int = 3

    def of(self, kind: Kind) -> int:
        """The minimum for a contract kind (Sie counts as a Farbsolo)."""
        name = "solo" if kind is Kind.SIE else kind.value
        value: int = getattr(self, name)
        return value


_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "players": (4, 3),
    "deck": ("long", "short"),
    "ranking": ("standard", "official"),
    "all_pass": ("redeal", "ramsch"),
    "kontra_deadline": ("before_second_trick", "before_first_card", "before_own_first_card"),
    "schneider": ("loser_30", "official"),
    "laufende_side": ("winner", "either"),
    "tout_value": ("4x_base", "2x_value"),
    "sie_value": ("4x_base", "4x_value"),
    "ramsch_tie": ("highest_trump_taken", "highest_trump_dealt"),
    "jungfrau": ("double", "double_all", "off"),
}


@dataclass(frozen=True)
class Ruleset:
    """Every option of the rules spec. Build with :meth:`preset`; the defaults are ``standard``."""

    preset_name: str = "standard"
    players: int = 4
    deck: str = "long"
    contracts: frozenset[str] = frozenset({"rufspiel", "solo", "wenz", "geier", "tout", "sie"})
    ranking: str = "standard"
    all_pass: str = "redeal"
    klopfen: bool = False
    davonlaufen_min: int = 4
    max_doublings: int = 2
    kontra_deadline: str = "before_second_trick"
    schneider: str = "loser_30"
    laufende_min: LaufendeMin = field(default_factory=LaufendeMin)
    laufende_min_short: LaufendeMin = field(default_factory=lambda: LaufendeMin(2, 2, 2, 2, 2, 2))
    laufende_side: str = "winner"
    tout_value: str = "4x_base"
    sie_value: str = "4x_base"
    tarif: Tarif = field(default_factory=Tarif)
    ramsch_tie: str = "highest_trump_taken"
    jungfrau: str = "double"
    durchmarsch: str | int = "all_tricks"
    stock: bool = False
    end_early: bool = False

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """The preset and only the options that differ from it (the record form, see
        :meth:`to_json`): it evaluates back to an equal ruleset.

        >>> Ruleset.preset("sauspiel")
        Ruleset.preset('sauspiel')
        >>> Ruleset.preset("sauspiel", {"tarif.rufspiel": 10, "klopfen": False})
        Ruleset.preset('sauspiel', {'klopfen': False, 'tarif': {'rufspiel': 10}})
        """
        overrides = self.to_json()
        name = overrides.pop("preset")
        if not overrides:
            return f"Ruleset.preset({name!r})"
        return f"Ruleset.preset({name!r}, {overrides!r})"

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = "standard", overrides: Mapping[str, Any] | None = None) -> Ruleset:
        """The named preset (``standard``, ``sauspiel``, ``bsv``) with ``overrides`` applied."""
        if name not in PRESETS:
            raise RulesError(
                f"unknown preset {name!r}: one of {', '.join(PRESETS)}", "unknown_preset",
                name=name, presets=list(PRESETS),
            )  # fmt: skip
        base = PRESETS[name]
        return base.with_options(overrides) if overrides else base

    @classmethod
    def of(cls, rules: Ruleset | str | Mapping[str, Any] | None) -> Ruleset:
        """A ruleset from what an API accepts: a :class:`Ruleset`, a preset name, the record
        form (``{"preset": "sauspiel", "klopfen": false}``) or ``None`` (``standard``)."""
        if isinstance(rules, Ruleset):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        return cls.from_json(rules)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Ruleset:
        """Read the record form: ``{"preset": name, ...overrides}``; ``None`` is ``standard``."""
        if data is None:
            return PRESETS["standard"]
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object, got {data!r}", "not_object", value=data)
        data = dict(data)
        name = data.pop("preset", "standard")
        if not isinstance(name, str):
            raise RulesError(
                f"preset must be a name, got {name!r}", "preset_not_name",
                value=name, presets=list(PRESETS),
            )  # fmt: skip
        return cls.preset(name, data)

    @classmethod
    def from_file(cls, path: str | Path) -> Ruleset:
        """Read a JSON or TOML file holding ``preset`` plus overrides."""
        import tomllib  # only needed here: keep the engine's import light

        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise RulesError(
                f"{p}: cannot read: {e.strerror}", "cannot_read", path=str(p), why=e.strerror
            ) from None
        except UnicodeDecodeError as e:
            raise RulesError(
                f"{p}: not UTF-8 text (byte {e.start})", "not_utf8", path=str(p), byte=e.start
            ) from None
        try:
            data = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
            kind = "TOML" if p.suffix.lower() == ".toml" else "JSON"
            raise RulesError(
                f"{p}: not valid {kind}: {e}", "bad_syntax", path=str(p), format=kind, detail=str(e)
            ) from None
        return cls.from_json(data)

    def with_options(self, overrides: Mapping[str, Any]) -> Ruleset:
        """A copy with options replaced; keys may be nested dicts or dotted (``tarif.solo``)."""
        changes: dict[str, Any] = {}
        for key, value in flatten_options(overrides).items():
            head, _, tail = key.partition(".")
            if head in ("tarif", "laufende_min", "laufende_min_short"):
                group = changes.get(head, getattr(self, head))
                sub = type(group)
                names = [f.name for f in dataclasses.fields(sub)]
                if not tail:
                    raise RulesError(
                        f"option {key!r} holds options: set {head}.{names[0]}=... and the like",
                        "option_group", option=key, options=[f"{head}.{n}" for n in names],
                    )  # fmt: skip
                if tail not in names:
                    raise RulesError(
                        f"unknown option {key!r}: {head} has {', '.join(names)}",
                        "unknown_option", option=key, options=[f"{head}.{n}" for n in names],
                    )  # fmt: skip
                if not _is_int(value) or value < 0:
                    raise RulesError(
                        f"option {key!r} must be a whole number >= 0, got {value!r}",
                        "bad_value", option=key, value=value, expected="count",
                    )  # fmt: skip
                changes[head] = dataclasses.replace(group, **{tail: value})
            elif tail:
                raise RulesError(
                    f"unknown option {key!r}", "unknown_option", option=key, options=option_names()
                )
            else:
                changes[head] = _check_option(head, value)
        return dataclasses.replace(self, **changes)

    # -- derived -------------------------------------------------------------------------------

    @property
    def short(self) -> bool:
        """True when the 24-card short deck is used (always in the 3-player game)."""
        return self.deck == "short" or self.players == 3

    @property
    def deck_mask(self) -> int:
        """The cards in play as a bitmask."""
        return SHORT_MASK if self.short else FULL_MASK

    @property
    def hand_size(self) -> int:
        """Cards per hand: 8, or 6 with the short deck and four players."""
        return (24 if self.short else 32) // self.players

    @cached_property
    def _allowed(self) -> frozenset[tuple[Kind, bool]]:
        return frozenset((k, t) for k in Kind for t in (False, True) if self._allows(k, t))

    @cached_property
    def _ranks(self) -> dict[tuple[Kind, bool], int]:
        return {(k, t): self._rank(k, t) for k in Kind for t in (False, True)}

    def allows(self, kind: Kind, tout: bool = False) -> bool:
        """Whether this contract may be played under these rules."""
        return (kind, tout) in self._allowed

    def rank(self, kind: Kind, tout: bool = False) -> int:
        """The bidding rank of a contract: a higher rank beats a lower one."""
        return self._ranks[(kind, tout)]

    def _allows(self, kind: Kind, tout: bool) -> bool:
        if tout and kind not in SOLO_TYPES:
            return False
        if kind is Kind.RAMSCH:
            return self.all_pass == "ramsch"
        if self.players == 3 and kind is Kind.RUFSPIEL:
            return False
        if tout and "tout" not in self.contracts:
            return False
        return kind.value in self.contracts

    def _rank(self, kind: Kind, tout: bool) -> int:
        order = _RANK_ORDER[self.ranking]
        if kind is Kind.SIE:
            return 100
        if kind is Kind.RAMSCH:
            return -1
        return order.index(kind) + (20 if tout else 0)

    def laufende_minimum(self, kind: Kind) -> int:
        """The fewest Laufende that count for this contract and deck."""
        return (self.laufende_min_short if self.short else self.laufende_min).of(kind)

    def base_price(self, kind: Kind) -> int:
        """The tariff of a contract before extras and doublings."""
        if kind is Kind.RUFSPIEL:
            return self.tarif.rufspiel
        if kind is Kind.RAMSCH:
            return self.tarif.ramsch
        if kind is Kind.BETTEL:
            return self.tarif.bettel
        return self.tarif.solo

    # -- serialisation ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option, in the record's option names (no ``preset``)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "preset_name":
                continue
            v = getattr(self, f.name)
            if dataclasses.is_dataclass(v):
                v = dataclasses.asdict(v)  # type: ignore[arg-type]
            elif isinstance(v, frozenset):
                v = [c for c in CONTRACT_OPTIONS if c in v]
            out[f.name] = v
        return out

    def to_json(self) -> dict[str, Any]:
        """The record form: the preset name plus only the options that differ from it."""
        base = PRESETS[self.preset_name].to_dict()
        out: dict[str, Any] = {"preset": self.preset_name}
        for k, v in self.to_dict().items():
            if isinstance(v, dict):
                diff = {sk: sv for sk, sv in v.items() if base[k][sk] != sv}
                if diff:
                    out[k] = diff
            elif base[k] != v:
                out[k] = v
        return out


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def flatten_options(d: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested options as dotted keys: ``{"tarif": {"solo": 5}}`` is ``{"tarif.solo": 5}``."""
    out: dict[str, Any] = {}
    for k, v in d.items():
        key = prefix + str(k)
        if isinstance(v, Mapping):
            if not v:
                continue
            out.update(flatten_options(v, key + "."))
        else:
            out[key] = v
    return out


def option_value(raw: str) -> Any:
    """An option's value as typed on a command line: JSON when it parses (``10``, ``false``,
    ``["solo"]``), else the text itself (``short``)."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw.strip()


def _check_option(name: str, value: Any) -> Any:
    """Validate one top-level option and return its stored form."""
    if name in _CHOICES:
        allowed = _CHOICES[name]
        if not any(value == a and type(value) is type(a) for a in allowed):
            shown = ", ".join(repr(a) for a in allowed)
            raise RulesError(
                f"option {name!r} must be one of {shown}, got {value!r}", "bad_value",
                option=name, value=value, expected="choice", choices=list(allowed),
            )  # fmt: skip
        return value
    if name in ("klopfen", "stock", "end_early"):
        if not isinstance(value, bool):
            raise RulesError(
                f"option {name!r} must be true or false, got {value!r}", "bad_value",
                option=name, value=value, expected="bool",
            )  # fmt: skip
        return value
    if name == "davonlaufen_min":
        if not _is_int(value) or not 1 <= value <= 8:
            raise RulesError(
                f"option 'davonlaufen_min' must be a whole number 1..8, got {value!r}",
                "bad_value", option=name, value=value, expected="range", low=1, high=8,
            )  # fmt: skip
        return value
    if name == "max_doublings":
        if not _is_int(value) or not 0 <= value <= 4:
            raise RulesError(
                f"option 'max_doublings' must be 0..4 (Kontra, Re, Sup, Hirsch), got {value!r}",
                "bad_value", option=name, value=value, expected="range", low=0, high=4,
            )  # fmt: skip
        return value
    if name == "durchmarsch":
        if value in ("all_tricks", "off") or (_is_int(value) and 61 <= value <= 120):
            return value
        raise RulesError(
            "option 'durchmarsch' must be 'all_tricks', 'off' or card points 61..120, "
            f"got {value!r}", "bad_value", option=name, value=value, expected="durchmarsch",
        )  # fmt: skip
    if name == "contracts":
        if isinstance(value, str) or not hasattr(value, "__iter__"):
            raise RulesError(
                f"option 'contracts' must be a list from {', '.join(CONTRACT_OPTIONS)}",
                "bad_value", option=name, value=value, expected="contracts",
                choices=list(CONTRACT_OPTIONS),
            )  # fmt: skip
        items = list(value)
        bad = [c for c in items if c not in CONTRACT_OPTIONS]
        if bad:
            raise RulesError(
                f"option 'contracts': unknown contract(s) {', '.join(map(repr, bad))}: "
                f"allowed are {', '.join(CONTRACT_OPTIONS)}", "unknown_contracts",
                option=name, bad=bad, choices=list(CONTRACT_OPTIONS),
            )  # fmt: skip
        return frozenset(items)
    names = option_names()
    raise RulesError(
        f"unknown option {name!r}: options are {', '.join(names)}", "unknown_option",
        option=name, options=names,
    )  # fmt: skip


def option_names() -> list[str]:
    """The names of a ruleset's top-level options (``tarif`` and the like hold more)."""
    return [f.name for f in dataclasses.fields(Ruleset) if f.name != "preset_name"]


_RANK_ORDER: Final[dict[str, tuple[Kind, ...]]] = {
    "standard": (
        Kind.RUFSPIEL, Kind.BETTEL, Kind.SOLO, Kind.FARBWENZ, Kind.FARBGEIER, Kind.WENZ, Kind.GEIER,
    ),
    "official": (
        Kind.RUFSPIEL, Kind.BETTEL, Kind.FARBGEIER, Kind.GEIER, Kind.FARBWENZ, Kind.WENZ, Kind.SOLO,
    ),
}  # fmt: skip

PRESETS: Final[dict[str, Ruleset]] = {
    "standard": Ruleset(),
    "sauspiel": Ruleset(
        preset_name="sauspiel",
        contracts=frozenset(
            {"rufspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier", "tout", "sie"}
        ),
        ranking="official",
        klopfen=True,
        kontra_deadline="before_first_card",
        schneider="official",
        laufende_side="either",
        tout_value="2x_value",
        sie_value="4x_value",
        tarif=Tarif(rufspiel=20, solo=50, extra=10, laufende=10, ramsch=20, bettel=50),
        laufende_min_short=LaufendeMin(),  # the long deck's minimums, as sauspiel.de pays
    ),
    "bsv": Ruleset(
        preset_name="bsv",
        contracts=frozenset({"rufspiel", "solo", "wenz", "tout", "sie"}),
        ranking="official",
        schneider="official",
        laufende_side="either",
        tout_value="2x_value",
        tarif=Tarif(rufspiel=10, solo=50, extra=10, laufende=10, ramsch=20, bettel=50),
        laufende_min_short=LaufendeMin(),  # the long deck's minimums (rules spec)
    ),
}
"""The three presets of the rules spec."""

STANDARD: Final = PRESETS["standard"]


# ---------------------------------------------------------------------------------------------
# Play tables: what a contract means for card play


TRUMP = 4
"""The effective suit of every trump card."""


@dataclass(frozen=True)
class PlayTables:
    """A contract's card order as tables: what the engine and the kernels share.

    ``trumps`` lists the trumps high to low; ``eff_suit[c]`` is 0..3 or ``TRUMP``;
    ``power[c]`` orders cards (trumps 100+, plain cards 10..17, higher wins);
    ``follow[s]`` is the bitmask of cards of effective suit ``s`` (index 4 = trumps).
    """

    trumps: tuple[Card, ...]
    eff_suit: tuple[int, ...]
    power: tuple[int, ...]
    follow: tuple[int, ...]
    trump_mask: int


_PLAIN_ORDER: Final = {
    "ou": "AZK987",  # Ober and Unter are trumps
    "u": "AZKO987",  # Unter are trumps
    "o": "AZKU987",  # Ober are trumps
    "none": "AZKOU987",
}


@lru_cache(maxsize=64)
def play_tables(kind: Kind, suit: int | None = None, short: bool = False) -> PlayTables:
    """The card order of a contract (``suit``: the trump suit; a Rufspiel's trump suit is Herz)."""
    deck = SHORT_MASK if short else FULL_MASK
    ober = [card(s, OBER) for s in range(4)]
    unter = [card(s, UNTER) for s in range(4)]
    if kind in (Kind.RUFSPIEL, Kind.RAMSCH):
        high, style, trump_suit = ober + unter, "ou", HERZ
    elif kind in (Kind.SOLO, Kind.SIE):
        high, style, trump_suit = ober + unter, "ou", (HERZ if suit is None else suit)
    elif kind is Kind.WENZ:
        high, style, trump_suit = unter, "u", None
    elif kind is Kind.GEIER:
        high, style, trump_suit = ober, "o", None
    elif kind is Kind.FARBWENZ:
        high, style, trump_suit = unter, "u", suit
    elif kind is Kind.FARBGEIER:
        high, style, trump_suit = ober, "o", suit
    else:  # Bettel
        high, style, trump_suit = [], "none", None
    plain = _PLAIN_ORDER[style]
    trumps = list(high)
    if trump_suit is not None:
        trumps += [card(trump_suit, RANKS.index(r)) for r in plain]
    trumps = [c for c in trumps if deck >> c & 1]
    eff = [0] * 32
    power = [0] * 32
    for c in range(32):
        eff[c] = c >> 3
        r = RANKS[c & 7]
        power[c] = 17 - plain.index(r) if r in plain else 0
    for i, c in enumerate(trumps):
        eff[c] = TRUMP
        power[c] = 100 + len(trumps) - i
    follow = [0] * 5
    for c in range(32):
        if deck >> c & 1:
            follow[eff[c]] |= 1 << c
    return PlayTables(tuple(trumps), tuple(eff), tuple(power), tuple(follow), follow[TRUMP])


def trick_winner(tables: PlayTables, cards: list[Card] | tuple[Card, ...]) -> int:
    """The index (0-based, from the leader) of the card that wins a complete trick."""
    lead = tables.eff_suit[cards[0]]
    best, best_power = 0, tables.power[cards[0]]
    eff, power = tables.eff_suit, tables.power
    for i in range(1, len(cards)):
        c = cards[i]
        e = eff[c]
        if e == lead or e == TRUMP:
            p = power[c]
            if p > best_power:
                best, best_power = i, p
    return best
