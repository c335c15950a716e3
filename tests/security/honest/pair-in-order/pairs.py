"""An honest, weak best_pair: the first two numbers of the pool, as a tuple. A baseline."""


def best_pair(pool):
    return pool[0], pool[1]
