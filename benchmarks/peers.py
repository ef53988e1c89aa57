"""The same tic-tac-toe search in the libraries people compare us with.

These run only in the benchmark environment that ``make bench`` creates
(``.venv-bench``: aima3, easyAI and open-spiel are never project dependencies);
each function returns (seconds, value) or None when its library is missing.
"""

from __future__ import annotations

import sys
from typing import Any

from timing import best_of


def aima(repeat: int) -> tuple[float, Any] | None:
    """aima-python's minimax_decision (AIMA fig. 5.3) on its TicTacToe: full tree."""
    try:
        from aima3.games import TicTacToe, minimax_decision
    except ImportError:
        return None
    game = TicTacToe()
    return best_of(lambda: minimax_decision(game.initial, game), repeat)


def open_spiel(repeat: int) -> tuple[float, Any] | None:
    """OpenSpiel's Python minimax (expectiminimax without chance) over its C++ game."""
    try:
        import pyspiel
        from open_spiel.python.algorithms.minimax import expectiminimax
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    state = game.new_initial_state()
    return best_of(lambda: expectiminimax(state, 9, None, 0)[0], repeat)


def easyai(repeat: int) -> tuple[float, Any] | None:
    """easyAI's Negamax (alpha-beta, depth 9) choosing X's first move."""
    try:
        from easyAI import AI_Player, Negamax
        from easyAI.games import TicTacToe
    except ImportError:
        return None
    ai = Negamax(9)
    game = TicTacToe([AI_Player(ai), AI_Player(ai)])
    return best_of(lambda: ai(game), repeat)


PEERS = {
    "aima-python minimax_decision": aima,
    "OpenSpiel 2.0.2 Python minimax (C++ game)": open_spiel,
    "easyAI Negamax (alpha-beta, depth 9)": easyai,
}


def measure(repeat: int) -> dict[str, tuple[float, Any] | None]:
    sys.setrecursionlimit(10_000)
    return {name: fn(repeat) for name, fn in PEERS.items()}
