"""LTI 1.3 launches against a platform over HTTP (tests/lti/lti_platform.py): deep linking,
a teacher's and two students' resource-link launches, the code traded for a token, the
tool's key set; on SQLite and PostgreSQL.

What is checked is what the platform and the browser see: the 303's address (a code,
never a token), the deep-linking answer as the platform verifies it against the tool's
``/lti/jwks``, the tokens working on the classroom's own routes, the rows the store
keeps (one student however many launches).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import jwt
import lti_platform as P
from lti_tool import AIMA, Tool

from tracer.service.lti.store import LtiStore

DL_ITEMS = "https://purl.imsglobal.org/spec/lti-dl/claim/content_items"


def landed(response: httpx.Response, page: str) -> dict[str, str]:
    """The 303's page (``/#/course`` or ``/#/assignment``) and its parameters, which are
    an id and the launch's code: nothing else, no token."""
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    path, _, query = urlsplit(location).fragment.partition("?")
    assert path == page, location
    params = {k: v[0] for k, v in parse_qs(query).items()}
    assert set(params) == {"id", "launch"}, location
    assert "set-cookie" not in response.headers
    return params


def traded(tool: Tool, code: str) -> dict[str, Any]:
    with tool.api() as c:
        r = c.post("/v1/lti/exchange", json={"code": code})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    assert answer["token"] != code
    return answer


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def lti(tool: Tool) -> LtiStore:
    return LtiStore(tool.service.store)


def test_deep_linking_binds_the_course_and_answers_a_signed_resource_link(
        tool: Tool, lms_browser: httpx.Client) -> None:
    platform, context = tool.platform, P.unique("ctx")
    r = P.launch(lms_browser, tool.base, platform, P.DEEP_LINKING, [P.INSTRUCTOR],
                 P.unique("teacher"), context_id=context,
                 context_title="Ricerca con avversari")
    params = landed(r, "/course")
    course = params["id"]
    assert lti(tool).context_course(platform.issuer, context) == course
    made = lti(tool).course(course)
    assert made is not None and made.title == "Ricerca con avversari"

    answer = traded(tool, params["launch"])
    assert answer["role"] == "teacher" and answer["course"] == course
    assert answer["deep_linking"] is True
    # the teacher's token is the course's on the classroom's own routes
    ident = tool.assignment(course, answer["token"])
    with tool.api() as c:
        assert c.get(f"/v1/courses/{course}/gradebook",
                     headers=bearer(answer["token"])).status_code == 200
        got = c.post("/v1/lti/deep-link", json={"assignment": ident},
                     headers=bearer(answer["token"]))
    assert got.status_code == 200, got.text
    action, signed = got.json()["action"], got.json()["jwt"]
    assert action == platform.deep_link_return_url

    # the page posts it as a form; the platform checks it against the tool's /lti/jwks
    done = lms_browser.post(action, data={"JWT": signed})
    assert done.status_code == 200, done.text
    claims = platform.deep_links[-1]
    assert claims["iss"] == platform.client_id and claims["aud"] == [platform.issuer]
    assert claims[P.LTI + "message_type"] == "LtiDeepLinkingResponse"
    assert claims[P.LTI + "version"] == "1.3.0"
    assert claims[P.LTI + "deployment_id"] == platform.deployment_id
    assert str(claims["https://purl.imsglobal.org/spec/lti-dl/claim/data"]).startswith(
        "platform-data-")  # the settings' data, given back
    (item,) = claims[DL_ITEMS]
    assert item["type"] == "ltiResourceLink"
    assert item["title"] == AIMA["title"]
    assert item["url"] == f"{tool.base}/lti/launch"
    assert item["custom"] == {"assignment": ident}
    # value, move, the values of B, C and D, pruned: six marks, the gradebook's maximum
    assert item["lineItem"]["scoreMaximum"] == 6

    # a JWT signed by another key is not the tool's: the platform's check is real
    forged = jwt.encode(claims, platform.other_key, algorithm="RS256",
                        headers={"kid": jwt.get_unverified_header(signed)["kid"]})
    assert lms_browser.post(action, data={"JWT": forged}).status_code == 400

    # the context's next deep-linking launch lands on the same course
    again = P.launch(lms_browser, tool.base, platform, P.DEEP_LINKING, [P.INSTRUCTOR],
                     P.unique("teacher"), context_id=context,
                     context_title="Ricerca con avversari")
    assert landed(again, "/course")["id"] == course


