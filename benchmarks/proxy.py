"""Round trip of one proxy call, judge to worker and back, beside the floor.

Starts a worker on the bisca reference, composed as the student's code (so that every
call has its arguments checked, as a submission's calls do), creates a Player there,
and times calls of ``player.points`` (an attribute read returning an int), ``card.beats``
on a card value (arguments and result cross as canonical data) and ``Deck`` made from a
list of ten cards (a list whose items the worker compares before and after the call).
In the same run it times the floor: a forked echo process on two ``os.pipe``s that
waits the same way (the channel's own reader: a short poll, then ``select``) and answers
framed pickles, with no protocol work at all. Rounds of all alternate, so that all see
the same load. Prints, for each, the median and 90th percentile in microseconds, the CPU time
a call costs on both sides (judge and worker, spinning included), and cardlab's
ratio to the floor. Last, the protocol work alone (no pipes, no waiting) beside a
pickle each way: on a loaded machine the round trips mostly measure the scheduler.

    python benchmarks/proxy.py [--calls N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from cardlab.judge.proxy import Student
from cardlab.judge.seeds import PUBLIC_SECRET, Seeds
from cardlab.worker.codec import Value, load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerSetup
from cardlab.worker.serve import Worker
from cardlab.worker.untrusted import clean_answer
from cardlab.worker.wire import FrameReader, encode_message, from_json, parse_frame, write_bytes

ROOT = Path(__file__).resolve().parents[1]
STUDENT_MODULES = ("suit", "card", "player", "deck", "board", "auto_player", "play")
"""Every module of bisca, so that the reference runs as a student's submission would."""
TEN_CARDS = ("AS", "2H", "7C", "KD", "3S", "QH", "JC", "5H", "6C", "4D")
_TICK = os.sysconf("SC_CLK_TCK")


class Floor:
    """The physical floor: a forked echo process on two pipes, framed pickles.

    The child waits as the worker does (a :class:`FrameReader`) and answers each
    request with a small dict, as the worker answers an attribute read.
    """

    def __init__(self) -> None:
        """Fork the echo process."""
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            os.close(self.to_child)
            os.close(self.from_child)
            _echo(FrameReader(to_child_read), from_child_write)
        os.close(to_child_read)
        os.close(from_child_write)
        self.reader = FrameReader(self.from_child)
        self.number = 0

    def call(self) -> dict:
        """One round trip of a request shaped like the proxy's attribute read."""
        self.number += 1
        request = {"op": "getattr", "target": (1, "Player"), "name": "points", "id": self.number}
        write_bytes(self.to_child, pickle.dumps(request))
        return pickle.loads(self.reader.read_bytes())

    def close(self) -> None:
        """End the echo process."""
        os.close(self.to_child)
        os.close(self.from_child)
        os.waitpid(self.pid, 0)


