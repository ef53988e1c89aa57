"""The games' errors in Italian: each refusal of a lecture game, an adapter, the parameter
parser, the user-game loader and its guard is said from tracer/locale/it (part: games),
with the numbers written the Italian way, while its English stays as it was."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracer.errors import Deadline, InputError, LimitExceeded, TracerError, UsageError
from tracer.games.base import Capabilities, Player, check_search_bounds
from tracer.games.chess_adapter import Chess
from tracer.games.chomp import Chomp
from tracer.games.dice import DiceRace
from tracer.games.extras import missing_line
from tracer.games.gameof5 import GameOf5
from tracer.games.grundy import Grundy
from tracer.games.guard import GuardedGame
from tracer.games.nim import Nim
from tracer.games.othello import Othello
from tracer.games.params import ParamSpec
from tracer.games.registry import make_game
from tracer.games.tictactoe import TicTacToe
from tracer.games.user import load_user_game

TICTACTOE_BOARD = ("scrivi 9 caratteri x, o o '.', riga per riga dall'alto "
                   "(per esempio board=x...o....)")

GAME_CASES: dict[str, tuple[Callable[[], object], str]] = {
    "unknown game": (
        lambda: make_game("nimm", {}),
        "nessun gioco si chiama 'nimm' (giochi: chomp, dice, gameof5, grundy, nim, othello, "
        "tictactoe; con un extra: chess, openspiel:NAME; oppure path/to/file.py:ClassName "
        "per un gioco tuo)"),
    "unknown parameter": (
        lambda: make_game("nim", {"pile": "1"}),
        "nim: nessun parametro si chiama 'pile' (parametri: piles, first, misere, symmetry)"),
    "an integer below its minimum": (
        lambda: make_game("grundy", {"coins": "0"}),
        "il parametro 'coins' di grundy: serve un numero in 1..200, non 0"),
    "an integer past the largest": (
        lambda: ParamSpec("coins", "int", "7", "").parse("2000000", "mine.py:Game"),
        "il parametro 'coins' di mine.py:Game: serve un numero in -1000000..1000000, non "
        "2000000"),
    "integers past the largest": (
        lambda: make_game("nim", {"piles": "1,2000000"}),
        "il parametro 'piles' di nim: serve un numero in 0..200, non 2000000"),
    "too many integers": (
        lambda: make_game("nim", {"piles": ",".join(["1"] * 70)}),
        "valore '1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1...' non valido per il parametro "
        "'piles' di nim (al più 64 numeri)"),
    "not true or false": (
        lambda: make_game("nim", {"misere": "maybe"}),
        "valore 'maybe' non valido per il parametro 'misere' di nim (ci vuole true o false)"),
    "not a choice": (
        lambda: make_game("nim", {"first": "chance"}),
        "valore 'chance' non valido per il parametro 'first' di nim (scegli tra: max, min)"),
    "not a number": (
        lambda: make_game("tictactoe", {"win": "lots"}),
        "il parametro 'win' di tictactoe: serve un numero scritto con le cifre 0-9 (come 3, "
        "-2.5 o 1e6), non 'lots'"),
    "nim past its sticks": (
        lambda: Nim((150, 100)),
        "nim: piles (fiammiferi in tutto) può essere al più 200, non 250 "
        "(un nodo ha una mossa per ogni fiammifero rimasto)"),
    "nim past its piles": (
        lambda: Nim([1] * 70),
        "nim: piles (il loro numero) può essere al più 64, non 70 "
        "(ogni stato contiene tutte le pile)"),
    "nim with no piles": (
        lambda: Nim(()),
        "nim: piles deve essere uno o più numeri >= 0, non []"),
    "nim's first player": (
        lambda: Nim(first="chance"),
        "nim: il primo giocatore deve essere max o min, non 'chance'"),
    "grundy below one coin": (
        lambda: Grundy(0),
        "grundy: coins deve essere almeno 1, non 0"),
    "grundy past its coins": (
        lambda: Grundy(5000),
        "grundy: coins può essere al più 200, non 5.000 "
        "(un nodo ha fino a coins/2 mosse e un cammino fino a coins - 2)"),
    "chomp with no rows": (
        lambda: Chomp(0, 4),
        "chomp vuole almeno 1 riga e 1 colonna, non 0x4"),
    "dice with one side": (
        lambda: DiceRace(sides=1),
        "dice: sides deve essere almeno 2, non 1"),
    "dice's first player": (
        lambda: DiceRace(first=Player.CHANCE),
        "dice: il primo giocatore deve essere max o min"),
    "gameof5's step": (
        lambda: GameOf5(step=1000),
        "gameof5: step può essere al più 100, non 1.000 (un nodo ha fino a step mosse)"),
    "a short tictactoe board": (
        lambda: TicTacToe("xx"),
        "scacchiera di tictactoe 'xx' non valida: " + TICTACTOE_BOARD),
    "a long tictactoe board": (
        lambda: TicTacToe("x" * 3000),
        "scacchiera di tictactoe di 3.000 caratteri non valida: " + TICTACTOE_BOARD),
    "an impossible tictactoe board": (
        lambda: TicTacToe("xxx......"),
        "scacchiera di tictactoe impossibile: 3 X e 0 O con X che muove per primo (chi "
        "muove per primo ha tanti segni quanti l'altro, o uno in più)"),
    "a negative tictactoe win": (
        lambda: TicTacToe(win=-0.5),
        "tictactoe: win deve essere un numero positivo o inf, non -0,5"),
    "othello's first player": (
        lambda: Othello(first="red"),
        "othello: nessun primo giocatore si chiama 'red' (scegli tra: black, white)"),
    "a short othello board": (
        lambda: Othello("xo"),
        "scacchiera di othello non valida: scrivi 64 caratteri x (nero), o (bianco) o '.', "
        "riga per riga da a1 (ne hai scritti 2)"),
    "chance in nim": (
        lambda: Nim().probability(((1,), Player.MAX), (0, 1)),
        "nim non ha nodi di fortuna"),
    "a node id in grundy": (
        lambda: Grundy().node_id(((7,), Player.MIN)),
        "grundy dà ai nodi il nome del percorso di mosse che li raggiunge"),
    "chess without a limit": (
        lambda: check_search_bounds(Chess(), depth=None, max_nodes=None),
        "una ricerca completa in chess non finisce mai: aggiungi un limite di profondità "
        "(--depth N) o un tetto di nodi (--max-nodes N)"),
    "a chess evaluation": (
        lambda: Chess(eval="bogus"),
        "chess: nessuna valutazione si chiama 'bogus' (scegli tra: material+pst, material)"),
    "an empty chess board": (
        lambda: Chess("8/8/8/8/8/8/8/8 w - - 0 1"),
        "chess: la fen '8/8/8/8/8/8/8/8 w - - 0 1' non è una posizione legale: manca il re "
        "bianco, manca il re nero, scacchiera vuota"),
    "a long chess fen": (
        lambda: Chess("k" * 2000),
        "chess: la fen può avere al più 100 caratteri, non 2.000"),
    "an unknown OpenSpiel game": (
        lambda: make_game("openspiel:nosuch", {}),
        "nessun gioco di OpenSpiel si chiama 'nosuch' (`gametrace games` dice dove trovare "
        "l'elenco; per esempio openspiel:tic_tac_toe, openspiel:pig, openspiel:connect_four)"),
    "an OpenSpiel game without parameters": (
        lambda: make_game("openspiel:tic_tac_toe", {"x": "1"}),
        "openspiel:tic_tac_toe: nessun parametro si chiama 'x' (non ha parametri)"),
    "simultaneous moves": (
        lambda: make_game("openspiel:matrix_rps", {}),
        "openspiel:matrix_rps ha mosse simultanee: si cercano solo giochi in cui muove un "
        "giocatore alla volta"),
    "imperfect information": (
        lambda: make_game("openspiel:kuhn_poker", {}),
        "openspiel:kuhn_poker ha informazione imperfetta: una ricerca minimax delle sue "
        "storie vedrebbe ciò che i giocatori non vedono"),
    "an OpenSpiel game with a depth": (
        lambda: check_search_bounds(make_game("openspiel:tic_tac_toe", {})[0], depth=2,
                                    max_nodes=None),
        "openspiel:tic_tac_toe non ha una valutazione statica che dia un valore alle "
        "posizioni dove --depth taglia: esplora tutto il gioco senza --depth (limita la "
        "ricerca con --max-nodes N), oppure racchiudilo in un gioco tuo che dichiara una "
        "valutazione (docs/games.md, \"Writing your own game\")"),
}


@pytest.mark.parametrize("name", GAME_CASES)
def test_a_game_refuses_in_italian(name: str) -> None:
    make, italian = GAME_CASES[name]
    with pytest.raises(UsageError) as exc:
        make()
    assert exc.value.said.known_in("it")
    assert exc.value.said.worded("it") == italian
    assert exc.value.said.worded("en") == str(exc.value)


def test_a_missing_extra_is_said_in_italian() -> None:
    line = missing_line("chess", "chess")
    assert line.known_in("it")
    assert line.worded("it") == ("chess richiede l'extra chess (chess): "
                                 "pip install 'gametree-tracer[chess]'")
    assert str(line) == "chess needs the chess extra (chess): pip install 'gametree-tracer[chess]'"


def test_every_chess_problem_is_worded() -> None:
    import chess

    from tracer.games.chess_adapter import _PROBLEMS

    named = {flag for flag in chess.Status if flag and flag.name}
    assert set(_PROBLEMS) == named
    for flag, word in _PROBLEMS.items():
        assert str(word) == str(flag.name).lower().replace("_", " ")
        assert word.known_in("it") and word.worded("it") != str(word)


# ------------------------------------------------------------------ games of one's own

GAME = '''
from tracer.games.base import Capabilities, Player

class Countdown:
    capabilities = Capabilities()

    def __init__(self, size: int = 3):
        self.name = "countdown"

    def initial_state(self):
        return 0

    def to_move(self, state):
        return Player.MAX

    def actions(self, state):
        return []

    def result(self, state, action):
        return state

    def is_terminal(self, state):
        return True

    def utility(self, state):
        return 0

    def move_name(self, state, action):
        return "m"

    def describe(self, state):
        return "s"
'''

USER_CASES: dict[str, tuple[str, str, dict[str, str], type[TracerError], str]] = {
    "no such file": (
        "", "nope.py:Countdown", {}, UsageError,
        "{path}: il file non esiste (un gioco tuo si indica come path/to/file.py:ClassName)"),
    "no such class": (
        GAME, "game.py:Count", {}, UsageError,
        "{path}: nel file nessuna classe si chiama 'Count' (classi: Countdown)"),
    "no class at all": (
        "X = 1\n", "game.py:Count", {}, UsageError,
        "{path}: nel file nessuna classe si chiama 'Count' (il file non ha classi)"),
    "an unknown parameter": (
        GAME, "game.py:Countdown", {"sise": "2"}, UsageError,
        "{spec}: nessun parametro si chiama 'sise' (parametri: size)"),
    "a missing parameter": (
        GAME.replace("size: int = 3", "size: int"), "game.py:Countdown", {}, UsageError,
        "{spec}: manca il parametro 'size': aggiungi -p size=VALUE"),
    "a value of the wrong kind": (
        GAME, "game.py:Countdown", {"size": "big"}, UsageError,
        "il parametro 'size' di {spec}: serve un numero intero scritto con le cifre 0-9, "
        "non 'big'"),
    "a constructor that exits": (
        GAME.replace('self.name = "countdown"', "raise SystemExit(3)"), "game.py:Countdown",
        {}, InputError,
        "Countdown(...) è fallito: ha sollevato SystemExit (sys.exit(3)): un gioco deve "
        "ritornare, non uscire"),
    "not a game": (
        "class Countdown:\n    pass\n", "game.py:Countdown", {}, InputError,
        "Countdown non è un gioco: non ha name, capabilities, initial_state, to_move, "
        "actions, result, is_terminal, utility, move_name, describe (vedi il protocollo "
        "Game in docs/games.md)"),
    "a file that fails to import": (
        "import no_such_module_here\n", "game.py:Countdown", {}, InputError,
        "l'importazione del file è fallita: ModuleNotFoundError: No module named "
        "'no_such_module_here'"),
}


@pytest.mark.parametrize("name", USER_CASES)
def test_a_game_of_ones_own_is_refused_in_italian(name: str, tmp_path: Path) -> None:
    text, spec, params, kind, italian = USER_CASES[name]
    file, _, _ = spec.partition(":")
    if text:
        (tmp_path / file).write_text(text, encoding="utf-8")
    path = str(tmp_path / file)
    full = f"{path}:{spec.partition(':')[2]}"
    with pytest.raises(kind) as exc:
        load_user_game(full, params)
    assert exc.value.said.known_in("it")
    assert exc.value.said.worded("it") == italian.format(path=path, spec=full)


class Misbehaving:
    """A game whose ``fault`` method does one wrong thing."""

    name = "Broken"
    capabilities = Capabilities()

    def __init__(self, fault: str) -> None:
        self.fault = fault

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> Player:
        return Player.MAX

    def actions(self, state: int) -> Any:
        if self.fault == "many moves":
            return list(range(20_000))
        if self.fault == "endless moves":
            return itertools.count()
        if self.fault == "exit":
            raise SystemExit(2)
        if self.fault == "deadline":
            raise Deadline()
        return [1]

    def result(self, state: int, action: int) -> int:
        if self.fault == "raise":
            raise ValueError("boom")
        return state + action

    def is_terminal(self, state: int) -> Any:
        return "yes" if self.fault == "not a bool" else state > 0

    def utility(self, state: int) -> Any:
        return {"nan": math.nan, "huge": 10 ** 400}.get(self.fault, 1)

    def move_name(self, state: int, action: int) -> str:
        return "x" * 2_000 if self.fault == "long name" else "m"

    def describe(self, state: int) -> str:
        return str(state)


GUARD_CASES: dict[str, tuple[str, Callable[[Any], object], type[TracerError], str]] = {
    "many moves": (
        "many moves", lambda g: g.actions(0), InputError,
        "Broken.actions() nella posizione 0 ha restituito 20.000 mosse: in una posizione se "
        "ne cercano al più 10.000"),
    "endless moves": (
        "endless moves", lambda g: g.actions(0), InputError,
        "Broken.actions() nella posizione 0 ha restituito più di 10.000 mosse: in una "
        "posizione se ne cercano al più 10.000"),
    "an exit": (
        "exit", lambda g: g.actions(0), InputError,
        "Broken.actions() nella posizione 0 ha chiamato sys.exit(2): un gioco deve "
        "ritornare, non uscire"),
    "the time limit": (
        "deadline", lambda g: g.actions(0), LimitExceeded,
        "broken.py: Broken.actions() nella posizione 0 era ancora in corso quando "
        "--time-limit è scaduto, perciò è stato fermato"),
    "an exception": (
        "raise", lambda g: g.result(0, 1), InputError,
        "Broken.result() nella posizione 0 ha sollevato ValueError: boom"),
    "not a bool": (
        "not a bool", lambda g: g.is_terminal(0), InputError,
        "Broken.is_terminal() nella posizione 0 ha restituito 'yes': ci vuole True o False"),
    "NaN": (
        "nan", lambda g: g.utility(1), InputError,
        "Broken.utility() nella posizione 1 ha restituito nan: ci vuole un numero (int o "
        "float, non NaN)"),
    "a huge utility": (
        "huge", lambda g: g.utility(1), InputError,
        "Broken.utility() nella posizione 1 ha restituito <un int di 1.329 bit>: ci vuole un "
        "numero di al più 300 cifre"),
    "a long move name": (
        "long name", lambda g: g.move_name(0, 1), InputError,
        "Broken.move_name() nella posizione 0 ha restituito una stringa di 2.000 caratteri: "
        "al più 1.000"),
    "an undeclared evaluation": (
        "", lambda g: g.evaluate(0), InputError,
        "Broken.evaluate() nella posizione 0 serve (un limite di profondità dà il valore di "
        "una posizione con la sua valutazione statica), ma Broken.capabilities non dichiara "
        "evaluation: scrivi Capabilities(evaluation=True) e definisci evaluate"),
}


@pytest.mark.parametrize("name", GUARD_CASES)
def test_the_guard_reports_a_broken_game_in_italian(name: str) -> None:
    fault, call, kind, italian = GUARD_CASES[name]
    game = GuardedGame(Misbehaving(fault), file="broken.py", what="Broken")
    with pytest.raises(kind) as exc:
        call(game)
    assert exc.value.said.known_in("it")
    assert exc.value.said.worded("it") == italian
