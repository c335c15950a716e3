"""Public tests of Board (phase 3): dealing, rounds, drawing order, scores, views."""

import pytest

from cardlab.testing import Handle, StudentRaised, card, cards, expect_equal, expect_true, member

pytestmark = pytest.mark.part("board")

# A 10-card game: Ann (first=0) is dealt AS 7C 3S, Bob 2H KD QH; the stock keeps
# JC 5H 6C 4D, and 4D, at the bottom, is the shown trump card: Diamonds are trump.
SMALL_DECK = "AS 2H 7C KD 3S QH JC 5H 6C 4D"
SMALL_GAME = f"Board([Player('Ann'), Player('Bob')], Deck([{', '.join(SMALL_DECK.split())}]), "
# (led, followed, winner, scores after the round); the game ends 15-15
SMALL_ROUNDS = [
    ("3S", "KD", "Bob", [0, 4]),    # Bob trumps; Ann, the leader, draws JC, Bob 5H
    ("2H", "AS", "Bob", [0, 15]),   # off-suit Ace loses; Bob draws 6C, Ann the trump card 4D
    ("QH", "4D", "Ann", [2, 15]),   # the stock is empty from here on
    ("JC", "6C", "Ann", [5, 15]),
    ("7C", "5H", "Ann", [15, 15]),
]

# Full games: Deck.shuffled(random.Random(seed)) with the given first player; in every
# turn the player to play plays the first card of its hand.
FULL_GAMES = {
    "seed-2024": {
        "deck": "QD 5S 2C 6D 7S 6C AD 3S KS KC 3C QS 2S 4D AC 7H 6S 6H QC 4S "
                "7C 2H 4C KH AS JS JD 5C 5D 5H 7D 3D QH JH JC 4H AH KD 3H 2D",
        "first": 1,
        "moves": "QD 5S 2C 6D 6C 7S 3S AD KS KC QS 3C 4D 2S AC 7H 6S 6H QC 4S "
                 "7C 2H 4C KH AS JS JD 5C 5D 5H 7D 3D QH JH 4H JC KD AH 2D 3H",
        "winners": "Bob Ann Ann Bob Bob Bob Bob Bob Bob Bob "
                   "Bob Bob Bob Bob Bob Bob Ann Ann Ann Ann",
        "scores": [[0, 2], [0, 2], [10, 2], [10, 13], [10, 21], [10, 23], [10, 23], [10, 44],
                   [10, 44], [10, 46], [10, 56], [10, 60], [10, 74], [10, 77], [10, 77],
                   [10, 87], [15, 87], [18, 87], [33, 87], [33, 87]],
        "winner": "Bob",
    },
    "seed-121-tie": {
        "deck": "AS 6C 7C 4H KH 7S JD 6D 5S 3D JC JS JH 2D 4S KS 6H 2H 4C QH "
                "2S 6S AC AH 5C 4D 3S 7D 2C KC AD 7H 3C QD 5D 3H QC KD 5H QS",
        "first": 0,
        "moves": "AS 6C 7C 4H KH 7S 6D JD 5S 3D JC JS JH 2D KS 4S 2H 6H QH 4C "
                 "6S 2S AH AC 5C 4D 3S 7D 2C KC 7H AD QD 3C 3H 5D QC KD 5H QS",
        "winners": "Ann Ann Bob Ann Ann Bob Bob Bob Ann Ann "
                   "Ann Ann Ann Ann Bob Bob Bob Bob Bob Ann",
        "scores": [[11, 0], [21, 0], [21, 14], [24, 14], [24, 14], [24, 20], [24, 23], [24, 27],
                   [24, 27], [26, 27], [26, 27], [48, 27], [48, 27], [58, 27], [58, 31],
                   [58, 52], [58, 54], [58, 54], [58, 60], [60, 60]],
        "winner": None,
    },
}


def diamonds():
    return member("Suit", "DIAMONDS")