def _echo(reader: FrameReader, write_fd: int) -> None:
    try:
        while True:
            request = pickle.loads(reader.read_bytes())
            answer = {"ok": 0, "id": request["id"], "out": "", "err": "", "cut": False}
            write_bytes(write_fd, pickle.dumps(answer))
    finally:
        os._exit(0)


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of another process so far (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


class Series:
    """The samples of one kind of call, gathered over interleaved rounds."""

    def __init__(self, name: str, call: Callable[[], object], other_pid: int) -> None:
        """Time ``call``; ``other_pid`` is the process answering it."""
        self.name = name
        self.call = call
        self.other_pid = other_pid
        self.samples: list[float] = []
        self.cpu = 0.0

    def round(self, count: int) -> None:
        """Time ``count`` more calls, after a short warm-up."""
        for _ in range(200):
            self.call()
        cpu_start = time.process_time() + _cpu_seconds(self.other_pid)
        for _ in range(count):
            start = time.perf_counter()
            self.call()
            self.samples.append(time.perf_counter() - start)
        self.cpu += time.process_time() + _cpu_seconds(self.other_pid) - cpu_start

    @property
    def median(self) -> float:
        """Median wall time of a call, in microseconds."""
        return statistics.median(self.samples) * 1e6

    @property
    def cpu_per_call(self) -> float:
        """CPU time of a call on both sides, in microseconds."""
        return self.cpu / len(self.samples) * 1e6

    def report(self, floor: Series | None) -> None:
        """Print median, 90th percentile, CPU per call and the ratio to the floor."""
        micro = sorted(s * 1e6 for s in self.samples)
        p90 = micro[int(len(micro) * 0.9)]
        line = (
            f"{self.name:<34} median {self.median:7.1f} us  p90 {p90:7.1f} us  "
            f"cpu {self.cpu_per_call:7.1f} us"
        )
        if floor is not None:
            line += (
                f"  x{self.median / floor.median:4.1f} median"
                f"  x{self.cpu_per_call / floor.cpu_per_call:4.1f} cpu"
            )
        print(line)


def protocol_work(composition_message: dict, codec_file: Path, count: int) -> None:
    """Print the CPU time of one call's protocol work on both sides, with no waiting.

    The judge's encoding of a request and reading of the answer, and the worker's
    reading, carrying out and encoding of it, all in this process (a worker object
    serving the reference here), beside the floor's: a pickle each way. Unlike the
    round trips, this hardly depends on the machine's load.
    """
    read_fd, write_fd = os.pipe()
    worker = Worker(read_fd, write_fd)
    worker.answer({"op": "init", "composition": composition_message, "codec": str(codec_file)})
    created = worker.answer({"op": "call", "target": {"$p": "player.Player"}, "args": ["Ann"]})
    seeds = Seeds(PUBLIC_SECRET)
    requests = {
        "player.points (attribute, int)": {
            "op": "getattr",
            "target": created["ok"],
            "name": "points",
            "id": 1,
        },
        "card.beats(led, trump) (values)": {
            "op": "callmethod",
            "target": {"$v": ["Card", "7S"]},
            "name": "beats",
            "args": [{"$v": ["Card", "QS"]}, {"$v": ["Suit", "HEARTS"]}],
            "kwargs": {},
            "id": 1,
        },
        "Deck(10 cards) (a list, checked)": {
            "op": "call",
            "target": {"$p": "deck.Deck"},
            "args": [[{"$v": ["Card", text]} for text in TEN_CARDS]],
            "kwargs": {},
            "keep": True,
            "id": 1,
        },
    }

    def cardlab_call(request: dict) -> None:
        request["seed"] = seeds.seed("call", "benchmark", 1)
        frame = encode_message(request)
        answer = encode_message(worker.answer(json.loads(frame)))
        from_json(clean_answer(parse_frame(answer), 65536, answer)["ok"])

    def floor_call() -> None:
        request = pickle.loads(pickle.dumps({"op": "getattr", "target": (1, "P"), "id": 1}))
        pickle.loads(pickle.dumps({"ok": 0, "id": request["id"], "out": "", "err": ""}))

    floor_cpu = _cpu_per_call(floor_call, count)
    print(f"{'floor: a pickle each way':<34} protocol work, cpu {floor_cpu:7.1f} us")
    for name, request in requests.items():
        cpu = _cpu_per_call(lambda request=request: cardlab_call(request), count)
        print(f"{name:<34} protocol work, cpu {cpu:7.1f} us  x{cpu / floor_cpu:4.1f}")
    os.close(read_fd)
    os.close(write_fd)


def _cpu_per_call(call: Callable[[], object], count: int) -> float:
    """Median over five runs of the CPU time of a call, in microseconds."""
    runs = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(count):
            call()
        runs.append((time.process_time() - start) / count * 1e6)
    return statistics.median(runs)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000, help="calls per kind, in all")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    floor = Floor()  # forked before the worker starts, so it holds none of its pipes
    reference = ROOT / "reference" / "bisca"
    codec_file = ROOT / "graders" / "bisca" / "codec.py"
    composition = compose("bisca", reference, reference, STUDENT_MODULES)
    student = Student(WorkerSetup(composition, codec_file, 65536), 5.0, load_codec(codec_file))
    student.session.begin("benchmark")
    player = student.pkg.player.Player("Ann")
    worker_pid = student.session._process.process.pid
    queen, seven = Value("Card", "QS"), Value("Card", "7S")
    hearts = Value("Suit", "HEARTS", is_enum=True)
    ten = [Value("Card", text) for text in TEN_CARDS]
    floor_series = Series("floor: pipes, same wait, pickles", floor.call, floor.pid)
    cardlab_series = [
        Series("player.points (attribute, int)", lambda: player.points, worker_pid),
        Series(
            "card.beats(led, trump) (values)",
            lambda: student.method(seven, "beats", queen, hearts),
            worker_pid,
        ),
        Series("Deck(10 cards) (a list, checked)", lambda: student.pkg.deck.Deck(ten), worker_pid),
    ]
    load = os.getloadavg()[0]
    for _ in range(args.rounds):
        for series in (floor_series, *cardlab_series):
            series.round(args.calls // args.rounds)
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {args.calls} calls each in {args.rounds} "
        f"interleaved rounds, load {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )
    floor_series.report(None)
    for series in cardlab_series:
        series.report(floor_series)
    student.session.close()
    floor.close()
    protocol_work(composition.to_message(), codec_file, args.calls // args.rounds)


if __name__ == "__main__":
    main()
