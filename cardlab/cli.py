"""The ``cardlab`` command line.

Instructors grade, build handouts, regenerate stubs and run the demo in the
project tree; students run ``cardlab check`` in their handout folder; anyone can
play a game. A problem cardlab itself cannot get past (bad arguments, an unknown
assignment, a broken spec) prints one line and exits with status 2; a grade is
written, and the exit status is 0, whatever the submission scored. A command that
scores and is interrupted (Ctrl-C) writes no score, says so in one line and exits with
status 130.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from . import __version__
from .console import tolerate_narrow_encoding
from .errors import EXIT_INTERRUPTED, CardlabError, GradingIncomplete
from .judge.startup import cache_bytecode

if TYPE_CHECKING:
    from .course.project import Project
    from .course.registry import Declaration, GameOption

_EXIT_CARDLAB_ERROR = 2


def _one_line_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Print a :class:`CardlabError` as one line and exit with status 2.

    So too a grading the judge could not finish (:class:`GradingIncomplete`).
    """

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (CardlabError, GradingIncomplete) as error:
            click.echo(f"cardlab: {error}", err=True)
            sys.exit(_EXIT_CARDLAB_ERROR)

    return run


def _no_score_when_interrupted(line: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """On Ctrl-C, print ``line`` (what was not written) and exit with status 130.

    Nothing is written of an interrupted grading: the tests that ran are not a score.
    """

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return command(*args, **kwargs)
            except KeyboardInterrupt:
                click.echo(line, err=True)
                sys.exit(EXIT_INTERRUPTED)

        return run

    return decorate


def _project(folder: Path | None) -> Project:
    from .course.project import Project

    return Project(folder.resolve()) if folder else Project.find()


project_option = click.option(
    "--project",
    "project_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="The cardlab project folder (default: found from the working directory).",
)
format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "gradescope"]),
    default="text",
    show_default=True,
    help="Report format.",
)
output_option = click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the report to this file instead of the terminal.",
)
test_option = click.option(
    "--test", "select", metavar="ID", help="Run only the test with this id (or matching this)."
)


STUDENT_COMMANDS = ("check",)
"""The commands that work without a cardlab project: all a student's handout needs."""


def _project_here() -> Project | None:
    """The project at or above the working directory, if there is one."""
    try:
        return _project(None)
    except CardlabError:
        return None


class _Commands(click.Group):
    """cardlab's commands; outside a cardlab project, ``--help`` lists only a student's."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command in a project; elsewhere (a handout) only those that work there."""
        names = super().list_commands(ctx)
        if _project_here() is None:
            return [name for name in names if name in STUDENT_COMMANDS]
        return names

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Name the project's assignments, or say what the unlisted commands need."""
        project = _project_here()
        if project is None:
            text = (
                "In the handout folder you received, cardlab check runs your phase's public "
                "tests. The instructor's commands (grade, grade-all, overview, marks, release, "
                "similarity, solution, handout, stubs, export, play, demo) need a cardlab "
                "project, a folder with specs/ and reference/: run them there, or pass "
                "--project DIR."
            )
        else:
            assignments = ", ".join(project.assignments()) or "none yet"
            text = f"Assignments in {project.root}: {assignments}."
        formatter.write_paragraph()
        formatter.write_text(text)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardlab")
def main() -> None:
    """cardlab: graded, phase-by-phase card-game coursework."""
    tolerate_narrow_encoding()
    cache_bytecode()


def _emit(report: Any, fmt: str, output: Path | None, plan: Any = None) -> None:
    """Print or write a report; with a Gradescope plan, its cap and penalty applied."""
    from .reports import render

    if plan is not None:
        import json

        from .exports.gradescope_policy import apply_plan
        from .reports import to_gradescope

        results = apply_plan(to_gradescope(report), plan, report.max_score)
        text = json.dumps(results, indent=2, ensure_ascii=False) + "\n"
        _write_report(text, output, f"{results['score']:g} / {report.max_score:g}")
        return
    if output is None:
        click.echo(render(report, fmt, color=sys.stdout.isatty() and fmt == "text"), nl=False)
        return
    _write_report(render(report, fmt), output, f"{report.score:g} / {report.max_score:g}")


def _write_report(text: str, output: Path | None, score: str) -> None:
    """Write a rendered report to ``output`` (printed instead if it cannot be written)."""
    if output is None:
        click.echo(text, nl=False)
        return
    from .course.output import make_folder

    try:
        make_folder(output.parent)
        output.write_text(text, encoding="utf-8")
    except (CardlabError, OSError) as error:
        click.echo(text, nl=False)  # the report is never lost
        cause = error.strerror if isinstance(error, OSError) else str(error)
        raise CardlabError(
            f"could not write the report to {output} ({cause}); it was printed instead"
        ) from None
    click.echo(f"Report written to {output} ({score})", err=True)


