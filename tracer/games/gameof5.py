"""The game of 5 ("Giochi a Due Avversari", slide "Esercizio: gioco del 5").

Players alternately say a number.  The first may say 1, 2 or 3; afterwards a player
says a number strictly greater than the one the opponent said last, and at most 3
more.  Nobody may go past the target, 5, and whoever says it wins: the notes' answer,
"il giocatore max sceglie 1", holds only under this rule (after 1 the opponent can say
2, 3 or 4, and each lets MAX say 5; after 2 or 3 the opponent says 5 at once).
Utility +1 when MAX wins, -1 when MIN wins; MAX moves first, as the notes ask.

A state is ``(last number said, mover)``, with 0 before the first move.  A move is the
number said and is named by it; moves are tried from the largest to the smallest, the
order the notes prescribe ("dal numero più grande ... al numero più piccolo").
``target`` and ``step`` generalise the 5 and the 3.  The notes give no static
evaluation; :meth:`GameOf5.evaluate` scores every undecided position 0.
"""

from __future__ import annotations

from tracer.errors import UsageError
from tracer.games.base import (
    Capabilities,
    Player,
    first_not_max_or_min,
    no_chance_nodes,
    nodes_by_move_paths,
)
from tracer.games.params import check_bound, check_least
from tracer.said import said

MAX_TARGET = 1_000
"""The largest target: a game lasts up to target moves."""
MAX_STEP = 100
"""The largest step: a node has up to step moves."""

__all__ = ["GameOf5", "GameOf5State"]

GameOf5State = tuple[int, Player]
"""The last number said (0 at the start) and the player to move."""


class GameOf5:
    """Say numbers up to ``target`` (default 5), each 1..``step`` (default 3) above the last."""

    capabilities = Capabilities(evaluation=True)

    def __init__(self, target: int = 5, *, step: int = 3,
                 first: Player | str = Player.MAX) -> None:
        check_least("gameof5", "target", target, 1)
        check_least("gameof5", "step", step, 1)
        check_bound("gameof5", "target", target, MAX_TARGET,
                    said("a game lasts up to target moves"))
        check_bound("gameof5", "step", step, MAX_STEP, said("a node has up to step moves"))
        if first not in (Player.MAX, Player.MIN):
            raise UsageError(first_not_max_or_min("gameof5", first))
        self.name = "gameof5"
        self.target = target
        self.step = step
        self.first = Player(first)

    def initial_state(self) -> GameOf5State:
        """Nothing said yet."""
        return 0, self.first

    def to_move(self, state: GameOf5State) -> Player:
        """The player to move."""
        return state[1]

    def actions(self, state: GameOf5State) -> range:
        """The numbers that may be said, largest first."""
        last = state[0]
        if last >= self.target:
            return range(0)
        return range(min(last + self.step, self.target), last, -1)

    def result(self, state: GameOf5State, action: int) -> GameOf5State:
        """``action`` has been said; the other player moves."""
        return action, state[1].opponent

    def is_terminal(self, state: GameOf5State) -> bool:
        """True once the target has been said."""
        return state[0] >= self.target

    def utility(self, state: GameOf5State) -> float:
        """The player who said the target won; that is the one not to move now."""
        return -state[1].sign

    def evaluate(self, state: GameOf5State) -> float:
        """0: the notes give no heuristic for this game."""
        return 0

    def probability(self, state: GameOf5State, action: int) -> float:
        """The game of 5 has no chance nodes."""
        raise UsageError(no_chance_nodes("gameof5"))

    def move_name(self, state: GameOf5State, action: int) -> str:
        """The number said, e.g. ``3``."""
        return str(action)

    def node_id(self, state: GameOf5State) -> str:
        """Unused: node ids of generated games are move paths."""
        raise UsageError(nodes_by_move_paths("gameof5"))

    def describe(self, state: GameOf5State) -> str:
        """``start`` before the first move, then the last number said, e.g. ``said 3``."""
        return "start" if state[0] == 0 else f"said {state[0]}"
