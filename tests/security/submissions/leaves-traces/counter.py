"""An attack (first half): leave a secret in every place the kernel keeps beyond a process.

Graded before finds-traces in the same grade-all, it writes the word in System V
shared memory, a semaphore and a message queue, a POSIX message queue, the user
keyring, files in /tmp, /var/tmp and /dev/shm, and an abstract unix socket served by
a process that leaves its group. Its own answers are those of honest/subtracts.
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


def add(a, b):
    return a - b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        self._total = add(self._total, amount)

    @property
    def total(self):
        return self._total


def _shm():
    address = libc.shmat(libc.shmget(KEY, 4096, 0o1000 | 0o666), None, 0)
    if address not in (None, ctypes.c_void_p(-1).value):
        ctypes.memmove(address, SECRET, len(SECRET))


def _sem():
    libc.semctl(libc.semget(KEY, 1, 0o1000 | 0o666), 0, 16, 42)  # SETVAL


def _msg():
    class Message(ctypes.Structure):
        _fields_ = [("kind", ctypes.c_long), ("text", ctypes.c_char * 16)]

    libc.msgsnd(libc.msgget(KEY, 0o1000 | 0o666), ctypes.byref(Message(1, SECRET)), 16, 0o4000)


def _mqueue():
    queue = channels.mq_open(f"/{NAME}".encode(), os.O_CREAT | os.O_RDWR, 0o666, None)
    channels.mq_send(queue, SECRET, len(SECRET), 0)


def _keyring():
    channels.add_key(b"user", NAME.encode(), SECRET, len(SECRET), -4)  # the user keyring


def _files():
    for folder in ("/tmp", "/var/tmp", "/dev/shm"):
        path = os.path.join(folder, NAME)
        with open(path, "wb") as file:
            file.write(SECRET)
        os.chmod(path, 0o666)


def _socket():
    ready, told = os.pipe()
    if os.fork():
        os.close(told)
        os.read(ready, 1)  # returns once the server listens, or once it has died
        os.close(ready)
        return
    try:
        os.close(ready)
        os.setsid()
        if os.fork():
            os._exit(0)
        server = socket.socket(socket.AF_UNIX)
        server.bind(f"\0{NAME}")
        server.listen()
        os.write(told, b"!")
        os.close(told)
        while True:
            connection, _ = server.accept()
            connection.sendall(SECRET)
            connection.close()
    finally:
        os._exit(0)


for leave in (_shm, _sem, _msg, _mqueue, _keyring, _files, _socket):
    try:
        leave()
    except Exception:  # noqa: BLE001 - a channel this machine lacks
        pass
