"""Each job of ``tracer.analysis`` names what other layers import from it, loaded on first
use: every name listed is there, is the defining module's own, and is loaded only when
asked for."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

from tracer.analysis import exports

JOBS = ("check", "orderings", "matrices", "astar")


@pytest.mark.parametrize("job", JOBS)
def test_each_job_exports_exactly_the_names_it_lists(job: str) -> None:
    package = importlib.import_module(f"tracer.analysis.{job}")
    where = package._WHERE
    assert sorted(package.__all__) == sorted(where) == dir(package)
    # A name that is also a module's would be replaced by the module once it is imported.
    modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
    assert not modules & set(where)
    for name, module in where.items():
        defining = importlib.import_module(f"tracer.analysis.{job}.{module}")
        assert getattr(package, name) is getattr(defining, name), name
        assert name in defining.__all__, f"{module} does not export {name}"


def test_an_unknown_name_is_an_attribute_error_naming_the_package() -> None:
    getattr_, dir_ = exports("tracer.analysis.check", {"Report": "report"})
    with pytest.raises(AttributeError, match=r"'tracer.analysis.check' has no attribute "
                                             r"'Reprot'"):
        getattr_("Reprot")
    assert dir_() == ["Report"]


def test_a_module_of_one_job_loads_neither_the_others_nor_the_searches() -> None:
    # The diff and the ordering counter are light: importing them through their package
    # must not import the checker (which searches again) or another job.
    code = ("import sys\nimport tracer.analysis.check.diff\n"
            "from tracer.analysis.orderings import Counter\n"
            "print(sorted(m for m in sys.modules if m.startswith(('tracer.analysis', "
            "'tracer.search'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == str(["tracer.analysis", "tracer.analysis.check",
                               "tracer.analysis.check.diff", "tracer.analysis.check.solution",
                               "tracer.analysis.orderings",
                               "tracer.analysis.orderings.counting"])