@main.command(short_help="Grade one submission for one phase.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase to grade.")
@click.option(
    "--submission",
    type=click.Path(path_type=Path),
    help="The student's folder or zip file (default: student/<assignment>/, the stubs).",
)
@format_option
@output_option
@test_option
@click.option(
    "--gradescope-metadata",
    "metadata",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Gradescope's submission_metadata.json: apply the phase's deadline and its cap on "
    "hidden runs to this submission (with --format gradescope; the autograder passes it).",
)
@project_option
@_one_line_errors
@_no_score_when_interrupted("grading interrupted: no score was written")
def grade(
    assignment: str,
    phase: int,
    submission: Path | None,
    fmt: str,
    output: Path | None,
    select: str | None,
    metadata: Path | None,
    project_dir: Path | None,
) -> None:
    """Grade a submission for one phase, with public and hidden tests.

    The submission may be a folder or a zip file of one. When it holds none of the
    student's modules but one folder inside it does (a folder uploaded whole), that
    folder is graded; one that holds none of the phase's files is refused as empty. With
    --output, files the report links to (a tournament's plot)
    go in a folder beside it, named after it with "-files".
    """
    from .course.submissions import empty_submission, submission_folder
    from .judge.grading import project_job, rerun_command, run

    project = _project(project_dir)
    files = None if output is None else output.parent / f"{output.stem}-files"
    plan = _gradescope_plan(project, assignment, phase, metadata, fmt)
    if plan is not None and plan.lateness is not None and plan.lateness.refused:
        import json

        from .exports.gradescope_policy import refused_results

        text = json.dumps(refused_results(plan), indent=2, ensure_ascii=False) + "\n"
        _write_report(text, output, "refused as late, 0 points")
        return
    run_hidden = plan is None or not plan.public_only
    if submission is None:
        job = dataclasses.replace(
            project_job(project, assignment, phase), artifacts=files, run_hidden=run_hidden
        )
        with _progress(f"{assignment} phase {phase}") as progress:
            report = run(job, select, progress=progress)
        _emit(report, fmt, output, plan)
        return
    if not submission.exists():
        raise CardlabError(f"the submission {submission} does not exist")
    modules = project.spec(assignment).submitted_modules(phase)
    with submission_folder(submission, modules) as folder:
        job = project_job(project, assignment, phase, folder)
        empty = empty_submission(folder, job.composition, phase)
        if empty:
            raise CardlabError(f"empty submission {submission}: {empty}")
        rerun = rerun_command(
            "grade", assignment, "--phase", str(phase), "--submission", str(submission)
        )
        job = dataclasses.replace(job, reproduce=rerun, artifacts=files, run_hidden=run_hidden)
        with _progress(f"{assignment} phase {phase}") as progress:
            report = run(job, select, progress=progress)
    _emit(dataclasses.replace(report, submission=str(submission)), fmt, output, plan)


def _gradescope_plan(
    project: Project, assignment: str, phase: int, metadata: Path | None, fmt: str
) -> Any:
    """How Gradescope's metadata has this submission graded, or None without it."""
    if metadata is None:
        return None
    if fmt != "gradescope":
        raise CardlabError(
            "--gradescope-metadata applies to Gradescope's results: give --format gradescope"
        )
    from .exports.gradescope_policy import plan_submission, read_metadata

    return plan_submission(project.spec(assignment).phase(phase), read_metadata(metadata))


