"""Each command of :data:`tracer.option_rules.OPTION_RULES` run in each of its modes, and each
option with a rule given a valid value: the command lines that the option rule's test
(tests/cli/test_option_rules.py) and its fault generator (test_option_faults.py) run.

The files they read (``a.json``, ``b.json``: two traces of aima; ``ans.json``,
``ans2.json``: answers; ``astar.json``: an A* answer) are made by :func:`files`."""

from __future__ import annotations

import json

from tracer.option_rules import OPTION_RULES

__all__ = ["ASTAR_ANSWER", "ANSWER", "CASES", "GIVEN", "MODES", "command_line"]

ANSWER = json.dumps({"value": 3, "move": "B"})
ASTAR_ANSWER = json.dumps({"cost": 4})

MODES: dict[str, dict[str, dict[str, list[str]]]] = {
    "check": {"algorithm": {"minimax": ["check", "aima", "ans.json", "-a", "minimax"],
                            "alphabeta": ["check", "aima", "ans.json"],
                            "astar": ["check", "jugs", "astar.json", "-a", "astar"],
                            "trace": ["check", "a.json", "ans.json"]},
              "answers": {"one": ["check", "aima", "ans.json"],
                          "several": ["check", "aima", "ans.json", "ans2.json"]},
              "drawing": {"with": ["check", "aima", "ans.json", "--render", "m.svg"],
                          "without": ["check", "aima", "ans.json"]}},
    "exercise": {"worksheet": {"with": ["exercise", "-b", "2", "-d", "2", "-o", "ex", "-q",
                                        "--worksheet", "s.pdf"],
                               "without": ["exercise", "-b", "2", "-d", "2", "-o", "ex",
                                           "-q"]}},
    "matrix": {"picture": {"with": ["matrix", "prisoners-dilemma", "-o", "m.png"],
                           "without": ["matrix", "prisoners-dilemma", "-o", "m.json"]}},
    "compare": {"compared": {"orders": ["compare", "aima", "--orders", "natural,reverse"],
                             "techniques": ["compare", "aima", "--depth", "2", "--techniques",
                                            "alphabeta,id"]},
                "picture": {"with": ["compare", "aima", "--orders", "natural,reverse",
                                     "--picture", "p.svg"],
                            "without": ["compare", "aima", "--orders", "natural,reverse"]},
                "output": {"stdout": ["compare", "aima", "--orders", "natural"],
                           "txt": ["compare", "aima", "--orders", "natural", "-o", "c.txt"],
                           "csv": ["compare", "aima", "--orders", "natural", "-o", "c.csv"],
                           "json": ["compare", "aima", "--orders", "natural", "-o",
                                    "c.json"]}},
    "run": {"drawing": {"with": ["run", "aima", "--render", "r.svg"],
                        "without": ["run", "aima"]}},
    "astar": {"drawing": {"with": ["astar", "jugs", "--render", "r.svg"],
                          "without": ["astar", "jugs"]},
              "printed": {"text": ["astar", "jugs"], "json": ["astar", "jugs", "--json"]}},
    "admissible": {"printed": {"text": ["admissible", "jugs"],
                               "json": ["admissible", "jugs", "--json"]}},
    "bisect": {"shown": {"text": ["bisect", "a.json", "b.json"],
                         "json": ["bisect", "a.json", "b.json", "--json"],
                         "json-picture": ["bisect", "a.json", "b.json", "--json", "--picture",
                                          "p.svg"]}},
    "regret": {"picture": {"with": ["regret", "a.json", "--picture", "p.svg"],
                           "without": ["regret", "a.json"]}},
    "stats": {"minimal": {"with": ["stats", "a.json", "--minimal"],
                          "without": ["stats", "a.json"]}},
    "render": {"steps": {"one": ["render", "a.json", "-o", "r.svg"],
                         "frames": ["render", "a.json", "--frames", "fr"],
                         "strip": ["render", "a.json", "--strip", "s.svg"],
                         "both": ["render", "a.json", "--frames", "fr", "--strip", "s.svg"]},
               "png": {"with": ["render", "a.json", "-o", "r.png"],
                       "without": ["render", "a.json", "-o", "r.svg"]}},
}
"""A command line that runs each command in each mode of each dimension."""

GIVEN = {"--algorithm": ["-a", "minimax"], "--variant": ["--variant", "fail-hard"],
         "--heuristic": ["--heuristic", "zero"], "--param": ["-p", "goal=4"],
         "--order": ["--order", "reverse"], "--seed": ["--seed", "3"],
         "--depth": ["--depth", "1"], "--cut-on": ["--cut-on", "gt"],
         "--root-player": ["--root-player", "min"], "--render": ["--render", "x.svg"],
         "--table": ["--table", "t.csv"], "--jobs": ["--jobs", "1"],
         "--preset": ["--preset", "slides"], "--size": ["--size", "a4-landscape"],
         "--ask": ["--ask", "alpha-beta"], "--repeat": ["--repeat", "1"],
         "--technique": ["--technique", "id"], "--side-by-side": ["--side-by-side", "a,b"],
         "--theme": ["--theme", "print"], "--format=table": ["--format", "table"],
         "--format=csv": ["--format", "csv"], "--format=json": ["--format", "json"],
         "--limit": ["--limit", "3"], "--width": ["--width", "2"],
         "--details": ["--details", "dd"], "--max-ply": ["--max-ply", "50"],
         "--step": ["--step", "leaf"], "--frame-format": ["--frame-format", "png"],
         "--max-frames": ["--max-frames", "50"], "--strip-columns": ["--strip-columns", "2"],
         "--dpi": ["--dpi", "100"]}
"""How each option with a rule is given (a valid value)."""

CASES = [(name, rule.option, dimension, mode)
         for name, table in OPTION_RULES.items() for rule in table.rules
         for dimension in (rule.dimension,)
         for mode in table.dimensions[dimension] if mode not in rule.modes]




def command_line(name: str, option: str, dimension: str, mode: str) -> list[str]:
    """``name`` run in ``mode`` of ``dimension`` with ``option`` given."""
    return [*MODES[name][dimension][mode], *GIVEN[option]]
