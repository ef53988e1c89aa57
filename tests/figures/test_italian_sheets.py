"""Italian in every sheet a student or a teacher reads: ``exercise`` (its line, the tree
file's comments, the worksheet and the answer drawn), the printable worksheet's two
pages, ``matrix`` (its analysis, its SVG and its DOT, the dominated strategies struck
out) and the Moodle and PrairieLearn exports' question text, on lecture examples and
random trees.  Each text is read word by word against :data:`ENGLISH`, the words of the
tool's English sentences that are not Italian.  The English outputs are snapshots: the
exercise's and the worksheet's are those of the code before the Italian came in, the
matrix's show the strategies struck out."""

from __future__ import annotations

import base64
import html
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion

from tracer.analysis.check import Conventions, expected_trace, make_exercise
from tracer.analysis.matrices import analyse_matrix, from_tree
from tracer.analysis.matrices.payoff import MatrixGame, prisoners_dilemma
from tracer.analysis.matrices.pictures import to_dot, to_svg
from tracer.classroom.exports import QuestionSpec, assignment_variants, moodle_xml
from tracer.classroom.exports.prairielearn import prairielearn_files
from tracer.classroom.reading import parse_assignment
from tracer.cli import main
from tracer.figures.worksheet import worksheet
from tracer.sources import load_tree_source
from tracer.trace import Trace

ENGLISH = frozenset({
    "after", "and", "answer", "answers", "any", "are", "at", "best", "better", "box",
    "branches", "by", "children", "chooses", "column", "columns", "cross", "cut", "cuts",
    "dominant", "dominated", "down", "draw", "draws", "drops", "each", "elimination",
    "equilibria", "equilibrium", "evaluated", "every", "exercise", "fail", "found",
    "game", "hand", "hard", "higher", "into", "is", "iterated", "its", "key", "leaf",
    "leaves", "left", "lower", "move", "name", "never", "node", "nodes", "none", "not",
    "nothing", "of", "order", "out", "paying", "payoff", "payoffs", "player", "pointing",
    "principal", "prison", "prisoner", "pruned", "pure", "question", "questions", "right",
    "root", "row", "rows", "same", "search", "searched", "separated", "shaded", "shows",
    "single", "soft", "spaces", "strategies", "strategy", "strictly", "struck",
    "subtrees", "terminal", "than", "the", "their", "this", "tick", "to", "tree",
    "triangles", "undecided", "under", "up", "value", "values", "variant", "variants",
    "variation", "visits", "weakly", "when", "where", "which", "whole", "with",
    "worksheet", "write", "written", "years", "you", "your",
})
"""Words of the tool's English sentences that Italian never uses.  Left out on purpose:
words Italian shares (``a``, ``in``, ``per``, ``data``, ``date``, ``no``, ``dilemma``),
symbols and names kept in both languages (MAX, MIN, alpha and beta are Italian too as
alfa's Latin spelling is not, so ``alpha`` stays out: a field's name may hold it), and
tokens with a digit or an underscore (``exercise-3``, a category ``alphabeta-b2-d3``,
Moodle's ``SHORTANSWER_C``): identifiers, the same in every language."""

LEAVES = range(0, 21)


def english_words(text: str) -> list[str]:
    """The words of ``text`` found in :data:`ENGLISH`: every whitespace-separated token
    without a digit or an underscore, split at hyphens, slashes and apostrophes."""
    found = []
    for token in text.split():
        if re.search(r"[\d_]", token):
            continue
        for part in re.split(r"[-/'’]", token):
            word = part.strip(".,;:!?()[]{}<>\"*~=≥≤+").lower()
            if word in ENGLISH:
                found.append(word)
    return found


def svg_words(svg: bytes | str) -> str:
    """What an SVG shows and says: its texts and its tooltips."""
    text = svg.decode() if isinstance(svg, bytes) else svg
    shown = re.findall(r"<text[^>]*>(.*?)</text>", text, flags=re.S)
    tips = re.findall(r'xlink:title="([^"]*)"', text)
    return html.unescape(" \n".join(shown + tips))