@main.command("grade-all", short_help="Grade a class's submissions in parallel.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase to grade.")
@click.argument("submissions_dir", type=click.Path(path_type=Path))
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    help="Submissions graded at once (default: every core).",
)
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the database, gradebook, reports and overview "
    "(default: grades-ASSIGNMENT-phaseN).",
)
@click.option("--regrade", is_flag=True, help="Grade every submission again, even unchanged ones.")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Grade on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), "
    'each submission sent as bytes; needs pip install "cardlab[dask]".',
)
@click.option(
    "--timeout",
    "seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=900.0,
    show_default=True,
    help="Stop one submission's grading after this many seconds.",
)
@click.option(
    "--verify",
    "verify_count",
    metavar="K",
    type=int,
    help="Grade nothing new: grade K random graded submissions again, each in a fresh "
    "process, and report those whose score or tests differ from the stored result "
    "(exit status 1 if any does); the stored results are not changed.",
)
@click.option(
    "--verify-seed",
    type=click.IntRange(min=0),
    help="With --verify: the seed of the random choice (default: a new one, printed).",
)
@click.option(
    "--submission-times",
    "times_file",
    metavar="FILE.csv",
    type=click.Path(path_type=Path),
    help="When each submission was made (student, time, file), for the phase's deadline "
    "(default: submissions.csv in SUBMISSIONS_DIR if there is one, else each zip's or "
    "folder's own file times).",
)
@click.option(
    "--extensions",
    "extensions_file",
    metavar="FILE.csv",
    type=click.Path(path_type=Path),
    help="Students' own dues for the phase's deadline (student, due, late_due).",
)
@project_option
@_one_line_errors
def grade_all(
    assignment: str,
    phase: int,
    submissions_dir: Path,
    jobs: int | None,
    output: Path | None,
    regrade: bool,
    seconds: float,
    scheduler: str | None,
    verify_count: int | None,
    verify_seed: int | None,
    times_file: Path | None,
    extensions_file: Path | None,
    project_dir: Path | None,
) -> None:
    """Grade a folder of submissions (one folder or zip per student), in parallel.

    When the phase has a deadline, each submission's time decides its late penalty; one
    after the last moment work is taken is refused as late and not graded. With
    --verify K, grade K of the graded submissions again instead and compare.
    """
    from rich.console import Console

    from .batch.console import run_grade_all, run_verify
    from .batch.grade_all import BatchRequest

    request = BatchRequest(
        assignment=assignment,
        phase=phase,
        submissions=submissions_dir,
        output=output or Path(f"grades-{assignment}-phase{phase}"),
        jobs=jobs or 0,
        regrade=regrade,
        seconds_per_submission=seconds,
        scheduler=scheduler,
        times_file=times_file,
        extensions=extensions_file,
    )
    console = Console(stderr=True, highlight=False)
    if verify_count is None:
        if verify_seed is not None:
            raise CardlabError("--verify-seed chooses the sample of --verify K; give --verify too")
        sys.exit(run_grade_all(_project(project_dir), request, console))
    if verify_count < 1:
        raise CardlabError(
            f"--verify K grades K submissions again: K must be at least 1, not {verify_count}"
        )
    if regrade:
        raise CardlabError("--verify and --regrade: give one (verifying changes no result)")
    from .batch.verify import new_seed

    seed = new_seed() if verify_seed is None else verify_seed
    sys.exit(run_verify(_project(project_dir), request, verify_count, seed, console))


@main.command("tournament", short_help="Play a class's computer players against each other.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase with the computer player.")
@click.argument("submissions_dir", type=click.Path(path_type=Path))
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the database, leaderboard, crosstable, forfeits and plot "
    "(default: tournament-ASSIGNMENT-phaseN).",
)
@click.option("--deals", type=click.IntRange(min=1), help="Deals per match (default: the spec's).")
@click.option(
    "--jobs", type=click.IntRange(min=1), help="Matches played at once (default: every core)."
)
@click.option(
    "--opponents",
    type=click.IntRange(min=0),
    help="Other students each student meets (default: all of them in a class of up to 40, "
    "else 12 drawn at random); every student meets every reference bot.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Play the matches on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), "
    'each submission sent as bytes; needs pip install "cardlab[dask]".',
)
@project_option
@_one_line_errors
def tournament(
    assignment: str,
    phase: int,
    submissions_dir: Path,
    output: Path | None,
    deals: int | None,
    jobs: int | None,
    opponents: int | None,
    scheduler: str | None,
    project_dir: Path | None,
) -> None:
    """Play every student's computer player against every other, and rate them."""
    from rich.console import Console

    from .batch.tournament.console import run_tournament_in_terminal
    from .batch.tournament.run import TournamentRequest

    request = TournamentRequest(
        assignment=assignment,
        phase=phase,
        submissions=submissions_dir,
        output=output or Path(f"tournament-{assignment}-phase{phase}"),
        deals=deals,
        jobs=jobs or 0,
        opponents=opponents,
        scheduler=scheduler,
    )
    console = Console(stderr=True, highlight=False)
    sys.exit(run_tournament_in_terminal(_project(project_dir), request, console))


