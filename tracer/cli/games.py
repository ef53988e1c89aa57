"""``gametrace games``: list the built-in games and their parameters."""

from __future__ import annotations

import click

__all__ = ["games_command"]


@click.command("games")
@click.option("--json", "as_json", is_flag=True,
              help="Print the list as JSON (name, title, lecture, params).")
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
    """
    from .games.registry import GAMES

    if as_json:
        from .jsonio import dumps_json

        click.echo(dumps_json([spec.to_json() for spec in GAMES.values()]))
        return
    for i, spec in enumerate(GAMES.values()):
        if i:
            click.echo()
        click.echo(f"{spec.name}  {spec.title} (lecture {spec.lecture})")
        width = max(len(f"{p.name}={p.default}") for p in spec.params)
        for p in spec.params:
            choices = f" ({' | '.join(p.choices)})" if p.choices else ""
            click.echo(f"  {p.name + '=' + p.default:<{width}}  {p.help}{choices}")
