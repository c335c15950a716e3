"""A right add, padded by the test to more than the size limit of one module."""


def add(a, b):
    return a + b
