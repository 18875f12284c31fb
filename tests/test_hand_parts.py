"""The hand's layout: phase modules that do not import each other, one place that sets the phase, named parts."""

from __future__ import annotations

import ast
import re
from dataclasses import FrozenInstanceError
from pathlib import Path
from typing import get_args

import pytest

from mahjong_tui.engine import Game, Phase, hand
from mahjong_tui.engine.steps import Step

ENGINE = Path(hand.__file__).parent

#: the modules that each hold one phase's rules (hand.py's docstring names them)
PHASES = ("deal", "initial", "dealt_wins", "turn", "claims", "kongs", "haidi", "settlement")

#: modules of pieces several phases share: they import no phase either
SHARED = ("wins", "kong_options", "steps", "parts", "state")


def engine_imports(name: str) -> set[str]:
    """The engine modules ``name`` imports, at run time or for type checking alone."""
    tree = ast.parse((ENGINE / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(a.name for a in node.names)
            elif node.module and node.module.startswith("mahjong_tui.engine."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[2] for a in node.names if a.name.startswith("mahjong_tui.engine."))
    return found


@pytest.mark.parametrize("name", PHASES)
def test_a_phase_module_imports_no_other_phase(name):
    """No phase calls another: what follows is a step the hand runs."""
    assert engine_imports(name) & set(PHASES) == set()


@pytest.mark.parametrize("name", SHARED)
def test_shared_pieces_import_no_phase(name):
    """What several phases share depends on none of them."""
    assert engine_imports(name) & set(PHASES) == set()


def test_the_docstring_names_the_phase_modules():
    """hand.py says which modules are phases, and they are the ones checked here."""
    doc = hand.__doc__ or ""
    listed = doc.split("these are the phase modules:")[1].split("\n\n")[1]
    assert tuple(re.findall(r":mod:`\.(\w+)`", listed)) == PHASES


def phase_assignments(path: Path) -> list[int]:
    """Lines of ``path`` that assign an attribute named ``phase``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and sub.attr == "phase":
                    lines.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "phase":
                lines.append(node.lineno)
    return lines


def test_only_the_hand_sets_the_phase():
    """The hand's phase is set in hand.py alone, when a step asks the seats something or ends the hand."""
    setters = {p.name: phase_assignments(p) for p in sorted(ENGINE.glob("*.py"))}
    assert {name for name, lines in setters.items() if lines} == {"hand.py"}


def test_every_step_has_a_runner_and_every_phase_a_handler():
    """The two tables are complete: each step the handlers may return is run, each waiting phase handled."""
    assert set(hand.STEPS) == set(get_args(Step))
    assert set(hand.PHASE_ACTIONS) == set(Phase) - {Phase.ENDED}


def test_the_parts_hold_the_state():
    """What outside code reads of a hand comes from its parts, and cannot be set around them."""
    game = Game("changsha", seed=3)
    h = game.hand
    assert h.dealer == h.opening.dealer and h.dice == h.opening.dice
    assert h.current == h.turn.current and h.payments is h.result.payments
    assert h.decisions is h.window.answers and h.offered_wins is h.window.offered_wins
    assert h.huangfan == h.opening.huangfan
    with pytest.raises(AttributeError):
        h.current = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        h.opening.dealer = 2  # type: ignore[misc]


def test_the_huangfan_counter_passed_on_once_the_hand_is_over():
    """During the hand the counter is the one it is played under; once over, the one the next hand starts from."""
    game = Game("shanghai", seed=5)
    h = game.hand
    before = h.huangfan
    while not h.over:
        seat = h.pending_seats()[0]
        game.apply(h.legal_actions(seat)[-1])
    assert h.opening.huangfan == before and h.huangfan == h.result.next_huangfan
    assert h.huangfan == game.huangfan
