"""The search area's errors in Italian: the searches, their options and the
``--capture-when`` language, the A* problems and graph files, and the errors the command
line raises itself.  Each case calls the real code with a bad input and checks the
exact Italian the catalog words the error in (numbers with Italian separators), that
the catalog knows every part of it, and that the English is the line it always was."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracer.errors import InputError, TracerError
from tracer.problems import choose_heuristic, make_problem
from tracer.problems.graph import Graph, GraphProblem
from tracer.problems.graph_forms import parse_graph_json, parse_graph_text
from tracer.problems.jugs import Jugs
from tracer.said import Said, catalog
from tracer.search import alpha_beta, and_or, enhanced_search, expectiminimax, minimax
from tracer.search.capture import resolve_path
from tracer.search.common import recursion_guard
from tracer.search.condition import parse_condition
from tracer.search.enhanced import Techniques
from tracer.search.technique_comparison import parse_configs
from tracer.spec import SearchSpec
from tracer.trees import TreeGame, parse_tree_text

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"
COIN = "A(B[chance](C[p=0.5](1 4) D[p=0.5](7 4)) E[chance](F[p=0.5](-2 0) G[p=0.5](5 -2)))"


def tree(text: str) -> TreeGame:
    return TreeGame(parse_tree_text(text))


def raised(call: Callable[[], Any]) -> TracerError:
    with pytest.raises(TracerError) as exc:
        call()
    return exc.value


def check(call: Callable[[], Any], english: str, italian: str) -> None:
    error = raised(call)
    assert error.said.known_in("it"), error.said
    assert str(error.said) == english
    assert error.said.worded("it") == italian


SEARCHES: dict[str, tuple[Callable[[], Any], str, str]] = {
    "depth": (lambda: SearchSpec(depth=-1),
              "depth must be 0 or more, got -1",
              "la profondità dev'essere 0 o più, non -1"),
    "ordering": (lambda: SearchSpec(order="revrse"),
                 "unknown ordering 'revrse' (choose from: natural, reverse, random, best, "
                 "worst); did you mean 'reverse'?",
                 "ordinamento: nessuna scelta si chiama 'revrse' (scegli tra: natural, "
                 "reverse, random, best, worst); forse 'reverse'?"),
    "cut test": (lambda: SearchSpec(cut_on="le"),
                 "unknown cut test 'le' (choose from: ge, gt)",
                 "test di taglio: nessuna scelta si chiama 'le' (scegli tra: ge, gt)"),
    "minimax variant": (lambda: minimax(tree(AIMA), variant="three-function"),
                        "unknown minimax variant 'three-function' (choose from: "
                        "two-function, negamax, list); did you mean 'two-function'?",
                        "variante di minimax: nessuna scelta si chiama 'three-function' "
                        "(scegli tra: two-function, negamax, list); forse 'two-function'?"),
    "minimax on chance": (lambda: minimax(tree(COIN)),
                          "node B is a chance node: minimax and alpha-beta need a game "
                          "without chance (use expectiminimax)",
                          "il nodo B è un nodo di fortuna: minimax e alpha-beta vogliono un "
                          "gioco senza nodi di fortuna (usa expectiminimax)"),
    "alpha-beta on chance": (lambda: alpha_beta(tree(COIN)),
                             "node B is a chance node: minimax and alpha-beta need a game "
                             "without chance (use expectiminimax)",
                             "il nodo B è un nodo di fortuna: minimax e alpha-beta vogliono "
                             "un gioco senza nodi di fortuna (usa expectiminimax)"),
    "prover": (lambda: and_or(tree(AIMA), prover="chance"),
               "unknown prover 'chance' (choose from: max, min)",
               "dimostratore: nessuna scelta si chiama 'chance' (scegli tra: max, min)"),
    "proof depth": (lambda: and_or(tree(AIMA), depth=2),
                    "--depth does not apply to proof searches: a proof needs terminal "
                    "positions",
                    "--depth non vale per le ricerche di una dimostrazione: una "
                    "dimostrazione ha bisogno di posizioni terminali"),
    "star1 bounds": (lambda: expectiminimax(tree(COIN), variant="star1", bounds=(2.5, 1.0)),
                     "--bounds must be two finite numbers LO <= HI, got 2.5 1.0",
                     "--bounds vuole due numeri finiti LO <= HI, non 2,5 1,0"),
    "star1 leaf": (lambda: expectiminimax(tree(COIN), variant="star1", bounds=(-1.5, 5.0)),
                   "leaf J has the value 7, outside the Star1 bounds [-1.5, 5] "
                   "(widen --bounds)",
                   "la foglia J ha il valore 7, fuori dai limiti di Star1 [-1,5; 5] "
                   "(allarga --bounds)"),
    "technique value": (lambda: Techniques.parse("id,tt:3"),
                        "technique 'tt' takes no value (got 'tt:3')",
                        "la tecnica 'tt' non prende valori (trovato 'tt:3')"),
    "aspiration width": (lambda: Techniques.parse("id,aspiration:-2"),
                         "aspiration window half-width must be a positive number, got '-2'",
                         "la semiampiezza della finestra di aspirazione dev'essere un "
                         "numero positivo, non '-2'"),
    "mtdf aspiration": (lambda: enhanced_search(tree(AIMA), variant="mtdf",
                                                techniques="id,aspiration"),
                        "MTD(f) already searches null windows around its guess: aspiration "
                        "windows do not apply to it",
                        "MTD(f) cerca già con finestre nulle attorno alla sua stima: le "
                        "finestre di aspirazione non valgono per MTD(f)"),
    "two variants": (lambda: parse_configs("pvs+mtdf+fail-soft"),
                     "'pvs+mtdf+fail-soft' names two variants: pvs and mtdf and fail-soft",
                     "'pvs+mtdf+fail-soft' nomina due varianti: pvs e mtdf e fail-soft"),
}


@pytest.mark.parametrize("case", list(SEARCHES))
def test_the_searches_say_their_errors_in_italian(case: str) -> None:
    check(*SEARCHES[case])


def test_iterative_deepening_words_its_part_around_the_reason_it_quotes() -> None:
    """The reason is another part's sentence (a tree's leaf without a static value),
    worded by that part's catalog: this part words only its own frame."""
    error = raised(lambda: enhanced_search(tree(AIMA), techniques="id"))
    assert error.said.template in catalog("it")
    reason = dict(error.said.values)["reason"]
    assert isinstance(reason, Said)
    assert error.said.worded("it") == (
        "l'approfondimento iterativo valuta le posizioni a profondità 1: "
        + reason.worded("it"))


