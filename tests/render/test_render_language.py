"""The drawing's errors in Italian: each is raised by the real code with bad input, and
its sentence (``error.said``) is worded whole from the render part of tracer/locale/it (the
English ``str()`` is checked by the tests of each module)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracer._api import search_source, search_tree
from tracer.errors import (
    GraphvizMissing,
    InputError,
    LimitExceeded,
    TracerError,
    UsageError,
)
from tracer.record import MemoryRecorder
from tracer.render._entry import write_frames
from tracer.render.draw.dotquote import DOT_LIMIT, attr_list
from tracer.render.draw.presets import preset_options
from tracer.render.files.engine import render
from tracer.render.files.pdf import merge_pdfs
from tracer.render.files.strip import strip_format, strip_svg
from tracer.render.model.canvas import parse_size
from tracer.render.model.render_options import RenderOptions, output_format
from tracer.render.pipeline import Drawing
from tracer.render.read.replay import Replay
from tracer.trace import Trace
from tracer.trees import parse_tree_text


def _italian(caught: pytest.ExceptionInfo[TracerError]) -> str:
    said = caught.value.said
    assert said.known_in("it"), said.template
    return said.worded("it")


# Options: no trace needed -----------------------------------------------------------------

OPTIONS: dict[str, tuple[Callable[[], object], type[TracerError], str]] = {
    "theme": (lambda: RenderOptions(theme="neon"), UsageError,
              "tema: nessuna scelta si chiama 'neon' (scegli tra: colour, print)"),
    "pruned style": (lambda: RenderOptions(pruned="dots"), UsageError,
                     "stile dei nodi potati: nessuna scelta si chiama 'dots' (scegli tra: "
                     "ghost, cross, hide)"),
    "scale, a decimal comma": (lambda: RenderOptions(scale=9), UsageError,
                               "scale dev'essere tra 0,5 e 4, non 9"),
    "pad in inches": (lambda: RenderOptions(pad=2.5), UsageError,
                      "pad dev'essere tra 0 e 2 pollici, non 2,5"),
    "max-nodes": (lambda: RenderOptions(max_nodes=3), UsageError,
                  "max-nodes dev'essere almeno 10, non 3"),
    "max-frames": (lambda: RenderOptions(max_frames=0), UsageError,
                   "max-frames dev'essere almeno 1, non 0"),
    "dpi": (lambda: RenderOptions(dpi=5000), UsageError,
            "dpi dev'essere al più 1200, non 5000"),
    "depth": (lambda: RenderOptions(depth=-1), UsageError,
              "la profondità dev'essere 0 o più, non -1"),
    "render option": (lambda: RenderOptions.from_kwargs(colour=True), UsageError,
                      "opzione di disegno: nessuna scelta si chiama 'colour' (scegli tra: "
                      "ascii, aspect, caption, cuts, depth, direction, dpi, engine, focus, "
                      "frame_format, ghost_values, ghosts, ids, lang, legend, max_frames, "
                      "max_nodes, max_width, memory_nodes, numbers, pad, positions, pruned, "
                      "pv, scale, size, step, theme, title, values, visit_order, window)"),
    "preset": (lambda: preset_options("talk"), UsageError,
               "preset: nessuna scelta si chiama 'talk' (scegli tra: slides, slides-4:3, a4, "
               "a4-landscape, print, web)"),
    "output extension": (lambda: output_format("tree.gif"), UsageError,
                         "impossibile capire il formato di uscita da 'tree.gif' ('.gif'; usa "
                         "uno tra: .svg, .png, .pdf, .dot, oppure - per il DOT su stdout)"),
    "no output extension": (lambda: output_format("tree"), UsageError,
                            "impossibile capire il formato di uscita da 'tree' (manca "
                            "l'estensione; usa uno tra: .svg, .png, .pdf, .dot, oppure - per "
                            "il DOT su stdout)"),
    "size name": (lambda: parse_size("huge"), UsageError,
                  "dimensione: nessuna scelta si chiama 'huge' (scegli tra: slides, "
                  "slides-4:3, a4, a4-landscape, oppure LxA in pixel come 1280x720, oppure "
                  "LxAmm come 210x297mm)"),
    "size sides": (lambda: parse_size("10x10"), UsageError,
                   "dimensione '10x10': ogni lato dev'essere tra 64 e 8192 px"),
    "paper size in pixels": (lambda: RenderOptions(size="210.5x297mm", dpi=1200), UsageError,
                             "la dimensione 210,5x297mm a 1200 dpi fa 9945x14031 pixel: al "
                             "più 8192 per lato (abbassa i dpi)"),
    "strip of TikZ": (lambda: strip_format("strip.tex"), UsageError,
                      "una striscia si scrive come .svg, .png, .pdf o .dot, non 'strip.tex': "
                      "una striscia di figure TikZ si compone in LaTeX dal file Beamer di "
                      "--frames"),
    "strip format": (lambda: strip_format("strip.gif"), UsageError,
                     "una striscia si scrive come .svg, .png, .pdf o .dot, non 'strip.gif'"),
    "a long attribute, Italian thousands": (
        lambda: attr_list({"tooltip": "x" * DOT_LIMIT}), LimitExceeded,
        "l'attributo tooltip del disegno è più lungo di quanto Graphviz legga (16.384 byte): "
        "accorcia i testi della traccia"),
    "not a PDF": (lambda: merge_pdfs([b"junk"]), TracerError, "il PDF 1 non è un file PDF"),
    "a damaged PDF": (
        lambda: merge_pdfs([b"%PDF-1.5\nhello\nstartxref\n9\n%%EOF"]), TracerError,
        "il PDF 1 non è un file PDF"),
}


@pytest.mark.parametrize("case", list(OPTIONS))
def test_an_option_error_is_said_in_italian(case: str) -> None:
    call, kind, italian = OPTIONS[case]
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind
    assert _italian(caught) == italian


def test_the_system_engine_without_dot_is_said_in_italian(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no `dot` here
    with pytest.raises(GraphvizMissing) as caught:
        render("digraph { a }", "svg", pinned=False, engine="system")
    assert _italian(caught) == (
        "--engine system richiede il `dot` di Graphviz nel PATH (ad esempio `apt install "
        "graphviz` o `brew install graphviz`); il motore predefinito non richiede nulla "
        "installato nel sistema")


def test_graphvizs_own_reason_stays_as_graphviz_gave_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the process's stderr (file descriptor 2, which Graphviz writes to; pytest's capture
    # sits behind it): the engine holds Graphviz's lines and quotes its reason
    monkeypatch.setattr(sys, "stderr", sys.__stderr__)
    with pytest.raises(TracerError) as caught:
        render("digraph { a [label=<x> }", "svg", pinned=False)
    assert _italian(caught) == ("Graphviz non è riuscito a leggere il disegno: syntax error "
                                "in line 1 near '}'")


def test_without_graphvizs_reason_the_syntax_error_is_said_in_italian(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Graphviz's lines lost (they were when sys.stderr was no file; fd 2 is now captured
    # whatever sys.stderr is): the reason is then ours, in Italian
    import contextlib

    from tracer.render.files import engine

    monkeypatch.setattr(engine, "_quiet", lambda held=None: contextlib.nullcontext())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(TracerError) as caught:
        render("digraph { a [label=<x> }", "svg", pinned=False)
    assert _italian(caught) == "Graphviz non è riuscito a leggere il disegno: errore di sintassi"


# Traces: drawn, read, replayed -----------------------------------------------------------

def _chain() -> Trace:
    """A chain of 12 single children: its principal variation is 13 nodes."""
    rec = MemoryRecorder()
    search_tree(parse_tree_text("(" * 12 + "5 6" + ")" * 12), algorithm="minimax",
                recorder=rec)
    return rec.trace


def _write_frames_over_a_file(aima: Path) -> None:
    target = aima.parent / "frames"
    target.write_text("not a folder", encoding="utf-8")
    write_frames(aima, target)


def _not_utf8(aima: Path) -> None:
    lines = aima.read_bytes().split(b"\n")
    lines[7] = lines[7][:10] + b"\xff" + lines[7][10:]
    aima.write_bytes(b"\n".join(lines))
    Drawing(aima)


def _renamed_root(aima: Path) -> None:
    """The source tree's root renamed: the header still says 'A'."""
    bad = aima.parent / "renamed.json"
    search_source("aima", output=bad)
    doc = json.loads(bad.read_text(encoding="utf-8"))
    source = doc["header"]["source"]
    source["tree"] = json.loads(json.dumps(source["tree"]).replace('"A"', '"Z"'))
    bad.write_text(json.dumps(doc), encoding="utf-8")
    Drawing(bad)


