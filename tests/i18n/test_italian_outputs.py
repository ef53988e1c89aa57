"""Every output that writes words, asked for in Italian, writes no English word.

Each command runs as a person runs it (``--lang it``, or ``GAMETRACE_LANG=it``, or an
Italian locale) on the lecture examples and games; the words of what it prints, of its
notes and of the pictures it writes (the labels and tooltips of DOT and SVG, the frames'
captions) are looked up in the tool's English vocabulary (:mod:`tests.i18n.vocabulary`).
What is stripped first: names the user typed and the tool quotes back (algorithms and
variants by their option values, the items of a solution file, file names, options),
never a sentence.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.i18n.vocabulary import ENGLISH
from tracer.cli import main

EXAMPLES = ("aima", "two-mins", "three-mins", "coin")
"""The lecture trees (``gametrace examples``)."""
GAMES = {"gameof5": (), "nim": (), "grundy": ("-p", "coins=5"),
         "tictactoe": ("-p", "board=xo.xo....", "--depth", "2"),
         "dice": ("-p", "turns=2", "-p", "goal=3")}
"""The lecture games (``gametrace games``), small enough to draw whole."""
ALGORITHM = {"coin": "expectiminimax", "dice": "expectiminimax"}
"""Who searches a tree with chance nodes (alpha-beta elsewhere)."""

WRONG = {"value": 3, "move": "B", "evaluated": list("EFGHIJKLM")}
"""An answer for ``aima`` with the notes' classic mistake: no window passed down."""

_NAMES = (
    re.compile(r"\b(?:alphabeta|minimax|expectiminimax)\b( \((?:fail-soft|fail-hard|plain|"
               r"star1)[^)]*\))?"),  # the search as the options name it
    re.compile(r"--[a-z][a-z-]*"),  # an option
    re.compile(r"\S*[/\\]\S*|\S+\.(?:json|jsonl|svg|png|dot|gv|tex|pdf|html)\b"),  # a file
    re.compile(r"^(\s+\S+\s+)[\w.+-]+(?=\s{2,})", re.M),  # a check's table: the item's key
    re.compile(r"(?<=\()[a-z][\w.]*(?=, )|(?<=^  - )[a-z][\w.]*(?=:)", re.M),  # an item's key
)
"""Names quoted back, stripped before the words are looked up."""
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+'?")
_DOT_TEXT = re.compile(r"\b(?:label|xlabel|tooltip|headlabel|taillabel)\s*=\s*"
                       r'(?:"((?:[^"\\]|\\.)*)"|<)')
_SVG_TEXT = re.compile(r"<text\b[^>]*>([^<]*)</text>|xlink:title=\"([^\"]*)\"")


def english_words(text: str) -> list[str]:
    """The words of ``text`` that are in the tool's English vocabulary."""
    for names in _NAMES:
        text = names.sub(" ", text)
    return sorted({w.lower() for w in _WORD.findall(text)} & ENGLISH)


def dot_words(dot: str) -> str:
    """The words a DOT drawing shows: its labels and tooltips (not its keywords)."""
    found: list[str] = []
    for match in _DOT_TEXT.finditer(dot):
        if match.group(1) is not None:
            found.append(match.group(1))
            continue
        depth, end = 1, match.end()  # an HTML label: to its closing bracket
        while depth:
            depth += {"<": 1, ">": -1}.get(dot[end], 0)
            end += 1
        found.append(re.sub(r"<[^>]*>", " ", dot[match.end():end - 1]))
    return html.unescape("\n".join(found).replace("\\n", "\n").replace("\\l", "\n"))


def svg_words(svg: str) -> str:
    """The words an SVG drawing shows: its texts and tooltips."""
    return html.unescape("\n".join(a or b for a, b in _SVG_TEXT.findall(svg)))


def gametrace(*args: str, env: Mapping[str, str] | None = None) -> tuple[str, str]:
    result = CliRunner().invoke(main, list(args), env=dict(env or {}))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.stderr
    return result.stdout, result.stderr


def search_args(source: str) -> list[str]:
    return [source, *GAMES.get(source, ()), "-a", ALGORITHM.get(source, "alphabeta")]


def recorded(tmp_path: Path, source: str) -> Path:
    trace = tmp_path / f"{source}.json"
    gametrace("run", *search_args(source), "-o", str(trace), "-q")
    return trace


SOURCES = (*EXAMPLES, *GAMES)


