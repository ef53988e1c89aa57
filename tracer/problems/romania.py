"""AIMA's road map of Romania (Russell & Norvig, 3rd ed., fig. 3.2) with h_SLD (fig. 3.22).

Twenty cities and twenty-three roads, lengths in km; the heuristic ``sld`` is the
straight-line distance to Bucharest, so it is admissible (and consistent) only for
the goal Bucharest.  From Arad, A* with ``sld`` expands Arad, Sibiu, Rimnicu Vilcea,
Fagaras, Pitesti and Bucharest with f = 366, 393, 413, 415, 417, 418 (fig. 3.24) and
finds Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest, 418 km.  The map is typed in
the text form of graph files, which keeps it readable and checks it the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from .graph import GRAPH_PARAMS, Graph, GraphProblem, graph_problem
from .graph_forms import parse_graph_text

__all__ = ["PARAMS", "ROMANIA", "from_params", "romania_graph"]

ROMANIA = """\
name romania
description AIMA 3rd ed. fig. 3.2 (roads in km) and fig. 3.22 (straight-line distance to Bucharest)
start Arad
goal Bucharest

# the roads of fig. 3.2, each once (both ways); a city's roads are tried in this order
Arad -- Zerind 75
Arad -- Sibiu 140
Arad -- Timisoara 118
Zerind -- Oradea 71
Oradea -- Sibiu 151
Timisoara -- Lugoj 111
Lugoj -- Mehadia 70
Mehadia -- Drobeta 75
Drobeta -- Craiova 120
Craiova -- Rimnicu Vilcea 146
Craiova -- Pitesti 138
Sibiu -- Fagaras 99
Sibiu -- Rimnicu Vilcea 80
Rimnicu Vilcea -- Pitesti 97
Fagaras -- Bucharest 211
Pitesti -- Bucharest 101
Bucharest -- Giurgiu 90
Bucharest -- Urziceni 85
Urziceni -- Hirsova 98
Hirsova -- Eforie 86
Urziceni -- Vaslui 142
Vaslui -- Iasi 92
Iasi -- Neamt 87

heuristic sld
h Arad 366
h Bucharest 0
h Craiova 160
h Drobeta 242
h Eforie 161
h Fagaras 176
h Giurgiu 77
h Hirsova 151
h Iasi 226
h Lugoj 244
h Mehadia 241
h Neamt 234
h Oradea 380
h Pitesti 100
h Rimnicu Vilcea 193
h Sibiu 253
h Timisoara 329
h Urziceni 80
h Vaslui 199
h Zerind 374
"""
"""The map in the text form of graph files."""

PARAMS: dict[str, tuple[str, str]] = {
    "start": ("Arad", "the city the trip starts from"),
    "goal": ("Bucharest", GRAPH_PARAMS["goal"][1].split(" [")[0]
             + " (sld measures the distance to Bucharest)"),
}
"""Parameter -> (default, help)."""


@cache
def romania_graph() -> Graph:
    """The map, parsed once."""
    return parse_graph_text(ROMANIA, file="<romania>")


def from_params(params: Mapping[str, str]) -> GraphProblem:
    """The map with ``-p start=CITY`` (default Arad) and ``-p goal=CITY`` (Bucharest)."""
    return graph_problem(romania_graph(), "romania", params)
