"""The proxy: what crosses between judge and worker, and how."""

from __future__ import annotations

import pytest
from support.call_limits import HONEST_CALL_SECONDS

from cardlab.judge.proxy import Handle, Student, StudentRaised, ToldRaised
from cardlab.worker.codec import Value, load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerFailure, WorkerSetup, _chunks


@pytest.fixture
def bisca(repo):
    """The bisca reference in a worker, with the bisca codec."""
    folder = repo.reference_dir("bisca")
    codec_file = repo.graders_dir("bisca") / "codec.py"
    setup = WorkerSetup(compose("bisca", folder, folder, ()), codec_file, 4096)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(codec_file))
    student.session.begin("test_proxy")
    yield student
    student.session.close()


def test_cards_and_suits_cross_as_values(bisca):
    card = bisca.pkg.card.Card.from_notation("qs")
    assert card == Value("Card", "QS")
    assert bisca.attr(card, "points") == 2
    assert bisca.get("suit.Suit.HEARTS") == Value("Suit", "HEARTS")
    assert repr(bisca.get("suit.Suit.HEARTS")) == "Suit.HEARTS"
    assert bisca.method(Value("Card", "7H"), "beats", card, Value("Suit", "HEARTS")) is True


def test_other_objects_cross_as_handles(bisca):
    player = bisca.pkg.player.Player("Ann")
    assert isinstance(player, Handle) and player.type_name == "Player"
    player.take(Value("Card", "AS"))
    player.take(Value("Card", "2D"))
    assert player.hand == [Value("Card", "AS"), Value("Card", "2D")]
    assert player.name == "Ann"
    assert bisca.builtin("str", player) == "Ann"
    assert bisca.builtin_bool("contains", player.hand, Value("Card", "AS")) is True


def test_tuple_arguments_arrive_as_tuples(bisca):
    rng = bisca.builtin("Random", 3)
    assert bisca.builtin("type_name", (1, 2)) == "tuple"
    assert bisca.builtin("type_name", [1, 2]) == "list"
    deck = bisca.pkg.deck.Deck.shuffled(rng)
    assert len(deck) == 40


def test_a_kept_attribute_is_the_very_object_with_its_type(bisca):
    """Tuples and lists arrive alike as values; a kept attribute tells them apart."""
    player = bisca.pkg.player.Player("Ann")
    player.take(Value("Card", "AS"))
    assert player.hand == [Value("Card", "AS")]
    hand = bisca.attr_kept(player, "hand")
    assert isinstance(hand, Handle) and hand.type_name == "tuple"
    private = bisca.attr_kept(player, "_hand")
    assert private.type_name == "list"
    bisca.method(private, "clear")  # the player's own list, changed in the worker
    assert player.hand == []
    with pytest.raises(StudentRaised) as raised:
        bisca.attr_kept(player, "no_such_attribute")
    assert raised.value.is_a("AttributeError")


def test_a_kept_result_is_the_very_object_with_its_type(bisca):
    """A function's or a method's result kept in the worker: its type tells tuple from list."""
    player = bisca.pkg.player.Player("Ann")
    player.take(Value("Card", "AS"))
    card = bisca.call_kept(bisca.pkg.card.Card.from_notation, "qs")
    assert isinstance(card, Handle) and card.type_name == "Card"
    assert bisca.builtin("str", card) == bisca.builtin("str", Value("Card", "QS"))
    played = bisca.call_kept(player.play, Value("Card", "AS"))  # a method, kept alike
    assert played.type_name == "Card" and player.hand == []
    with pytest.raises(StudentRaised) as raised:
        bisca.call_kept(bisca.pkg.card.Card.from_notation, "??")
    assert raised.value.is_a("ValueError")


def test_student_exceptions_cross_with_their_type_names(bisca):
    with pytest.raises(StudentRaised) as raised:
        bisca.pkg.card.Card.from_notation("ZZ")
    assert raised.value.is_a("ValueError") and raised.value.is_a("builtins.Exception")
    assert "ZZ" in raised.value.message
    with bisca.raises("ValueError"):
        bisca.pkg.card.Card.from_notation("1X")
    with pytest.raises(AssertionError, match="should raise KeyError"), bisca.raises("KeyError"):
        bisca.pkg.card.Card.from_notation("1X")


def _sleeping_play(repo, folder, call_seconds: float, test_id: str) -> Student:
    """bisca with a student's play.main that never returns (it sleeps, sparing the cores).

    The call times out however busy the machine is.
    """
    (folder / "play.py").write_text(
        "import time\n\ndef main(argv):\n    while True:\n        time.sleep(60)\n"
    )
    reference = repo.reference_dir("bisca")
    codec_file = repo.graders_dir("bisca") / "codec.py"
    setup = WorkerSetup(compose("bisca", reference, folder, ["play"]), codec_file, 4096)
    student = Student(setup, call_seconds, load_codec(codec_file))
    student.session.begin(test_id)
    return student