@main.command("similarity", short_help="Find pairs of submissions whose code is unusually alike.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase whose modules are compared.")
@click.argument("submissions_dir", type=click.Path(path_type=Path))
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for pairs.csv, left-out.csv, index.html and a page per suspicious pair "
    "(default: similarity-ASSIGNMENT-phaseN).",
)
@click.option(
    "--archive",
    "archives",
    metavar="DIR",
    multiple=True,
    type=click.Path(path_type=Path),
    help="Also compare the class with the submissions in DIR (earlier years, one folder or "
    "zip each); archived submissions are not compared with one another. Repeatable.",
)
@click.option(
    "--threshold",
    type=click.FloatRange(min=0, max=1, min_open=True),
    help="A pair is suspicious when this share (0 to 1) of either submission's own code "
    "matches the other's (default: 0.5).",
)
@project_option
@_one_line_errors
def similarity(
    assignment: str,
    phase: int,
    submissions_dir: Path,
    output: Path | None,
    archives: tuple[Path, ...],
    threshold: float | None,
    project_dir: Path | None,
) -> None:
    """Rank pairs of submissions by how much of the code the students wrote is alike.

    The handout's code (stubs, and provided source) is left out, and names, literals,
    comments and layout are set aside, so renaming and reordering do not hide a copy.
    Needs pip install "cardlab[similarity]". A high score is a reason to look, never a
    verdict.
    """
    from rich.console import Console

    from .batch.similarity import SimilarityRequest
    from .batch.similarity_console import run_similarity_in_terminal

    request = SimilarityRequest(
        assignment=assignment,
        phase=phase,
        submissions=submissions_dir,
        output=output or Path(f"similarity-{assignment}-phase{phase}"),
        archives=archives,
        **({} if threshold is None else {"threshold": threshold}),
    )
    console = Console(highlight=False)
    run_similarity_in_terminal(_project(project_dir), request, console)


@main.command()
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The graded phase.")
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The output folder of cardlab grade-all.",
)
@project_option
@_one_line_errors
def overview(assignment: str, phase: int, output: Path, project_dir: Path | None) -> None:
    """Write and print the class overview of a graded batch again."""
    from rich.console import Console

    from .batch.console import write_and_print

    write_and_print(_project(project_dir), assignment, phase, output, Console(highlight=False))


@main.group(short_help="Record marks given by hand in a graded batch.")
def marks() -> None:
    """Marks given by hand: parts the graders leave open, and overrides."""


@marks.command("import", short_help="Store marks given by hand in a graded batch.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The graded phase.")
@click.argument("marks_file", metavar="FILE.csv", type=click.Path(path_type=Path))
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="The output folder of cardlab grade-all (default: grades-ASSIGNMENT-phaseN).",
)
@project_option
@_one_line_errors
def marks_import(
    assignment: str, phase: int, marks_file: Path, output: Path | None, project_dir: Path | None
) -> None:
    """Store the marks of FILE.csv (student, part, points, comment) with the batch's results.

    A part marked by hand gets its points; a part the graders score gets points that
    replace theirs, with the reason in the comment. An empty points cell takes a mark
    back. A wrong line refuses the whole file and nothing is stored.
    """
    from .batch.console import run_marks_import

    folder = output or Path(f"grades-{assignment}-phase{phase}")
    click.echo(run_marks_import(_project(project_dir), assignment, phase, folder, marks_file))


@main.command("release", short_help="Write each student's report as files to hand back.")
@click.argument("grades", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder for the files (default: DIR/release).",
)
@_one_line_errors
def release(grades: Path, output: Path | None) -> None:
    """Write each student's report from DIR, the output folder of cardlab grade-all.

    One STUDENT.html and STUDENT.txt per student, named for upload (a name that is not a
    portable file name gets its safe characters and a short hash), and files.csv naming
    each student's files. Marks given by hand are included.
    """
    from .batch.release import release as write_release

    done = write_release(grades, output)
    click.echo(f"Released {len(done.students)} student(s)' reports into {done.folder}")
    if done.unmarked:
        click.echo(
            f"Still to mark by hand, so their reports say so: {_names(done.unmarked)}", err=True
        )
    if done.failed:
        click.echo(
            f"Not released, their grading failed: {_names(done.failed)} "
            "(run cardlab grade-all again)",
            err=True,
        )


