"""Confinement: the worker locks itself in before any student code runs.

The judge starts the worker, then sends a ``confine`` request before anything else;
the worker applies each layer it can, in this order, and answers with the layers it
got and a note for each one it could not:

* **namespaces** (Linux): a new mount, network, PID and IPC namespace; as an
  ordinary user, inside a new user namespace, where the system allows one;
* **PID namespace**: the worker forks and its child, the first process of the new
  namespace, goes on serving; when it ends, the kernel kills every process it
  started, wherever they moved to;
* **private root**: a root file system built on an empty ``tmpfs`` that shows only
  the Python standard library, system libraries and the worker's own tree, read-only,
  plus a small writable ``/tmp``; the instructor's tree is not there to read;
* **no network**: the new network namespace has no interface but a loopback that is
  down;
* **own IPC**: the new IPC namespace holds no System V shared memory, semaphore or
  message queue and no POSIX message queue of any other process, and its own vanish
  with it;
* **unprivileged user**: when started as root, the worker becomes the user id of its
  plan (the judge picks a fresh one per worker, so no state the kernel keeps per user
  carries over), with no supplementary groups and no way to gain privileges again.
  Student code never runs as root: a worker that cannot become another user (its
  Python's files unreadable to other users, with no private root to show them) stops
  with :class:`Refused` before loading anything;
* **resource limits**: processor seconds, address space, stack, file size, processes
  and open files (``setrlimit``);
* **system call filter** (seccomp, x86-64 and AArch64): the system calls that reach
  kernel state outliving the worker, shared by everyone in its IPC namespace or by
  its user id (System V shared memory, semaphores and message queues, POSIX message
  queues, keyrings), fail with ``EPERM``; no card game needs them.

Only the standard library is used: this module runs in the worker, which imports
nothing else of cardlab but its runtime.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import signal
import sys
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

try:
    import resource
except ImportError:  # Windows: the portable worker (cardlab.worker.portable) confines nothing
    _HAS_RLIMITS = False
else:
    _HAS_RLIMITS = True

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_REMOUNT = 0x20
MS_NOATIME = 0x400
MS_NODIRATIME = 0x800
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
MS_RELATIME = 0x200000

PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38

_STATVFS_TO_MOUNT = {  # flags a bind mount keeps when remounted read-only (Linux names)
    "ST_NOSUID": MS_NOSUID,
    "ST_NODEV": MS_NODEV,
    "ST_NOEXEC": MS_NOEXEC,
    "ST_NOATIME": MS_NOATIME,
    "ST_NODIRATIME": MS_NODIRATIME,
    "ST_RELATIME": MS_RELATIME,
}
_DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom")

NAMESPACES = "namespaces"
PID_NAMESPACE = "pid namespace"
PRIVATE_ROOT = "private root"
NO_NETWORK = "no network"
OWN_IPC = "own IPC"
UNPRIVILEGED = "unprivileged user"
LIMITS = "resource limits"
SYSCALL_FILTER = "system call filter"

PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
_BPF_LOAD_WORD, _BPF_JUMP_IF_EQUAL, _BPF_JUMP_IF_AT_LEAST, _BPF_RETURN = 0x20, 0x15, 0x35, 0x06
_SECCOMP_ALLOW, _SECCOMP_EPERM = 0x7FFF0000, 0x00050001
_X32_SYSCALLS = 0x40000000
_FILTERED_SYSCALLS = {  # machine -> (audit arch, the IPC and keyring system calls)
    "x86_64": (
        0xC000003E,
        (29, 30, 31, 64, 65, 66, 68, 69, 70, 71, 220, *range(240, 246), 248, 249, 250),
    ),
    "aarch64": (0xC00000B7, (*range(180, 197), 217, 218, 219)),
}


@dataclass(frozen=True)
class Plan:
    """What the worker should lock itself into.

    Attributes:
        cpu_seconds: Processor time for the worker's whole life (``RLIMIT_CPU``).
        memory_bytes: Address space (``RLIMIT_AS``).
        stack_bytes: Stack of the main thread (``RLIMIT_STACK``), so a runaway recursion
            ends in a crash rather than eating the address space.
        file_bytes: Largest file it may write (``RLIMIT_FSIZE``).
        processes: Processes and threads of its user (``RLIMIT_NPROC``).
        open_files: Open file descriptors (``RLIMIT_NOFILE``).
        scratch_bytes: Size of the writable ``/tmp`` in the private root.
        user: The user and group id to become when started as root (a fresh one per
            worker).
        root: An empty folder to build the private root on.
        visible: Absolute paths shown read-only in the private root, at the same place.
        group: The group id to become when started as root (the one that may read the
            worker's private tree); None for the user id itself.
    """

    cpu_seconds: int
    memory_bytes: int
    stack_bytes: int
    file_bytes: int
    processes: int
    open_files: int
    scratch_bytes: int
    user: int
    root: str
    visible: tuple[str, ...]
    group: int | None = None

    def to_message(self) -> dict:
        """The plan as JSON data."""
        return asdict(self)

    @classmethod
    def from_message(cls, data: dict) -> Plan:
        """Rebuild a plan sent by :meth:`to_message`."""
        return cls(**{**data, "visible": tuple(data["visible"])})


class Refused(Exception):
    """The worker will not run student code here (it would stay root)."""


@dataclass
class Outcome:
    """The layers the worker got, and a note for each one it did not."""

    applied: list[str]
    missing: list[str]

    def got(self, layer: str) -> None:
        """Record a layer in place."""
        self.applied.append(layer)

    def lacks(self, layer: str, why: str) -> None:
        """Record a layer that could not be applied, and why."""
        self.missing.append(f"{layer}: {why}")


_LIBC = ctypes.CDLL(None, use_errno=True) if os.name == "posix" else None  # used on Linux


def _libc() -> ctypes.CDLL:
    """The C library, which only confinement on Linux calls.

    Raises:
        OSError: There is none to call (not a POSIX system).
    """
    if _LIBC is None:
        raise OSError(errno.ENOSYS, "no C library to confine the worker with")
    return _LIBC


def _check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str = "") -> None:
    _check(
        _libc().mount(
            source and source.encode(),
            target.encode(),
            fstype and fstype.encode(),
            ctypes.c_ulong(flags),
            data.encode() or None,
        ),
        f"mount {target}",
    )


def _unshare(flags: int) -> None:
    _check(_libc().unshare(flags), "unshare")


def _prctl(option: int, value: int) -> None:
    _check(_libc().prctl(option, ctypes.c_ulong(value), 0, 0, 0), "prctl")


def die_with_parent(parent: int | None = None) -> None:
    """Be killed (``SIGKILL``) as soon as the calling process's parent ends (Linux only).

    Args:
        parent: The parent's process id, when known: if the parent has already ended
            (this process was handed to another), the calling process ends at once.
    """
    if sys.platform != "linux":
        return
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def apply(plan: Plan) -> Outcome:
    """Lock the calling process in as far as the system allows.

    With a PID namespace, the calling process forks: the child returns from here and
    goes on as the worker; the parent only waits for it and ends the same way.

    Args:
        plan: What to apply.

    Returns:
        The layers applied and notes on the ones that were not.

    Raises:
        Refused: Started as root, the worker could not become another user.
    """
    outcome = Outcome([], [])
    if sys.platform != "linux":
        outcome.lacks(NAMESPACES, f"not available on {sys.platform}")
        _limit_resources(plan, outcome)
        return outcome
    namespaces = _enter_namespaces(outcome)
    if CLONE_NEWPID in namespaces:
        _become_init()
        outcome.got(PID_NAMESPACE)
    else:
        outcome.lacks(PID_NAMESPACE, "not available; processes are killed by process group")
    if CLONE_NEWNET in namespaces:
        outcome.got(NO_NETWORK)
    else:
        outcome.lacks(NO_NETWORK, "no network namespace; the worker can reach the network")
    if CLONE_NEWIPC in namespaces:
        outcome.got(OWN_IPC)
    else:
        outcome.lacks(
            OWN_IPC, "no IPC namespace; the judge removes what the worker's user leaves behind"
        )
    private = CLONE_NEWNS in namespaces and _private_root(plan, outcome)
    _drop_privileges(plan, outcome, private)
    die_with_parent()  # again: a change of user id clears it
    _limit_resources(plan, outcome)
    _filter_syscalls(outcome)
    return outcome


def _enter_namespaces(outcome: Outcome) -> set[int]:
    """Enter new namespaces; return the flags of the ones entered."""
    wanted = [CLONE_NEWNS, CLONE_NEWNET, CLONE_NEWPID, CLONE_NEWIPC]
    user = 0 if os.geteuid() == 0 else CLONE_NEWUSER
    uid, gid = os.getuid(), os.getgid()
    for choice in (wanted, [CLONE_NEWNS, CLONE_NEWNET, CLONE_NEWIPC], [CLONE_NEWNET]):
        flags = user
        for flag in choice:
            flags |= flag
        try:
            _unshare(flags)
        except OSError as error:
            failure = error
            continue
        if user:
            try:
                _map_user(uid, gid)
            except OSError as error:
                outcome.lacks(NAMESPACES, f"the user namespace has no user ({error.strerror})")
                return set()
        outcome.got(NAMESPACES)
        return set(choice)
    outcome.lacks(NAMESPACES, f"none could be created ({failure.strerror})")
    return set()


def _map_user(uid: int, gid: int) -> None:
    """In a new user namespace, stay the same user (no other user is mapped)."""
    Path("/proc/self/setgroups").write_text("deny")
    Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
    Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")


def _become_init() -> None:
    """Fork into the new PID namespace; the parent waits and ends as its child did.

    The parent never returns: whatever happens, it ends here. (The child, the first
    process of its namespace, ignores signals it has no handler for, so a processor
    limit ends it with the hard limit's ``SIGKILL`` rather than ``SIGXCPU``.)
    """
    child = os.fork()
    if child == 0:
        die_with_parent()
        return
    code = 1
    try:
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except InterruptedError:
                continue
        if os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            code = 128 + number
            with contextlib.suppress(OSError, ValueError):  # SIGKILL cannot be changed
                signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
        else:
            code = os.waitstatus_to_exitcode(status) & 0xFF
    finally:
        os._exit(code)


def _private_root(plan: Plan, outcome: Outcome) -> bool:
    """Build a root showing only ``plan.visible`` and chroot into it."""
    root = plan.root
    try:
        _mount(None, "/", None, MS_REC | MS_PRIVATE)
        _mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
        tmp = f"{root}/tmp"
        os.makedirs(tmp)
        _mount("tmpfs", tmp, "tmpfs", MS_NOSUID | MS_NODEV, f"size={plan.scratch_bytes},mode=1777")
        shown: list[str] = []
        for path in sorted(plan.visible):
            _show(root, path, shown)
        for device in _DEVICES:
            _bind_file(root, device)
        _mount(None, root, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)
        os.chroot(root)
        os.chdir("/tmp")
    except OSError as error:
        outcome.lacks(
            PRIVATE_ROOT,
            f"could not build it ({error}); the worker sees the file system as its user may",
        )
        return False
    outcome.got(PRIVATE_ROOT)
    return True


def _show(root: str, path: str, shown: list[str]) -> None:
    """Show ``path`` (a folder, or a link to one) read-only at the same place in ``root``."""
    if any(path == done or path.startswith(done + "/") for done in shown):
        return
    inside = root + path
    if os.path.islink(path):
        os.makedirs(os.path.dirname(inside), exist_ok=True)
        if not os.path.lexists(inside):
            os.symlink(os.readlink(path), inside)
        _show(root, os.path.realpath(path), shown)
        return
    if not os.path.isdir(path):
        return
    os.makedirs(inside, exist_ok=True)
    _mount(path, inside, None, MS_BIND | MS_REC)
    kept = os.statvfs(path).f_flag
    flags = sum(flag for name, flag in _STATVFS_TO_MOUNT.items() if kept & getattr(os, name))
    _mount(None, inside, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | flags)
    shown.append(path)


def _bind_file(root: str, path: str) -> None:
    inside = root + path
    os.makedirs(os.path.dirname(inside), exist_ok=True)
    Path(inside).touch()
    _mount(path, inside, None, MS_BIND)


def _drop_privileges(plan: Plan, outcome: Outcome, private: bool) -> None:
    """Become ``plan.user`` when root; never gain privileges again."""
    try:
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
    except OSError as error:
        outcome.lacks(UNPRIVILEGED, f"could not forbid new privileges ({error.strerror})")
    if os.geteuid() != 0:
        outcome.got(UNPRIVILEGED)
        return
    if not private:
        hidden = [path for path in plan.visible if not readable_by_others(path, plan.group)]
        if hidden:
            raise Refused(
                f"student code would run as root: {hidden[0]} is not readable by other "
                "users and this machine gives the worker no private root"
            )
    if not private:
        os.chown(os.getcwd(), plan.user, plan.user)
    os.setgroups([])
    os.setgid(plan.user if plan.group is None else plan.group)
    os.setuid(plan.user)
    outcome.got(UNPRIVILEGED)


def readable_by_others(path: str, group: int | None = None) -> bool:
    """Whether every folder on the way to ``path`` lets other users (or ``group``) through.

    A path that does not exist hides nothing (``/lib32``, say, on most machines).
    """
    place = Path(path).resolve()
    if not place.exists():
        return True
    for step in (place, *place.parents):
        info = os.stat(step)
        if info.st_mode & 0o005 != 0o005 and not (
            info.st_gid == group and info.st_mode & 0o050 == 0o050
        ):
            return False
    return True


class _SockFilter(ctypes.Structure):
    _fields_ = (
        ("code", ctypes.c_ushort),
        ("jt", ctypes.c_ubyte),
        ("jf", ctypes.c_ubyte),
        ("k", ctypes.c_uint),
    )


class _SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_SockFilter)))


def syscall_filter(machine: str) -> list[tuple[int, int, int, int]]:
    """The seccomp program (BPF) that fails the filtered system calls of ``machine``.

    Any other architecture's calling convention (a 32-bit one, x32) fails every call.
    """
    arch, numbers = _FILTERED_SYSCALLS[machine]
    program = [
        (_BPF_LOAD_WORD, 0, 0, 4),  # seccomp_data.arch
        (_BPF_JUMP_IF_EQUAL, 1, 0, arch),
        (_BPF_RETURN, 0, 0, _SECCOMP_EPERM),
        (_BPF_LOAD_WORD, 0, 0, 0),  # seccomp_data.nr
        (_BPF_JUMP_IF_AT_LEAST, 0, 1, _X32_SYSCALLS),
        (_BPF_RETURN, 0, 0, _SECCOMP_EPERM),
    ]
    for number in numbers:
        program += [(_BPF_JUMP_IF_EQUAL, 0, 1, number), (_BPF_RETURN, 0, 0, _SECCOMP_EPERM)]
    return [*program, (_BPF_RETURN, 0, 0, _SECCOMP_ALLOW)]


def _filter_syscalls(outcome: Outcome) -> None:
    machine = os.uname().machine
    if machine not in _FILTERED_SYSCALLS:
        outcome.lacks(SYSCALL_FILTER, f"not written for {machine}")
        return
    program = syscall_filter(machine)
    instructions = (_SockFilter * len(program))(*(_SockFilter(*step) for step in program))
    fprog = _SockFprog(len(program), instructions)
    result = _libc().prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0)
    if result != 0:
        outcome.lacks(SYSCALL_FILTER, f"could not be installed ({os.strerror(ctypes.get_errno())})")
    else:
        outcome.got(SYSCALL_FILTER)


def _limit_resources(plan: Plan, outcome: Outcome) -> None:
    limits = [
        ("RLIMIT_CPU", plan.cpu_seconds, plan.cpu_seconds + 1),
        ("RLIMIT_AS", plan.memory_bytes, plan.memory_bytes),
        ("RLIMIT_STACK", plan.stack_bytes, plan.stack_bytes),
        ("RLIMIT_FSIZE", plan.file_bytes, plan.file_bytes),
        ("RLIMIT_NPROC", plan.processes, plan.processes),
        ("RLIMIT_NOFILE", plan.open_files, plan.open_files),
    ]
    failed = [name for name, ok in _set_limits(limits) if not ok]
    if failed:
        outcome.lacks(LIMITS, f"could not set {', '.join(failed)}")
    else:
        outcome.got(LIMITS)
    if os.geteuid() == 0:
        outcome.lacks(LIMITS, "the process limit does not bind root")


def _set_limits(limits: Iterable[tuple[str, int, int]]) -> Iterable[tuple[str, bool]]:
    """Lower each limit (never above its current hard limit); say which could be set."""
    for name, soft, hard in limits:
        kind = getattr(resource, name, None) if _HAS_RLIMITS else None
        if kind is None:
            yield name, False
            continue
        current_hard = resource.getrlimit(kind)[1]
        if current_hard != resource.RLIM_INFINITY:
            hard, soft = min(hard, current_hard), min(soft, current_hard)
        try:
            resource.setrlimit(kind, (soft, hard))
            yield name, True
        except (OSError, ValueError):
            yield name, False
