"""The same honest, weak pair as honest/pair-in-order, handed back as a generator."""


def best_pair(pool):
    return (number for number in pool[:2])
