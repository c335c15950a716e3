"""The "highcard" package, the guide's worked example, which students complete.

High card is the smallest card game there is: two players each turn up a card and the
stronger rank wins.  The package has two modules, one per phase:

* ``card`` -- a card's rank, suit and strength;
* ``showdown`` -- who wins when two cards are turned up.

Modules import each other with relative imports only, and this file imports nothing,
because the package is composed from student and reference modules at import time.
"""
