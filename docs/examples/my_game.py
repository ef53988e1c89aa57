"""A game of your own for gametrace: take-away ("the 21 game" on a small scale).

Copy this file, change the rules, and search it:

    gametrace run docs/examples/my_game.py:TakeAway -p sticks=7 -p most=2 -a alphabeta
    gametrace run docs/examples/my_game.py:TakeAway -p sticks=9 --depth 2 -o takeaway.json

Rules: a pile of ``sticks``; the players (MAX first) take turns to take 1..``most``
sticks; whoever takes the last stick wins.  The known answer: the player to move loses
exactly when the number of sticks is a multiple of ``most + 1``.

Everything below is what the Game protocol (tracer/games/base.py) asks for.  A state
must be immutable and hashable-friendly (here a tuple); ``result`` returns a new state.
Values are always from MAX's point of view.
"""

from __future__ import annotations

from tracer.games.base import Capabilities, Player

# A state: (sticks left, player to move).
State = tuple[int, Player]


class TakeAway:
    """Take 1..most sticks from one pile; whoever takes the last stick wins."""

    # What the game offers beyond moves and utilities.  evaluation=True promises an
    # ``evaluate`` method, so that `gametrace run ... --depth N` can cut the search.
    capabilities = Capabilities(evaluation=True)

    # Constructor parameters are what `-p key=value` sets.  Values arrive as text and are
    # converted by the annotation: int, float and bool are parsed, anything else stays a
    # string.  Every parameter needs a default or must be given on the command line.
    def __init__(self, sticks: int = 7, most: int = 2, first_is_max: bool = True) -> None:
        if sticks < 1 or most < 1:
            # A ValueError here is reported as a usage error naming this file.
            raise ValueError("sticks and most must be at least 1")
        self.name = "takeaway"  # shown in the trace header
        self.sticks = sticks
        self.most = most
        self.first = Player.MAX if first_is_max else Player.MIN

    def initial_state(self) -> State:
        """Where a search starts."""
        return self.sticks, self.first

    def to_move(self, state: State) -> Player:
        """Who chooses here: Player.MAX or Player.MIN (never a plain string)."""
        return state[1]

    def actions(self, state: State) -> list[int]:
        """The moves in the order the search should try them (empty at the end)."""
        left = state[0]
        return list(range(1, min(self.most, left) + 1))

    def result(self, state: State, action: int) -> State:
        """A NEW state: never change ``state`` itself, the search keeps using it."""
        left, mover = state
        return left - action, mover.opponent

    def is_terminal(self, state: State) -> bool:
        """True when the game is over."""
        return state[0] == 0

    def utility(self, state: State) -> float:
        """The final score for MAX: the player to move now did not take the last stick."""
        return 1 if state[1] is Player.MIN else -1

    def evaluate(self, state: State) -> float:
        """A static guess at a depth cut-off (MAX's view): here the exact theory."""
        losing_for_mover = state[0] % (self.most + 1) == 0
        mover_sign = 1 if state[1] is Player.MAX else -1
        return -mover_sign if losing_for_mover else mover_sign

    def probability(self, state: State, action: int) -> float:
        """Only called at chance nodes (capabilities.chance); this game has none."""
        raise NotImplementedError

    def move_name(self, state: State, action: int) -> str:
        """A short name for the move: node ids are paths of these ("take2/take1")."""
        return f"take{action}"

    def node_id(self, state: State) -> str:
        """Only used when capabilities.named_nodes is set; this game uses move paths."""
        raise NotImplementedError

    def describe(self, state: State) -> str:
        """A small readable picture of the state, used as the node's label."""
        return "|" * state[0] or "-"
