"""Tries to reach the network (to fetch answers, or send the tests home)."""
import socket


def add(a, b):
    for host in (("1.1.1.1", 53), ("8.8.8.8", 53), ("127.0.0.1", 22)):
        try:
            socket.create_connection(host, timeout=0.3).close()
            return a + b
        except OSError:
            continue
    raise ConnectionError("no network")
