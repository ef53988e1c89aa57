"""The LMS's roster in the gradebook (Names and Role Provisioning Services), through real
launches against the platform over HTTP (tests/lti/lti_platform.py): an instructor's launch
binds the course to the LMS context with its memberships URL, a learner's launch and
submission send her score to her line item, and the gradebook lists the context's active
learners who never launched any of the course's assignments; a platform that cannot
answer leaves the list out and says why.  On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import lti_platform as P
import pytest
from lti_tool import Tool

from tracer.analysis.check import extract_solution
from tracer.examples import example_tree
from tracer.service.lti.roster import is_active_learner, never_opened
from tracer.student import scripted_alpha_beta

RIGHT = extract_solution(scripted_alpha_beta(example_tree("aima"))).to_json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def traded(tool: Tool, response: httpx.Response) -> str:
    """The token the launch's one-time code is traded for."""
    assert response.status_code == 303, response.text
    query = urlsplit(response.headers["location"]).fragment.partition("?")[2]
    with tool.api() as c:
        r = c.post("/v1/lti/exchange", json={"code": parse_qs(query)["launch"][0]})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def member(sub: str, name: str | None, role: str = P.LEARNER, **more: Any) -> dict[str, Any]:
    return {"user_id": sub, "roles": [role], **({"name": name} if name else {}), **more}


@pytest.fixture
def course(tool: Tool, lms_browser: httpx.Client) -> Iterator[dict[str, str]]:
    """A course bound to a context of the platform by its instructor's launch, an
    assignment in it, and Ada, a learner who launched it: their ids and tokens."""
    platform, context = tool.platform, P.unique("ctx")
    ident_course, teacher = tool.course("Intelligenza Artificiale")
    ident = tool.assignment(ident_course, teacher)
    instructor = traded(tool, P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK,
                                       [P.INSTRUCTOR], P.unique("teacher"),
                                       assignment=ident, context_id=context))
    ada = P.unique("sub-ada")
    with P.browser() as other:
        student = traded(tool, P.launch(other, tool.base, platform, P.RESOURCE_LINK,
                                        [P.LEARNER], ada, assignment=ident,
                                        context_id=context, lineitem=P.unique("item")))
    yield {"course": ident_course, "assignment": ident, "teacher": instructor,
           "course_token": teacher, "ada": ada, "ada_token": student}
    platform.members, platform.memberships_answer = [], "ok"


def gradebook(tool: Tool, course: dict[str, str], **params: str) -> dict[str, Any]:
    with tool.api() as c:
        r = c.get(f"/v1/courses/{course['course']}/gradebook",
                  headers=bearer(course["course_token"]), params=params)
    assert r.status_code == 200, r.text
    book: dict[str, Any] = r.json()
    return book


def test_a_launched_learner_s_submission_reaches_her_line_item(tool: Tool,
                                                               course: dict[str, str]
                                                               ) -> None:
    platform = tool.platform
    with tool.api() as c:
        r = c.post(f"/v1/assignments/{course['assignment']}/submissions",
                   json={"answer": RIGHT}, headers=bearer(course["ada_token"]))
    assert r.status_code == 201, r.text
    end = time.monotonic() + 20
    while not [s for s in platform.scores if s.body["userId"] == course["ada"]]:
        assert time.monotonic() < end, "the score did not arrive"
        time.sleep(0.05)
    [got] = [s for s in platform.scores if s.body["userId"] == course["ada"]]
    assert (got.body["scoreGiven"], got.body["scoreMaximum"]) == (6, 6)
    assert got.content_type == "application/vnd.ims.lis.v1.score+json"


def test_the_gradebook_lists_the_active_learners_who_never_opened(tool: Tool,
                                                                  course: dict[str, str]
                                                                  ) -> None:
    platform = tool.platform
    platform.members = [
        member(course["ada"], "Ada Lovelace"),  # launched: opened
        member("sub-bob", "Bob Kahn"),
        member("sub-dan", None, given_name="Dan", family_name="Brown"),
        member("sub-eve", "Eve Short", role="Learner"),  # NRPS's short role
        member("sub-cat", "Cat Gone", status="Inactive"),
        member("sub-tea", "Teacher Two", role=P.INSTRUCTOR),
        member("sub-bob", "Bob Kahn"),  # listed twice: once
    ]
    book = gradebook(tool, course)
    assert book["lms_members_never_opened"] == [
        {"sub": "sub-bob", "name": "Bob Kahn"}, {"sub": "sub-dan", "name": "Dan Brown"},
        {"sub": "sub-eve", "name": "Eve Short"}]
    assert "lms_roster_error" not in book
    assert [s["student"] for s in book["students"]] == [course["ada"]]  # unchanged
    # the instructor's token from the launch sees the same
    with tool.api() as c:
        r = c.get(f"/v1/courses/{course['course']}/gradebook",
                  headers=bearer(course["teacher"]))
    assert r.json()["lms_members_never_opened"] == book["lms_members_never_opened"]


def test_a_roster_the_platform_cannot_give_leaves_the_list_out_and_says_why(
        tool: Tool, course: dict[str, str]) -> None:
    tool.platform.memberships_answer = "500"
    book = gradebook(tool, course)
    assert "lms_members_never_opened" not in book
    assert book["lms_roster_error"] == ("the LMS's list of members could not be read: the "
                                        "platform answered 500: Internal Server Error")
    italian = gradebook(tool, course, lang="it")["lms_roster_error"]
    assert italian == ("non è stato possibile leggere l'elenco dei membri dell'LMS: la "
                       "piattaforma ha risposto 500: Internal Server Error")
    assert gradebook(tool, course)["students"]  # the gradebook itself stands


def test_a_course_bound_to_no_context_has_no_roster(tool: Tool) -> None:
    ident, teacher = tool.course("No LMS")
    with tool.api() as c:
        book = c.get(f"/v1/courses/{ident}/gradebook", headers=bearer(teacher)).json()
    assert "lms_members_never_opened" not in book and "lms_roster_error" not in book


def test_who_counts_as_an_active_learner() -> None:
    assert is_active_learner(member("a", "A"))
    assert is_active_learner(member("a", "A", role="Learner"))
    assert is_active_learner(member("a", "A", status="Active"))
    assert not is_active_learner(member("a", "A", status="Deleted"))
    assert not is_active_learner(member("a", "A", role=P.INSTRUCTOR))
    assert not is_active_learner({"user_id": "a"})
    assert never_opened([member("b", None), member("a", "Zed"), member("c", "Amy")],
                        {"x"}) == [{"sub": "c", "name": "Amy"}, {"sub": "b", "name": "b"},
                                   {"sub": "a", "name": "Zed"}]