def test_a_teacher_and_two_students_launch_and_their_tokens_work(
        tool: Tool, lms_browser: httpx.Client, other_lms_browser: httpx.Client) -> None:
    platform, context = tool.platform, P.unique("ctx")
    course, _ = tool.course("Intelligenza Artificiale 2026")
    ident = tool.assignment(course, tool.course_token(course))
    locations: list[str] = []

    # the teacher: the course page; the context is bound to the course, with the roster URL
    r = P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.INSTRUCTOR],
                 P.unique("teacher"), assignment=ident, context_id=context)
    locations.append(r.headers["location"])
    teacher = traded(tool, landed(r, "/course")["launch"])
    assert teacher["role"] == "teacher" and teacher["course"] == course
    assert teacher["deep_linking"] is False
    bound = lti(tool).context_of_course(course)
    assert bound is not None and bound.context_id == context
    assert bound.memberships_url == platform.memberships_url

    # two learners, each named as the platform names them
    ada, bob = P.unique("sub-ada"), P.unique("sub-bob")
    r = P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.LEARNER], ada,
                 assignment=ident, context_id=context, lineitem="item-ada")
    locations.append(r.headers["location"])
    params = landed(r, "/assignment")
    assert params["id"] == ident
    student = traded(tool, params["launch"])
    assert student["role"] == "student" and student["assignment"] == ident
    r = P.launch(other_lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.LEARNER], bob,
                 assignment=ident, context_id=context, name=None,
                 given_name="Bob", family_name="Kahn", lineitem="item-bob")
    locations.append(r.headers["location"])
    bob_token = traded(tool, landed(r, "/assignment")["launch"])["token"]

    with tool.api() as c:
        # the student's token opens their task; the teacher's the gradebook
        assert c.get(f"/v1/assignments/{ident}/task",
                     headers=bearer(student["token"])).status_code == 200
        assert c.get(f"/v1/assignments/{ident}/task",
                     headers=bearer(bob_token)).status_code == 200
        book = c.get(f"/v1/courses/{course}/gradebook", headers=bearer(teacher["token"]))
        assert book.status_code == 200, book.text
        # a student's token is not a teacher's
        assert c.get(f"/v1/courses/{course}/gradebook",
                     headers=bearer(student["token"])).status_code == 403
    roster = {e.student: e.name for e in tool.service.classes.roster([ident])}
    assert roster == {ada: "Ada Lovelace", bob: "Bob Kahn"}

    # Ada again, from another browser and with another line item: the same row, the
    # line item of the latest launch, a token of her own for that device
    r = P.launch(other_lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.LEARNER], ada,
                 assignment=ident, context_id=context, lineitem="item-ada-2")
    locations.append(r.headers["location"])
    second = traded(tool, landed(r, "/assignment")["launch"])
    assert second["token"] != student["token"]
    assert len(tool.service.classes.roster([ident])) == 2
    person = lti(tool).person(ident, platform.issuer, ada)
    assert person is not None and person.student == ada
    assert person.lineitem == platform.lineitem_url("item-ada-2")
    with tool.api() as c:
        for token in (student["token"], second["token"]):  # both devices keep working
            assert c.get(f"/v1/assignments/{ident}/task",
                         headers=bearer(token)).status_code == 200

    # a teaching assistant gets the teacher's view too
    r = P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.TEACHING_ASSISTANT],
                 P.unique("ta"), assignment=ident, context_id=context)
    locations.append(r.headers["location"])
    assert traded(tool, landed(r, "/course")["launch"])["role"] == "teacher"

    # no token in any address
    tokens = {teacher["token"], student["token"], bob_token, second["token"]}
    assert not [loc for loc in locations if any(t in loc for t in tokens)]