@main.command()
@format_option
@output_option
@test_option
@click.option(
    "--handout",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path(),
    help="The handout folder (default: the working directory).",
)
@click.option(
    "--part",
    "part_id",
    metavar="PART",
    help="Also print this part's points, and exit with status 1 unless it earned them all "
    "(what GitHub Classroom's autograding reads).",
)
@click.option(
    "--verify",
    "digest",
    metavar="DIGEST",
    help="Refuse to run unless the spec, public tests and provided modules have this digest "
    "(set by the GitHub Classroom workflow).",
)
@click.option(
    "--reuse",
    "shared",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="With --part: take the part's points from the run kept in FILE when it graded "
    "these very files, else run the tests and keep every part's points there (how the "
    "GitHub Classroom workflow runs the tests once for all its steps).",
)
@_one_line_errors
@_no_score_when_interrupted("check interrupted: no score was written")
def check(
    fmt: str,
    output: Path | None,
    select: str | None,
    folder: Path,
    part_id: str | None,
    digest: str | None,
    shared: Path | None,
) -> None:
    """Check your work with the public tests of your handout's phase."""
    from .course.integrity import verify_handout
    from .judge.grading import handout_job, run
    from .judge.shared_run import read_shared, run_key, write_shared

    if shared is not None and (part_id is None or select is not None):
        raise CardlabError("--reuse goes with --part, and without --test")
    if digest is not None:
        verify_handout(folder, digest)
    job = handout_job(folder)
    if part_id is not None and part_id not in {p.id for p in job.spec.phase(job.phase).parts}:
        known = ", ".join(p.id for p in job.spec.phase(job.phase).parts)
        raise CardlabError(f"this phase has no part {part_id!r} (its parts: {known})")
    key = run_key(folder) if shared is not None else ""
    kept = read_shared(shared, key) if shared is not None else None
    points = kept.get(part_id) if kept is not None and part_id is not None else None
    if points is not None:
        click.echo(f"The public tests of these files ran in an earlier step ({shared}).")
        click.echo(f"Points for {points.title}: {points.score:g} / {points.max_score:g}")
        sys.exit(0 if points.counted and points.score >= points.max_score else 1)
    with _progress("your work with the public tests") as progress:
        report = run(job, select, progress=progress)
    if shared is not None:
        write_shared(shared, key, report)
    _emit(report, fmt, output)
    if part_id is not None:
        part = next(p for p in report.parts if p.id == part_id)
        click.echo(f"Points for {part.title}: {part.score:g} / {part.max_score:g}")
        sys.exit(0 if part.counted and part.score >= part.max_score else 1)


@main.command(short_help="Write the reference as a submission folder.")
@click.argument("assignment")
@click.option("--output", type=click.Path(path_type=Path), required=True, help="A new folder.")
@project_option
@_one_line_errors
def solution(assignment: str, output: Path, project_dir: Path | None) -> None:
    """Write the reference as a submission folder (to sanity-check graders)."""
    from .course.solution import write_solution

    project = _project(project_dir)
    spec = project.spec(assignment)
    written = write_solution(project, spec, output)
    click.echo(f"Wrote {len(written)} files to {output}")


@main.command()
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase the handout is for.")
@click.option("--output", type=click.Path(path_type=Path), required=True, help="A new folder.")
@click.option(
    "--compile",
    "compiled",
    type=click.Choice(["bytecode", "cython"]),
    default=None,
    help="Ship provided modules as sourceless bytecode, or as native extensions built with "
    'Cython (needs pip install "cardlab[cython]" and a C compiler). Default: the spec\'s '
    "[handout] provided (bytecode unless it says cython). Bytecode runs on every operating "
    "system, for each Python it is compiled with; a cython build runs only on the kind of "
    "computer that built it (this one: same operating system and processor), with this "
    "Python or newer.",
)
@click.option(
    "--python",
    "pythons",
    multiple=True,
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="PATH",
    help="An interpreter to compile bytecode with (repeat for each Python version the "
    "handout supports). Default: every CPython 3.11 or newer found on PATH (python3.N) "
    "and in pyenv, as the spec's [handout] pythons pins them.",
)
@project_option
@_one_line_errors
def handout(
    assignment: str,
    phase: int,
    output: Path,
    compiled: str | None,
    pythons: tuple[Path, ...],
    project_dir: Path | None,
) -> None:
    """Build the folder students receive for a phase."""
    from .course.handout import build_handout
    from .course.handout_manifest import runs_on

    project = _project(project_dir)
    spec = project.spec(assignment)
    spec.phase(phase)
    compiled = compiled or ("cython" if spec.provided_as == "cython" else "bytecode")
    with _status("Building the handout…"):
        folder = build_handout(project, spec, phase, output, compiled=compiled, pythons=pythons)
    click.echo(f"Handout for {assignment} phase {phase} written to {folder}: {runs_on(folder)}")


