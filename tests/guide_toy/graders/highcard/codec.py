"""How high-card values cross between the judge and the worker.

A card crosses as its rank then its suit letter ("10H" is the Ten of Hearts), built
with the contract's constructor ``Card(rank, suit)`` and read from its two fields.
"""

from cardlab.worker.codec import Codec
from cardlab.worker.notation import CardType

CODEC = Codec([CardType("card.Card")])