def new_game(student, deck=SMALL_DECK, first=0):
    """Ann and Bob (players 0 and 1) on a new board with the deck given in notation."""
    ann, bob = student.pkg.player.Player("Ann"), student.pkg.player.Player("Bob")
    board = student.pkg.board.Board([ann, bob], student.pkg.deck.Deck(cards(deck)), first)
    return board, ann, bob


def who(student, obj, ann, bob):
    """'Ann' or 'Bob' when ``obj`` is that very player, None for None, else what came back."""
    if type(obj) is Handle:
        for name, player in (("Ann", ann), ("Bob", bob)):
            if student.builtin("is", obj, player) is True:
                return name
    return obj


def play_rounds(board, rounds, game):
    """Play the (led, followed, ...) rounds; a refused card fails with the round's number."""
    result = None
    for number, (led, followed, *_) in enumerate(rounds, start=1):
        for text in (led, followed):
            try:
                result = board.play(card(text))
            except StudentRaised as error:
                raise AssertionError(
                    f"{game}: in round {number}, board.play({text}) raised "
                    f"{error.type_name}: {error.message}"
                ) from None
    return result


def test_deal_alternates(student):
    """The first player is dealt the 1st, 3rd and 5th cards, the other the 2nd, 4th, 6th."""
    board, ann, bob = new_game(student)
    expect_equal(ann.hand, cards("AS 7C 3S"), f"{SMALL_GAME}first=0): Ann's hand")
    expect_equal(bob.hand, cards("2H KD QH"), f"{SMALL_GAME}first=0): Bob's hand")
    expect_equal(board.stock_size, 4, f"{SMALL_GAME}first=0).stock_size")


def test_deal_starts_with_first(student):
    """With first=1, the second player is dealt to first and leads the first round."""
    board, ann, bob = new_game(student, first=1)
    expect_equal(bob.hand, cards("AS 7C 3S"), f"{SMALL_GAME}first=1): Bob's hand")
    expect_equal(ann.hand, cards("2H KD QH"), f"{SMALL_GAME}first=1): Ann's hand")
    expect_equal(who(student, board.to_play, ann, bob), "Bob", f"{SMALL_GAME}first=1).to_play")


def test_new_board(student):
    """A new board shows the bottom card as trump, an empty table, no rounds, no points."""
    board, ann, bob = new_game(student)
    game = f"{SMALL_GAME}first=0)"
    expect_equal(board.trump, diamonds(), f"{game}.trump")
    expect_equal(board.trump_card, card("4D"), f"{game}.trump_card")
    expect_equal(board.table, [], f"{game}.table")
    expect_equal(board.scores, [0, 0], f"{game}.scores")
    expect_equal(board.is_over, False, f"{game}.is_over")
    expect_equal(board.rounds, [], f"{game}.rounds")
    expect_equal(who(student, board.to_play, ann, bob), "Ann", f"{game}.to_play")
    players = [who(student, p, ann, bob) for p in board.players]
    expect_equal(players, ["Ann", "Bob"], f"{game}.players (the very player objects given)")


def test_first_card_of_a_round(student):
    """The leader's card goes to the table, play returns None and the follower is next."""
    board, ann, bob = new_game(student)
    game = f"{SMALL_GAME}first=0)"
    expect_equal(board.play(card("3S")), None, f"{game}.play(3S)")
    expect_equal(board.table, cards("3S"), f"{game}: after play(3S), table")
    expect_equal(ann.hand, cards("AS 7C"), f"{game}: after play(3S), Ann's hand")
    expect_equal(board.stock_size, 4, f"{game}: after play(3S), stock_size")
    expect_equal(who(student, board.to_play, ann, bob), "Bob", f"{game}: after play(3S), to_play")