@main.command()
@click.argument("assignment")
@click.option("--check", "only_check", is_flag=True, help="Only report stubs that are stale.")
@project_option
@_one_line_errors
def stubs(assignment: str, only_check: bool, project_dir: Path | None) -> None:
    """Regenerate student/<assignment>/ from the reference."""
    from .course.stubs import stub_drift, write_stubs

    project = _project(project_dir)
    spec = project.spec(assignment)
    if only_check:
        stale = stub_drift(project, spec)
        if stale:
            raise CardlabError(f"stale stubs: {', '.join(stale)}; run cardlab stubs {assignment}")
        click.echo("Stubs are up to date.")
        return
    written = write_stubs(project, spec)
    click.echo(f"Wrote {len(written)} stub files to {project.stubs_dir(spec)}")


@main.group(short_help="Export an assignment, or its grades to Canvas or Moodle.")
def export() -> None:
    """Export an assignment to Gradescope or GitHub Classroom, or its grades to an LMS."""


wheel_option = click.option(
    "--wheel",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The cardlab wheel to bundle (default: built from the project's pyproject.toml).",
)


@export.command("gradescope", short_help="Write a Gradescope autograder zip for one phase.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase the autograder grades.")
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("autograder.zip"),
    show_default=True,
    help="The autograder zip to write.",
)
@wheel_option
@project_option
@_one_line_errors
def export_gradescope(
    assignment: str, phase: int, output: Path, wheel: Path | None, project_dir: Path | None
) -> None:
    """Write a Gradescope autograder zip (setup.sh, run_autograder) for one phase."""
    from .exports.gradescope import export_gradescope as export_zip

    project = _project(project_dir)
    with _status("Building the autograder…"):
        written = export_zip(project, project.spec(assignment), phase, output, wheel=wheel)
    click.echo(f"Gradescope autograder for {assignment} phase {phase} written to {written}")


@export.command(
    "classroom", short_help="Write a GitHub Classroom starter repository for one phase."
)
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase the repository is for.")
@click.option("--output", type=click.Path(path_type=Path), required=True, help="A new folder.")
@wheel_option
@project_option
@_one_line_errors
def export_classroom(
    assignment: str, phase: int, output: Path, wheel: Path | None, project_dir: Path | None
) -> None:
    """Write a GitHub Classroom starter repository: the handout and an autograding workflow."""
    from .exports.classroom import export_classroom as export_repo

    project = _project(project_dir)
    with _status("Building the starter repository…"):
        written = export_repo(project, project.spec(assignment), phase, output, wheel=wheel)
    click.echo(
        f"GitHub Classroom starter repository for {assignment} phase {phase} written to {written}"
    )


grades_option = click.option(
    "--grades",
    type=click.Path(file_okay=False, path_type=Path),
    help="The output folder of cardlab grade-all (default: grades-ASSIGNMENT-phaseN).",
)


def _class_totals(project: Project, assignment: str, phase: int, grades: Path | None) -> Any:
    from .batch.class_totals import class_totals

    max_score = project.spec(assignment).phase(phase).max_score
    folder = grades or Path(f"grades-{assignment}-phase{phase}")
    return folder, class_totals(folder, assignment, phase, max_score)


def _names(students: tuple[str, ...], shown: int = 10) -> str:
    from .worker.untrusted import printable

    more = f" and {len(students) - shown} more" if len(students) > shown else ""
    return ", ".join(printable(student) for student in students[:shown]) + more


def _report_totals(totals: Any) -> None:
    """Say which students' totals are missing or incomplete."""
    if totals.failed:
        click.echo(
            f"No total for {len(totals.failed)} failed grading(s), left out: "
            f"{_names(totals.failed)} (run cardlab grade-all again)",
            err=True,
        )
    if totals.penalised:
        click.echo(
            f"{len(totals.penalised)} total(s) are after a late penalty: "
            f"{_names(totals.penalised)} (see gradebook.csv)",
            err=True,
        )
    if totals.late_refused:
        click.echo(
            f"{len(totals.late_refused)} submission(s) were refused as late, total 0: "
            f"{_names(totals.late_refused)} (see status.csv)",
            err=True,
        )
    if totals.unmarked:
        click.echo(
            f"{len(totals.unmarked)} student(s) have a part to mark by hand, so their total "
            f"lacks it: {_names(totals.unmarked)} (cardlab marks import)",
            err=True,
        )


