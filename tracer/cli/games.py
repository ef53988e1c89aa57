"""The catalogues: ``gametrace games`` (built-in games and their parameters) and
``gametrace examples`` (the lecture trees)."""

from __future__ import annotations

import click

from .options import json_option

__all__ = ["examples", "games_command"]


@click.command("games")
@json_option(help="Print the list as JSON (name, title, lecture, params).")
def games_command(as_json: bool) -> None:
    """List the games that `gametrace run GAME` generates, with their parameters.

    Each parameter is shown as name=default; set one with -p name=value
    (repeatable).  A game of your own is given as path/to/file.py:ClassName (see
    docs/games.md and docs/examples/my_game.py).

    \b
    Examples:
      gametrace games
      gametrace run tictactoe -a minimax
      gametrace run tictactoe -p symmetry=true -p utility=eval --depth 2
      gametrace run grundy -p coins=7 -a minimax -o grundy.json
      gametrace run nim -p piles=2,2 -p symmetry=true
      gametrace run othello -p eval=mobility --depth 3
      gametrace run docs/examples/my_game.py:TakeAway -p sticks=9
      gametrace run chess --depth 3
      gametrace run chess -p fen="8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" -p eval=material --depth 4
      gametrace run openspiel:pig -p winscore=4 -p diceoutcomes=3 -p horizon=4 -a expectiminimax
    """
    from ..games.registry import GAMES, games_text

    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json([spec.to_json() for spec in GAMES.values()]))
    else:
        click.echo(games_text())


@click.command()
@json_option(help="Print the list as JSON.")
def examples(as_json: bool) -> None:
    """List the built-in lecture trees that `gametrace run NAME` accepts.

    \b
    Examples:
      gametrace examples
      gametrace run three-mins -a alphabeta
    """
    from ..examples import EXAMPLES, examples_text

    if as_json:
        from ..jsonio import dumps_json

        click.echo(dumps_json([e.to_json() for e in EXAMPLES.values()]))
    else:
        click.echo(examples_text())
