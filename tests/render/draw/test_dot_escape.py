"""What reaches Graphviz cannot be hijacked: every id, label and tooltip from a trace is
quoted and escaped by tracer.render.draw.dotquote (docs/rendering.md, "What reaches
Graphviz").

Each class of hostile text has unit tests on the functions; a hypothesis property then
draws a trace whose id, move and position are any text, and checks the DOT read back
by Graphviz (pygraphviz) holds exactly the nodes, edges and attributes written, and the
SVG no image and no link.
"""

from __future__ import annotations

import re
from typing import Any

import pygraphviz
import pytest
from helpers import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.core.hostiletrace import hostile_trace
from tracer.errors import LimitExceeded, TracerError
from tracer.render.draw.dot import elements
from tracer.render.draw.dotquote import (
    DOT_LIMIT,
    LABEL_CHARS,
    NAME_CHARS,
    attr_list,
    attr_text,
    dot_name,
    edge_stmt,
    html_text,
    label_text,
    node_stmt,
    quote,
)
from tracer.render.files.engine import render
from tracer.render.pipeline import Drawing
from tracer.trace import Trace

HOSTILE_ID = '<a> image="/etc/passwd" URL="javascript:alert(1)" b=<x>'
ESCAPE_ID = '<q>; q [image="secret.png" label=""]; <r>'
"""An id that, written bare or as an HTML-like string, ends its statement and adds a
node that shows a file of the server."""


_KEEP: list[Any] = []


def _graph(*statements: str) -> Any:
    """The graph of ``statements`` as Graphviz reads it (kept alive: its nodes' handles
    die with it)."""
    g = pygraphviz.AGraph(string="digraph g {\n" + "".join(statements) + "}\n")
    _KEEP[:] = [g]
    return g


def _written(attrs: dict[str, str]) -> dict[str, str]:
    """What pygraphviz hands back for attributes we wrote (HTML-like labels lose their
    outer angle brackets)."""
    return {k: v[1:-1] if k in ("label", "xlabel") and v.startswith("<") else v
            for k, v in attrs.items()}


# ------------------------------------------------------------------ ids and ports


@pytest.mark.parametrize("key", [
    "A", "node", "3", HOSTILE_ID, ESCAPE_ID, "a:b", "a:b:n", "x -> y", "a;b", "a]b[c",
    "<b>", "--", "{}", "é ü 中",
], ids=["plain", "keyword", "number", "image-injection", "statement-injection", "port",
        "port-compass", "arrow", "semicolon", "brackets", "html-like", "dashes", "braces",
        "unicode"])
def test_every_id_is_one_quoted_node_with_no_port(key: str) -> None:
    line = node_stmt(key, {"shape": "box"}) + edge_stmt(key, "B", {})
    assert line.startswith(f"\t{quote(dot_name(key))} [")
    g = _graph(line)
    assert sorted(map(str, g.nodes())) == sorted({dot_name(key), "B"})
    (edge,) = g.edges()
    assert (str(edge[0]), str(edge[1])) == (dot_name(key), "B")
    assert not edge.attr.get("tailport") and not edge.attr.get("headport")
    assert g.get_node(dot_name(key)).attr.to_dict().get("image", "") == ""
    assert dot_name(key) == key  # none of these needs a name of its own


@pytest.mark.parametrize("key", ["a\\", "a\\\\b", "\\N", "a\\\"b", '"', "\\"])
def test_backslashes_in_ids_survive_graphviz_and_stay_apart(key: str) -> None:
    """Graphviz keeps ``\\\\`` in a quoted string as two backslashes: the name read back
    is :func:`dot_name`, which doubles them (so a trailing one cannot eat the quote)."""
    g = _graph(node_stmt(key, {}), node_stmt(key + "x", {}))
    assert sorted(map(str, g.nodes())) == sorted({dot_name(key), dot_name(key + "x")})
    assert len(set(map(str, g.nodes()))) == 2


@pytest.mark.parametrize("key", ["a\x00b", "a\x01b", "\x1b[31m", "a\x7fb", "a\x85b",
                                 "a\ud800b", "a\ufffeb", "a\nb", "a\rb", "a\tb"])
def test_control_characters_in_ids_get_a_visible_escape(key: str) -> None:
    name = dot_name(key)
    assert re.search(r"\\u[0-9a-f]{4}", name)
    assert not re.search("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe]", name)
    g = _graph(node_stmt(key, {}), node_stmt("a\\u0000b", {}))
    assert len(g.nodes()) == 2  # the escape never meets an id written that way