TRACES: dict[str, tuple[Callable[[Path], Any], type[TracerError], str]] = {
    "focus": (lambda aima: Drawing(aima, RenderOptions(focus="Z")), UsageError,
              "--focus: nessun nodo 'Z' in questa traccia (la radice è 'A')"),
    "format": (lambda aima: Drawing(aima).render("gif"), UsageError,
               "formato: nessuna scelta si chiama 'gif' (scegli tra: dot, pdf, png, svg)"),
    "frames": (lambda aima: list(Drawing(aima, RenderOptions(max_frames=3)).frames()),
               LimitExceeded,
               "23 fotogrammi superano --max-frames 3: usa un --step più ampio (node, leaf), "
               "--focus NODE o --depth, oppure aumenta --max-frames"),
    "strip columns": (lambda aima: strip_svg(Drawing(aima), columns=0), UsageError,
                      "le colonne della striscia devono essere almeno 1, non 0"),
    "principal variation": (lambda aima: Drawing(_chain(), RenderOptions(max_nodes=10)).view,
                            LimitExceeded,
                            "i nodi sempre disegnati (la variante principale o l'albero "
                            "soluzione) sono 13, più di --max-nodes 10: disegna la parte alta "
                            "con --depth N, una parte con --focus NODE, oppure aumenta "
                            "--max-nodes"),
    "frames over a file": (_write_frames_over_a_file, InputError,
                           "esiste e non è una cartella"),
    "a line not UTF-8": (_not_utf8, InputError, "non è UTF-8 valido (invalid start byte)"),
    "header's root": (_renamed_root, InputError,
                      "la radice dell'intestazione, 'A', non è la radice dell'albero di "
                      "origine, 'Z'"),
    "depth below the root": (
        lambda aima: Replay(Drawing(aima).replay.header)._enter("E", "B", -1, 7), InputError,
        "il nodo 'E' è a profondità -1: attesa 0 (la radice) o più"),
    "absurd depth, Italian thousands": (
        lambda aima: Replay(Drawing(aima).replay.header)._enter("E", "B", 10**7, 7),
        InputError,
        "il nodo 'E' è a profondità 10.000.000, più in basso di dove scende qualsiasi "
        "ricerca (al più 1.000.000 livelli)"),
}


