"""The program: the user plays one seat against three computer players, or watches.

Run it as ``python -m hearts.console``.  It asks ``Play or watch? [p/w]: `` first; when
playing, the user holds South.  Everything that happens is printed, one line per event
(``describe``): every deal, who leads and plays which card, who takes each trick and
for how many points, a moon shot, every hand's scores and the totals, and the winners.
"""

from __future__ import annotations

from collections.abc import Sequence

from .game import Event, Hearts
from .player import Player

MODE_PROMPT = "Play or watch? [p/w]: "
"""The first question of the program."""

HUMAN_SEAT = 2
"""The user plays South."""

DEALER_SEAT = 0
"""North deals every hand (the dealer is always a computer player)."""

EXIT_OK = 0
"""Exit status of a game played to the end."""

EXIT_ABANDONED = 1
"""Exit status when input ends or the user presses Ctrl-C."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one game from the command line.

    Options: ``--seed INT`` (every player's generator is ``random.Random(seed + seat)``;
    default: an unpredictable game) and ``--watch`` (do not ask, just watch).

    Returns:
        ``EXIT_OK`` after a complete game; ``EXIT_ABANDONED`` after printing
        ``Game abandoned.`` if input ends or the user presses Ctrl-C.
    """
    raise NotImplementedError("main is yours to write in this phase")


def ask_mode() -> bool:
    """Ask whether the user plays or watches until the answer is p or w.

    The question is ``MODE_PROMPT``.  The answer's case and the spaces around it do
    not matter: ``P``, or ``w`` typed with spaces around it, is an answer too.  Any
    other answer, an empty one included, gets one line starting ``Refused:`` (the rest
    of the line is yours to word), then the question again.

    Returns:
        True to watch, False to play.
    """
    raise NotImplementedError("ask_mode is yours to write in this phase")


def make_players(seed: int | None, human_seat: int | None) -> list[Player]:
    """Make the four players: North the ``Dealer``, the user at ``human_seat`` if any.

    Args:
        seed: Player ``seat`` gets ``random.Random(seed + seat)``; None for
            unpredictable generators.
        human_seat: The user's seat, or None when watching.
    """
    raise NotImplementedError("make_players is yours to write in this phase")


def run(game: Hearts) -> None:
    """Print the game's events as it is played, to its end."""
    raise NotImplementedError("run is yours to write in this phase")


def show(events: Sequence[Event], totals: Sequence[int]) -> None:
    """Print each event with ``describe``; after a hand's scores, print ``totals`` too."""
    raise NotImplementedError("show is yours to write in this phase")


def describe_totals(totals: Sequence[int]) -> str:
    """Return the line of running totals: ``Totals: North 3, East 0, South 12, West 7``.

    Each seat's name and total, in seat order, separated by a comma and a space.
    """
    raise NotImplementedError("describe_totals is yours to write in this phase")


def describe(event: Event) -> str:
    """Return the line printed for an event, e.g. ``East plays Q♠``.

    The line of each kind of event, where ``SEAT`` is the seat's name (North, East,
    South or West), ``CARD`` the card as ``str(card)`` writes it, with its suit's
    symbol (``Q♠``, not ``QS``), and ``N points`` reads ``1 point`` for one (the tests
    read every line by these forms, so write them exactly):

    * ``DEAL``: ``SEAT shuffles and deals.``
    * ``LEAD``: ``SEAT leads CARD``
    * ``PLAY``: ``SEAT plays CARD``
    * ``TAKE``: ``SEAT takes the trick (N points)``
    * ``MOON``: ``SEAT shot the moon!``
    * ``SCORE``: ``SEAT scores N points this hand``
    * ``WIN``: ``SEAT wins the game!``
    """
    raise NotImplementedError("describe is yours to write in this phase")


if __name__ == "__main__":
    raise SystemExit(main())