def test_round_result(student):
    """The second card completes the round: play returns the Round, won by the stronger card."""
    board, _, _ = new_game(student)
    game = f"{SMALL_GAME}first=0): play(3S), play(KD)"
    board.play(card("3S"))
    done = board.play(card("KD"))
    expect_true(type(done) is Handle, f"{game}\n  expected: a Round\n  got:      {done!r}")
    got = [done.leader, done.led, done.follower, done.followed, done.winner, done.points]
    expect_equal(
        got, ["Ann", card("3S"), "Bob", card("KD"), "Bob", 4],
        f"{game}: the Round's [leader, led, follower, followed, winner, points]",
    )
    expect_equal(board.table, [], f"{game}: table after the round")


def test_leader_draws_first(student):
    """After a round, the round's leader draws first, even when the follower won."""
    board, ann, bob = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:1], f"{SMALL_GAME}first=0)")
    game = f"{SMALL_GAME}first=0): after round 1 (Ann led 3S, Bob won with KD)"
    expect_equal(ann.hand, cards("AS 7C JC"), f"{game}, Ann's hand (Ann draws JC first)")
    expect_equal(bob.hand, cards("2H QH 5H"), f"{game}, Bob's hand (then Bob draws 5H)")
    expect_equal(board.stock_size, 2, f"{game}, stock_size")


def test_winner_leads_next_round(student):
    """The winner of a round leads the next one."""
    board, ann, bob = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:1], f"{SMALL_GAME}first=0)")
    game = f"{SMALL_GAME}first=0)"
    expect_equal(who(student, board.to_play, ann, bob), "Bob", f"{game}: Bob won round 1; to_play")
    play_rounds(board, SMALL_ROUNDS[1:3], game)
    expect_equal(who(student, board.to_play, ann, bob), "Ann", f"{game}: Ann won round 3; to_play")


def test_trump_card_drawn_last(student):
    """The shown trump card is the last card drawn."""
    board, ann, bob = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:2], f"{SMALL_GAME}first=0)")
    game = f"{SMALL_GAME}first=0): after round 2 (Bob led 2H and won)"
    expect_equal(bob.hand, cards("QH 5H 6C"), f"{game}, Bob's hand (Bob draws 6C first)")
    expect_equal(ann.hand, cards("7C JC 4D"), f"{game}, Ann's hand (then Ann draws 4D)")
    expect_equal(board.stock_size, 0, f"{game}, stock_size")
    expect_equal(board.trump_card, card("4D"), f"{game}, trump_card (still shown once drawn)")
    expect_equal(board.trump, diamonds(), f"{game}, trump")


def test_scores_and_won_cards(student):
    """The winner of a round collects both cards, the led card first, and their points."""
    board, ann, bob = new_game(student)
    game = f"{SMALL_GAME}first=0)"
    for number, (led, followed, _, scores) in enumerate(SMALL_ROUNDS[:3], start=1):
        play_rounds(board, [(led, followed)], game)
        expect_equal(board.scores, scores, f"{game}: after round {number}, scores")
    expect_equal(bob.won, cards("3S KD 2H AS"), f"{game}: after round 3, Bob's won cards")
    expect_equal(ann.won, cards("QH 4D"), f"{game}: after round 3, Ann's won cards")
    expect_equal(bob.points, 15, f"{game}: after round 3, Bob's points")


def test_rounds_are_recorded(student):
    """board.rounds lists the completed rounds in order."""
    board, _, _ = new_game(student)
    game = f"{SMALL_GAME}first=0)"
    play_rounds(board, SMALL_ROUNDS, game)
    recorded = board.rounds
    expect_equal(len(recorded), 5, f"{game}: after the game, len(rounds)")
    got = [[r.leader, r.led, r.followed, r.winner] for r in recorded]
    leaders = ["Ann", "Bob", "Bob", "Ann", "Ann"]
    expected = [
        [leader, card(led), card(followed), winner]
        for leader, (led, followed, winner, _) in zip(leaders, SMALL_ROUNDS, strict=True)
    ]
    expect_equal(got, expected, f"{game}: [leader, led, followed, winner] of each round")


