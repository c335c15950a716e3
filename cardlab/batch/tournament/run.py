"""``cardlab tournament``: plan the schedule, play what is missing, write the outputs.

The submissions are found as ``grade-all`` finds them. Each student's player is probed
first (its modules load and its player can be made); one that cannot is listed in
``excluded.csv`` and left out. The schedule (:mod:`.schedule`) is a full round robin of
the students and the assignment's fixed entrants (the reference bots) for a small class,
and a sampled one for a large class; its matches run ``jobs`` at a time in processes of
their own, or on a Dask cluster (``scheduler``, each submission shipped as bytes: see
:mod:`~cardlab.batch.cluster`), and the driver alone commits each finished match.
Identical submissions are reported (``summary.txt``) and still play.
"""

from __future__ import annotations

import concurrent.futures
import importlib.util
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...course.project import Project
from ...course.secret import course_secret
from ...course.shipping import ship
from ...course.submissions import Found, content_hash, find_submissions
from ...errors import CardlabError
from ..executors import TaskPool, default_jobs, refuse_jobs_with_scheduler, task_pool
from ..fingerprints import worker_check
from .match import FIXED, STUDENT, Entrant, GameRecord, Setting, fixed_names, play_match, probe
from .ratings import PLOT, ForfeitRow, Result, standings, write_outputs, write_plot
from .schedule import default_opponents, schedule
from .store import open_tournament_store

SUMMARY = "summary.txt"
_RETRIES = 2
"""How often the matches of a broken pool (a match process killed) are tried again."""


@dataclass(frozen=True)
class TournamentRequest:
    """What ``cardlab tournament`` was asked to do."""

    assignment: str
    phase: int
    submissions: Path
    output: Path
    deals: int | None = None
    jobs: int = 0
    opponents: int | None = None
    scheduler: str | None = None


@dataclass
class TournamentReport:
    """What a tournament found and wrote."""

    entrants: list[Entrant] = field(default_factory=list)
    excluded: list[tuple[str, str]] = field(default_factory=list)
    duplicates: list[list[str]] = field(default_factory=list)
    matches: int = 0
    schedule: str = ""
    notes: list[str] = field(default_factory=list)


def run_tournament(
    project: Project,
    request: TournamentRequest,
    on_schedule: Callable[[int, int], None] = lambda total, done: None,
    on_match: Callable[[], None] = lambda: None,
) -> TournamentReport:
    """Play the tournament's missing matches and write every output.

    Args:
        project: The project holding the assignment.
        request: What to play, where to write.
        on_schedule: Called with the number of matches and of those already played.
        on_match: Called when a match is committed.

    Raises:
        CardlabError: An unknown assignment or phase, a phase without a tournament, a bad
            submissions folder or output, or a database of another tournament.
    """
    setting, found = _prepare(project, request)
    report = TournamentReport()
    hashes = {s.student: content_hash(s) for s in found.submissions}
    by_hash: dict[str, list[str]] = {}
    for student, digest in hashes.items():
        by_hash.setdefault(digest, []).append(student)
    report.duplicates = [names for names in by_hash.values() if len(names) > 1]
    check = worker_check(project, request.assignment, request.phase, grading=False)
    with (
        task_pool(request.jobs or default_jobs(), request.scheduler, check) as tasks,
        open_tournament_store(request.output) as store,
    ):
        store.check_settings(
            {
                "assignment": request.assignment,
                "phase": str(request.phase),
                "deals": str(setting.deals),
                "seed": str(setting.seed),
                "graders": check.graders,
            }
        )
        students, unshipped = _entrants(found, tasks.ships_files)
        unknown = [
            e
            for e in students
            if e.name not in unshipped and store.probe(e.name, hashes[e.name]) is None
        ]
        for entrant, problem in zip(unknown, _map(tasks, probe, setting, unknown), strict=True):
            store.put_probe(entrant.name, hashes[entrant.name], problem)
        for entrant in students:
            why = unshipped.get(entrant.name) or store.probe(entrant.name, hashes[entrant.name])
            if why:
                report.excluded.append((entrant.name, why))
            else:
                report.entrants.append(entrant)
        fixed = [Entrant(name, FIXED) for name in fixed_names(setting)]
        pairs = _pairs(report, fixed, request.opponents, setting.seed)
        report.entrants += fixed
        key = {e.name: hashes.get(e.name, FIXED) for e in report.entrants}
        report.matches = len(pairs)
        pair_key = {(a.name, b.name): f"{key[a.name]}:{key[b.name]}" for a, b in pairs}
        todo = [
            (a, b)
            for a, b in pairs
            if store.games(a.name, b.name, pair_key[a.name, b.name]) is None
        ]
        on_schedule(len(pairs), len(pairs) - len(todo))
        for attempt in range(_RETRIES + 1):
            try:
                for (a, b), games in _play(tasks, setting, todo):
                    store.put_match(a.name, b.name, pair_key[a.name, b.name], games)
                    on_match()
                break
            except tasks.lost:
                todo = [
                    (a, b)
                    for a, b in todo
                    if store.games(a.name, b.name, pair_key[a.name, b.name]) is None
                ]
                if attempt == _RETRIES:
                    raise CardlabError(
                        "match processes kept dying; the finished matches are kept, run again"
                    ) from None
        results: list[Result] = []
        forfeits: list[ForfeitRow] = []
        for a, b in pairs:
            for game in store.games(a.name, b.name, pair_key[a.name, b.name]) or []:
                _collect(a.name, b.name, game, results, forfeits)
    kinds = {e.name: e.kind for e in report.entrants}
    table = standings(kinds, results, forfeits, setting.deal_seed(0))
    write_outputs(request.output, table, results, forfeits, report.excluded)
    try:
        write_plot(request.output / PLOT, table, f"{request.assignment} phase {request.phase}")
    except CardlabError as error:
        report.notes.append(str(error))
    _write_summary(request.output / SUMMARY, report, found.strays)
    return report


