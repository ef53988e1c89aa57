"""The errors about files, JSON, outputs, sources, the student helper and traces that
are not well formed, in Italian: each case calls the library's own code with bad input
and checks the exact Italian wording of the error (its English is the other tests')."""

from __future__ import annotations

import gzip
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_wellformed import HEADER, RESULT
from test_wellformed import good as _good

from tracer.compress import max_inflated
from tracer.errors import TracerError
from tracer.events import Backup, Evaluate, Event, Expand
from tracer.examples import example_tree
from tracer.jsonio import check_input_file, loads_json, read_lines, read_text_file
from tracer.outputs import check_distinct, check_folder, check_output, check_outputs
from tracer.ranges import MAX_PLY
from tracer.sources import Source, builtin_names, resolve, resolve_content
from tracer.student import StudentTrace, scripted_alpha_beta
from tracer.trace import Result, Stats, Trace, check_well_formed

Case = tuple[Callable[[Path], Any], "str | Callable[[Path], str]"]
"""What to call (given a fresh folder) and the Italian it must raise (or a function of
the folder giving it)."""

def _trace(at: int, event: Event | None = None, *, result: Result | None = RESULT,
           tree: dict[str, str | None] | None = None) -> Callable[[Path], None]:
    """The lecture's small trace with event ``at`` replaced, checked."""
    events = _good()
    if event is not None:
        events[at] = event
    return lambda _: check_well_formed(Trace(HEADER, events, result), file="t.json",
                                       tree=tree)


WELL_FORMED: dict[str, Case] = {
    "never generated": (
        _trace(1, Evaluate(2, "Z", "A", 1, "min", 3, "terminal")),
        "il nodo 'Z' non è mai stato generato: serve la radice 'A' o un nodo generato da "
        "un evento precedente (i figli di un expand)"),
    "backup of the root": (
        _trace(2, Backup(3, "B", "A", 3, 3, "A")),
        "il backup in 'B' nomina il figlio 'A', che è la radice: serve un figlio che un "
        "expand di 'B' ha elencato"),
    "seq going back": (
        _trace(2, Backup(1, "A", "B", 3, 3, "B")),
        "seq 1 dopo seq 2: il seq di ogni evento deve essere maggiore di quello prima"),
    "depth off by four": (
        _trace(1, Evaluate(2, "B", "A", 5, "min", 3, "terminal")),
        "il nodo 'B' qui è a profondità 5: serve 1 (la profondità di suo padre più uno; "
        "quella della radice è 0)"),
    "depth past any search": (
        _trace(1, Evaluate(2, "B", "A", 1_234_567, "min", 3, "terminal")),
        "il nodo 'B' è a profondità 1.234.567, più in fondo di qualsiasi ricerca (al "
        f"massimo {MAX_PLY:_} livelli)".replace("_", ".")),
    "another parent": (
        _trace(1, Evaluate(2, "B", "C", 1, "min", 3, "terminal")),
        "il nodo 'B' qui ha come padre 'C': atteso 'A', che lo ha generato"),
    "a root with a parent": (
        _trace(0, Expand(1, "A", "X", 0, "max", ("B", "C"))),
        "la radice 'A' qui ha come padre 'X': atteso nessun padre (è la radice)"),
    "a child twice": (
        _trace(0, Expand(1, "A", None, 0, "max", ("B", "B"))),
        "l'expand di 'A' elenca 'B' due volte: ogni figlio va elencato una volta sola"),
    "a NaN result": (
        _trace(0, result=Result(math.nan, "C", ("A", "C"), Stats())),
        'il valore è NaN: serve un numero, "+inf" o "-inf"'),
    "another root in the tree": (
        _trace(0, tree={"R": None, "A": "R", "B": "A", "C": "A"}),
        "la radice dell'header 'A' non è la radice dell'albero sorgente 'R'"),
    "a grandchild in the tree": (
        _trace(0, tree={"A": None, "B": "A", "C": "B"}),
        "l'expand di 'A' elenca 'C', ma l'albero sorgente dell'header lo mette sotto 'B'"),
}


def _folder(path: Path) -> Path:
    path.mkdir()
    return path