@export.command("canvas", short_help="Fill a column of a gradebook exported from Canvas.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The graded phase.")
@click.option(
    "--gradebook",
    "exported",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="A gradebook exported from Canvas (Grades, Export), as CSV.",
)
@click.option(
    "--column",
    required=True,
    help="The assignment's column: its title, with or without the Canvas id, or the id.",
)
@click.option(
    "--match",
    default="SIS Login ID",
    show_default=True,
    help="The Canvas column that holds the names of the submission folders "
    "(ID, SIS User ID, SIS Login ID, Integration ID).",
)
@grades_option
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The gradebook to write for Canvas's import (default: canvas.csv in the grades folder).",
)
@project_option
@_one_line_errors
def export_canvas(
    assignment: str,
    phase: int,
    exported: Path,
    column: str,
    match: str,
    grades: Path | None,
    output: Path | None,
    project_dir: Path | None,
) -> None:
    """Fill the assignment's column of a gradebook exported from Canvas with the class's totals.

    Every row and every other cell stay as they are; import the file written into
    Canvas (Grades, Import).
    """
    from .batch.canvas import fill_canvas_gradebook

    folder, totals = _class_totals(_project(project_dir), assignment, phase, grades)
    target = output or folder / "canvas.csv"
    done = fill_canvas_gradebook(exported, totals, column, target, match)
    scaled = (
        ""
        if done.points_possible == totals.max_score
        else f", scaled from {totals.max_score:g} to {done.points_possible:g} points"
    )
    click.echo(f"Filled {done.column} for {done.filled} student(s){scaled}: written to {target}")
    if done.unknown:
        click.echo(
            f"Not in the Canvas gradebook by {match}, so not filled: {_names(done.unknown)}",
            err=True,
        )
    if done.left:
        click.echo(
            f"{len(done.left)} row(s) of the gradebook have no total here, left as they were: "
            f"{_names(done.left)}",
            err=True,
        )
    _report_totals(totals)


@export.command("moodle", short_help="Write the class's totals for Moodle's grade import.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The graded phase.")
@click.option(
    "--identity",
    type=click.Choice(["username", "idnumber", "email", "id"]),
    default="username",
    show_default=True,
    help="The Moodle user field the submission folders are named by (the first column's title).",
)
@click.option("--item", help="The grade item's column title (default: the assignment and phase).")
@grades_option
@click.option(
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The CSV file to write (default: moodle.csv in the grades folder).",
)
@project_option
@_one_line_errors
def export_moodle(
    assignment: str,
    phase: int,
    identity: str,
    item: str | None,
    grades: Path | None,
    output: Path | None,
    project_dir: Path | None,
) -> None:
    """Write the class's totals as a CSV file for Moodle's grade import."""
    from .batch.moodle import write_moodle_import

    project = _project(project_dir)
    folder, totals = _class_totals(project, assignment, phase, grades)
    target = output or folder / "moodle.csv"
    title = item or f"{project.spec(assignment).title}, phase {phase}"
    written = write_moodle_import(target, totals, title, identity)
    click.echo(
        f"Wrote {written} student(s) to {target}: map {identity!r} to the user's {identity} "
        f"and {title!r} to the grade item (out of {totals.max_score:g} points)"
    )
    _report_totals(totals)


@main.command(short_help="Grade the reference solution and a buggy example.")
@project_option
@_one_line_errors
@_no_score_when_interrupted("grading interrupted: no score was written")
def demo(project_dir: Path | None) -> None:
    """Grade the reference solution and an example submission with bugs.

    The assignment, its phase and the example are those its declaration names
    (``[demo]`` in ``graders/<assignment>/assignment.toml``).
    """
    from .demo import run_demo

    run_demo(_project(project_dir))


def _game_option(declared: list[tuple[str, GameOption]]) -> click.Option:
    """The ``cardlab play`` option one game or more declare, its help naming each game."""
    option = declared[0][1]
    helps = []
    for assignment, each in declared:
        default = f" (default: {each.default})" if each.default and not each.flag else ""
        helps.append(f"{assignment}: {each.help}{default}")
    help_text = "; ".join(helps) + "."
    if option.flag:
        return click.Option([f"--{option.name}"], is_flag=True, default=None, help=help_text)
    kind = click.Choice(list(option.choices)) if option.choices else None
    return click.Option([f"--{option.name}"], type=kind, metavar=option.metavar, help=help_text)


def _game_options(declarations: list[Declaration]) -> list[click.Option]:
    """The options of the assignments' terminal games, each once.

    Games may share a flag (``--watch``): one convention for every game.

    Raises:
        CardlabError: When two games declare one option, not a flag in both.
    """
    found: dict[str, list[tuple[str, GameOption]]] = {}
    for declaration in declarations:
        for option in declaration.game.options if declaration.game else ():
            found.setdefault(option.name, []).append((declaration.id, option))
    for name, declared in found.items():
        if len(declared) > 1 and not all(option.flag for _, option in declared):
            raise CardlabError(
                f"--{name} is declared by both {declared[0][0]} and {declared[1][0]}: "
                "rename one game's option (only a flag may be shared)"
            )
    return [_game_option(declared) for declared in found.values()]