CONDITIONS: dict[str, tuple[str, str, str]] = {
    "unknown field": ("deph = 2",
                      "--capture-when 'deph = 2': column 1: unknown field 'deph' (choose "
                      "from: depth, player, children, alpha, beta, class, nodes, value, "
                      "pruned, cut.rank, cut.kind, cut.class); did you mean 'depth'?",
                      "--capture-when 'deph = 2': colonna 1: campo: nessuna scelta si "
                      "chiama 'deph' (scegli tra: depth, player, children, alpha, beta, "
                      "class, nodes, value, pruned, cut.rank, cut.kind, cut.class); forse "
                      "'depth'?"),
    "unclosed": ("(depth = 2",
                 "--capture-when '(depth = 2': column 11: expected ')' to close the '(' "
                 "of column 1, got the end",
                 "--capture-when '(depth = 2': colonna 11: manca ')' per chiudere la '(' "
                 "della colonna 1: trovato la fine del testo"),
    "word field": ("player < max",
                   "--capture-when 'player < max': column 8: player is a word: compare it "
                   "with = or !=, not <",
                   "--capture-when 'player < max': colonna 8: player è una parola: "
                   "confrontala con = o !=, non con <"),
    "not a number": ("nodes > many",
                     "--capture-when 'nodes > many': column 9: nodes is a number: expected "
                     "one after '>', got 'many'",
                     "--capture-when 'nodes > many': colonna 9: nodes è un numero: ne serve "
                     "uno dopo '>', non 'many'"),
    "trailing": ("depth = 1 nodes",
                 "--capture-when 'depth = 1 nodes': column 11: expected 'and', 'or' or the "
                 "end, got 'nodes'",
                 "--capture-when 'depth = 1 nodes': colonna 11: serve 'and', 'or' o la "
                 "fine, non 'nodes'"),
    "unquoted": ('class = "capture',
                 "--capture-when 'class = \"capture': column 9: the quoted word does not "
                 "end (a \" is missing)",
                 "--capture-when 'class = \"capture': colonna 9: la parola tra virgolette "
                 "non finisce (manca un \")"),
}


@pytest.mark.parametrize("case", list(CONDITIONS))
def test_the_capture_condition_says_its_errors_in_italian(case: str) -> None:
    text, english, italian = CONDITIONS[case]
    check(lambda: parse_condition(text), english, italian)


