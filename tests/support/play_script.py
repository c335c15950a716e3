"""Scripted answers for the terminal games' tests (``cardlab.play``)."""

from __future__ import annotations

from collections.abc import Iterable


class Script:
    """Answers prompts from a list, then ends the input (or keeps answering ``forever``)."""

    def __init__(
        self, answers: Iterable[str | BaseException] = (), forever: str | None = None
    ) -> None:
        self.answers = list(answers)
        self.forever = forever
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.answers:
            answer = self.answers.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            return answer
        if self.forever is not None:
            return self.forever
        raise EOFError


def replay_hint(output: str) -> list[str]:
    """The arguments of the "plays it again" command a game printed, without ``cardlab``."""
    import re
    import shlex

    flat = " ".join(line.strip(" │╭╮╰╯─") for line in output.splitlines())
    match = re.search(r"Deal #\d+: cardlab (.+?) plays it again\.", " ".join(flat.split()))
    assert match, output
    return shlex.split(match.group(1))
