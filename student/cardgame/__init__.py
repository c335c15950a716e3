"""The "cardgame" package: trick-taking whist for four, in three variations.

Four players, NORTH, EAST, SOUTH and WEST, play tricks with a 52-card deck.  The package
holds one module per concept, from the bottom layer up:

* ``card`` -- suits, ranks and cards, ordered by suit then rank;
* ``hand`` -- the cards a player holds, kept sorted;
* ``player`` -- the four seats (``Direction``) and a player's hand;
* ``illegal_move`` -- the exception raised for a move the rules forbid;
* ``trick`` -- one trick: who plays next, following suit, who wins it;
* ``game`` -- what every card game offers (the ``CardGame`` interface);
* ``base_game`` -- the rules the variations share: trumps, rounds, hands and scores;
* ``variations`` -- classic, single-hand and knock-out whist;
* ``computer_player`` and ``simple_computer_player`` -- players run by the computer.

Sibling modules import each other only with relative imports, because the package may be
composed from your modules and the provided ones at import time.  For the same reason
this file imports nothing.
"""
