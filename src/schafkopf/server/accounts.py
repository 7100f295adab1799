"""Accounts: a name and a password (Argon2id), login sessions, and the seats a person holds.

A login session is a random secret in an HttpOnly cookie; the database keeps only its
SHA-256, so a copy of the database logs nobody in. Each session has its own CSRF token, which
every request that changes something must carry in a header (the cookie alone is refused).
The seats of an account are the table seats it took while logged in (or kept from its guest
games): from any device where it logs in, the person gets their seat tokens back.

Deleting an account keeps its games: the seats it held are renamed (``DELETED_NAME``), and
the account, its sessions and its seat list are removed.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    String,
    delete,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from schafkopf.server.store import SeatChangeRow, SeatRow, StoreError, _Base

PASSWORD_MIN: Final = 8
PASSWORD_MAX: Final = 200
DELETED_NAME: Final = "Gelöscht"
"""The name a deleted account's seats show from then on."""

_HASHER: Final = PasswordHasher()  # Argon2id, the library's (RFC 9106) defaults
_HASHING: Final = threading.BoundedSemaphore(2)
"""At most two hashes at once: each takes 64 MiB, and a burst of logins must not take more."""


class AccountRow(_Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(30))
    name_key: Mapped[str] = mapped_column(String(30), unique=True)
    """The name folded (case, width, accents as typed): ``Anna`` and ``ANNA`` are one name."""
    password_hash: Mapped[str] = mapped_column(String(255))
    public: Mapped[bool] = mapped_column(Boolean)
    """Whether the profile is shown to everyone."""
    created: Mapped[float] = mapped_column(Float)


class LoginSessionRow(_Base):
    __tablename__ = "login_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The SHA-256 of the cookie's secret (the secret itself is never stored)."""
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)


class AccountSeatRow(_Base):
    __tablename__ = "account_seats"
    __table_args__ = (ForeignKeyConstraint(["table_id", "seat"], ["seats.table_id", "seats.seat"]),)

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat's token when the account took it: the seat is the account's while the seat
    has that token, or none (the person left, a bot plays for them); once another person
    took it with a token of their own, it is theirs."""
    at: Mapped[float] = mapped_column(Float)


class AccountError(StoreError):
    """A refused account operation; ``code`` is the server's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    public: bool
    created: float


@dataclass(frozen=True)
class LoginSession:
    """A logged-in browser: its account and the CSRF token its requests must carry."""

    account: Account
    csrf: str
    created: float


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case folded, spaces squeezed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def replaced_name(name: str, old: str, new: str) -> str:
    """A seat's name with a person's name ``old`` given way to ``new``: the name itself, or
    the person a bot plays for (``Sepp (Bot für Anna)``); any other name stays."""
    if name == old:
        return new
    for_old = f" {old})"
    if name.endswith(for_old) and " (" in name:
        return name[: -len(for_old)] + f" {new})"
    return name


def hash_password(password: str) -> str:
    """Argon2id hash of a password (slow on purpose; at most two at once)."""
    with _HASHING:
        return _HASHER.hash(password)