def test_ids_past_the_bound_are_cut_and_stay_apart() -> None:
    a, b = "L" * 17_000, "L" * 16_999 + "M"
    assert len(dot_name(a)) <= NAME_CHARS and dot_name(a) != dot_name(b)
    assert dot_name(dot_name(a)) != dot_name(a)  # an id spelt like a cut name is not one
    assert dot_name("L" * NAME_CHARS) == "L" * NAME_CHARS
    g = _graph(node_stmt(a, {}), node_stmt(b, {}), edge_stmt(a, b, {}))
    assert sorted(map(str, g.nodes())) == sorted({dot_name(a), dot_name(b)})


# ------------------------------------------------------------------ labels and attributes


def test_plain_labels_never_read_as_html_like() -> None:
    for text in ("<b>x</b>", "<>", "<x> image=\"/etc/passwd\" <y>", "&lt;b&gt;"):
        value = label_text(text)
        assert not value.startswith("<")
        assert attr_list({"label": value}).startswith(' [label="')
        (node,) = _graph(node_stmt("n", {"label": value})).nodes()
        assert node.attr["label"] == value  # a plain string, not an HTML-like one


def test_backslashes_and_escapes_in_labels_are_literal() -> None:
    assert label_text("a\\N\\l") == "a\\\\N\\\\l"  # no \N (the node's name) from data
    assert attr_text("end\\") == "end\\\\"
    (node,) = _graph(node_stmt("n", {"label": label_text("end\\"),
                                     "tooltip": attr_text('q"\\')})).nodes()
    assert node.attr["label"] == "end\\\\" and node.attr["tooltip"] == 'q"\\\\'


def test_control_characters_in_text_are_replaced() -> None:
    for fn in (label_text, attr_text, html_text):
        out = fn("a\x00b\x01c\x7fd\ud800e\uffff")
        assert out == "a\ufffdb\ufffdc\ufffdd\ufffde\ufffd", fn.__name__
    assert label_text("two\nlines") == "two\nlines"  # Graphviz breaks the line there


def test_long_texts_end_with_an_ellipsis_below_the_limit() -> None:
    for fn in (label_text, attr_text, html_text):
        out = fn("x" * 17_000)
        assert len(out) == LABEL_CHARS and out.endswith("…"), fn.__name__
    worst = html_text('"' * 17_000)  # every character an entity
    assert 2 * len(worst.encode()) + 500 < DOT_LIMIT


def test_html_labels_escape_their_data() -> None:
    assert html_text("""<B>&"'x</B>""") == "&lt;B&gt;&amp;&quot;&#x27;x&lt;/B&gt;"
    assert html_text("\\N") == "\\\\N"  # Graphviz reads \N in HTML-like labels too
    data = html_text('<IMG SRC="/etc/passwd"/>')
    label = f"<<TABLE><TR><TD>{data}</TD></TR></TABLE>>"
    (node,) = _graph(node_stmt("n", {"label": label})).nodes()
    assert "&lt;IMG" in node.attr["label"]


def test_escapes_from_data_are_drawn_as_written() -> None:
    """``\\N`` is the node's name, ``\\G`` the graph's, ``\\l`` a line break, in every
    label Graphviz draws, HTML-like ones included: from data they are text."""
    trace = Trace.from_json(hostile_trace("n\\N", "m\\G", "p\\N\\l"))
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", Drawing(trace).render("svg").decode())
    assert "p\\N\\l" in texts and "m\\G" in texts
    assert not any("gametree" in t or "gt.note" in t for t in texts)


@pytest.mark.parametrize("attr", ["image", "shapefile", "fontpath", "imagepath", "URL",
                                  "href", "tailURL", "labelhref", "target"])
def test_attributes_that_load_or_link_are_never_written(attr: str) -> None:
    with pytest.raises(ValueError, match=attr):
        attr_list({attr: "x"})


def test_an_html_label_with_an_image_or_a_link_is_refused() -> None:
    for label in ('<<IMG SRC="a.png"/>>', '<<TABLE HREF="javascript:x"><TR><TD></TD></TR>'
                                           '</TABLE>>'):
        with pytest.raises(ValueError, match="images or links"):
            attr_list({"label": label})


def test_only_labels_may_be_html_like() -> None:
    assert attr_list({"tooltip": "<x>"}) == ' [tooltip="<x>"]'
    assert attr_list({"id": "<x>"}) == ' [id="<x>"]'


