"""The classroom's and the front door's errors in Italian: each is a sentence of the
catalogs (``error.said``), worded whole from ``tracer/locale/it`` with the values it
quotes kept as they came, while its English (``str(error)``) stays what it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracer._api import (
    analyse_matrix_source,
    compare_orders,
    parse_params,
    validate_file,
    worksheet_svg,
)
from tracer._api.capturing import capture_when
from tracer.analysis.check import Conventions, expected_trace
from tracer.classroom.assignments import whole_message
from tracer.classroom.exports import QuestionSpec, make_variants, moodle_xml, parse_seeds
from tracer.classroom.exports.moodle import check_name
from tracer.classroom.gradebook import Submission, build_gradebook
from tracer.classroom.reading import parse_assignment
from tracer.classroom.steps import StepSession
from tracer.errors import InputError, LimitExceeded, TracerError, UsageError
from tracer.said import said
from tracer.spec import SearchSpec
from tracer.trees import parse_tree_json

AIMA: dict[str, Any] = {
    "title": "Alpha-beta on the AIMA tree",
    "source": {"example": "aima"},
    "spec": {"algorithm": "alphabeta", "variant": "fail-soft"},
    "items": ["value", "move"],
    "due": "2026-12-01T12:00:00Z",
}


def assignment(**changes: Any) -> Callable[[], object]:
    return lambda: parse_assignment({**AIMA, **changes}, id="hw1")


def session() -> StepSession:
    trace, _ = expected_trace("aima", Conventions(algorithm="alphabeta", variant="fail-soft"))
    return StepSession.for_trace(trace)


def answered(step: dict[str, Any]) -> Callable[[], object]:
    return lambda: session().answer(step)


def finished() -> None:
    s = session()
    for step in s.steps:
        s.answer(step.fields())
    s.answer(s.steps[0].fields())


def spec(**changes: Any) -> QuestionSpec:
    return QuestionSpec(**{"branching": 2, "depth": 2, **changes})


CASES: list[tuple[str, type[TracerError], Callable[[], object], str]] = [
    # an assignment, as a teacher writes it
    ("attempts", InputError, assignment(attempts=0),
     "atteso un numero intero da 1 a 100, trovato 0"),
    ("feedback", InputError, assignment(feedback="hints"),
     'atteso uno tra score, first-mistake, explain, full, trovato "hints"'),
    ("due", InputError, assignment(due="2026-12-01T12:00:00"),
     'atteso un orario con il suo fuso (Z o +01:00), trovato "2026-12-01T12:00:00"'),
    ("one-tree", InputError,
     assignment(source={"game": "tictactoe"}, per_student=True),
     "un gioco ha un solo albero: le varianti per studente richiedono un esempio, un "
     "albero o un esercizio"),
    ("asked-twice", InputError, assignment(items=["value", "value"]),
     "la voce value è chiesta due volte"),
    ("exercise-size", InputError,
     assignment(source={"exercise": {"branching": 6, "depth": 4}}),
     "6^4 = 1296 foglie sono troppe per un esercizio (al più 729)"),
    ("inner-node", InputError, assignment(items=[{"values": ["E"]}]),
     "'E' non è un nodo interno dell'albero (nodi interni: A, B, C, D)"),
    ("spec-variant", InputError, assignment(spec={"variant": "fail-firm"}),
     "variante di alphabeta: nessuna scelta si chiama 'fail-firm' (scegli tra: fail-soft, "
     "fail-hard, negamax, list, slide-002); forse 'fail-soft'?"),
    # a student's tree
    ("example-as-game", InputError, assignment(source={"game": "aima"}),
     "'aima' è un esempio delle lezioni, non un gioco: indicalo come {\"example\": ...}"),
    # a student's steps
    ("step-kind", InputError, answered({"kind": "jump"}),
     "atteso uno tra evaluate, cut, return, trovato 'jump'"),
    ("step-node", InputError, answered({"kind": "evaluate", "node": ""}),
     "scrivi il nome di un nodo (da 1 a 40 caratteri)"),
    ("step-value", InputError,
     answered({"kind": "evaluate", "node": "E", "value": "three"}),
     "scrivi un numero, \"+inf\" o \"-inf\", non 'three'"),
    ("step-finished", UsageError, finished, "hai già risposto a tutti i passi"),
    ("step-policy", UsageError, lambda: StepSession((), policy="hints"),
     "criterio di riscontro: nessuna scelta si chiama 'hints' (scegli tra: score, "
     "first-mistake, explain, full)"),
    ("step-session", InputError,
     lambda: StepSession.from_json({"done": 20, "first_try": [True] * 20},
                                   session().steps),
     "una sessione al passo 20 di 11 con 20 primi tentativi non corrisponde a questi passi"),
    # the gradebook
    ("score-policy", UsageError, lambda: build_gradebook([], policy="worst"),
     "criterio di punteggio: nessuna scelta si chiama 'worst' (scegli tra: best, last)"),
    ("submission", InputError, lambda: Submission.from_json({}),
     "non è una consegna salvata: 'student'"),
    # the exports
    ("seeds", UsageError, lambda: parse_seeds("0..1500"),
     "--seeds 0..1500: 1501 semi sono troppi per un'esportazione (al più 200: una "
     "variante per studente)"),
    ("no-seeds", UsageError, lambda: make_variants(spec(), []),
     "nessun seme: un'esportazione richiede almeno una variante"),
    ("bank-leaves", UsageError, lambda: make_variants(spec(branching=3, depth=6), range(28)),
     "28 varianti di 729 foglie fanno 20412 foglie, troppe per un'esportazione (al più "
     "20000): riduci --seeds o scegli un albero più piccolo"),
    ("exercise-variant", UsageError, lambda: spec(variant="fail-firm"),
     "variante dell'esercizio: nessuna scelta si chiama 'fail-firm' (scegli tra: "
     "fail-soft, fail-hard)"),
    ("cut-test", UsageError, lambda: spec(cut_on="ne"),
     "test di taglio: nessuna scelta si chiama 'ne' (scegli tra: ge, gt)"),
    ("empty-range", UsageError, lambda: spec(values=(5, 1)),
     "values: 5..1 è vuoto (MIN non deve superare MAX)"),
    ("image", UsageError, lambda: moodle_xml(spec(), [1], image="gif"),
     "formato d'immagine: nessuna scelta si chiama 'gif' (scegli tra: svg, png)"),
    ("name", UsageError, lambda: check_name(".hidden"),
     "--name '.hidden': un nome ha da 1 a 100 lettere ASCII (a-z, A-Z), cifre, spazi, '-', "
     "'_' o '.', e non comincia con '.' né con uno spazio"),
    # the front door
    ("params", UsageError, lambda: parse_params(["depth"]),
     "atteso -p KEY=VALUE, trovato 'depth'"),
    ("worksheet-game", UsageError, lambda: worksheet_svg("tictactoe"),
     "le schede si disegnano per alberi ed esempi, non per giochi: tictactoe ha più nodi "
     "di quanti ne stiano in un foglio (cercalo invece con un limite di profondità)"),
    ("worksheet-size", LimitExceeded,
     lambda: worksheet_svg(parse_tree_json({"tree": {"children": [
         {"children": [{"value": v} for v in range(50)]} for _ in range(50)]}})),
     "l'albero ha 2.500 foglie: una scheda ne disegna al più 729 (un foglio di carta)"),
    ("compare-algorithm", UsageError, lambda: compare_orders("aima", algorithm="negamax"),
     "algoritmo di cui confrontare gli ordinamenti: nessuna scelta si chiama 'negamax' "
     "(scegli tra: alphabeta, enhanced, minimax)"),
    ("matrix", UsageError, analyse_matrix_source,
     "indica uno solo tra GAME_OR_FILE e --from-tree TREEFILE (giochi incorporati: "
     "prisoners-dilemma)"),
]


@pytest.mark.parametrize(("error", "call", "italian"),
                         [pytest.param(*case[1:], id=case[0]) for case in CASES])
def test_an_error_is_worded_in_italian(error: type[TracerError], call: Callable[[], object],
                                       italian: str) -> None:
    with pytest.raises(error) as exc:
        call()
    assert exc.value.said.known_in("it")
    assert exc.value.said.worded("it") == italian
    # the English is what the error always said: the sentence, after its file and place
    shown = [getattr(exc.value, "file", None), getattr(exc.value, "where", None)]
    assert str(exc.value) == ": ".join([*filter(None, shown), str(exc.value.said)])


def test_an_assignment_error_names_its_field_in_both_languages() -> None:
    with pytest.raises(InputError) as exc:
        parse_assignment({**AIMA, "attempts": 0})
    assert (exc.value.file, exc.value.where) == ("<assignment>", "$.attempts")
    assert str(exc.value) == ("<assignment>: $.attempts: expected a whole number from 1 to "
                              "100, got 0")


def test_an_error_placed_in_an_assignment_keeps_its_own_place_and_wording() -> None:
    inner = InputError(said("expected a JSON object"), file="<tree>", where="$.children[0]")
    whole = whole_message(inner)
    assert str(whole) == str(inner) == "<tree>: $.children[0]: expected a JSON object"
    assert whole.known_in("it")
    assert whole.worded("it") == "<tree>: $.children[0]: atteso un oggetto JSON"
    usage = UsageError(said("every step is answered already"))
    assert whole_message(usage) is usage.said  # no place: the sentence itself


def test_a_long_step_answer_is_cut_to_the_same_english_as_before() -> None:
    raw = "x" * 500
    with pytest.raises(InputError) as exc:
        session().answer({"kind": "evaluate", "node": "E", "value": raw})
    english = str(exc.value.said)
    assert english == f"expected a number, \"+inf\" or \"-inf\", got {raw!r}"[:200]
    assert exc.value.said.worded("it").startswith("scrivi un numero, \"+inf\" o \"-inf\", "
                                                  "non 'xxx")


def test_a_capture_into_a_full_folder_is_worded(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    with pytest.raises(UsageError) as exc:
        capture_when("aima", spec=SearchSpec(), condition="depth >= 1",
                     output=str(tmp_path))
    assert exc.value.said.worded("it") == (
        f"-o {tmp_path}: la cartella non è vuota (--capture-when scrive le catture in una "
        "cartella nuova o vuota)")


def test_an_empty_trace_stream_is_worded(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        validate_file(empty)
    assert exc.value.file == str(empty)
    assert exc.value.said.worded("it") == "flusso di traccia vuoto"
