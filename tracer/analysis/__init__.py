"""What is computed from traces (solution checks, statistics) and from problems and games
(heuristic checks, payoff matrices); nothing here runs a search."""
