"""The "kings_corner" package, which you complete phase by phase.

Kings in the Corner is a two-player game with a standard 52-card deck: players lay
cards from their hands on eight piles, in descending ranks of alternating colours,
and try to empty their hands first.  One module per concept, from the bottom up:

* ``card`` -- ranks, suits, colours, the notation and the descending-sequence rule;
* ``piles`` -- ``CardPile`` and the piles built on it: lay-down piles, hands, the draw pile;
* ``table`` -- the eight lay-down piles and the draw pile, and the moves that change them;
* ``player`` -- what every player has: a name and a hand;
* ``computer_player`` -- the computer's turn, the course's five steps;
* ``human_player`` -- a person's turn at the console, driven by commands;
* ``game`` -- rounds, penalties, dealers, games, and the console program.

Sibling modules import each other only with relative imports, because the package may be
composed from your modules and the provided ones at import time.  For the same reason
this file imports nothing.
"""
