"""Shared pieces of the hidden console graders (phase 3): scripted people and the checked lines.

A person is played by a script: at each ``Move>`` prompt ``next_line`` looks at the
reference's table and hand and types a legal lay or pile move (in either case), ``D``,
``H`` or ``A``, or one of the bad lines of ``BAD_KINDS``, each chosen by a seeded
``random.Random``.  The reference program runs in the judge with that script
(``run_reference``), recording every line typed; the same lines are then typed into your
program, and what both printed is compared on the lines the contract fixes:

* before every prompt, the eight ``Pile N:`` lines, ``Computer Player has N cards`` and
  ``Your hand: ...`` (the last of each kind since the previous prompt);
* after each bad line, exactly one line of message before the table and prompt again;
* the penalty lines of every round and the winner line, in order.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from dataclasses import dataclass

PROMPT = "Move>"
QUESTION = "Play another game? (y/n)"
PILE_LINE = re.compile(r"^Pile ([1-8]):((?: [0-9A-Z]{2})*)\s*$")
COUNT_LINE = re.compile(r"^Computer Player has (\d+) cards?\s*$")
HAND_LINE = re.compile(r"^Your hand:((?: [0-9A-Z]{2})*)\s*$")
SCORED_LINE = re.compile(
    r"^(Penalty points (?:this round|in this game): You \d+, Computer \d+"
    r"|You win the game!|The computer wins the game\.|The game is a tie\.)\s*$"
)
MAX_LINES = 2500
"""A script never types more lines than this (the input then ends)."""

BAD_KINDS = (
    "unknown",
    "empty",
    "not a card",
    "short card",
    "missing words",
    "not held",
    "pile out of range",
    "pile not a number",
    "refused lay",
    "corner moved",
    "refused move",
)
"""The kinds of bad line a script types (see ``bad_line``)."""


@dataclass(frozen=True)
class Shown:
    """What the person was shown before one prompt: the lines the contract fixes."""

    piles: tuple
    count: int | None
    hand: str | None

    def lines(self) -> list[str]:
        piles = [
            f"Pile {n}:{cards}" if cards is not None else f"(no 'Pile {n}:' line)"
            for n, cards in enumerate(self.piles, start=1)
        ]
        count = (
            "(no count line)" if self.count is None else f"Computer Player has {self.count} cards"
        )
        hand = "(no hand line)" if self.hand is None else f"Your hand:{self.hand}"
        return [*piles, count, hand]


def _shown(segment: str) -> Shown:
    piles: dict[int, str] = {}
    count = hand = None
    for line in segment.splitlines():
        line = line.strip()
        if match := PILE_LINE.match(line):
            piles[int(match[1])] = match[2]
        elif match := COUNT_LINE.match(line):
            count = int(match[1])
        elif match := HAND_LINE.match(line):
            hand = match[1]
    return Shown(tuple(piles.get(n) for n in range(1, 9)), count, hand)


def is_table_line(line: str) -> bool:
    line = line.strip()
    return bool(PILE_LINE.match(line) or COUNT_LINE.match(line) or HAND_LINE.match(line))


def segments(out: str) -> list[str]:
    """The output cut at each prompt: segment i is what was printed before prompt i."""
    return out.split(PROMPT)


def shown_tables(out: str) -> list[Shown]:
    """What was shown before each prompt, in order."""
    return [_shown(segment) for segment in segments(out)[:-1]]


def output_lines(out: str) -> list[str]:
    """The lines printed, each prompt ending its line, without the spaces around them.

    What is typed is not in the output, so the first line printed after a prompt follows
    it on the same line: a program that prints nothing after a ``D`` that ends its turn
    has its next line there, as on a terminal the person's Enter would start a new one.
    """
    for prompt in (PROMPT, QUESTION):
        out = out.replace(prompt, prompt + "\n")
    return [line.strip() for line in out.splitlines()]


def scored_lines(out: str) -> list[str]:
    """The penalty and winner lines, in order."""
    return [line for line in output_lines(out) if SCORED_LINE.match(line)]


def message_lines(segment: str) -> list[str]:
    """The non-blank lines of a segment that are not table lines."""
    return [
        line.strip() for line in segment.splitlines() if line.strip() and not is_table_line(line)
    ]


# -- the scripted person ------------------------------------------------------------------------


def _random_case(text: str, rng: random.Random) -> str:
    return text.lower() if rng.random() < 0.4 else text


def bad_line(kind: str, table, hand, rng: random.Random) -> str | None:
    """A line of the given kind that is sure to be refused, or None if the position has none."""
    held = [card.notation for card in hand]
    deck = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
    if kind == "unknown":
        return rng.choice(["x", "hello", "P 1 2", "7H"])
    if kind == "empty":
        return ""
    if kind == "not a card":
        return f"L {rng.choice(['1X', 'ZZ', '10H', 'KX'])} {rng.randint(1, 8)}"
    if kind == "short card":
        return f"L {rng.choice(['K', 'h', '7'])} {rng.randint(1, 8)}"
    if kind == "missing words":
        return rng.choice(["L", "M 1", f"L {held[0]}" if held else "L 7H"])
    if kind == "not held":
        return f"L {rng.choice([c for c in deck if c not in held])} {rng.randint(1, 8)}"
    if kind == "pile out of range" and held:
        return f"L {rng.choice(held)} {rng.choice(['0', '9', '12'])}"
    if kind == "pile not a number":
        return rng.choice(["M a 2", "M 1 b", f"L {held[0]} x" if held else "M x y"])
    if kind == "refused lay":
        refused = [
            f"L {c.notation} {p.number}" for c in hand for p in table.piles if not p.can_take(c)
        ]
        return rng.choice(refused) if refused else None
    if kind == "corner moved":
        return f"M {rng.randint(5, 8)} {rng.randint(1, 4)}"
    if kind == "refused move":
        refused = [
            f"M {s.number} {t.number}"
            for s in table.piles[:4]
            for t in table.piles
            if not s.can_move_onto(t)
        ]
        return rng.choice(refused) if refused else None
    return None


def legal_lines(ref, table, hand) -> list[str]:
    """Every lay and pile move the rules allow now (no pile moved onto an empty pile)."""
    lines = [f"L {c.notation} {p.number}" for c in hand for p in table.piles if p.can_take(c)]
    lines += [
        f"M {s.number} {t.number}"
        for s in table.piles[:4]
        for t in table.piles
        if not t.is_empty and s.can_move_onto(t)
    ]
    return lines


def next_line(
    ref, table, hand, rng: random.Random, bad_share: float, lay_share: float = 0.85
) -> tuple[str, bool]:
    """The next line the script types, and whether it is a bad line.

    ``lay_share`` is how often a legal lay or pile move is typed when there is one.
    """
    roll = rng.random()
    if roll < bad_share:
        line = bad_line(rng.choice(BAD_KINDS), table, hand, rng)
        if line is not None:
            return line, True
    if roll < bad_share + 0.03:
        return rng.choice(["H", "a"]), False
    legal = legal_lines(ref, table, hand)
    if legal and rng.random() < lay_share:
        return _random_case(rng.choice(legal), rng), False
    return rng.choice(["D", "d"]), False


@dataclass
class Script:
    """The lines typed into the reference, and what it printed and returned.

    Attributes:
        typed: Every line typed, answers to ``Play another game?`` included.
        commands: The lines typed at the ``Move>`` prompts, in order.
        bad_prompts: The indexes in ``commands`` of the bad lines.
        out: What the reference printed.
        result: What ``main`` returned.
    """

    typed: list
    commands: list
    bad_prompts: list
    out: str
    result: object


class _ScriptedPerson:
    """Types the script's lines into the reference: an ``input`` that looks at the table."""

    def __init__(
        self, ref, seed, bad_share, answers, stop_after, stop_with, lay_share=0.85
    ) -> None:
        self.ref, self.rng, self.bad_share = ref, random.Random(seed), bad_share
        self.lay_share = lay_share
        self.answers, self.stop_after, self.stop_with = list(answers), stop_after, stop_with
        self.typed: list[str] = []
        self.commands: list[str] = []
        self.bad_prompts: list[int] = []
        self.table = self.hand = None

    def input(self, prompt: str = "") -> str:
        print(prompt, end="")
        if prompt.startswith("Play another"):
            if not self.answers:
                raise EOFError
            line = self.answers.pop(0)
        else:
            line = self._command()
            self.commands.append(line)
        self.typed.append(line)
        return line

    def _command(self) -> str:
        count = len(self.commands)
        if count >= MAX_LINES or (self.stop_after is not None and count >= self.stop_after):
            if self.stop_with is None or (self.commands and self.commands[-1] == self.stop_with):
                raise EOFError
            return self.stop_with
        line, bad = next_line(
            self.ref, self.table, self.hand, self.rng, self.bad_share, self.lay_share
        )
        if bad:
            self.bad_prompts.append(count)
        return line

    @contextlib.contextmanager
    def typing(self):
        """Within the block, the reference's ``input`` is this person's."""
        ref = self.ref
        ref.human_player.input = ref.game.input = self.input
        try:
            yield
        finally:
            del ref.human_player.input, ref.game.input

    def script(self, out: str, result) -> Script:
        return Script(self.typed, self.commands, self.bad_prompts, out, result)