@pytest.mark.parametrize("case", list(TRACES))
def test_a_trace_error_is_said_in_italian(case: str, aima_jsonl: Path) -> None:
    call, kind, italian = TRACES[case]
    with pytest.raises(kind) as caught:
        call(aima_jsonl)
    assert type(caught.value) is kind
    assert _italian(caught) == italian


def test_too_long_a_trace_is_said_with_italian_thousands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    search_source("tictactoe", algorithm="minimax", depth=4, output=path)  # 7,220 events
    monkeypatch.setenv("GAMETRACE_MAX_EVENTS", "1000")
    with pytest.raises(LimitExceeded) as caught:
        Drawing(path)
    assert _italian(caught) == (
        f"{path}: più di 1.000 eventi da disegnare (per leggerne un milione servono minuti): "
        "registra una ricerca più piccola (--depth, --max-nodes), oppure imposta "
        "GAMETRACE_MAX_EVENTS per disegnare comunque la traccia")


def test_a_bad_source_tree_keeps_the_tree_readers_sentence_inside(tmp_path: Path) -> None:
    path = tmp_path / "aima.json"
    search_source("aima", output=path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["header"]["source"]["tree"]["tree"]["children"][0]["children"][0]["value"] = "x"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        Drawing(path)
    said = caught.value.said
    assert said.template == "bad source tree: {reason}"
    (name, inner), = said.values
    assert name == "reason" and str(inner) in str(said)  # the tree reader's own sentence,
    # worded by its own catalog: the drawing adds only its prefix
    assert said.worded("it").startswith("albero di origine non valido: ")
    assert caught.value.where is not None and caught.value.where.startswith(
        "$.header.source.tree")
