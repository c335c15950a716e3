"""What a worker's user leaves behind, removed by the judge once the worker has ended.

Run as root, the judge gives every worker a user id of its own
(:func:`cardlab.worker.sandbox.fresh_user`). Where the worker had no PID, IPC or mount
namespace of its own, what it made outlives it in the machine's shared kernel state:
processes that left its process group, System V shared memory, semaphores and message
queues, POSIX message queues and files in the folders every user may write to. Since
the user id was the worker's alone, everything it owns is the worker's, and
:func:`sweep` removes it before another worker could find it.

Runs in the judge, never in the worker.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import stat
import subprocess
from pathlib import Path

SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue", "/run/lock")
"""Folders any user may write to, where a worker could leave files for a later one."""

_IPC_RMID = 0
_SYSV_TABLES = {  # /proc/sysvipc table -> its id column
    "shm": "shmid",
    "sem": "semid",
    "msg": "msqid",
}


def sweep(uid: int) -> None:
    """Kill every process of ``uid`` and remove the IPC objects and files it owns.

    Only meaningful for a user id that was one worker's alone; does nothing unless the
    judge runs as root.
    """
    if uid == 0 or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return
    _kill_processes(uid)
    _remove_sysv_ipc(uid)
    for folder in SHARED_FOLDERS:
        _remove_owned(Path(folder), uid)


def _kill_processes(uid: int) -> None:
    """Send SIGKILL to every process of ``uid`` (``kill -9 -1`` run as that user)."""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            ["/bin/sh", "-c", "kill -9 -1"],
            user=uid,
            group=uid,
            extra_groups=[],
            env={"PATH": os.defpath},
            cwd="/",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=10,
            check=False,
        )


def owned_sysv_ipc(uid: int) -> dict[str, list[int]]:
    """The ids of the System V IPC objects ``uid`` owns or created, by kind."""
    found: dict[str, list[int]] = {}
    for kind, id_column in _SYSV_TABLES.items():
        try:
            lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        except OSError:
            continue
        if not lines:
            continue
        columns = lines[0].split()
        where = {name: columns.index(name) for name in (id_column, "uid", "cuid")}
        found[kind] = [
            int(fields[where[id_column]])
            for fields in (line.split() for line in lines[1:])
            if str(uid) in (fields[where["uid"]], fields[where["cuid"]])
        ]
    return found


def _remove_sysv_ipc(uid: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    remove = {
        "shm": lambda number: libc.shmctl(number, _IPC_RMID, None),
        "sem": lambda number: libc.semctl(number, 0, _IPC_RMID),
        "msg": lambda number: libc.msgctl(number, _IPC_RMID, None),
    }
    for kind, numbers in owned_sysv_ipc(uid).items():
        for number in numbers:
            remove[kind](number)


def _remove_owned(folder: Path, uid: int) -> None:
    """Remove what ``uid`` owns in ``folder``, and in the folders there others may write to.

    A worker's user can only make entries where it may write: in folders open to every
    user, and in folders it made itself (removed whole).
    """
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if info.st_uid == uid:
            if stat.S_ISDIR(info.st_mode):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
        elif stat.S_ISDIR(info.st_mode) and info.st_mode & 0o002:
            _remove_owned(Path(entry.path), uid)
