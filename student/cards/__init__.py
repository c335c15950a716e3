"""The "cards" package, Question 1 of the whist assignment, which you write first.

General classes for any game played with the standard 52-card deck, one module each:

* ``card`` -- the ``Rank`` and ``Suit`` enumerations and the ``Card`` value, with its
  orders (natural, ascending and by rank) and ``Card.max``;
* ``deck`` -- the 52 cards, shuffled with a generator the caller gives, dealt by an
  iterator that keeps its own position;
* ``hand`` -- the cards a player holds, with suit counts and a total kept up to date.

Every module can be run to demonstrate itself: ``python -m cards.card``, ``python -m
cards.deck``, ``python -m cards.hand``.

Sibling modules import each other only with relative imports, because the package may be
composed from your modules and the provided ones at import time.  For the same reason
this file imports nothing.
"""
