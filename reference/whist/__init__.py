"""The "whist" package, Question 2 of the whist assignment, built on your "cards".

Whist for four players in two partnerships, built on the ``cards`` package:

* ``trick`` -- one trick: who leads, the cards played in turn, who wins;
* ``player`` -- the ``Player`` and ``Strategy`` interfaces (abstract base classes);
* ``basic_strategy`` -- the course's basic rules, as the set of allowed cards and a
  strategy choosing among them at random;
* ``basic_player`` -- a player that asks its strategy for every card;
* ``human_strategy`` -- a person choosing cards at the console;
* ``advanced_strategy`` -- a stronger strategy that counts cards and reads its partner;
* ``basic_whist`` -- the game: hands of 13 tricks until a partnership has 7 points, and
  the ``basic_game``, ``human_game`` and ``advanced_game`` entry points.

Seats are numbered 0 to 3 in playing order; seats 0 and 2 are partners, and so are 1
and 3 (the course's players 1 and 3, and 2 and 4).  Sibling modules import each other
only with relative imports, because the package may be composed from your modules and
the provided ones at import time.  For the same reason this file imports nothing.
"""