def test_a_failed_worker_is_replaced_for_the_next_test(repo, tmp_path):
    bisca = _sleeping_play(repo, tmp_path, HONEST_CALL_SECONDS, "test_proxy_timeout")
    try:
        player = bisca.pkg.player.Player("Ann")
        with pytest.raises(WorkerFailure, match=r"did not finish within 0\.2 s"):
            bisca.console(bisca.pkg.play.main, ["--seed", "1"], seconds=0.2)
        with pytest.raises(WorkerFailure):  # the rest of this test fails at once
            bisca.pkg.player.Player("Bob")
        bisca.session.begin("next test")
        assert bisca.pkg.player.Player("Bob").name == "Bob"
        with pytest.raises(WorkerFailure, match="lost when the worker was restarted"):
            player.take(Value("Card", "AS"))
    finally:
        bisca.session.close()


def test_told_calls_run_in_order_with_the_next_call_that_waits(bisca):
    player = bisca.pkg.player.Player("Ann")
    take = player.take  # a method, known from here on without asking the worker
    requests = bisca.session._worker().requests
    for notation in ("AS", "2D", "7H"):
        bisca.tell(take, Value("Card", notation))
    assert bisca.session._worker().requests == requests  # nothing sent yet
    assert player.hand == [Value("Card", "AS"), Value("Card", "2D"), Value("Card", "7H")]
    assert bisca.session._worker().requests == requests + 4  # sent together with the read
    bisca.flush()  # nothing told: nothing sent
    assert bisca.session._worker().requests == requests + 4


def test_a_told_call_that_raises_is_named_by_the_call_that_carried_it(bisca):
    player = bisca.pkg.player.Player("Ann")
    bisca.tell(player.take, Value("Card", "AS"))
    bisca.tell(player.play, Value("Card", "KD"), describe=lambda: "trick 3: Ann.play(KD)")
    bisca.tell(player.take, Value("Card", "2D"))  # still runs: the worker answers each
    with pytest.raises(ToldRaised) as raised:
        bisca.pkg.card.Card.from_notation("qs")
    assert raised.value.call == "trick 3: Ann.play(KD)" and raised.value.is_a("ValueError")
    assert str(raised.value).startswith("trick 3: Ann.play(KD) raised ValueError: ")
    assert player.hand == [Value("Card", "AS"), Value("Card", "2D")]  # the channel in step
    bisca.tell(player.play, Value("Card", "KD"))
    with pytest.raises(ToldRaised, match="play"):
        bisca.flush()


def test_a_summary_names_the_call_and_the_exception_but_not_the_place():
    error = ToldRaised(
        "trick 3: Ann.play(KD)", ["builtins.ValueError", "builtins.Exception"], "no KD", "x.py:7"
    )
    assert error.summary == "trick 3: Ann.play(KD) raised ValueError: no KD"
    assert str(error) == "trick 3: Ann.play(KD) raised ValueError: no KD (x.py:7)"


def test_many_and_large_told_calls_all_arrive(bisca):
    player = bisca.pkg.player.Player("Ann")
    notations = [f"{rank}{suit}" for suit in "SHDC" for rank in "A234567JQK"]
    for notation in notations:  # more than are kept waiting: sent on the way
        bisca.tell(player.collect, [Value("Card", notation)])
    long_names = ["x" * 20_000, "y" * 20_000]  # more than one write takes
    for name in long_names:
        bisca.tell(bisca.pkg.player.Player, name)
    assert player.won == [Value("Card", notation) for notation in notations]


def test_requests_are_written_in_chunks_a_pipe_takes_at_once():
    assert list(_chunks([10, 10, 30, 5, 5], 20)) == [(0, 2), (2, 3), (3, 5)]
    assert list(_chunks([], 20)) == []


def test_a_told_call_that_hangs_fails_naming_it(repo, tmp_path):
    bisca = _sleeping_play(repo, tmp_path, 0.3, "test_told_hang")
    try:
        bisca.tell(bisca.pkg.play.main, ["--seed", "1"])
        with pytest.raises(WorkerFailure, match=r"play\.main\(\['--seed', '1'\]\): .*0\.3 s"):
            bisca.pkg.player.Player("Bob")
    finally:
        bisca.session.close()


def test_the_transcript_shows_calls_and_results(bisca):
    bisca.pkg.card.Card.from_notation("7h")
    with pytest.raises(StudentRaised):
        bisca.pkg.card.Card.from_notation("??")
    assert bisca.session.transcript.last(2) == [
        "card.Card.from_notation('7h') -> 7H",
        "card.Card.from_notation('??') -> raised ValueError: "
        "not a card notation: '??' (expected e.g. 'QS' or '7h')",
    ]


@pytest.fixture
def cardgame(repo):
    """The cardgame reference in a worker, with the cardgame codec."""
    folder = repo.reference_dir("cardgame")
    codec_file = repo.graders_dir("cardgame") / "codec.py"
    setup = WorkerSetup(compose("cardgame", folder, folder, ()), codec_file, 4096)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(codec_file))
    student.session.begin("test_proxy_cardgame")
    yield student
    student.session.close()


