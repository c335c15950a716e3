"""Helpers of the cardgame tests: seats, suits, hands and tricks built in your code.

Cards are written in notation (``QH`` is the Queen of Hearts, ``10S`` the Ten of
Spades); seats and suits by their first letter.
"""

from cardlab.testing import StudentRaised, card, cards, member

ILLEGAL_MOVE = "cardgame.illegal_move.IllegalMove"
"""The provided exception, by its qualified name: another class named IllegalMove is not it."""

SEATS = ("NORTH", "EAST", "SOUTH", "WEST")
SUITS = {"H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS", "S": "SPADES"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = [rank + letter for letter in "HCDS" for rank in RANKS]
"""The 52 cards in creation order: Hearts, Clubs, Diamonds, Spades; Two to Ace in each."""


def seat(letter):
    """The seat ``N``, ``E``, ``S`` or ``W``."""
    return member("Direction", next(name for name in SEATS if name[0] == letter))


def suit(letter):
    """The suit ``H``, ``C``, ``D`` or ``S``; None (no trumps) for ``-`` or None."""
    return member("Suit", SUITS[letter]) if letter in SUITS else None


def trumps_text(letter):
    """How trumps read in a message."""
    return f"trumps {SUITS[letter].title()}" if letter in SUITS else "no trumps"


def make_player(student, seat_letter, hand_text):
    """A Player in your code: ``Player(seat, Hand(cards))``."""
    return student.pkg.player.Player(seat(seat_letter), student.pkg.hand.Hand(cards(hand_text)))


def trick_so_far(student, trumps_letter, played_text):
    """A Trick led by NORTH, with the cards played so far, each by a player holding only it.

    Returns:
        The trick and the letter of the seat that plays next.
    """
    trick = student.pkg.trick.Trick(seat("N"), suit(trumps_letter))
    letters = "NESW"
    for index, text in enumerate(played_text.split()):
        trick.play(make_player(student, letters[index], text), card(text))
    return trick, letters[len(played_text.split())]


def expect_illegal_move(student, call, action):
    """Run ``action`` and fail unless it raises the provided IllegalMove (or a subclass).

    The failure says what happened instead: nothing raised, another exception, or
    another class that happens to be called IllegalMove.
    """
    try:
        action()
    except StudentRaised as error:
        if error.is_a(ILLEGAL_MOVE):
            return
        if error.type_name == "IllegalMove":
            raise AssertionError(
                f"{call} raised {error.qualified_name}, a class of your own: raise the "
                f"provided {ILLEGAL_MOVE} (import it from cardgame.illegal_move)"
            ) from None
        raise AssertionError(
            f"{call} should raise IllegalMove, but raised {error.type_name}: "
            f"{error.message}{error.stub_hint}"
        ) from None
    raise AssertionError(f"{call} should raise IllegalMove, but it returned without raising")


def play_moves(game, moves_text):
    """Play moves written ``N:AH E:KH ...`` on a game in your code."""
    for move in moves_text.split():
        letter, text = move.split(":")
        game.play(seat(letter), card(text))


def clone_of(student, game):
    """``game.clone()`` in your code, which must be a new game of the same kind."""
    twin = game.clone()
    if twin is None:
        raise AssertionError("game.clone() returned None: return the new game")
    if not hasattr(twin, "type_name"):
        raise AssertionError(f"game.clone() returned {twin!r}, not a game")
    if student.builtin("is", twin, game):
        raise AssertionError(
            "game.clone() returned the game itself: a clone must be a new object"
        )
    if twin.type_name != game.type_name:
        raise AssertionError(
            f"game.clone() of a {game.type_name} returned a {twin.type_name}: a clone "
            "must be of the same class"
        )
    return twin


def counts(text):
    """Counts per seat written ``N1 W2`` (seats left out have 0), as your code returns them."""
    given = {part[0]: int(part[1:]) for part in text.split()}
    return {seat(name[0]): given.get(name[0], 0) for name in SEATS}