def run_reference(
    ref,
    argv,
    seed: int,
    bad_share: float = 0.15,
    answers=("n",),
    stop_after: int | None = None,
    stop_with: str | None = None,
    lay_share: float = 0.85,
) -> Script:
    """Run the reference ``game.main(argv)`` with a scripted person.

    Args:
        ref: The reference.
        argv: ``main``'s arguments.
        seed: Seeds the script's choices.
        bad_share: How often a bad line is typed.
        answers: The answers to ``Play another game?``, in turn (then the input ends).
        stop_after: After this many lines typed at ``Move>``, type ``stop_with`` (or end
            the input when it is None).
        stop_with: The last line typed, e.g. ``q``.
        lay_share: How often a legal lay or pile move is typed when there is one (0: a
            person who only draws).
    """
    person = _ScriptedPerson(ref, seed, bad_share, answers, stop_after, stop_with, lay_share)

    class ScriptedHuman(ref.human_player.HumanPlayer):
        def take_turn(self, table, opponent):
            person.table, person.hand = table, self.hand
            return super().take_turn(table, opponent)

    out = io.StringIO()
    saved = ref.game.HumanPlayer
    ref.game.HumanPlayer = ScriptedHuman
    try:
        with person.typing(), contextlib.redirect_stdout(out):
            result = ref.game.main(list(argv))
    finally:
        ref.game.HumanPlayer = saved
    return person.script(out.getvalue(), result)


