"""The front door's calls: what the command line (:mod:`tracer.cli`) and the web service
(:mod:`tracer.service`) call.  Private: a script or a notebook imports :mod:`tracer`,
whose functions (:mod:`.front`) call these; a name here may move.

Each call resolves a source once (a file, a built-in example or game, or content posted
to the service: :mod:`tracer.sources`), takes a frozen :class:`SearchSpec` (or its
keyword options, from which it makes one) and returns the library's own result objects;
errors are the library's (:mod:`tracer.errors`), which only the faces turn into exit
codes and HTTP answers.  By concept:

- :mod:`.reading`: ``-p`` parameters, trees and traces posted as content, a trace's text;
- :mod:`.searching`: search a tree, a source or posted content (``gametrace run``);
- :mod:`.drawing`: draw a trace, the worksheet of a tree (``gametrace render``);
- :mod:`.checking`: judge an answer, exercises, diffs, orderings, heuristics;
- :mod:`.comparing`: what orderings and techniques save (``gametrace compare``);
- :mod:`.matrices`: payoff matrices (``gametrace matrix``);
- :mod:`.validating`: what a file is, checked against its schema (``gametrace validate``).
"""

from __future__ import annotations

from ..limits import Limits
from ..spec import FIELDS, SearchSpec
from .checking import (
    check_admissible,
    check_answer,
    check_answer_file,
    check_class_files,
    class_table_format,
    compare_orders,
    diff_files,
    diff_traces,
    make_exercise,
    write_class_table,
    write_exercise_files,
)
from .comparing import ComparedOutputs, compare_outputs
from .drawing import (
    MAX_SHEET_LEAVES,
    DrawnOutputs,
    FramePictures,
    draw_outputs,
    draw_trace_file,
    frame_pictures,
    worksheet_svg,
)
from .matrices import analyse_matrix_source, write_matrix
from .reading import Content, builtin_names, parse_params, read_trace, read_tree, trace_text
from .searching import (
    RunOutcome,
    SearchSummary,
    record_search,
    run_source,
    search_content,
    search_problem,
    search_source,
    search_tree,
    summary_title,
)
from .validating import check_trace, source_tree_shape, validate_file

__all__ = [
    "FIELDS",
    "MAX_SHEET_LEAVES",
    "ComparedOutputs",
    "Content",
    "DrawnOutputs",
    "FramePictures",
    "Limits",
    "RunOutcome",
    "SearchSpec",
    "SearchSummary",
    "analyse_matrix_source",
    "builtin_names",
    "check_admissible",
    "check_answer",
    "check_answer_file",
    "check_trace",
    "check_class_files",
    "class_table_format",
    "compare_orders",
    "compare_outputs",
    "diff_files",
    "diff_traces",
    "draw_outputs",
    "draw_trace_file",
    "frame_pictures",
    "make_exercise",
    "parse_params",
    "read_trace",
    "read_tree",
    "record_search",
    "run_source",
    "search_content",
    "search_problem",
    "search_source",
    "search_tree",
    "summary_title",
    "source_tree_shape",
    "trace_text",
    "validate_file",
    "worksheet_svg",
    "write_class_table",
    "write_exercise_files",
    "write_matrix",
]
