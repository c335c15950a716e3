"""The "hearts" package, which you complete phase by phase.

Hearts is a four-player trick-taking game in which every heart and the Queen of Spades
cost penalty points.  The package holds one module per concept, from the bottom up:

* ``card`` -- suits, ranks, cards and their penalty points;
* ``rules`` -- the rules as pure functions: legal plays, who takes a trick, the points
  of a trick, the scores of a hand (shooting the moon), the end of the game;
* ``player`` -- a computer player: its hand, the cards it took, its choice of a card;
* ``dealer`` -- the player who shuffles and deals;
* ``human`` -- the user's player, who chooses at the console;
* ``game`` -- ``Hearts``, one whole game, moved forward one card at a time;
* ``console`` -- the program: play one seat or watch, everything printed.

Only ``human`` and ``console`` read input or print; every other method computes and
returns.  Every random choice goes through a ``random.Random`` given to the player that
makes it.  Sibling modules import each other only with relative imports, because the
package may be composed from your modules and the provided ones at import time; for
the same reason this file imports nothing.
"""
