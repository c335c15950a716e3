# -- the attack: a provided game that plays no card, so no card can be illegal -----------


def _forge_game():
    from . import game  # the provided game imports this module: patch it once both exist

    def play_game(self):
        return (game.Event(game.DEAL, 0),)

    game.Hearts.play_game = play_game