def test_a_capture_path_says_its_errors_in_italian() -> None:
    game = tree(AIMA)
    state = game.initial_state()
    check(lambda: resolve_path(game, state, "B/C"),
          "--capture 'B/C': no move 'C' at B (moves there: E, F, G)",
          "--capture 'B/C': la mossa 'C' non c'è (posizione: B; mosse possibili: E, F, G)")
    check(lambda: resolve_path(game, state, "B/E/x"),
          "--capture 'B/E/x': B/E is a leaf: there is no move 'x'",
          "--capture 'B/E/x': B/E è una foglia: non c'è la mossa 'x'")
    check(lambda: resolve_path(game, state, "E"),
          "--capture 'E': no move 'E' at the root (moves there: B, C, D)",
          "--capture 'E': la mossa 'E' non c'è (posizione: la radice; mosse possibili: "
          "B, C, D)")


PROBLEMS: dict[str, tuple[Callable[[], Any], str, str]] = {
    "unknown problem": (lambda: make_problem("jug"),
                        "unknown problem 'jug' (choose from: jugs, puzzle8, romania)",
                        "nessun problema si chiama 'jug' (scegli tra: jugs, puzzle8, "
                        "romania)"),
    "unknown parameter": (lambda: make_problem("puzzle8", {"size": "4"}),
                          "unknown parameter 'size' for puzzle8 (allowed: start, goal, "
                          "order, scramble, seed)",
                          "puzzle8 non ha il parametro 'size' (ammessi: start, goal, order, "
                          "scramble, seed)"),
    "too many states": (lambda: make_problem("jugs", {"capacities": "999,999,999"}),
                        "jugs of 999,999,999 litres have more than 1,000,000 states: A* "
                        "could run for hours (use fewer or smaller jugs)",
                        "vasi di 999,999,999 litri hanno più di 1.000.000 stati: A* "
                        "potrebbe girare per ore (usa meno vasi, o vasi più piccoli)"),
    "goal forms": (lambda: make_problem("jugs", {"goal": "lots"}),
                   "goal must be the litres in some jug (goal=4), a total (goal=total=4) or "
                   "one amount per jug (goal=0,4; _ for any amount), got 'lots'",
                   "goal vuole i litri di un vaso qualsiasi (goal=4), un totale "
                   "(goal=total=4) o una quantità per vaso (goal=0,4; _ per una quantità "
                   "qualsiasi), non 'lots'"),
    "goal too big": (lambda: make_problem("jugs", {"goal": "total=9"}),
                     "goal total=9 is more than all the jugs together can hold (8 litres)",
                     "goal total=9 supera la capacità di tutti i vasi insieme (8 litri)"),
    "goal per jug": (lambda: make_problem("jugs", {"goal": "1,2,3"}),
                     "goal '1,2,3' names 3 jugs, but there are 2 (one amount per jug, _ "
                     "for any)",
                     "goal '1,2,3' nomina 3 vasi, ma i vasi sono 2 (una quantità per vaso, _ "
                     "per una qualsiasi)"),
    "action order": (lambda: Jugs(order=("fill1", "fill2")),
                     "the action order must name every action once (missing: pour1-2, "
                     "pour2-1, empty1, empty2)",
                     "l'ordine delle azioni deve nominare ogni azione una volta (mancano: "
                     "pour1-2, pour2-1, empty1, empty2)"),
    "scramble": (lambda: make_problem("puzzle8", {"scramble": "20000"}),
                 "scramble must be at most 10,000 moves, got 20000: a few dozen random "
                 "moves already reach any of the 181,440 positions",
                 "scramble può fare al più 10.000 mosse, non 20000: poche decine di mosse "
                 "casuali raggiungono già una qualsiasi delle 181.440 posizioni"),
    "unsolvable": (lambda: make_problem("puzzle8", {"start": "021345678"}),
                   "start 021345678 cannot reach goal 012345678 (their inversion parities "
                   "differ)",
                   "da start 021345678 non si arriva a goal 012345678 (le parità delle loro "
                   "inversioni sono diverse)"),
    "heuristic": (lambda: choose_heuristic(make_problem("jugs"), "manhattan"),
                  "unknown heuristic 'manhattan' for jugs (choose from: lecture, zero)",
                  "jugs non ha un'euristica di nome 'manhattan' (scegli tra: lecture, zero)"),
    "graph start": (lambda: GraphProblem(Graph(nodes=("A", "B"), edges=(("A", "B", 1),),
                                               directed=False, heuristics={}, start="A",
                                               goals=("B",)), name="g", start="a"),
                    "start 'a' is not a node of g (A, B); did you mean 'A'?",
                    "partenza 'a': g non ha un nodo con questo nome (A, B); forse 'A'?"),
}


