"""The checker's words in Italian: every English template has an Italian one, and a
check of the lecture tree is told in the course's vocabulary."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import do_search
from tracer.analysis.check.report import check_solution
from tracer.analysis.check.solution import Solution
from tracer.analysis.check.wording import EN, IT
from tracer.examples import EXAMPLES

FIELD = re.compile(r"\{(\w+)\}")

WRONG: dict[str, Any] = {"value": 3, "move": "C", "values": {"B": 3, "C": 4, "D": 2},
                         "pruned": [], "evaluated": list("EFGHIJKLM"),
                         "alphabeta": {"C": {"alpha": 3, "beta": 4}}}
"""The lecture tree answered by a student who did not cut at C."""


def test_every_english_template_has_an_italian_one_with_the_same_fields() -> None:
    assert EN.keys() == IT.keys()
    for key, text in EN.items():
        assert set(FIELD.findall(IT[key])) == set(FIELD.findall(text)), key


def test_the_italian_words_are_italian() -> None:
    same = [k for k in EN if EN[k] == IT[k] and FIELD.sub("", EN[k]).strip(" ;:,()=")]
    assert same == ["check.beta"]  # beta is beta in both


def report(lang: str) -> Any:
    trace = do_search(EXAMPLES["aima"].text, "alphabeta", "fail-soft").trace
    return check_solution(Solution.from_json(WRONG), trace, lang=lang)


def test_an_italian_check_of_the_lecture_tree_uses_the_course_words() -> None:
    r = report("it")
    why = {i.key: i.why for i in r.items if not i.right}
    assert why["evaluated"] == ("in C, dopo la foglia H = 2: beta = 2 <= alfa = 3, quindi i "
                                "figli rimanenti di C (I = 4, J = 6) sono potati; hai "
                                "valutato I, J")
    assert why["values.C"].startswith("C è un nodo MIN; dopo la foglia H = 2")
    assert why["move"] == "A = 3 viene da B, il primo figlio che lo raggiunge; C riporta " \
                          "<=2; hai scelto C"
    text = r.to_text()
    assert text.splitlines()[0] == "Verifica di la risposta rispetto a alphabeta " \
                                   "(fail-soft) su None"
    for word in ("Primo errore (move, all'evento 9 della traccia attesa):", "Diagnosi:",
                 "un taglio mancante in C", "SBAGLIATO", "punteggio: 4.78 / 9",
                 "atteso I J; hai scritto (nessuno)"):
        assert word in text
    for english in ("you wrote", "pruned;", "First mistake", "Diagnosis", " at C"):
        assert english not in text
    assert {i["item"]: i["given"] for i in r.to_json()["items"]}["pruned"] == "(none)"
    cause = r.to_json()["diagnosis"][0]["causes"][0]
    assert cause["where"] == "in C" and cause["title"] == "un taglio mancante"


def test_english_stays_the_default() -> None:
    r = report("en")
    assert r.to_text() == check_solution(
        Solution.from_json(WRONG),
        do_search(EXAMPLES["aima"].text, "alphabeta", "fail-soft").trace).to_text()
    assert "you evaluated I, J" in r.to_text()


def test_the_checker_writes_the_languages_the_drawings_do() -> None:
    from tracer.analysis.check.wording import LANGS
    from tracer.render.model.render_options import LANGS as DRAWN

    assert LANGS == DRAWN


def test_an_italian_astar_check_names_the_open_list() -> None:
    from tracer._api import check_answer

    r = check_answer({"expanded": ["n0", "n2", "n1"], "cost": 5,
                      "conventions": {"algorithm": "astar"}}, problem="jugs", lang="it")
    why = {i.key: i.why for i in r.items if not i.right}
    assert why["expanded"].startswith("selezione 2: la lista aperta contiene n1 (3,0) f = 2")
    assert why["expanded"].endswith("al suo posto hai messo n2 (0,5)")
    assert why["cost"].startswith("l'obiettivo n23 (1,5) è selezionato con g = 4")
    assert r.title == "A* (graph, euristica lecture) su jugs"