@pytest.mark.weight(2)
def test_tie(student):
    """A game that ends with equal points is a tie: winner() is None."""
    board, ann, bob = new_game(student)
    game = f"{SMALL_GAME}first=0), after the whole game"
    play_rounds(board, SMALL_ROUNDS, game)
    expect_equal(board.scores, [15, 15], f"{game}: scores")
    expect_equal(board.is_over, True, f"{game}: is_over")
    expect_equal(board.to_play, None, f"{game}: to_play")
    expect_equal(ann.hand + bob.hand, [], f"{game}: the two hands")
    expect_equal(who(student, board.winner(), ann, bob), None, f"{game}: winner()")


@pytest.mark.weight(2)
@pytest.mark.parametrize("name", sorted(FULL_GAMES))
def test_full_game(student, name):
    """A whole 40-card game: who wins each round, the scores and the winner."""
    data = FULL_GAMES[name]
    board, ann, bob = new_game(student, data["deck"], data["first"])
    moves, winners = data["moves"].split(), data["winners"].split()
    game = (
        f"Board([Ann, Bob], Deck(<{name}: {data['deck'][:11]}...>), first={data['first']}), "
        "each player playing the first card of its hand"
    )
    for number in range(1, 21):
        led, followed = moves[2 * number - 2 : 2 * number]
        done = play_rounds(board, [(led, followed)], game)
        where = f"{game}: round {number} ({led} then {followed})"
        got_winner = done.winner if type(done) is Handle else done
        expect_equal(got_winner, winners[number - 1], f"{where}: the Round's winner")
        expect_equal(board.scores, data["scores"][number - 1], f"{where}: scores after it")
    expect_equal(board.is_over, True, f"{game}: is_over after 20 rounds")
    expect_equal(board.stock_size, 0, f"{game}: stock_size after 20 rounds")
    expect_equal(who(student, board.winner(), ann, bob), data["winner"], f"{game}: winner()")


def test_view_for_follower(student):
    """view_for gives the follower its hand, the table and the public facts, no more."""
    board, ann, _ = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:1], f"{SMALL_GAME}first=0)")
    board.play(card("2H"))
    view = board.view_for(ann)
    game = f"{SMALL_GAME}first=0): after round 1 and Bob's 2H, view_for(Ann)"
    got = {
        "hand": view.hand, "trump": view.trump, "trump_card": view.trump_card,
        "table": view.table, "stock_size": view.stock_size, "played": view.played,
        "my_points": view.my_points, "opponent_points": view.opponent_points,
        "is_leading": view.is_leading, "legal_cards": view.legal_cards,
    }
    expected = {
        "hand": cards("AS 7C JC"), "trump": diamonds(), "trump_card": card("4D"),
        "table": cards("2H"), "stock_size": 2, "played": cards("3S KD"),
        "my_points": 0, "opponent_points": 4,
        "is_leading": False, "legal_cards": cards("AS 7C JC"),
    }
    for field, value in expected.items():
        expect_equal(got[field], value, f"{game}.{field}")


def test_view_for_leader(student):
    """view_for the leader: empty table; trump_card is None once the trump card is drawn."""
    board, _, bob = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:2], f"{SMALL_GAME}first=0)")
    view = board.view_for(bob)
    game = f"{SMALL_GAME}first=0): after round 2, view_for(Bob)"
    expect_equal(view.hand, cards("QH 5H 6C"), f"{game}.hand")
    expect_equal(view.table, [], f"{game}.table")
    expect_equal(view.is_leading, True, f"{game}.is_leading")
    expect_equal(view.trump_card, None, f"{game}.trump_card")
    expect_equal(view.stock_size, 0, f"{game}.stock_size")
    expect_equal(view.played, cards("3S KD 2H AS"), f"{game}.played")
    expect_equal([view.my_points, view.opponent_points], [15, 0],
                 f"{game}: [my_points, opponent_points]")


def test_view_for_a_stranger(student):
    """view_for raises ValueError for a player who is not on the board."""
    board, _, _ = new_game(student)
    with student.raises("ValueError"):
        board.view_for(student.pkg.player.Player("Ann"))


