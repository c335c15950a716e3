"""The tournament's database: one SQLite file in the output folder, one commit per match.

Only the driver writes. A finished match is committed at once, so a tournament stopped
by Ctrl-C or SIGKILL keeps every match it had finished, and the next run plays only the
others (a match cut off midway is played again from its first deal). The settings that
decide the games (assignment, phase, deals, the graders' hash) are kept too: a database
of other settings is refused with one line rather than mixed.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

from ...course.output import make_folder
from ...errors import CardlabError
from .match import GameRecord

DATABASE_NAME = "tournament.sqlite"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS probes (entrant TEXT PRIMARY KEY, hash TEXT NOT NULL,
                                   problem TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (first TEXT NOT NULL, second TEXT NOT NULL,
                                    hashes TEXT NOT NULL, games TEXT NOT NULL,
                                    PRIMARY KEY (first, second));
"""


class TournamentStore:
    """Finished matches and entrant probes of one tournament."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        """Use an open database."""
        self._db = connection

    def check_settings(self, settings: dict[str, str]) -> None:
        """Record the settings, or refuse a database made with others.

        Raises:
            CardlabError: When the database holds another tournament.
        """
        stored = dict(self._db.execute("SELECT key, value FROM settings"))
        if stored and stored != settings:
            changed = sorted(k for k in settings if stored.get(k) != settings[k])
            raise CardlabError(
                f"the output folder holds a tournament with other settings ({', '.join(changed)});"
                " name another output folder"
            )
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO settings VALUES (?, ?)", settings.items())

    def probe(self, entrant: str, content: str) -> str | None:
        """The stored probe problem of an entrant ("" when it plays), or None if not probed."""
        row = self._db.execute(
            "SELECT problem FROM probes WHERE entrant = ? AND hash = ?", (entrant, content)
        ).fetchone()
        return None if row is None else row[0]

    def put_probe(self, entrant: str, content: str, problem: str) -> None:
        """Commit an entrant's probe."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO probes VALUES (?, ?, ?)", (entrant, content, problem)
            )

    def games(self, first: str, second: str, hashes: str) -> list[GameRecord] | None:
        """The games of a finished match between these versions of the entrants, or None."""
        row = self._db.execute(
            "SELECT games FROM matches WHERE first = ? AND second = ? AND hashes = ?",
            (first, second, hashes),
        ).fetchone()
        if row is None:
            return None
        return [
            GameRecord(g["deal"], g["first_seat"], g["score"], tuple(map(tuple, g["forfeits"])))
            for g in json.loads(row[0])
        ]

    def put_match(self, first: str, second: str, hashes: str, games: list[GameRecord]) -> None:
        """Commit a finished match."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO matches VALUES (?, ?, ?, ?)",
                (first, second, hashes, json.dumps([asdict(g) for g in games])),
            )


@contextlib.contextmanager
def open_tournament_store(output: Path) -> Iterator[TournamentStore]:
    """The tournament database in ``output`` (created with the folder when missing).

    Raises:
        CardlabError: When the file is not a database cardlab can use.
    """
    make_folder(output)
    path = output / DATABASE_NAME
    try:
        connection = sqlite3.connect(path)
        connection.executescript(_SCHEMA)
    except sqlite3.DatabaseError as error:
        raise CardlabError(f"{path} is not a tournament database ({error})") from None
    try:
        yield TournamentStore(connection)
    finally:
        connection.close()