def test_a_code_is_traded_once(tool: Tool, lms_browser: httpx.Client) -> None:
    course, _ = tool.course()
    ident = tool.assignment(course, tool.course_token(course))
    r = P.launch(lms_browser, tool.base, tool.platform, P.RESOURCE_LINK, [P.LEARNER],
                 P.unique("sub"), assignment=ident)
    code = landed(r, "/assignment")["launch"]
    traded(tool, code)
    with tool.api() as c:
        for used in (code, "not-a-code"):
            again = c.post("/v1/lti/exchange", json={"code": used},
                           headers={"Accept-Language": "it"})
            assert again.status_code == 403
            assert again.headers["content-type"] == "application/problem+json"
            assert "60 s" in again.json()["detail"]
        assert c.post("/v1/lti/exchange", json={"kode": code}).status_code == 400


def test_only_a_deep_linking_teacher_gets_a_deep_linking_answer(
        tool: Tool, lms_browser: httpx.Client) -> None:
    platform, context = tool.platform, P.unique("ctx")
    course, _ = tool.course()
    ident = tool.assignment(course, tool.course_token(course))
    r = P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.INSTRUCTOR],
                 P.unique("teacher"), assignment=ident, context_id=context)
    teacher = traded(tool, landed(r, "/course")["launch"])
    r = P.launch(lms_browser, tool.base, platform, P.RESOURCE_LINK, [P.LEARNER],
                 P.unique("sub"), assignment=ident, context_id=context)
    student = traded(tool, landed(r, "/assignment")["launch"])
    r = P.launch(lms_browser, tool.base, platform, P.DEEP_LINKING, [P.INSTRUCTOR],
                 P.unique("teacher"), context_id=P.unique("ctx"))
    linking = traded(tool, landed(r, "/course")["launch"])
    with tool.api() as c:
        for token in (teacher["token"], student["token"], tool.course_token(course)):
            got = c.post("/v1/lti/deep-link", json={"assignment": ident},
                         headers=bearer(token))
            assert got.status_code == 403, got.text
        # another course's assignment is not one this launch can add
        got = c.post("/v1/lti/deep-link", json={"assignment": ident},
                     headers=bearer(linking["token"]))
        assert got.status_code == 404
        assert c.post("/v1/lti/deep-link", json={"assignment": ident}).status_code == 401


def test_the_tools_key_set_is_its_public_key(tool: Tool) -> None:
    with tool.api() as c:
        got = c.get("/lti/jwks")
    assert got.status_code == 200
    (key,) = got.json()["keys"]
    assert key["kty"] == "RSA" and key["alg"] == "RS256" and key["use"] == "sig"
    assert key["kid"]
    private = (tool.config_file.parent / "keys" / "private.key").read_bytes()
    signed = jwt.encode({"sub": "x"}, private, algorithm="RS256", headers={"kid": key["kid"]})
    public = jwt.PyJWK(key).key
    assert jwt.decode(signed, public, algorithms=["RS256"]) == {"sub": "x"}


def test_the_login_takes_a_post_too(tool: Tool, lms_browser: httpx.Client) -> None:
    course, _ = tool.course()
    ident = tool.assignment(course, tool.course_token(course))
    hint = tool.platform.prepare(P.RESOURCE_LINK, [P.LEARNER], P.unique("sub"),
                                 assignment=ident)
    form = P.login(lms_browser, tool.base, tool.platform, hint, method="POST")
    landed(P.post_form(lms_browser, form, platform=tool.platform), "/assignment")


def test_the_platforms_key_set_is_fetched_once_and_kept(tool: Tool,
                                                        lms_browser: httpx.Client) -> None:
    course, _ = tool.course()
    ident = tool.assignment(course, tool.course_token(course))
    for _ in range(2):
        landed(P.launch(lms_browser, tool.base, tool.platform, P.RESOURCE_LINK, [P.LEARNER],
                        P.unique("sub"), assignment=ident), "/assignment")
    # kept in the store for an hour, for every server process: one fetch in the module
    assert tool.platform.jwks_requests == 1