CONSTRUCTION_ERRORS = {
    "one player": (["Ann"], SMALL_DECK, 0),
    "three players": (["Ann", "Bob", "Cy"], SMALL_DECK, 0),
    "same name": (["Ann", "Ann"], SMALL_DECK, 0),
    "first=2": (["Ann", "Bob"], SMALL_DECK, 2),
    "first=-1": (["Ann", "Bob"], SMALL_DECK, -1),
    "odd deck": (["Ann", "Bob"], "AS 2H 7C KD 3S QH JC", 0),
    "deck of 4": (["Ann", "Bob"], "AS 2H 7C KD", 0),
    "empty deck": (["Ann", "Bob"], "", 0),
}


@pytest.mark.weight(2 / len(CONSTRUCTION_ERRORS))
@pytest.mark.parametrize("case", list(CONSTRUCTION_ERRORS))
def test_bad_board(student, case):
    """Board(...) raises ValueError for wrong players, a wrong first, or a bad deck."""
    names, deck, first = CONSTRUCTION_ERRORS[case]
    players = [student.pkg.player.Player(name) for name in names]
    with student.raises("ValueError"):
        student.pkg.board.Board(players, student.pkg.deck.Deck(cards(deck)), first)


def test_same_player_twice(student):
    """Board(...) raises ValueError when the same player is given twice."""
    ann = student.pkg.player.Player("Ann")
    with student.raises("ValueError"):
        student.pkg.board.Board([ann, ann], student.pkg.deck.Deck(cards(SMALL_DECK)), 0)


def test_card_not_in_hand(student):
    """Playing a card the player to play does not hold raises ValueError and changes nothing."""
    board, ann, bob = new_game(student)
    game = f"{SMALL_GAME}first=0)"
    with student.raises("ValueError"):
        board.play(card("2H"))  # Bob's card, but Ann is to play
    expect_equal(ann.hand, cards("AS 7C 3S"), f"{game}: after the refused play(2H), Ann's hand")
    expect_equal(bob.hand, cards("2H KD QH"), f"{game}: after the refused play(2H), Bob's hand")
    expect_equal(board.table, [], f"{game}: after the refused play(2H), table")
    expect_equal(who(student, board.to_play, ann, bob), "Ann",
                 f"{game}: after the refused play(2H), to_play")
    expect_equal(board.play(card("3S")), None, f"{game}: play(3S) after the refused play(2H)")


def test_play_after_the_game(student):
    """Playing once the game is over raises ValueError."""
    board, _, _ = new_game(student)
    play_rounds(board, SMALL_ROUNDS, f"{SMALL_GAME}first=0)")
    with student.raises("ValueError"):
        board.play(card("7C"))


def test_winner_before_the_end(student):
    """winner() raises ValueError while the game is not over."""
    board, _, _ = new_game(student)
    play_rounds(board, SMALL_ROUNDS[:4], f"{SMALL_GAME}first=0)")
    with student.raises("ValueError"):
        board.winner()


ROUND_WINNERS = [
    ("3S", "KD", "DIAMONDS", 1),
    ("2H", "AS", "DIAMONDS", 0),
    ("QH", "KH", "SPADES", 1),
    ("7C", "AC", "CLUBS", 1),
    ("AC", "7C", "CLUBS", 0),
    ("JD", "2S", "HEARTS", 0),
]


@pytest.mark.parametrize(("led", "followed", "trump", "expected"), ROUND_WINNERS,
                         ids=[f"{led}-{f}-{t}" for led, f, t, _ in ROUND_WINNERS])
def test_round_winner(student, led, followed, trump, expected):
    """round_winner gives 1 (FOLLOWER) when the second card wins, else 0 (LEADER)."""
    got = student.pkg.board.round_winner(card(led), card(followed), member("Suit", trump))
    expect_equal(got, expected, f"round_winner({led}, {followed}, Suit.{trump})")