def _project_of(args: list[str]) -> Project | None:
    """The project a command line names with ``--project``, else the working directory's."""
    for n, arg in enumerate(args):
        folder = arg.removeprefix("--project=") if arg.startswith("--project=") else None
        if arg == "--project" and n + 1 < len(args):
            folder = args[n + 1]
        if folder is not None:
            try:
                return _project(Path(folder))
            except CardlabError:
                return None
    return _project_here()


_GAME_OPTIONS = "cardlab.game_options"
_GAMES = "cardlab.games"


class _PlayCommand(click.Command):
    """``cardlab play``: besides its own, the options the project's games declare."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Find the project's games and their options, then parse the command line."""
        from .play import games

        project = _project_of(args)
        try:
            declared = games(project) if project else []
            ctx.meta[_GAME_OPTIONS] = _game_options(declared)
        except CardlabError as error:
            click.echo(f"cardlab: {error}", err=True)
            ctx.exit(_EXIT_CARDLAB_ERROR)
        ctx.meta[_GAMES] = ", ".join(declaration.id for declaration in declared) or "none"
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """The command's own parameters, its games' options before ``--project``."""
        own = super().get_params(ctx)
        at = next((n for n, param in enumerate(own) if param.name == "project_dir"), len(own))
        return [*own[:at], *ctx.meta.get(_GAME_OPTIONS, []), *own[at:]]

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Name the games the project registers."""
        formatter.write_paragraph()
        formatter.write_text(f"Games you can play: {ctx.meta.get(_GAMES, 'none')}.")


@main.command(cls=_PlayCommand)
@click.argument("assignment")
@click.option("--seed", type=int, help="Seed of the deal (default: a new deal each game).")
@project_option
@_one_line_errors
def play(
    assignment: str, seed: int | None, project_dir: Path | None, **options: str | None
) -> None:
    """Play an assignment's reference game in the terminal."""
    from .play import play_game

    given = {name: value for name, value in options.items() if value is not None}
    sys.exit(play_game(_project(project_dir), assignment, seed=seed, **given))


# -- cardlab mutants -----------------------------------------------------------------


@main.command(short_help="Measure the graders with mutants of the reference.")
@click.argument("assignment")
@click.option("--phase", type=int, required=True, help="The phase whose code is mutated.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Mutants graded side by side.",
)
@click.option("--part", metavar="ID", help="Only mutants of the code this part grades.")
@click.option(
    "--costs",
    is_flag=True,
    help="Run every test of a mutant's parts and report the points each killed mutant "
    "costs, with the least, median and most (slower: no stop at the first loss).",
)
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write report.txt, mutants.json and one diff per survivor into this folder.",
)
@project_option
@_one_line_errors
@_no_score_when_interrupted("mutants interrupted: no report was written")
def mutants(
    assignment: str,
    phase: int,
    jobs: int,
    part: str | None,
    costs: bool,
    output: Path | None,
    project_dir: Path | None,
) -> None:
    """Measure the graders: grade every mutant of the phase's student-written code."""
    from .course.output import make_folder
    from .judge.mutation import grade_mutants
    from .reports.mutants import write_mutation_report

    if output is not None:
        make_folder(output)  # before the long run, so that a bad --output costs nothing
    done = 0

    def progress(result: Any) -> None:
        nonlocal done
        done += 1
        cost = "" if result.points is None else f" ({result.points:.2f} points)"
        click.echo(f"{done:4d} {result.status:<8} {result.mutant.id}{cost}", err=True)

    report = grade_mutants(
        _project(project_dir),
        assignment,
        phase,
        jobs=jobs,
        part=part,
        costs=costs,
        progress=progress,
    )
    click.echo(write_mutation_report(report, output), nl=False)


def _progress(what: str) -> contextlib.AbstractContextManager[Any]:
    """Tests done and the part at work on stderr while a grading runs, when it is a terminal.

    Yields what the grading tells its progress to, or None without a terminal.
    """
    if not sys.stderr.isatty():
        return contextlib.nullcontext()
    from .reports.progress import terminal_progress

    return terminal_progress(what)


def _status(message: str) -> contextlib.AbstractContextManager[Any]:
    """A spinner on stderr while long work runs, when stderr is a terminal."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext()
    from rich.console import Console

    return Console(stderr=True).status(message)


if __name__ == "__main__":
    main()