def test_identity_crosses_as_handles_and_a_clone_is_another_object(cardgame):
    game = cardgame.pkg.variations.SingleHandWhist()
    twin = game.clone()
    assert cardgame.builtin("is", game, game) is True
    assert cardgame.builtin("is", twin, game) is False
    assert (
        cardgame.builtin(
            "is",
            game.player(Value("Direction", "NORTH", True)).hand,
            twin.player(Value("Direction", "NORTH", True)).hand,
        )
        is False
    )
    deck = [Value("Card", text) for text in ("QH", "10S", "2C", "AD")]
    game.deal(deck)
    assert list(game.player(Value("Direction", "EAST", True)).hand) == [Value("Card", "10S")]
    assert list(twin.player(Value("Direction", "EAST", True)).hand) == []


def test_illegal_move_arrives_as_itself(cardgame):
    game = cardgame.pkg.variations.SingleHandWhist()
    game.deal([Value("Card", text) for text in ("QH", "10S", "2C", "AD")])
    with pytest.raises(StudentRaised) as raised:
        game.play(Value("Direction", "SOUTH", True), Value("Card", "2C"))
    error = raised.value
    assert error.qualified_name == "cardgame.illegal_move.IllegalMove"
    assert error.is_a("cardgame.illegal_move.IllegalMove") and error.is_a("builtins.Exception")
    assert not error.is_a("cardgame.trick.IllegalMove") and not error.is_a("ValueError")
    assert "North" in error.message
    with pytest.raises(StudentRaised) as other:
        cardgame.pkg.card.Card.from_notation("ZZ")
    assert other.value.qualified_name == "builtins.ValueError"
    assert not other.value.is_a("cardgame.illegal_move.IllegalMove")


def test_a_method_runs_as_a_console_program(repo):
    """``student.console(handle.method, ...)``: typed input in, printed output back."""
    folder = repo.reference_dir("kings_corner")
    codec_file = repo.graders_dir("kings_corner") / "codec.py"
    setup = WorkerSetup(compose("kings_corner", folder, folder, ()), codec_file, 65536)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(codec_file))
    student.session.begin("test_proxy")
    try:
        table = student.pkg.table.Table(Value("DrawPile", "2C 3C"))
        human = student.pkg.human_player.HumanPlayer("You")
        opponent = student.pkg.player.Player("Computer")
        run = student.console(human.take_turn, table, opponent, stdin="x\nd\n")
        assert run.raised is None and run.result is None
        assert run.out.count("Move>") == 2
        assert "Unknown command 'x'" in run.out and "You drew 3C." in run.out
        assert human.hand.cards == [Value("Card", "3C")]
        run = student.console(human.take_turn, table, opponent, stdin="")
        assert run.raised is not None and run.raised.is_a("EOFError")
    finally:
        student.session.close()


def test_a_console_run_can_end_with_ctrl_c(repo):
    """With ``interrupt``, the typed lines are read, then Ctrl-C: ``KeyboardInterrupt``."""
    folder = repo.reference_dir("hearts")
    codec_file = repo.graders_dir("hearts") / "codec.py"
    setup = WorkerSetup(compose("hearts", folder, folder, ()), codec_file, 65536)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(codec_file))
    student.session.begin("test_proxy")
    try:
        ask = student.pkg.console.ask_mode
        run = student.console(ask, stdin="x\n", interrupt=True)
        assert run.raised is not None and run.raised.is_a("KeyboardInterrupt")
        assert run.out.count("Refused:") == 1
        run = student.console(ask, stdin="x\n")
        assert run.raised is not None and run.raised.is_a("EOFError")
        run = student.console(ask, stdin="w\n", interrupt=True)
        assert run.raised is None and run.result is True
        run = student.console(student.pkg.console.main, ["--seed", "1"], interrupt=True)
        assert run.result == 1 and "Game abandoned." in run.out
    finally:
        student.session.close()


def test_the_package_is_one_attribute_of_the_handle(repo):
    """``student.pkg`` holds every module, even one named like a method of the handle."""
    folder = repo.reference_dir("hearts")
    codec_file = repo.graders_dir("hearts") / "codec.py"
    setup = WorkerSetup(compose("hearts", folder, folder, ()), codec_file, 4096)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(codec_file))
    student.session.begin("test_proxy")
    try:
        main = student.pkg.console.main
        assert repr(main) == "console.main" and repr(student.pkg) == "<your package>"
        assert student.builtin("type_name", main) == "function"
        assert callable(student.console)  # the handle's own method, not the module
        with pytest.raises(AttributeError):
            student.card  # noqa: B018 - the package is reached through pkg only
        with pytest.raises(AttributeError):
            student.pkg._private  # noqa: B018 - private names are never paths
    finally:
        student.session.close()
