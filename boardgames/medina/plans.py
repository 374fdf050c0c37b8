"""The plan of a legal placement: what the refusals (``refusals.py``) found out while checking it, handed to the
flow (``flow.py``), which carries it out, and to the board facts (``facts.carry``), which follow it. Squares are
indexes and colours numbers, as the engine keeps them."""

from __future__ import annotations

from typing import NamedTuple


class BuildingPlan(NamedTuple):
    """A building of colour ``colour`` on ``square``, joining ``palace`` (None: starting a new palace)."""

    square: int
    colour: int
    palace: int | None


class RoofPlan(NamedTuple):
    """A roof claiming ``palace``."""

    palace: int


class StablePlan(NamedTuple):
    """A stable on ``square``, joining ``palace``."""

    square: int
    palace: int


class MerchantPlan(NamedTuple):
    """A merchant on ``square``: the start merchant (``line`` "start"), extending the line ("extend") or starting
    a new one ("new")."""

    square: int
    line: str


class WallPlan(NamedTuple):
    """A wall on ``square``, continuing the walls of ``tower``."""

    square: int
    tower: int


Plan = BuildingPlan | RoofPlan | StablePlan | MerchantPlan | WallPlan
