"""The package's public face: ``import tracer``."""

from __future__ import annotations


def test_dir_of_the_package_lists_each_public_name_once() -> None:
    import tracer

    # Names load on first use (PEP 562); once loaded, they were listed twice.
    loaded = tracer.load_tree
    assert callable(loaded)
    names = dir(tracer)
    assert len(names) == len(set(names)) and "load_tree" in names and "__version__" in names
    assert not {"Any", "importlib", "TYPE_CHECKING", "annotations"} & set(names)


def test_an_event_gives_a_dict_and_json_text() -> None:
    import json

    from tracer.events import Cut, event_from_json
    from tracer.jsonio import dumps_json

    cut = Cut(7, "C", "alpha", "H", 3, 2, 2, ("I", "J"))
    data = cut.to_dict()
    assert data["type"] == "cut" and data["pruned"] == ["I", "J"]
    assert cut.to_json() == dumps_json(data) and json.loads(cut.to_json()) == data
    assert event_from_json(json.loads(cut.to_json())) == cut