def _stdout_thrice(_: Path) -> None:
    check_outputs(("-o", "-", "trace"), ("--render", "-", "diagram"), json_flag=True)


OUTPUTS: dict[str, Case] = {
    "an unknown extension": (
        lambda _: check_output("x.foo", role="trace"),
        "-o 'x.foo': estensione '.foo' sconosciuta per una traccia (usa .json, .jsonl, "
        ".jsonl.gz, oppure - per lo standard output)"),
    "no extension": (
        lambda _: check_output("x", role="diagram", option="--render"),
        "--render 'x': nessuna estensione per un diagramma (usa .svg, .png, .pdf, .dot, .gv, "
        ".tex, oppure - per lo standard output)"),
    "a folder": (
        lambda folder: check_output(_folder(folder / "d.svg"), role="diagram"),
        lambda folder: f"-o {str(folder / 'd.svg')!r}: è una cartella (dai il nome di un file "
                       "al suo interno)"),
    "a folder that is not there": (
        lambda folder: check_output(folder / "no" / "x.svg", role="diagram"),
        lambda folder: f"-o {str(folder / 'no' / 'x.svg')!r}: non si può scrivere qui: la "
                       f"cartella {str(folder / 'no')!r} non esiste"),
    "three to standard output": (
        _stdout_thrice,
        "-o e --render e --json: più di uno scrive sullo standard output; dai un nome di "
        "file a tutti tranne uno"),
    "frames to standard output": (
        lambda _: check_folder("-", option="--frames"),
        "--frames -: questo comando scrive una cartella di file, non un unico flusso; dai il "
        "nome di una cartella"),
    "the same file twice": (
        lambda folder: check_distinct([("-o", folder / "a.svg"), ("--strip", folder / "a.svg")]),
        lambda folder: f"--strip {str(folder / 'a.svg')!r} e -o {str(folder / 'a.svg')!r} "
                       "sono lo stesso file: dai a ogni output un nome diverso"),
}


def _write(folder: Path, name: str, data: bytes) -> Path:
    (folder / name).write_bytes(data)
    return folder / name


def _read_all(path: Path) -> None:
    for _ in read_lines(path):
        pass


JSON_AND_FILES: dict[str, Case] = {
    "a missing value": (
        lambda _: loads_json("[1,]", file="f.json"), "JSON non valido: manca un valore"),
    "a key twice": (
        lambda _: loads_json('{"a": 1, "a": 2}', file="f.json"),
        'JSON non valido: chiave "a" ripetuta in un oggetto'),
    "NaN": (
        lambda _: loads_json("[NaN]", file="f.json"),
        'JSON non valido: NaN non è JSON (scrivi "+inf" o "-inf" per i valori illimitati)'),
    "an infinite number": (
        lambda _: loads_json("[1e999]", file="f.json"),
        'numero non valido: il numero 1e999 è fuori intervallo (sarebbe infinito; scrivi '
        '"+inf" o "-inf" per i valori illimitati)'),
    "too many digits": (
        lambda _: loads_json("1" * 301, file="f.json"),
        "numero non valido: un numero di 301 cifre (se ne accettano al massimo 300)"),
    "a missing file": (
        lambda folder: check_input_file(folder / "none.json"),
        "non si può leggere il file: File o cartella inesistente"),
    "a folder to read": (
        lambda folder: check_input_file(folder),
        "non si può leggere il file: è una cartella, non un file"),
    "bytes that are not UTF-8": (
        lambda folder: read_text_file(_write(folder, "t.json", b'{"a": "\xff"}')),
        "il file non è UTF-8 valido (byte iniziale non valido)"),
    "a gzip JSON file": (
        lambda folder: read_text_file(_write(folder, "t.json.gz", gzip.compress(b"{}"))),
        "dati gzip: si leggono compressi solo i flussi di traccia (.jsonl.gz); decomprimi "
        "prima il file"),
    "a cut gzip stream": (
        lambda folder: _read_all(_write(folder, "t.jsonl.gz",
                                        gzip.compress(b'{"a": 1}\n' * 100)[:30])),
        "non è un file gzip valido: il file compresso finisce prima del marcatore di fine "
        "flusso"),
}


