"""The "bisca" package, which you complete phase by phase.

Bisca is a two-player trick-taking game played with a 40-card deck.  The package is
split into one module per concept, from the bottom layer up:

* ``suit`` -- the four suits;
* ``card`` -- ranks, card points and the rule deciding who wins a round;
* ``player`` -- a hand of cards and a pile of won cards;
* ``deck`` -- the stock, with the trump card shown at its bottom;
* ``board`` -- one game: dealing, rounds, drawing and scoring;
* ``auto_player`` -- a computer player with a simple heuristic;
* ``play`` -- the console game of a person against the computer.

Sibling modules import each other only with relative imports, because the package may be
composed from your modules and the provided ones at import time.  For the same reason
this file imports nothing.
"""
