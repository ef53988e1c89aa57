"""The analysis's errors in Italian: each job's real code given bad input raises an error
whose sentence the Italian catalog words whole (numbers in the Italian custom), while
its English stays the line the command line prints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import do_search, taken, to_tree
from tracer._api import search_tree
from tracer.analysis.astar import astar_report, check_heuristic
from tracer.analysis.check.class_report import answer_files, table_format
from tracer.analysis.check.exercise import make_exercise
from tracer.analysis.check.report import check_solution, require_items
from tracer.analysis.check.solution import Solution
from tracer.analysis.index import build_index, open_index
from tracer.analysis.matrices.payoff import from_tree, load_game
from tracer.analysis.orderings.report import parse_orders
from tracer.analysis.orderings.searches import plan_comparison
from tracer.analysis.regret import bisect_traces, regret_of, regret_of_trace
from tracer.analysis.regret.stream import stream
from tracer.analysis.stats import SearchStats, minimal_tree, rebuild
from tracer.analysis.stats.reading import Tally
from tracer.errors import TracerError
from tracer.events import Expand
from tracer.problems import make_problem
from tracer.record import FileRecorder
from tracer.said import said

AIMA = "A(B(3 12 8) C(2 4 6) D(14 5 2))"

Case = Callable[[Path], object]


def _trace_file(tmp_path: Path, algorithm: str, *, source: str = AIMA,
                name: str = "aima.jsonl", **options: Any) -> Path:
    path = tmp_path / name
    with FileRecorder(path) as recorder:
        search_tree(to_tree(source), algorithm=algorithm, recorder=recorder,
                    **taken(algorithm, None, **options))
    return path


def _pns_trace(tmp_path: Path) -> Path:
    from tracer.games.registry import make_game
    from tracer.search import run_search

    path = tmp_path / "p.jsonl"
    with FileRecorder(path) as recorder:
        run_search(*make_game("grundy", {"coins": "5"})[:2], algorithm="pns",
                   recorder=recorder)
    return path


def _written(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _tally() -> Tally:
    tally = Tally(file="t.jsonl")
    tally.start(do_search(AIMA).trace.header)
    return tally


def _stats_json(**changed: Any) -> dict[str, Any]:
    trace = do_search(AIMA).trace
    tally = Tally(file="aima")
    tally.start(trace.header)
    tally.walk(trace.events)
    return {**tally.stats().to_json(), **changed}


def _bad_depth_row() -> dict[str, Any]:
    data = _stats_json()
    data["depths"][1]["depth"] = 7
    return data


def _without_source() -> Any:
    header = do_search(AIMA).trace.header
    return replace(header, source={})


CASES: dict[str, tuple[Case, str | None]] = {
    # orderings
    "orderings: random:0": (
        lambda _: parse_orders("natural,random:0"),
        "serve random:N con N numero positivo di ordinamenti, non 'random:0'"),
    "orderings: too many random": (
        lambda _: parse_orders("random:20000"),
        "al massimo 10.000 ordinamenti casuali, non 'random:20000': ognuno è una ricerca "
        "intera (vedi docs/errors.md)"),
    "orderings: unknown ordering": (
        lambda _: parse_orders("natual"),
        "ordinamento: nessuna scelta si chiama 'natual' (scegli tra: natural, reverse, best, "
        "worst, random, random:N)"),
    "orderings: enhanced with oracles": (
        lambda _: plan_comparison(orders="best,worst", algorithm="enhanced"),
        "-a enhanced ordina le mosse da sé: confrontalo con gli ordinamenti natural, reverse "
        "e random, non con best e worst"),
    "orderings: side by side": (
        lambda _: plan_comparison(orders="natural,reverse").pair("natural,best"),
        "--side-by-side: 'best' non è tra gli ordinamenti confrontati (scegli tra: natural, "
        "reverse, minimax, random:SEED)"),
    # matrices
    "matrices: too many strategies": (
        lambda _: from_tree(to_tree("A(B(C(1 2) D(3 4)) E(F(5 6) G(7 8)))"),
                            max_strategies=3),
        "MAX ha 32 strategie (più di 3): usa un albero più piccolo"),
    "matrices: thousands of strategies": (
        lambda _: from_tree(to_tree("A(" + " ".join(f"B{i}(1 2)" for i in range(12)) + ")"),
                            max_strategies=1000),
        "MIN ha 4.096 strategie (più di 1.000): usa un albero più piccolo"),
    "matrices: no such game": (
        lambda tmp_path: load_game(str(tmp_path / "nope")),
        "nessun file o gioco predefinito si chiama '{tmp}/nope' (predefiniti: "
        "prisoners-dilemma)"),
    # astar
    "astar: not an A* trace": (
        lambda _: astar_report(do_search(AIMA, "minimax").trace),
        "serve una traccia di A*, questa è di minimax"),
    "astar: too many states": (
        lambda _: check_heuristic(make_problem("jugs"), max_states=3),
        "jugs ha più di 3 stati raggiungibili: troppi per controllarli tutti"),
    # stats
    "stats: a node without its parent": (
        lambda _: _tally().visit(Expand(seq=1, node="C", parent="A", depth=1, player="min",
                                        children=("F",))),
        "il nodo C viene espanso a profondità 1 ma suo padre non è aperto"),
    "stats: version": (
        lambda _: SearchStats.from_json(_stats_json(version=99), file="s.json"),
        "serve la versione 1"),
    "stats: depth row": (
        lambda _: SearchStats.from_json(_bad_depth_row(), file="s.json"),
        "serve la profondità 1"),
    "stats: minimal tree of expectiminimax": (
        lambda _: minimal_tree(replace(do_search(AIMA).trace.header,
                                       algorithm="expectiminimax"), file="t.jsonl"),
        "t.jsonl: l'albero minimo è quello di alpha-beta: non vale per expectiminimax"),
    "stats: header without source": (
        lambda _: rebuild(_without_source(), file="t.jsonl", purpose=said("the minimal tree")),
        "t.jsonl: l'albero minimo richiede la traccia di un albero o di un gioco "
        "predefinito, e la sua intestazione non ha la sorgente (header.source)"),
    # check
    "check: exercise too small": (
        lambda _: make_exercise(branching=1, depth=3),
        "un esercizio richiede ramificazione >= 2 e profondità >= 1, non 1 e 3"),
    "check: exercise too many leaves": (
        lambda _: make_exercise(branching=10, depth=6),
        "10^6 = 1000000 foglie: un esercizio ne può avere al massimo 729"),
    "check: exercise too many cuts": (
        lambda _: make_exercise(branching=2, depth=2, cuts=(5, 6)),
        "un albero con ramificazione 2 e profondità 2 ha al massimo 2 tagli (uno per nodo "
        "interno sotto la radice), non 5..6: allarga --cuts"),
    "check: not a value": (
        lambda _: Solution.from_json({"value": "<2"}, file="a.json"),
        'serve un numero, "+inf"/"-inf" o un limite come "<=2" o ">=3", non "<2"'),
    "check: a bound for alpha": (
        lambda _: Solution.from_json({"alphabeta": {"B": {"alpha": "<=3"}}}, file="a.json"),
        "serve un numero, non un limite: '<=3'"),
    "check: alpha and beta of minimax": (
        lambda _: check_solution(Solution.from_json({"alphabeta": {"A": {"alpha": 3}}}),
                                 do_search(AIMA, "minimax").trace, diagnosis=False),
        "la risposta dà alfa e beta, ma la ricerca attesa (minimax) non li ha: controllala "
        "con -a alphabeta"),
    "check: nothing to check": (
        lambda _: require_items(Solution(), "a.json"),
        "la risposta non dà niente da controllare (value, move, values, evaluated, pruned, "
        "alphabeta, ...: vedi docs/checking.md)"),
    "check: table without extension": (
        lambda _: table_format("class"),
        "class: la tabella della classe si scrive in .csv o .json, non un file senza "
        "estensione"),
    "check: folder without answers": (
        lambda tmp_path: answer_files([tmp_path]),
        "{tmp}: la cartella non contiene file di risposte (*.json)"),
    # index
    "index: no such file": (
        lambda tmp_path: open_index(tmp_path / "none.idx"),
        "il file non esiste"),
    "index: not an index": (
        lambda tmp_path: open_index(_written(tmp_path, "x.idx", "not sqlite\n" * 20)),
        "non è un indice (serve un file scritto da gametrace index)"),
    "index: not a game-tree search": (
        lambda tmp_path: build_index(_pns_trace(tmp_path), tmp_path / "p.idx"),
        "un indice è per le ricerche su alberi di gioco (minimax, alphabeta, expectiminimax, "
        "enhanced), non per pns"),
    "index: no move": (
        lambda tmp_path: _index_of(tmp_path).find("B/x"),
        "nessuna mossa 'x' esplorata nel nodo 'B' (mosse esplorate lì: E, F, G)"),
    "index: no node numbered": (
        lambda tmp_path: _index_of(tmp_path).subtree(99, depth=1, budget=10),
        "nessun nodo con il numero 99 (l'indice va da 0 a 12)"),
    # regret
    "regret: empty trace": (
        lambda tmp_path: stream(_written(tmp_path, "e.jsonl", "")),
        "traccia vuota: manca la riga di intestazione"),
    "regret: first line": (
        lambda tmp_path: stream(_written(tmp_path, "f.jsonl", '{"type": "expand"}\n')),
        'la prima riga dev\'essere l\'intestazione (un oggetto con "type": "header")'),
    "regret: not two-player": (
        lambda tmp_path: regret_of_trace(_pns_trace(tmp_path)),
        "serve la traccia di una ricerca su un albero di gioco a due giocatori (minimax, "
        "alphabeta, enhanced), non pns"),
    "regret: no events": (
        lambda _: regret_of(do_search(AIMA).trace.header, [], 3),
        "la traccia non ha eventi"),
    "regret: a chance node": (
        lambda _: regret_of(do_search(AIMA).trace.header,
                            [Expand(seq=1, node="A", parent=None, depth=0, player="chance",
                                    children=("B",))], 3),
        "il nodo A è un nodo chance: la mappa del rimpianto legge ricerche a due giocatori"),
    "regret: two positions": (
        lambda tmp_path: bisect_traces(_trace_file(tmp_path, "minimax"),
                                       _trace_file(tmp_path, "minimax", source="A(B(1 2))",
                                                   name="other.jsonl")),
        "{tmp}/aima.jsonl e {tmp}/other.jsonl non sono ricerche della stessa posizione: le "
        "sorgenti nelle loro intestazioni sono diverse (tree None, radice A contro tree "
        "None, radice A)"),
}


def _index_of(tmp_path: Path) -> Any:
    out = tmp_path / "aima.idx"
    build_index(_trace_file(tmp_path, "minimax"), out)
    return open_index(out)


@pytest.mark.parametrize("name", list(CASES))
def test_the_analysis_errors_are_worded_in_italian(name: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    case, italian = CASES[name]
    with pytest.raises(TracerError) as exc:
        case(tmp_path)
    said_ = exc.value.said
    assert said_.known_in("it"), said_.template
    worded = said_.worded("it")
    if italian is not None:
        assert worded == italian.replace("{tmp}", str(tmp_path))
    assert worded != str(said_)  # the English is not what an Italian page shows