def run_reference_turn(
    ref,
    table,
    human,
    opponent,
    seed: int,
    bad_share: float = 0.3,
    stop_after: int | None = None,
    stop_with: str | None = None,
) -> Script:
    """Run the reference ``HumanPlayer.take_turn`` with a scripted person; ``result`` is
    None, or the name of the exception the turn raised (``QuitGame``, ``EOFError``)."""
    person = _ScriptedPerson(ref, seed, bad_share, (), stop_after, stop_with)
    person.table, person.hand = table, human.hand
    out = io.StringIO()
    result = None
    with person.typing(), contextlib.redirect_stdout(out):
        try:
            human.take_turn(table, opponent)
        except (ref.player.QuitGame, EOFError) as error:
            result = type(error).__name__
    return person.script(out.getvalue(), result)


# -- comparing your program's output with the reference's ---------------------------------------


def typed_text(lines) -> str:
    return "".join(f"{line}\n" for line in lines)


def shown_lines(lines) -> str:
    return "\n".join(f"    | {line}" for line in lines)


def compare_runs(run, script: Script, call: str, check_result: bool = True) -> None:
    """Your run shows what the reference showed on the checked lines; else AssertionError.

    ``check_result`` also compares what was returned (``main``'s exit status).
    """
    if run.raised is not None:
        raise AssertionError(
            f"{call}\n  your program raised {run.raised.type_name}: "
            f"{run.raised.message}{run.raised.stub_hint}"
        )
    expected_tables, got_tables = shown_tables(script.out), shown_tables(run.out)
    for index, expected in enumerate(expected_tables):
        commands = script.commands[max(0, index - 4) : index]
        before = ", ".join(repr(line) for line in commands) or "nothing"
        where = f"{call}\n  At prompt {index + 1} (the last lines typed before it: {before})"
        if index >= len(got_tables):
            raise AssertionError(
                f"{where}\n  expected the table and a {PROMPT!r} prompt, "
                f"but your program showed only {len(got_tables)} prompt(s)."
            )
        if got_tables[index] != expected:
            raise AssertionError(
                f"{where}\n  expected:\n{shown_lines(expected.lines())}\n"
                f"  seen:\n{shown_lines(got_tables[index].lines())}"
            )
    if len(got_tables) != len(expected_tables):
        raise AssertionError(
            f"{call}\n  expected {len(expected_tables)} {PROMPT!r} prompts, seen {len(got_tables)}"
        )
    got_segments = segments(run.out)
    for prompt in script.bad_prompts:
        messages = message_lines(got_segments[prompt + 1])
        if len(messages) != 1:
            raise AssertionError(
                f"{call}\n  After the bad line {script.commands[prompt]!r} (prompt "
                f"{prompt + 1}), expected one line of message before the table again, "
                f"seen {len(messages)}: {messages!r}"
            )
    expected_scored, got_scored = scored_lines(script.out), scored_lines(run.out)
    if got_scored != expected_scored:
        raise AssertionError(
            f"{call}\n  the penalty and winner lines, in order:\n  expected:\n"
            f"{shown_lines(expected_scored)}\n  seen:\n{shown_lines(got_scored)}"
        )
    if check_result and (
        type(run.result) is not type(script.result) or run.result != script.result
    ):
        raise AssertionError(
            f"{call}\n  expected main to return {script.result!r}, got {run.result!r}"
        )