def _pairs(
    report: TournamentReport, fixed: list[Entrant], opponents: int | None, seed: int
) -> list[tuple[Entrant, Entrant]]:
    """The scheduled pairs of entrants; says in ``report.schedule`` which schedule it is."""
    students = [e.name for e in report.entrants]
    if opponents is None:
        opponents = default_opponents(len(students))
    if opponents >= len(students) - 1:
        report.schedule = "full round robin"
    else:
        met = opponents + opponents % 2
        report.schedule = f"sampled: each student meets {met} other students and every bot"
    by_name = {e.name: e for e in report.entrants + fixed}
    names = schedule(students, [e.name for e in fixed], opponents, seed)
    return [(by_name[a], by_name[b]) for a, b in names]


def _prepare(project: Project, request: TournamentRequest) -> tuple[Setting, Found]:
    phase = project.spec(request.assignment).phase(request.phase)
    if phase.tournament is None:
        raise CardlabError(
            f"{request.assignment} phase {request.phase} has no computer-player tournament"
        )
    if importlib.util.find_spec("choix") is None:
        raise CardlabError('tournament ratings need choix: pip install "cardlab[tournament]"')
    if request.jobs < 0:
        raise CardlabError(f"--jobs must be at least 1, not {request.jobs}")
    refuse_jobs_with_scheduler(request.jobs, request.scheduler)
    if request.opponents is not None and request.opponents < 0:
        raise CardlabError(f"--opponents must be at least 0, not {request.opponents}")
    if request.deals is not None and request.deals < 1:
        raise CardlabError(f"--deals must be at least 1, not {request.deals}")
    if request.output.exists() and not request.output.is_dir():
        raise CardlabError(f"the output {request.output} is a file; name a folder")
    found = find_submissions(request.submissions, exclude=request.output)
    setting = Setting(
        str(project.root),
        request.assignment,
        request.phase,
        request.deals or phase.tournament.deals,
        phase.tournament.seed,
        course_secret(project.root),
    )
    return setting, found


def _entrants(found: Found, ships_files: bool) -> tuple[list[Entrant], dict[str, str]]:
    """The students' entrants, carrying their files when the matches run elsewhere.

    Returns:
        The entrants, and why the files of some could not be shipped (student -> cause).
    """
    entrants, unshipped = [], {}
    for submission in found.submissions:
        entrant = Entrant(submission.student, STUDENT, str(submission.source))
        if ships_files:
            try:
                entrant = replace(entrant, files=ship(submission.source))
            except CardlabError as error:
                unshipped[entrant.name] = str(error)
        entrants.append(entrant)
    return entrants, unshipped


def _map(tasks: TaskPool, task: Callable, setting: Setting, entrants: list[Entrant]) -> list[str]:
    if not entrants:
        return []
    with tasks.executor() as executor:
        return list(executor.map(task, [setting] * len(entrants), entrants))


def _play(
    tasks: TaskPool, setting: Setting, todo: list[tuple[Entrant, Entrant]]
) -> Iterator[tuple[tuple[Entrant, Entrant], list[GameRecord]]]:
    """Yield each finished match as it arrives; stop every match on Ctrl-C."""
    if not todo:
        return
    with tasks.executor() as executor:
        futures = {executor.submit(play_match, setting, a, b): (a, b) for a, b in todo}
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()


def _collect(
    first: str, second: str, game: GameRecord, results: list[Result], forfeits: list[ForfeitRow]
) -> None:
    if game.score is not None:
        results.append(Result(first, second, game.score))
    for name, cause, detail in game.forfeits:
        opponent = second if name == first else first
        seat = game.first_seat if name == first else 1 - game.first_seat
        forfeits.append((name, opponent, game.deal, seat, cause, detail))


def _write_summary(path: Path, report: TournamentReport, strays: tuple[str, ...]) -> None:
    lines = [
        f"entrants: {len(report.entrants)} ({', '.join(e.name for e in report.entrants)})",
        f"matches: {report.matches} ({report.schedule})",
    ]
    lines += [f"left out: {name}: {why}" for name, why in report.excluded]
    lines += [f"the same submission entered twice: {', '.join(g)}" for g in report.duplicates]
    lines += [f"stray file, not an entrant: {name}" for name in strays]
    lines += report.notes
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