def dot_words(dot: str) -> str:
    """A DOT's labels without their HTML tags."""
    labels = re.findall(r"label=<(.*?)>\]", dot, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", " ".join(labels)))


def html_words(text: str) -> str:
    """An HTML text without tags, pictures, Mustache fields and Cloze answers."""
    text = re.sub(r"<svg.*?</svg>", " ", text, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}", " ", text)
    text = re.sub(r"\{\d+:[A-Z_]+:.*?\}", " ", text)
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


COMMAND = re.compile(r"gametrace exercise( -{1,2}[\w-]+( [^\s<-][^\s<]*)?)*")
"""The command that makes an exercise's tree again: the same in every language."""


def assert_italian(text: str, where: str) -> None:
    assert text.strip(), f"{where}: nothing to read"
    text = COMMAND.sub(" ", text)
    assert english_words(text) == [], f"{where}: {english_words(text)} in {text}"
    assert "alpha-beta" not in text.lower(), f"{where}: {text}"  # Italian: alfa-beta


def test_the_vocabulary_finds_english_and_leaves_italian_and_identifiers_alone() -> None:
    # what would fail every test below if the reading were wrong
    assert english_words("2 cuts, best move B (value 18)") == ["cuts", "best", "move",
                                                               "value"]
    assert english_words("alfa-beta (fail-soft, taglio quando alfa >= beta)") == [
        "fail", "soft"]
    assert english_words("esercizio exercise-3: la strategia ~~NC~~ è barrata, "
                         "categoria alphabeta-b2-d3, 1 data, in 2 per nodo") == []


# ------------------------------------------------------------------- the exercise


def run(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("how", ["--lang", "GAMETRACE_LANG", "LANG"])
@pytest.mark.parametrize("shape", [("2", "3", "2..3", "3"), ("3", "2", "1..2", "7"),
                                   ("2", "4", "3..5", "11")], ids=["b2d3", "b3d2", "b2d4"])
def test_the_exercise_is_all_italian(tmp_path: Path, how: str,
                                     shape: tuple[str, str, str, str]) -> None:
    b, d, cuts, seed = shape
    out = tmp_path / "ex"
    args = ["exercise", "-b", b, "-d", d, "--cuts", cuts, "--seed", seed, "-o", str(out),
            "--worksheet", str(tmp_path / "foglio.pdf")]
    env = {"GAMETRACE_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
           "LANG": ""}
    if how == "--lang":
        args += ["--lang", "it"]
    elif how == "GAMETRACE_LANG":
        env["GAMETRACE_LANG"] = "it"
    else:
        env["LANG"] = "it_IT.UTF-8"
    printed = run(*args, env=env)
    line = printed.splitlines()[0]
    assert line.startswith(f"esercizio exercise-{seed}: {b} figli per nodo, profondità {d}")
    assert_italian(line, "the line printed")
    comments = [x for x in (out / "exercise.tree").read_text().splitlines() if x.startswith("#")]
    assert comments[1] == "# alfa-beta (morbida, taglio quando alfa >= beta), MAX alla radice"
    assert_italian("\n".join(comments), "exercise.tree")
    sheet = svg_words((out / "worksheet.svg").read_bytes())
    assert f"Esercizio alfa-beta {seed}" in sheet
    assert_italian(sheet, "worksheet.svg")
    answer = svg_words((out / "answer.svg").read_bytes())
    assert f"Esercizio alfa-beta {seed}: soluzione" in answer
    assert_italian(answer, "answer.svg")
    assert (tmp_path / "foglio.pdf").read_bytes().startswith(b"%PDF")


def test_the_exercise_speaks_english_without_a_language(tmp_path: Path,
                                                        snapshot: SnapshotAssertion) -> None:
    env = {"GAMETRACE_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
           "LANG": "C.UTF-8"}
    printed = run("exercise", "-b", "2", "-d", "3", "--cuts", "2..3", "--seed", "3", "-o",
                  str(tmp_path / "ex"), env=env)
    tree = (tmp_path / "ex" / "exercise.tree").read_text()
    sheet = svg_words((tmp_path / "ex" / "worksheet.svg").read_bytes())
    answer = svg_words((tmp_path / "ex" / "answer.svg").read_bytes())
    assert {"printed": printed.splitlines()[0], "tree": tree, "worksheet": sheet,
            "answer": answer} == snapshot


# ------------------------------------------------------------------ the worksheet


def aima_trace() -> Trace:
    trace, _ = expected_trace("aima", Conventions(algorithm="alphabeta",
                                                  variant="fail-soft"))
    return trace


@pytest.mark.parametrize("ask", ["value", "alpha-beta"])
@pytest.mark.parametrize("source", ["aima", "seed 5", "seed 12"])
def test_both_pages_of_the_worksheet_are_italian(source: str, ask: str) -> None:
    if source == "aima":
        trace = aima_trace()
    else:
        trace = make_exercise(branching=2, depth=3, seed=int(source.split()[1])).trace
    sheet = worksheet(trace, title="Esercizio", ask=ask, lang="it")
    page1, page2 = svg_words(sheet.sheet_svg), svg_words(sheet.key_svg)
    assert "Nome ___________________ Data _________" in " ".join(page1.split())
    assert "scrivi nel riquadro sotto ogni nodo il suo valore" in " ".join(page1.split())
    assert "Esercizio: soluzione" in page2
    assert_italian(page1, "page 1")
    assert_italian(page2, "page 2")
    assert sheet.pdf.startswith(b"%PDF")


def test_the_english_worksheet_is_the_one_before_italian(snapshot: SnapshotAssertion) -> None:
    sheet = worksheet(aima_trace(), title="Alpha-beta exercise 1",
                      ask="alpha-beta")
    assert {"sheet": svg_words(sheet.sheet_svg), "key": svg_words(sheet.key_svg)} == snapshot


# -------------------------------------------------------------------- the matrix


def random_game(seed: int) -> MatrixGame:
    """A 3x3 game with some halves (a decimal comma in Italian) and dominated strategies."""
    rng = random.Random(seed)
    pay = tuple(tuple((rng.choice([0, 1, 2.5, 3, 4, 6]), rng.choice([0, 1, 2, 3.5, 5]))
                      for _ in range(3)) for _ in range(3))
    return MatrixGame(("A", "B"), ("X", "Y", "Z"), ("U", "V", "W"), pay)


GAMES = {"dilemma": prisoners_dilemma, "aima": lambda: from_tree(load_tree_source("aima")),
         "two-mins": lambda: from_tree(load_tree_source("two-mins")),
         **{f"random {s}": (lambda s=s: random_game(s)) for s in (1, 2, 3, 4)}}


@pytest.mark.parametrize("name", GAMES)
def test_the_matrix_is_all_italian(name: str) -> None:
    report = analyse_matrix(GAMES[name]())
    text = report.to_text("it")
    assert_italian(text, "the analysis")
    assert "strategie dominanti:" in text
    for picture in (svg_words(to_svg(report.game, report.equilibria, struck=report.struck,
                                     lang="it")),
                    dot_words(to_dot(report.game, report.equilibria, struck=report.struck,
                                     lang="it"))):
        assert_italian(picture, "the picture")
        assert "in evidenza: equilibrio di Nash puro" in picture


def test_the_italian_dilemma_reads_as_the_notes() -> None:
    text = analyse_matrix(prisoners_dilemma()).to_text("it")
    assert text.splitlines()[0] == ("Il dilemma del prigioniero: A sceglie una riga, B una "
                                    "colonna; i pagamenti sono (A, B), conviene il più basso")
    assert "  1. A elimina NC (strettamente dominata da C)" in text
    assert "1 equilibrio di Nash puro: (C, C) con pagamenti (2, 2)" in text


def test_halves_are_written_with_a_comma_and_pairs_kept_apart() -> None:
    game = MatrixGame(("A", "B"), ("X",), ("U",), (((2.5, 1),),))
    assert "2,5; 1" in analyse_matrix(game).to_text("it")
    assert "2.5, 1" in analyse_matrix(game).to_text("en")


def test_the_dominated_strategies_are_struck_out_in_every_picture() -> None:
    report = analyse_matrix(prisoners_dilemma())
    assert report.struck == (frozenset({1}), frozenset({1}))
    svg = to_svg(report.game, report.equilibria, struck=report.struck)
    struck = re.findall(r'<text[^>]*line-through[^>]*>([^<]*)</text>', svg)
    # NC's header, as a row and as a column, and the three payoffs NC meets
    assert sorted(struck) == ["0, 7", "1, 1", "7, 0", "NC", "NC"]
    dot = to_dot(report.game, report.equilibria, struck=report.struck)
    assert dot.count("<S>") == 5 and "<S><B>NC</B></S>" in dot
    text = report.to_text()
    assert "~~NC~~   7, 0     1, 1" in text
    assert "~~S~~: strategy S is strictly dominated" in text  # the mark is explained


def test_nothing_is_struck_when_nothing_is_dominated() -> None:
    game = MatrixGame(("A", "B"), ("X", "Y"), ("U", "V"), (((1, 0), (0, 1)), ((0, 1), (1, 0))))
    report = analyse_matrix(game)
    assert report.struck == (frozenset(), frozenset())
    assert "~~" not in report.to_text() and "line-through" not in to_svg(game)
    assert "struck out" not in to_svg(game) and "<S>" not in to_dot(game)


def test_the_english_matrix(snapshot: SnapshotAssertion) -> None:
    report = analyse_matrix(prisoners_dilemma())
    assert {"text": report.to_text(),
            "svg": to_svg(report.game, report.equilibria, struck=report.struck),
            "dot": to_dot(report.game, report.equilibria, struck=report.struck)} == snapshot


@pytest.mark.parametrize("how", ["--lang", "GAMETRACE_LANG"])
def test_the_matrix_command_speaks_italian(tmp_path: Path, how: str) -> None:
    picture = tmp_path / "dilemma.svg"
    args = ["matrix", "prisoners-dilemma", "-o", str(picture)]
    env = {"GAMETRACE_LANG": "it" if how == "GAMETRACE_LANG" else ""}
    if how == "--lang":
        args += ["--lang", "it"]
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code == 0, result.output
    assert_italian(result.stdout, "matrix")
    assert result.stderr == f"scritto in {picture}\n"
    assert_italian(svg_words(picture.read_text()), "dilemma.svg")


# ------------------------------------------------------------------- the exports


def moodle_texts(data: bytes) -> list[str]:
    root = ET.fromstring(data)
    texts = [html_words(t.text or "") for tag in ("questiontext", "generalfeedback", "info")
             for part in root.iter(tag) for t in part.iter("text")]
    pictures = [svg_words(base64.b64decode(f.text or ""))
                for f in root.iter("file") if (f.get("name") or "").endswith(".svg")]
    return texts + pictures


SPECS = [QuestionSpec(2, 3, (2, 3)), QuestionSpec(3, 2, (1, 2), variant="fail-hard")]


@pytest.mark.parametrize("spec", SPECS, ids=["b2d3", "b3d2-fail-hard"])
def test_the_moodle_questions_are_italian(spec: QuestionSpec) -> None:
    data, _ = moodle_xml(spec, range(1, 4), lang="it")
    for text in moodle_texts(data):
        assert_italian(text, "a Moodle text")


AIMA_ASSIGNMENT = {"title": "Potatura alfa-beta", "source": {"example": "aima"},
                   "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
                   "items": ["value", "move", "values", "pruned", "evaluated", "alphabeta"],
                   "due": "2026-12-01T12:00:00Z"}


def test_the_lecture_tree_exported_in_italian() -> None:
    made = assignment_variants(parse_assignment(AIMA_ASSIGNMENT, id="hw1"))
    data, _ = moodle_xml(made, lang="it")
    for text in moodle_texts(data):
        assert_italian(text, "a Moodle text")
    files, _ = prairielearn_files(made, lang="it")
    prairielearn_read(files)


def prairielearn_read(files: dict[str, bytes]) -> None:
    assert_italian(html_words(files["question.html"].decode()), "question.html")
    info = json.loads(files["info.json"])
    assert_italian(info["title"] + " " + info["topic"], "info.json")
    variants = json.loads(files["variants.json"])
    for v in variants["variants"]:
        words = [v["conventions"], v["alt"], v["key"], svg_words(v["svg"]),
                 *(p["words"] for p in v["parts"])]
        assert_italian("\n".join(words), "variants.json")
    assert_italian(" ".join(variants["verdicts"].values()), "the verdicts")


@pytest.mark.parametrize("spec", SPECS, ids=["b2d3", "b3d2-fail-hard"])
def test_the_prairielearn_question_is_italian(spec: QuestionSpec) -> None:
    files, _ = prairielearn_files(spec, range(1, 4), lang="it")
    prairielearn_read(files)


def test_the_export_commands_follow_gametrace_lang(tmp_path: Path) -> None:
    bank = tmp_path / "banca.xml"
    result = CliRunner().invoke(main, ["export", "moodle", "-b", "2", "-d", "2",
                                       "--seeds", "1..2", "-o", str(bank)],
                                env={"GAMETRACE_LANG": "it"})
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith(f"2 domande Moodle scritte in {bank}\n")
    for text in moodle_texts(bank.read_bytes()):
        assert_italian(text, "a Moodle text")
