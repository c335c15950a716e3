"""Ends the worker process abruptly while being imported."""
import os

os._exit(0)


def add(a, b):
    return a + b
