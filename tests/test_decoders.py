"""Every reader of data from outside, fed random bytes and random JSON: a value, or its own error in one line.

The readers are the wire's (a view, an event, a score, words), the messages each end of a
table connection reads, the calculator's and the hint command's inputs, a record, an action in
it, a save, its journal, and the settings file. None may raise anything but its own error, and none may
say more than one line.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_tui.book.calculator import situation_from_json
from mahjong_tui.book.json_io import InputError
from mahjong_tui.engine import Action, RecordError, game_from_record
from mahjong_tui.keep.journal import journal_path, read_journal
from mahjong_tui.keep.safe_json import JsonProblem, parse_json
from mahjong_tui.keep.saves import read_file, read_game
from mahjong_tui.keep.settings import load_settings
from mahjong_tui.learn.hint_input import hint_from_json
from mahjong_tui.net.protocol import ProtocolError, read_message
from mahjong_tui.net.server_messages import read_server_message
from mahjong_tui.net.wire import WireError, decode_event, decode_result, decode_view, decode_words

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)
#: fields the readers know, so that random objects often reach past the first check
KNOWN = "rules winner hand melds type tiles from event table seat players name bot mark at action journal".split()
OBJECTS = st.dictionaries(st.sampled_from(KNOWN) | st.text(max_size=6), JSON, max_size=6)
#: random input as text: bytes (often not UTF-8), JSON values, objects with fields the readers know
TEXTS = st.binary(max_size=64) | JSON.map(json.dumps).map(str.encode) | OBJECTS.map(json.dumps).map(str.encode)


def one_line(error: Exception) -> None:
    """An error a reader raises says one line."""
    text = str(error)
    assert text and "\n" not in text, text


def parsed(data: bytes) -> object:
    """``data`` read as JSON through the bounded pre-filter every reader of a file stands behind."""
    return parse_json(data.decode("utf-8", "replace"), where="input")


def through_filter(reader: Callable[[object], object], error: type[Exception]) -> Callable[[bytes], None]:
    """``reader`` fed what the pre-filter lets through; its error or the filter's, in one line."""

    def read(data: bytes) -> None:
        try:
            reader(parsed(data))
        except (JsonProblem, error) as e:
            one_line(e)

    return read


def wire(decode: Callable[[object], object]) -> Callable[[bytes], None]:
    """A wire decoder fed the bytes as JSON text."""
    return message(decode, WireError)


def message(reader: Callable[[bytes], object], error: type[Exception]) -> Callable[[bytes], None]:
    """A reader of one message (a connection's, or the wire's), fed the bytes as the message."""

    def read(data: bytes) -> None:
        try:
            reader(data)
        except error as e:
            one_line(e)

    return read


def save_file(data: bytes) -> None:
    """A save holding ``data``: read, or refused in one line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(data)
        try:
            read_file(path)
        except RecordError as e:
            one_line(e)


def journal(data: bytes) -> None:
    """A journal holding ``data`` beside a save with a mark: lines kept up to a cut, which says why in one line."""
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "game.json"
        journal_path(save).write_bytes(data)
        read = read_journal({"journal": "m"}, save)
        assert read.cut is None or "\n" not in read.cut.why


def settings_file(data: bytes) -> None:
    """A settings file holding ``data``: the settings, with any problem in one line."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.toml"
        path.write_bytes(data)
        loaded = load_settings(path)
        assert "\n" not in loaded.problem


READERS: dict[str, Callable[[bytes], None]] = {
    "view": wire(decode_view),
    "event": wire(decode_event),
    "score": wire(decode_result),
    "words": wire(decode_words),
    "server message": message(read_server_message, WireError),
    "client message": message(read_message, ProtocolError),
    "score input": through_filter(situation_from_json, InputError),
    "hint input": through_filter(lambda d: hint_from_json(d), InputError),
    "record": through_filter(game_from_record, RecordError),
    "action": through_filter(Action.from_json, ValueError),
    "save data": through_filter(read_game, RecordError),
    "save file": save_file,
    "journal": journal,
    "settings": settings_file,
}


@pytest.mark.parametrize("name", list(READERS))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=TEXTS)
def test_any_input_is_read_or_refused_in_one_line(name: str, data: bytes) -> None:
    """Random bytes, random JSON, random objects with the fields readers know: never a traceback, never two lines."""
    READERS[name](data)


def test_each_command_s_help_describes_exactly_the_fields_its_input_declares() -> None:
    """``score --help`` and ``hint --help`` list the fields ScoreInput and HintInput declare, in their order."""
    from mahjong_tui.book.calculator import FIELD_DOCS as SCORE_FIELDS
    from mahjong_tui.book.json_io import HintInput, ScoreInput
    from mahjong_tui.learn.hint_input import FIELD_DOCS as HINT_FIELDS

    assert tuple(SCORE_FIELDS) == ScoreInput.__struct_encode_fields__
    assert tuple(HINT_FIELDS) == HintInput.__struct_encode_fields__