@pytest.mark.parametrize("source", SOURCES)
def test_run_speaks_italian(source: str, tmp_path: Path) -> None:
    out, err = gametrace("run", *search_args(source), "--lang", "it",
                         "-o", str(tmp_path / "t.json"))
    assert "valore:" in out and "scritta in" in err
    assert english_words(out + err) == []


@pytest.mark.parametrize("env", [{"GAMETRACE_LANG": "it"}, {"LANG": "it_IT.UTF-8"},
                                 {"LC_ALL": "it_IT.UTF-8"}, {"LC_MESSAGES": "it_IT.UTF-8"}],
                         ids=["GAMETRACE_LANG", "LANG", "LC_ALL", "LC_MESSAGES"])
def test_the_language_of_the_environment_reaches_every_output(
        env: dict[str, str], tmp_path: Path) -> None:
    env = {"GAMETRACE_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "",
           **env}
    trace = tmp_path / "aima.json"
    out, err = gametrace("run", "aima", "-o", str(trace), env=env)
    dot, _ = gametrace("render", str(trace), "-o", "-", env=env)
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(WRONG))
    verdict, _ = gametrace("check", "aima", str(answer), env=env)
    assert "valore: 3" in out and "taglio alfa" in dot and "Primo errore" in verdict
    assert english_words(out + err + dot_words(dot) + verdict) == []


@pytest.mark.parametrize("source", SOURCES)
def test_render_dot_and_svg_speak_italian(source: str, tmp_path: Path) -> None:
    trace = recorded(tmp_path, source)
    dot, err = gametrace("render", str(trace), "-o", "-", "--lang", "it", "--window",
                         "--positions")
    svg_file = tmp_path / "t.svg"
    _, err_svg = gametrace("render", str(trace), "-o", str(svg_file), "--lang", "it")
    assert english_words(dot_words(dot) + err) == []
    assert english_words(svg_words(svg_file.read_text()) + err_svg) == []


@pytest.mark.parametrize("step", ["event", "node", "leaf"])
@pytest.mark.parametrize("source", SOURCES)
def test_frame_captions_speak_italian(source: str, step: str, tmp_path: Path) -> None:
    from tracer.render.model.render_options import RenderOptions
    from tracer.render.pipeline import Drawing

    trace = recorded(tmp_path, source)
    captions = [f.caption or "" for f in
                Drawing(str(trace), RenderOptions(lang="it", step=step)).frames()]
    assert captions[0].startswith("Passo 1/")
    assert not any("altri" in c and "eventi" in c for c in captions)  # a count says nothing
    assert english_words("\n".join(captions)) == []


def test_render_frames_speak_italian(tmp_path: Path) -> None:
    trace = recorded(tmp_path, "aima")
    _, err = gametrace("render", str(trace), "--frames", str(tmp_path / "frames"),
                       "--lang", "it", "--step", "leaf")
    first = (tmp_path / "frames" / "frame-001.svg").read_text()
    assert "Passo 1/" in svg_words(first)
    assert english_words(err + svg_words(first)) == []


@pytest.mark.parametrize("render", [False, True], ids=["verdict", "render"])
def test_check_speaks_italian(render: bool, tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(WRONG))
    picture = tmp_path / "marked.svg"
    more = ["--render", str(picture)] if render else []
    out, err = gametrace("check", "aima", str(answer), "--lang", "it", *more)
    assert "Primo errore" in out
    shown = svg_words(picture.read_text()) if render else ""
    if render:
        assert "I tuoi errori" in shown and "causa probabile" in shown
    assert english_words(out + err + shown) == []


def test_check_render_dot_speaks_italian(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(WRONG))
    dot_file = tmp_path / "marked.dot"
    gametrace("check", "aima", str(answer), "--lang", "it", "--render", str(dot_file))
    shown = " ".join(dot_words(dot_file.read_text()).split())
    assert "I tuoi errori" in shown and "1 voce sbagliata, segnata in rosso" in shown
    assert english_words(shown) == []


def test_the_vocabulary_finds_english(tmp_path: Path) -> None:
    # The same outputs in English are caught: the test looks where the words are.
    trace = recorded(tmp_path, "gameof5")
    out, _ = gametrace("run", "aima", "--lang", "en")
    dot, _ = gametrace("render", str(trace), "-o", "-", "--lang", "en", "--positions")
    assert {"value", "best", "move"} <= set(english_words(out))
    assert {"said", "start", "pruned"} <= set(english_words(dot_words(dot)))
