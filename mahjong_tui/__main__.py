"""``python -m mahjong_tui``: the same as the ``mahjong-tui`` command."""

from mahjong_tui.cli import main

raise SystemExit(main())