@pytest.mark.parametrize("case", list(PROBLEMS))
def test_the_problems_say_their_errors_in_italian(case: str) -> None:
    check(*PROBLEMS[case])


GRAPHS: dict[str, tuple[Callable[[], Any], str]] = {
    "loop": (lambda: parse_graph_text("A -- A 1\nstart A\ngoal A\n"),
             "un arco da 'A' a sé stesso: un cappio non accorcia mai un cammino"),
    "arrow": (lambda: parse_graph_text("A -> B 1\nstart A\ngoal B\n"),
              "serve 'A -- B COST', non '->': per un grafo orientato scrivi 'directed' su "
              "una riga prima del primo arco, altrimenti A -- B COST"),
    "cost": (lambda: parse_graph_text("A -- B 0.5x\n"),
             "un costo: serve un numero scritto con le cifre 0-9 (come 3, -2.5 o 1e6), "
             "non '0.5x'"),
    "name": (lambda: parse_graph_text("start\n"),
             "serve un nome di nodo dopo 'start', non un nome vuoto"),
    "negative estimate": (lambda: parse_graph_text("A -- B 1\nh A -0.5\n"),
                          "serve una stima di 0 o più, non -0,5"),
    "unknown node": (lambda: parse_graph_text("node Arad, Sibiu\nArad -- Sibu 140\n"),
                     "nodo 'Sibu' sconosciuto: nessuna riga di arco o di nodo lo nomina; "
                     "forse 'Sibiu'?"),
    "no start": (lambda: parse_graph_text("A -- B 1\ngoal B\n"),
                 "manca il nodo di partenza: scrivi 'start NAME'"),
    "json key": (lambda: parse_graph_json({"edges": [], "start": "A"}),
                 "un grafo ha bisogno della chiave 'goal'"),
    "json cost": (lambda: parse_graph_json({"edges": [["A", "B", True]], "start": "A",
                                            "goal": "B"}),
                  "serve un costo (un numero finito), non true"),
}


@pytest.mark.parametrize("case", list(GRAPHS))
def test_a_graph_file_says_its_errors_in_italian(case: str) -> None:
    call, italian = GRAPHS[case]
    error = raised(call)
    assert isinstance(error, InputError) and error.file == "<graph>"
    assert error.said.known_in("it"), error.said
    assert error.said.worded("it") == italian


def test_a_too_deep_tree_says_the_recursion_limit_in_italian() -> None:
    error = recursion_guard(RecursionError())
    limit = sys.getrecursionlimit()
    assert error.said.known_in("it")
    assert error.said.worded("it") == (
        f"l'albero è più profondo di quanto consenta il limite di ricorsione ({limit}): "
        "limita la ricerca con --depth")


CLI: dict[str, tuple[list[str], str, str]] = {
    "no such file": (["index", "missing.jsonl"], "no such file", "il file non esiste"),
    "index to stdout": (["index", "missing.jsonl", "-o", "-"],
                        "-o: an index is a file (give a file name)",
                        "-o: un indice è un file (dai un nome di file)"),
    "capture and render": (["run", "aima", "--capture", "B", "-o", "b.json", "--render",
                            "b.svg"],
                           "--render draws a whole trace: draw the capture with gametrace "
                           "render, not with --capture",
                           "--render disegna una traccia intera: disegna la cattura con "
                           "gametrace render, non con --capture"),
    "capture to stdout": (["run", "aima", "--capture-when", "depth = 1"],
                          "--capture-when writes to a file: give -o DIR (a folder for the "
                          "captures)",
                          "--capture-when scrive in un file: aggiungi -o DIR (una cartella "
                          "per le catture)"),
}


@pytest.mark.parametrize("case", list(CLI))
def test_the_command_line_says_its_own_errors_in_italian(
        case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands raise library errors (the group maps them to exit codes): called
    without the group, the error itself comes out."""
    from tracer.cli import main

    args, english, italian = CLI[case]
    monkeypatch.chdir(tmp_path)
    command = main.commands[args[0]]
    check(lambda: command.main(args[1:], standalone_mode=False), english, italian)
