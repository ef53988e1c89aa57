"""The package's public face: ``import tracer``."""

from __future__ import annotations


def test_dir_of_the_package_lists_each_public_name_once() -> None:
    import tracer

    tracer.load_tree  # noqa: B018  # loaded names were listed twice
    names = dir(tracer)
    assert len(names) == len(set(names)) and "load_tree" in names and "__version__" in names
    assert not {"Any", "importlib", "TYPE_CHECKING", "annotations"} & set(names)
