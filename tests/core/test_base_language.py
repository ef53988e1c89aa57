"""The errors of the package's base (tree parsers, trace readers, option ranges, the
search spec, worksheets, outputs) in Italian: each bad input below meets the real code,
and the error it raises is worded whole from the catalog, words chosen at run time
(``end of input``, ``an array``, ...) included, with Italian numbers."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracer._api import make_exercise
from tracer.choices import check_frame_options, unknown_choice
from tracer.errors import InputError, LimitExceeded, OutputError, TracerError, UsageError
from tracer.events import EVENT_TYPES, event_from_json
from tracer.examples import EXAMPLES, example_tree
from tracer.figures.exercise import write_exercise
from tracer.figures.worksheet import worksheet
from tracer.header import FORMAT, VERSION, Header
from tracer.ranges import check_count, check_seconds, max_render_events, parse_range
from tracer.recursion import run_deep
from tracer.said import said
from tracer.spec import SearchSpec, check_options
from tracer.trace import Trace, load_trace, read_item
from tracer.trees import parse_tree_json, parse_tree_text
from tracer.trees.model import _CHANCE, TreeGame
from tracer.writing import open_text_output

Case = tuple[Callable[[], Any], type[TracerError], str]


def _raised(call: Callable[[], Any], kind: type[TracerError]) -> TracerError:
    with pytest.raises(kind) as caught:
        call()
    return caught.value


def _check(call: Callable[[], Any], kind: type[TracerError], italian: str) -> None:
    error = _raised(call, kind)
    assert error.said.worded("it") == italian, str(error)
    assert error.said.known_in("it")


TEXT_TREES: dict[str, tuple[str, str]] = {
    "unclosed": ("A(B(3 12 8) C(2 4 6 D(14 5 2))",
                 "manca ')' per chiudere la '(' di riga 1, colonna 2: trovato fine del testo"),
    "after-the-root": ("A(3 4) x", "atteso fine del testo, trovato 'x'"),
    "bad-character": ("A(1 $)", "carattere inatteso '$'"),
    "label-without-value": ("A(B 3)", "il nodo B non ha un valore: scrivi B:<numero> per "
                                      "una foglia o B(...) per un nodo interno"),
    "infinity-as-label": ("A(inf 3)", "il nodo inf non ha un valore: scrivi inf:<numero> per "
                                      "una foglia o inf(...) per un nodo interno "
                                      "(l'infinito si scrive +inf)"),
    "no-children": ("A()", "un nodo interno deve avere almeno un figlio"),
    "two-players": ("[max, min]3", "due giocatori indicati: max e min"),
    "uniform-and-max": ("[max, uniform](1 2)", "due giocatori indicati: max e uniform "
                                               "(un nodo uniform è un nodo di fortuna)"),
    "unknown-attribute": ("[fast]3", "attributo sconosciuto 'fast' (ammessi: chance, max, min, "
                                     "uniform, p=<probabilità>)"),
    "equals-missing": ("[chance]([p 0.5]1 [p=0.5]2)", "atteso '=' dopo 'p', trovato '0.5'"),
    "bad-fraction": ("[chance]([p=1/0]1 [p=1]2)", "la frazione 1/0 divide per 0"),
    "probability-above-1": ("[chance]([p=2]1 [p=0]2)",
                            "una probabilità dev'essere un numero tra 0 e 1 o una frazione "
                            "come 1/3, non 2"),
    "float-sum": ("[chance]([p=0.4]1 [p=0.5]2)",
                  "le probabilità sotto il nodo di fortuna A sommano a 0,9, non a 1"),
    "fraction-sum": ("[chance]([p=1/3]1 [p=1/3]2)",
                     "le probabilità sotto il nodo di fortuna A sommano a 2/3, non a 1"),
    "missing-probability": ("[chance]([p=1]1 2)", "il nodo C è figlio del nodo di fortuna A e "
                                                  "gli serve una probabilità"),
    "duplicate-label": ("A(B:1 B:2)", "etichetta ripetuta 'B' (usata anche in riga 1, "
                                      "colonna 3)"),
    "glued-leaf": ("A(3(1 2))", "un numero da solo è già una foglia: scrivi :<numero>(...) per "
                                "un nodo interno con una valutazione statica, oppure metti uno "
                                "spazio tra due fratelli"),
    "too-many-digits": ("A(" + "9" * 400 + ")",
                        "un numero di 400 cifre (se ne accettano al massimo 300)"),
    "infinite-number": ("A(1e999 2)", "il numero 1e999 è fuori intervallo (sarebbe infinito; "
                                      'scrivi "+inf" o "-inf" per i valori illimitati)'),
}


@pytest.mark.parametrize("name", list(TEXT_TREES))
def test_the_text_notations_errors_are_said_in_italian(name: str) -> None:
    text, italian = TEXT_TREES[name]
    _check(lambda: parse_tree_text(text), InputError, italian)


def test_the_place_of_a_text_error_stays_english_for_the_faces_to_word() -> None:
    error = _raised(lambda: parse_tree_text("A(1 $)"), InputError)
    assert isinstance(error, InputError) and error.where == "line 1, column 5"


JSON_TREES: dict[str, tuple[Any, str]] = {
    "array-as-leaf": ([1, [2, {"value": [1]}]],
                      'serve un numero o "+inf"/"-inf" come valore di una foglia, non un array'),
    "static-value": ({"value": "x", "children": [1]},
                     'serve un numero o "+inf"/"-inf" come valutazione statica, non "x"'),
    "empty-list": ([1, []], "un nodo interno deve avere almeno un figlio"),
    "object-as-probability": ([{"value": 1, "prob": {}}],
                              "una probabilità dev'essere un numero tra 0 e 1 o una frazione "
                              "come 1/3, non un oggetto"),
    "chance-root-player": ({"tree": [1, 2], "root_player": "chance"},
                           'root_player: nessuna scelta si chiama "chance" (scegli tra: max, '
                           "min)"),
    "unknown-player": ([{"value": 1, "player": "mex"}],
                       'giocatore sconosciuto "mex" (scegli tra: chance, max, min)'),
    "leaf-without-value": ([{"label": "B"}],
                           "una foglia deve avere un 'value' (oppure dai al nodo dei "
                           "'children')"),
    "uniform-max": ({"player": "max", "uniform": True, "children": [1, 2]},
                    "un nodo max non può essere uniform: solo un nodo di fortuna divide la "
                    "probabilità tra i suoi figli"),
    "root-probability": ({"prob": 0.5, "children": [1]},
                         "la radice non può avere una probabilità (nessun ramo vi entra)"),
    "probability-below-max": ({"children": [{"value": 1, "prob": 1}]},
                              "il nodo B ha una probabilità ma suo padre A non è un nodo di "
                              "fortuna"),
    "unknown-document-key": ({"tree": [1], "title": "x"},
                             "chiave sconosciuta 'title' in un documento di albero (ammesse: "
                             "$schema, description, name, root_player, tree)"),
}


@pytest.mark.parametrize("name", list(JSON_TREES))
def test_the_json_forms_errors_are_said_in_italian(name: str) -> None:
    data, italian = JSON_TREES[name]
    _check(lambda: parse_tree_json(data), InputError, italian)


def _no_static_value() -> None:
    game = TreeGame(parse_tree_text("A(B(1 2) 3)"))
    game.evaluate(game.tree.root)


def _header(**changed: Any) -> dict[str, Any]:
    return {"type": "header", "format": FORMAT, "version": VERSION, "algorithm": "minimax",
            "variant": "two-function", "root": "A", **changed}


def _trace(**changed: Any) -> dict[str, Any]:
    header = {k: v for k, v in _header().items() if k not in ("type", "format", "version")}
    return {"format": FORMAT, "version": VERSION, "header": header, "events": [],
            "result": None, **changed}


def _empty_stream(tmp: Path) -> None:
    (tmp / "t.jsonl").write_text("\n")
    load_trace(tmp / "t.jsonl")


READERS: dict[str, tuple[Callable[[Path], Any], str]] = {
    "no-static-value": (lambda tmp: _no_static_value(),
                        "il nodo A non ha una valutazione statica: dagli un 'value' o cerca più "
                        "in profondità (--depth)"),
    "event-not-object": (lambda tmp: event_from_json([]), "serve un oggetto evento"),
    "unknown-event": (lambda tmp: event_from_json({"type": "jump"}),
                      "tipo di evento sconosciuto 'jump' (serve uno tra: "
                      f"{', '.join(sorted(EVENT_TYPES))})"),
    "unexpected-key": (lambda tmp: event_from_json({"type": "cut", "colour": 1}),
                       "chiave inattesa 'colour' in un evento cut"),
    "wrong-kind": (lambda tmp: event_from_json({"type": "expand", "node": 3}),
                   "per 'node' serve una stringa, non 3"),
    "bad-number": (lambda tmp: event_from_json({"type": "evaluate", "node": "A",
                                                "value": "lots"}),
                   "serve un numero o \"+inf\"/\"-inf\", non 'lots'"),
    "not-a-trace": (lambda tmp: Trace.from_json(_trace(format="other"), file="t.json"),
                    'non è una traccia di gametree: serve "format": "gametree-trace"'),
    "newer-version": (lambda tmp: Trace.from_json(_trace(version=7), file="t.json"),
                      "la versione 7 della traccia non è supportata (questo strumento legge "
                      "la versione 1)"),
    "events-not-a-list": (lambda tmp: Trace.from_json(_trace(events={}), file="t.json"),
                          "serve una lista di eventi"),
    "header-not-object": (lambda tmp: Header.from_json(3, file="t.json", where="$.header"),
                          "atteso un oggetto JSON"),
    "header-algorithm": (lambda tmp: Header.from_json(_header(algorithm=1), file="t.json",
                                                      where="$.header"),
                         "per 'algorithm' serve una stringa"),
    "empty-stream": (_empty_stream, "traccia vuota: manca la riga di intestazione"),
    "result-line": (lambda tmp: read_item('{"type": "result"}', lineno=9, file="t.jsonl"),
                    "risultato non valido: 'value'"),
}


@pytest.mark.parametrize("name", list(READERS))
def test_the_readers_errors_are_said_in_italian(name: str, tmp_path: Path) -> None:
    call, italian = READERS[name]
    _check(lambda: call(tmp_path), InputError, italian)


UNTYPED_COUNT: Any = "7"
"""A count as a caller without types passes it (a value read from JSON): check_count
refuses it at run time, which is what the case tests, so it is typed Any, not int."""

OPTIONS: dict[str, Case] = {
    "count-range": (lambda: check_count("--max-ply", 0, low=1, high=1_000_000), UsageError,
                    "--max-ply dev'essere tra 1 e 1000000, non 0"),
    "count-low": (lambda: check_count("--max-nodes", 0, low=1), UsageError,
                  "--max-nodes dev'essere almeno 1, non 0"),
    "count-kind": (lambda: check_count("--max-nodes", UNTYPED_COUNT, low=1), UsageError,
                   "--max-nodes dev'essere un numero intero, non '7'"),
    "seconds": (lambda: check_seconds("--time-limit", 1e6 + 0.25), UsageError,
                "--time-limit dev'essere un numero di secondi maggiore di 0 e al più 604800 "
                "(una settimana), non 1000000,25"),
    "range-words": (lambda: parse_range("two", "--cuts"), UsageError,
                    "--cuts: serve MIN..MAX o un numero, scritti con le cifre 0-9, non 'two'"),
    "range-empty": (lambda: parse_range("4..2", "--values"), UsageError,
                    "--values: l'intervallo 4..2 è vuoto (MIN non deve superare MAX)"),
    "depth": (lambda: SearchSpec(algorithm="minimax", depth=-1), UsageError,
              "la profondità dev'essere 0 o più, non -1"),
    "variant": (lambda: SearchSpec(algorithm="minimax", variant="fail-soft"), UsageError,
                "variante di minimax: nessuna scelta si chiama 'fail-soft' (scegli tra: "
                "two-function, negamax, list)"),
    "cut-on": (lambda: check_options("minimax", "two-function", given={"cut_on": "gt"}),
               UsageError, "--cut-on vale con -a alphabeta (fail-soft, fail-hard, negamax, "
                           "list), enhanced, expectiminimax (star1), non con minimax"),
    "technique": (lambda: check_options("alphabeta", "fail-soft", given={"techniques": "id"}),
                  UsageError, "le tecniche di ordinamento delle mosse (--technique) valgono "
                              "con -a enhanced, non con alphabeta"),
    "seed": (lambda: check_options("alphabeta", "fail-soft", given={"seed": 1}), UsageError,
             "--seed vale con --order random, non con --order natural"),
    "example": (lambda: example_tree("aima-3"), UsageError,
                f"nessun esempio predefinito si chiama 'aima-3' (scegli tra: "
                f"{', '.join(EXAMPLES)})"),
    "frame-format": (lambda: check_frame_options(frames=False, frame_format="png"), UsageError,
                     "--frame-format vale con --frames DIR: aggiungi --frames, oppure scegli "
                     "il formato del diagramma con l'estensione di -o"),
    "root-player": (lambda: parse_tree_text("1", root_player=_CHANCE), UsageError,
                    "root_player dev'essere max o min (una radice di fortuna si indica "
                    "nell'albero stesso)"),
}


@pytest.mark.parametrize("name", list(OPTIONS))
def test_the_option_checks_are_said_in_italian(name: str) -> None:
    call, kind, italian = OPTIONS[name]
    _check(call, kind, italian)


def test_the_render_limit_from_the_environment_is_said_in_italian(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMETRACE_MAX_EVENTS", "many")
    _check(max_render_events, UsageError,
           "GAMETRACE_MAX_EVENTS: serve un numero intero scritto con le cifre 0-9, non 'many'")


def test_a_choice_without_a_suggestion_keeps_its_english() -> None:
    line = unknown_choice(said("format"), "sgv", ("svg", "png"), suggest=False)
    assert str(line) == "unknown format 'sgv' (choose from: svg, png)"
    assert line.worded("it") == "formato: nessuna scelta si chiama 'sgv' (scegli tra: svg, png)"
    assert "did you mean 'svg'" in str(unknown_choice(said("format"), "sgv", ("svg", "png")))


def test_worksheet_choices_and_the_too_large_tree_are_said_in_italian(tmp_path: Path) -> None:
    ex = make_exercise(branching=2, depth=2, values=(0, 20), seed=1)
    _check(lambda: worksheet(ex.trace, title="E", size="a3"), UsageError,
           "formato del foglio: nessuna scelta si chiama 'a3' (scegli tra: a4, a4-landscape)")
    _check(lambda: worksheet(ex.trace, title="E", ask="cuts"), UsageError,
           "domanda: nessuna scelta si chiama 'cuts' (scegli tra: value, alpha-beta)")
    _check(lambda: write_exercise(ex, tmp_path / "ex", fmt="gif"), UsageError,
           "formato: nessuna scelta si chiama 'gif' (scegli tra: dot, pdf, png, svg)")
    large = make_exercise(branching=3, depth=4, values=(0, 20), seed=1)
    _check(lambda: worksheet(large.trace, title="E", ask="alpha-beta"), UsageError,
           "l'albero è troppo grande per un foglio di esercizio a4: le caselle delle risposte "
           "sarebbero larghe 4,6 mm, ma per scriverci ne servono almeno 8 (prova --ask value, "
           "--size a4-landscape o un albero più piccolo)")


def test_a_pipe_nobody_reads_is_said_in_italian(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")

    def write() -> None:
        with open_text_output(tmp_path / "pipe.txt") as out:
            out.write("x")

    _check(write, OutputError, "impossibile scrivere il file: nessun programma legge questa "
                               "pipe (avvia prima il lettore)")


def test_a_game_that_never_returns_is_said_in_italian() -> None:
    def forever() -> None:
        for _ in itertools.count():  # stopped from outside, past the deadline
            pass

    _check(lambda: run_deep(forever, max_ply=100, deadline=0.01), LimitExceeded,
           "ancora in esecuzione 2 s dopo la scadenza di --time-limit (0,01 s), quindi è "
           "stata fermata: un metodo del gioco che non ritorna?")