def _bounded(env: str, call: Callable[[Path], Any]) -> Callable[[Path], Any]:
    def run(folder: Path) -> Any:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("GAMETRACE_MAX_INFLATED", env)
            return call(folder)
    return run


def _long_line(folder: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tracer.compress.MAX_LINE", 1000)
        _read_all(_write(folder, "t.jsonl", b"x" * 3000 + b"\n"))


COMPRESS: dict[str, Case] = {
    "a bound of zero": (
        _bounded("0", lambda _: max_inflated()),
        "GAMETRACE_MAX_INFLATED deve essere un numero positivo di byte, eventualmente con K, "
        "M o G (per esempio 4G), non '0'"),
    "past the bound": (
        _bounded("1K", lambda folder: _read_all(_write(folder, "t.jsonl.gz",
                                                       gzip.compress(b"{}\n" * 2000)))),
        "decompresso supera 1 KiB (una gzip bomb?); imposta GAMETRACE_MAX_INFLATED per "
        "leggere di più"),
    "a line too long": (
        _long_line, "la riga 1 è più lunga di 1.000 byte: non è una riga di traccia"),
}


def _unbacked_cut(_: Path) -> None:
    trace = StudentTrace()
    trace.expand("A", ["B", "C"])
    trace.cut("A")


def _stranger(_: Path) -> None:
    trace = StudentTrace()
    trace.expand("A", ["B", "C"])
    trace.backup("A", "Z", 3)


STUDENT: dict[str, Case] = {
    "a player neither max nor min": (
        lambda _: StudentTrace(root_player="both"),
        "root_player deve essere 'max' o 'min', non 'both'"),
    "a backup from a stranger": (_stranger, "backup(A, Z): Z non è figlio di A"),
    "a cut before any backup": (
        _unbacked_cut,
        "cut(A): nessun figlio ha ancora riportato il suo valore; passa after="),
    "nothing to finish": (
        lambda _: StudentTrace().finish(),
        "niente di registrato: chiama prima expand() o evaluate()"),
    "an unknown inherit": (
        lambda _: scripted_alpha_beta(example_tree("aima"), inherit="nope"),
        "inherit: nessuna scelta si chiama 'nope' (scegli tra: full, parent, none)"),
    "an unknown inherit near a name": (
        lambda _: scripted_alpha_beta(example_tree("aima"), inherit="ful"),
        "inherit: nessuna scelta si chiama 'ful' (scegli tra: full, parent, none)"),
}


def _every_name() -> str:
    examples, games = builtin_names()
    return ", ".join((*examples, *games))


SOURCES: dict[str, Case] = {
    "parameters for a tree": (
        lambda _: resolve("aima", params={"size": "4"}),
        "i parametri -p valgono per i giochi, e 'aima' è un albero"),
    "params for a tree": (
        lambda _: resolve_content(example_tree("aima"), params={"size": "4"}),
        "i params valgono per i giochi, non per un albero"),
    "params for a lecture tree": (
        lambda _: resolve_content("aima", params={"size": "4"}),
        "i params valgono per i giochi, non per 'aima', un albero delle lezioni"),
    "an unknown name": (
        lambda _: resolve_content("nope"),
        lambda _: "nessun esempio o gioco predefinito si chiama 'nope' (scegli tra: "
                  f"{_every_name()})"),
    "an example as a trace": (
        lambda _: Source("aima", "example", "aima").trace(),
        "aima è un esempio, non una traccia registrata"),
    "a folder as a tree": (
        lambda folder: resolve(str(folder)),
        lambda folder: f"{folder} è una cartella: dai un file di albero o il nome di un "
                       "esempio"),
}

CASES = {**WELL_FORMED, **OUTPUTS, **JSON_AND_FILES, **COMPRESS, **STUDENT, **SOURCES}


@pytest.mark.parametrize("name", list(CASES))
def test_the_error_is_worded_in_italian(name: str, tmp_path: Path) -> None:
    call, expected = CASES[name]
    with pytest.raises(TracerError) as exc:
        call(tmp_path)
    said = exc.value.said
    assert said.worded("it") == (expected if isinstance(expected, str) else expected(tmp_path))
    assert said.known_in("it")
    assert str(exc.value).endswith(str(said))  # the English line: the file, the place, it