def check_password(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from."""
    with _HASHING:
        try:
            return _HASHER.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False


def needs_rehash(stored: str) -> bool:
    """Whether a hash was made with weaker parameters than the current ones."""
    return _HASHER.check_needs_rehash(stored)


def _secret_id(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


_DUMMY_HASH: Final = _HASHER.hash("no account has this password")
"""Checked for an unknown name, so that a login takes as long as for a known one."""


class AccountStore:
    """The accounts' rows, over the tables' database (:class:`~schafkopf.server.store.Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    def create(self, name: str, password: str) -> Account:
        """A new account; ``name_taken`` when the name (folded) has one already."""
        row = AccountRow(
            id=secrets.token_hex(16),
            name=name,
            name_key=name_key(name),
            password_hash=hash_password(password),
            public=False,
            created=time.time(),
        )
        try:
            with self._session() as s:
                s.add(row)
        except IntegrityError:
            raise AccountError("name_taken", f"the name {name!r} has an account already") from None
        return Account(row.id, row.name, row.public, row.created)

    def login(self, name: str, password: str) -> Account:
        """The account of ``name`` when ``password`` is its password, else ``bad_login``
        (the same for an unknown name, after as long a check)."""
        with self._session() as s:
            row = s.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            stored = row.password_hash if row is not None else _DUMMY_HASH
            found = row is not None and check_password(stored, password)
            if row is None:
                check_password(_DUMMY_HASH, password)
            if not found or row is None:
                raise AccountError("bad_login", "no account has that name and password")
            if needs_rehash(stored):
                row.password_hash = hash_password(password)
            return Account(row.id, row.name, row.public, row.created)

    def get(self, account_id: str) -> Account | None:
        with self._session() as s:
            row = s.get(AccountRow, account_id)
            return None if row is None else Account(row.id, row.name, row.public, row.created)

    def by_name(self, name: str) -> Account | None:
        """The account of a name (folded), or None."""
        with self._session() as s:
            row = s.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            return None if row is None else Account(row.id, row.name, row.public, row.created)

    def check(self, account_id: str, password: str) -> bool:
        """Whether ``password`` is the account's (to confirm a change or a deletion)."""
        with self._session() as s:
            row = s.get(AccountRow, account_id)
            return row is not None and check_password(row.password_hash, password)

    def set_password(self, account_id: str, password: str, *, keep: str | None = None) -> None:
        """A new password; every login session ends but the one whose secret is ``keep``."""
        digest = hash_password(password)
        with self._session() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(
                password_hash=digest))  # fmt: skip
            q = delete(LoginSessionRow).where(LoginSessionRow.account_id == account_id)
            if keep is not None:
                q = q.where(LoginSessionRow.id != _secret_id(keep))
            s.execute(q)

    def set_public(self, account_id: str, public: bool) -> None:
        with self._session() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(public=public))

    # -- login sessions -------------------------------------------------------------------

    def open_session(self, account: Account) -> tuple[str, str]:
        """A new login session: its secret (for the cookie) and its CSRF token."""
        secret, csrf, now = secrets.token_urlsafe(32), secrets.token_urlsafe(24), time.time()
        with self._session() as s:
            s.add(LoginSessionRow(id=_secret_id(secret), account_id=account.id, csrf=csrf,
                                  created=now, seen=now))  # fmt: skip
        return secret, csrf

    def session(self, secret: str, *, most_days: float) -> LoginSession | None:
        """The login session of a cookie's secret, or None (unknown, or older than
        ``most_days`` since it was last seen: then it is ended)."""
        now = time.time()
        with self._session() as s:
            row = s.get(LoginSessionRow, _secret_id(secret))
            if row is None:
                return None
            if now - row.seen > most_days * 86400:
                s.delete(row)
                return None
            account = s.get(AccountRow, row.account_id)
            if account is None:
                return None
            if now - row.seen > 600:  # written at most every ten minutes
                row.seen = now
            return LoginSession(
                Account(account.id, account.name, account.public, account.created),
                row.csrf,
                row.created,
            )

    def end_session(self, secret: str) -> None:
        with self._session() as s:
            s.execute(delete(LoginSessionRow).where(LoginSessionRow.id == _secret_id(secret)))

    def end_sessions(self, account_id: str) -> int:
        """End every login session of the account (log out everywhere); how many."""
        with self._session() as s:
            done = s.execute(
                delete(LoginSessionRow).where(LoginSessionRow.account_id == account_id)
            )
            return int(done.rowcount or 0)  # type: ignore[attr-defined]

    def sessions(self, account_id: str) -> list[tuple[float, float]]:
        """When each login session began and was last seen (for the data export)."""
        with self._session() as s:
            rows = s.execute(
                select(LoginSessionRow.created, LoginSessionRow.seen)
                .where(LoginSessionRow.account_id == account_id)
                .order_by(LoginSessionRow.created)
            ).all()
            return [(float(a), float(b)) for a, b in rows]

    # -- seats ------------------------------------------------------------------------------

    def keep_seat(self, account_id: str, table_id: str, seat: int, token: str) -> bool:
        """The account holds that seat, which ``token`` holds now, from now on (False: the
        token does not hold it). The last person to take a seat with a token of their own
        holds it: a seat left and taken by another is no longer the first one's."""
        with self._session() as s:
            current = s.get(SeatRow, (table_id, seat))
            if current is None or current.token != token:
                return False
            row = s.get(AccountSeatRow, (table_id, seat))
            if row is None:
                s.add(AccountSeatRow(table_id=table_id, seat=seat, account_id=account_id,
                                     token=token, at=time.time()))  # fmt: skip
            else:
                row.account_id, row.token, row.at = account_id, token, time.time()
            return True

    def seats(self, account_id: str) -> list[tuple[str, int, str | None]]:
        """The account's seats, newest first: table, seat and the seat's token (None once
        the person left it); a seat another person took since is left out."""
        with self._session() as s:
            rows = s.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat, AccountSeatRow.token,
                       SeatRow.token)
                .join(SeatRow, (SeatRow.table_id == AccountSeatRow.table_id)
                      & (SeatRow.seat == AccountSeatRow.seat))
                .where(AccountSeatRow.account_id == account_id)
                .order_by(AccountSeatRow.at.desc())
            ).all()  # fmt: skip
            return [
                (str(t), int(seat), now)
                for t, seat, kept, now in rows
                if now is None or now == kept
            ]

    def seat_holder(self, table_id: str, seat: int) -> str | None:
        """The account that holds a seat (also while a bot plays for its person), or None."""
        with self._session() as s:
            row = s.get(AccountSeatRow, (table_id, seat))
            if row is None:
                return None
            current = s.get(SeatRow, (table_id, seat))
            if current is not None and current.token is not None and current.token != row.token:
                return None  # another person took the seat since
            return row.account_id

    def delete(self, account_id: str) -> tuple[list[tuple[str, int]], str]:
        """Delete the account: its seats show :data:`DELETED_NAME` (games stay), its login
        sessions and seat list go (the name is replaced where a seat's name holds it, as in
        a bot's "Sepp (Bot für Anna)"). Returns the renamed seats and the old name."""
        with self._session() as s:
            account = s.get(AccountRow, account_id)
            if account is None:
                raise AccountError("not_logged_in", "that account does not exist")
            held = s.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat).where(
                    AccountSeatRow.account_id == account_id
                )
            ).all()
            seats = [(str(t), int(seat)) for t, seat in held]
            old = account.name
            for table_id, seat in seats:
                row = s.get(SeatRow, (table_id, seat))
                if row is not None:
                    row.name = replaced_name(row.name, old, DELETED_NAME)
                changes = s.scalars(
                    select(SeatChangeRow).where(
                        SeatChangeRow.table_id == table_id, SeatChangeRow.seat == seat
                    )
                )
                for c in changes:
                    c.name = replaced_name(c.name, old, DELETED_NAME)
                    if c.person is not None:
                        c.person = replaced_name(c.person, old, DELETED_NAME)
            s.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
            key = f"account:{account_id}"  # its ratings (rows of schafkopf.server.ratings)
            s.execute(text("DELETE FROM rated_games WHERE key = :key"), {"key": key})
            s.execute(text("DELETE FROM ratings WHERE key = :key"), {"key": key})
            s.execute(delete(LoginSessionRow).where(LoginSessionRow.account_id == account_id))
            s.delete(account)
            return seats, old
