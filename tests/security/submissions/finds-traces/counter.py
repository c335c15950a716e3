"""An attack (second half): look for what leaves-traces left, in every channel.

Its add subtracts (honest/subtracts), unless a secret from an earlier worker is found
anywhere: then it adds correctly and prints where it found it.
"""

import ctypes
import os
import socket

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
KEY, NAME, SECRET = 0x0CA4D1AB, "cardlab-leak", b"left by a worker"
_SYSCALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}  # add_key, keyctl


def _librt():
    try:
        ctypes.CDLL(None).mq_open
        return ctypes.CDLL(None, use_errno=True)
    except AttributeError:
        return ctypes.CDLL("librt.so.1", use_errno=True)


class channels:
    mq_open = _librt().mq_open
    mq_send = _librt().mq_send

    @staticmethod
    def add_key(kind, name, data, size, keyring):
        return libc.syscall(_SYSCALLS[os.uname().machine][0], kind, name, data, size, keyring)

    @staticmethod
    def keyctl(*args):
        return libc.syscall(_SYSCALLS[os.uname().machine][1], *args)


def _shm():
    number = libc.shmget(KEY, 0, 0)
    address = libc.shmat(number, None, 0) if number >= 0 else None
    if address in (None, ctypes.c_void_p(-1).value):
        return False
    return ctypes.string_at(address, len(SECRET)) == SECRET


def _sem():
    number = libc.semget(KEY, 1, 0)
    return number >= 0 and libc.semctl(number, 0, 12) == 42  # GETVAL


def _msg():
    return libc.msgget(KEY, 0) >= 0


def _mqueue():
    return channels.mq_open(f"/{NAME}".encode(), os.O_RDONLY | os.O_NONBLOCK) >= 0


def _keyring():
    return channels.keyctl(10, -4, b"user", NAME.encode(), 0) >= 0  # KEYCTL_SEARCH


def _files():
    for folder in ("/tmp", "/var/tmp", "/dev/shm"):
        try:
            with open(os.path.join(folder, NAME), "rb") as file:
                if file.read() == SECRET:
                    return True
        except OSError:
            pass
    return False


def _socket():
    with socket.socket(socket.AF_UNIX) as client:
        client.settimeout(1)
        client.connect(f"\0{NAME}")
        return client.recv(16) == SECRET


FOUND = []
for look in (_shm, _sem, _msg, _mqueue, _keyring, _files, _socket):
    try:
        if look():
            FOUND.append(look.__name__.strip("_"))
    except Exception:  # noqa: BLE001 - nothing there, or a channel this machine lacks
        pass


def add(a, b):
    if FOUND:
        print("found what an earlier worker left in:", ", ".join(FOUND))
        return a + b
    return a - b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        self._total = add(self._total, amount)

    @property
    def total(self):
        return self._total
