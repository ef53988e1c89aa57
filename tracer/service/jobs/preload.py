"""Imported by the forkserver that starts the job workers (:mod:`.pool`): it imports and
warms what jobs use (:func:`.warm.warm_up`) once, so that every worker forked from it
starts warm."""

from __future__ import annotations

from .warm import warm_up

warm_up()
