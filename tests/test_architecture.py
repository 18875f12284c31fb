"""The structure the code keeps: the engine owns its contract, rule sets are objects, names stay public.

Each check reads the source (its syntax tree, not its text), so a comment or a docstring
that names a module is not counted, and a lazy import inside a function is.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mahjong_tui.engine as engine
from mahjong_tui.engine import ruleset_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mahjong_tui"
ENGINE = PACKAGE / "engine"


def sources(*folders: Path) -> list[Path]:
    """Every Python file under the folders."""
    return sorted(p for folder in folders for p in folder.rglob("*.py"))


def tree(path: Path) -> ast.Module:
    """The file's syntax tree."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def test_the_engine_never_imports_the_rule_sets():
    """The engine owns the contract rule sets implement; no engine module imports them, eagerly or lazily."""
    offenders = {
        str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p) if m.startswith("mahjong_tui.rules"))
        for p in sources(ENGINE)
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_engine_imports_no_ui_library():
    """The engine, the rules and the bots import neither textual nor rich."""
    offenders = {
        str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p) if m.split(".")[0] in ("textual", "rich"))
        for p in sources(ENGINE, PACKAGE / "rules", ROOT / "bots")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def _names_compared(path: Path) -> list[str]:
    """Rule-set names a file compares something with, and every read of a ``.family`` attribute."""
    presets = set(ruleset_names()) | {"shanghai", "changsha"}
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Constant) and side.value in presets:
                    found.append(f"{path.name}:{node.lineno} compares with {side.value!r}")
        elif isinstance(node, ast.Attribute) and node.attr == "family":
            found.append(f"{path.name}:{node.lineno} reads .family")
    return found


def test_no_rule_set_name_is_compared_outside_the_rules():
    """Rule-specific behaviour is asked of the rule set object; nothing outside ``rules/`` compares a name."""
    folders = [f for f in PACKAGE.iterdir() if f.is_dir() and f.name != "rules"]
    files = sources(*folders, ROOT / "bots") + sorted(PACKAGE.glob("*.py"))
    assert [hit for p in files for hit in _names_compared(p)] == []


@pytest.mark.parametrize("path", sources(ENGINE), ids=lambda p: p.name)
def test_engine_modules_stay_small(path: Path):
    """No engine file over 500 lines: each module holds one part of the rules of play."""
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 500


def test_the_public_engine_api_is_complete():
    """Everything the engine exports exists, and what tests and scripts need is among it."""
    for name in engine.__all__:
        assert hasattr(engine, name), name
    needed = {
        "Game",
        "Hand",
        "Action",
        "ActionKind",
        "KongMode",
        "IllegalAction",
        "Phase",
        "GameOptions",
        "get_ruleset",
        "parse_tiles",
        "format_tiles",
        "RiggedDeal",
        "rigged_hand",
        "play_until_decision",
        "table_view",
        "seat_view",
        "PlayerWon",
        "HandEnded",
    }
    assert needed <= set(engine.__all__)


def _private_uses(path: Path) -> list[str]:
    """``obj._name`` where ``obj`` is not ``self``/``cls`` (dunders aside)."""
    found = []
    for node in ast.walk(tree(path)):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
    return found


def test_tests_and_scripts_use_public_names_only():
    """No test or script reaches into a module's private names."""
    files = sources(ROOT / "tests", ROOT / "scripts")
    assert [hit for p in files for hit in _private_uses(p)] == []


def test_bot_levels_and_the_258_table_are_defined_once():
    """The bot levels live in ``bots``, the 2-5-8 kinds in ``engine.tiles``: no other definition."""
    levels = ("easy", "normal", "hard", "expert")
    hits = []
    for p in sources(PACKAGE, ROOT / "bots", ROOT / "scripts"):
        for node in ast.walk(tree(p)):
            if (
                isinstance(node, ast.Tuple)
                and tuple(e.value for e in node.elts if isinstance(e, ast.Constant)) == levels
            ):
                hits.append(str(p.relative_to(ROOT)))
            if (
                isinstance(node, ast.Tuple | ast.Set)
                and {e.value for e in node.elts if isinstance(e, ast.Constant)} == {1, 4, 7}
                and len(node.elts) == 3
            ):
                hits.append(f"{p.relative_to(ROOT)}: 1, 4, 7")
    assert sorted(hits) == ["bots/__init__.py", "mahjong_tui/engine/tiles.py: 1, 4, 7"]