def test_a_value_too_long_for_graphviz_is_one_line() -> None:
    with pytest.raises(LimitExceeded, match="longer than Graphviz reads") as caught:
        attr_list({"label": "<" + "x" * DOT_LIMIT + ">"})
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("value", ['a\\"', "a\\", "\\\\\"", "x\\\ny", "\"\"\\", ""])
def test_quote_always_ends_its_string(value: str) -> None:
    (node,) = _graph(f"\tn [tooltip={quote(value)} shape=box]\n").nodes()
    assert node.attr["shape"] == "box"  # the string ended where it should


# ------------------------------------------------------------------ the whole drawing


def _check_drawing(doc: dict[str, Any]) -> None:
    try:
        drawing = Drawing(Trace.from_json(doc))
        source = drawing.dot()
    except TracerError as exc:  # refused: one line
        assert "\n" not in str(exc)
        return
    nodes, edges = elements(drawing.view, drawing.theme)
    g = pygraphviz.AGraph(string=source)
    assert sorted(map(str, g.nodes())) == sorted(dot_name(n) for n, _ in nodes)
    assert sorted((str(a), str(b)) for a, b in g.edges()) == \
        sorted((dot_name(t), dot_name(h)) for (t, h), _ in edges)
    defaults = set(g.node_attr.keys())
    for name, attrs in nodes:
        got = {k: v for k, v in g.get_node(dot_name(name)).attr.to_dict().items() if v}
        want = _written(attrs)
        assert {k: got.get(k) for k in want if want[k]} == {k: v for k, v in want.items() if v}
        assert set(got) <= set(want) | defaults, name  # nothing injected
    for (tail, head), attrs in edges:
        edge = g.get_edge(dot_name(tail), dot_name(head))
        got = {k: v for k, v in edge.attr.to_dict().items() if v}
        want = _written(attrs)
        assert {k: got.get(k) for k in want if want[k]} == {k: v for k, v in want.items() if v}
        assert got.get("tailport", "s") == "s" and got.get("headport", "n") == "n"  # no port
    svg = render(source, "svg", pinned=False).decode()
    assert "<image" not in svg and "href" not in svg
    # The drawing with positions (what `gametrace render` writes) and its frames.
    pinned_nodes, _ = elements(drawing.view, drawing.theme, pinned=drawing.pinned)
    pinned = pygraphviz.AGraph(string=drawing.pinned_dot())
    assert sorted(map(str, pinned.nodes())) == sorted(dot_name(n) for n, _ in pinned_nodes)
    for picture in (drawing.render("svg"), *(drawing.render("svg", f.view)
                                             for f in list(drawing.frames())[:2])):
        assert b"<image" not in picture and b"href" not in picture


_SYNTAX = st.sampled_from(list('<>"\\:;[]{}=&#-/ \x00\n\r\t\x1b\x7f\u2028'))
"""Characters that mean something to DOT, HTML, escStrings, C or XML (drawn often)."""
_TEXT = st.text(st.one_of(_SYNTAX, st.characters(exclude_categories=("Cs",))),
                min_size=1, max_size=40)
_LONG = st.builds(lambda c, n: c * n, st.characters(exclude_categories=("Cs",)),
                  st.integers(17_000, 18_000))


@settings(max_examples=examples(50), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(node=st.one_of(_TEXT, _LONG), move=_TEXT, label=st.one_of(_TEXT, _LONG))
@example(node=HOSTILE_ID, move=ESCAPE_ID, label=HOSTILE_ID)
@example(node="a:b", move="<b>x</b>", label="\\")
@example(node="a\x00b", move="x\\", label="l" * 17_000)
def test_any_id_move_or_position_draws_exactly_what_was_written(
        node: str, move: str, label: str) -> None:
    if node in ("R", "N1"):
        return
    _check_drawing(hostile_trace(node, move, label))


def test_dot_graphviz_cannot_read_is_one_line() -> None:
    """A writer that is not ours (a payoff matrix's) may still hand Graphviz text it
    cannot read: one line, not an internal error (tests/faults/test_dot_faults.py checks
    that Graphviz's own lines stay off the terminal)."""
    for source in ('digraph { a [label="' + "x" * 17_000 + '"] }', "digraph { a [label=<x> }"):
        with pytest.raises(TracerError, match="Graphviz could not read the drawing: syntax "
                                              "error") as caught:
            render(source, "svg", pinned=False)
        assert "\n" not in str(caught.value)
