"""The footer of the table: Textual's keys, switched in place as the keys on offer change.

At the table the keys on offer change every turn: discard is there for the player to
move, win and kong only when they can be declared. Textual's footer rebuilds every key
widget on each change, which costs a frame's worth of styling each time; this one keeps
every key it has shown and turns each on, off or out of sight in place, so that it is
rebuilt only when a key it never showed comes up (or the words of the keys change). Changes
that come while a rebuild is on its way ask for no other: the rebuild reads the keys on offer
when it runs. Each key is built with the footer's compactness already set, so that mounting it
restyles nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: a key as the footer shows it: (key, action, description, tooltip, the key as displayed)
Shown = tuple[str, str, str, str, str]


class KeysFooter(Footer):
    """A footer that shows, hides and enables its keys in place; rebuilt only for a key never shown."""

    def __init__(self, *children: Widget, **kwargs: object) -> None:
        super().__init__(*children, **kwargs)  # type: ignore[arg-type]
        self._keys: list[Shown] = []  # every key built, in the order shown
        self._built: tuple[object, ...] | None = None  # the settings they were built with
        self._rebuild_due = False  # a rebuild is asked for and has not run yet

    def _offer(self, screen: Screen[object]) -> tuple[dict[Shown, bool], Binding | None]:
        """The keys ``screen`` offers now, in order (an action's first binding), each enabled or not; the palette's."""
        offer: dict[Shown, bool] = {}
        actions: set[str] = set()
        for _, binding, on, tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in actions:  # the footer shows an action's first binding
                continue
            actions.add(binding.action)
            offer[(binding.key, binding.action, binding.description, tooltip, self.app.get_key_display(binding))] = on
        palette = screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        with_palette = self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None
        return offer, palette.binding if with_palette and palette else None

    def _settings(self, palette: Binding | None) -> tuple[object, ...]:
        return (self.compact, palette and (palette.key, palette.action, palette.description))

    def compose(self) -> Iterator[Widget]:
        """Every key shown so far, in order; those not on offer now out of sight."""
        if not self._bindings_ready:
            return
        offer, palette = self._offer(self.screen)
        self._keys = _merged(self._keys, offer)
        self._built = self._settings(palette)
        for entry in self._keys:
            key, action, description, tooltip, display = entry
            widget = FooterKey(
                key,
                display,
                description,
                action,
                disabled=not offer.get(entry, False),
                tooltip=tooltip,
                classes="-compact" if self.compact else "",
            )
            widget.set_reactive(FooterKey.compact, self.compact)
            widget.display = entry in offer
            yield widget.data_bind(compact=Footer.compact)
        if palette is not None:
            yield FooterKey(  # compact, as Textual's own footer shows it
                palette.key,
                self.app.get_key_display(palette),
                palette.description,
                palette.action,
                classes="-command-palette -compact",
                tooltip=palette.tooltip or palette.description,
            )

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Keys already built: show, hide and enable them in place; otherwise rebuild."""
        if self._built is not None and self.is_attached and screen is self.screen:
            offer, palette = self._offer(screen)
            if self._settings(palette) == self._built and _merged(self._keys, offer) == self._keys:
                widgets = [w for w in self.query(FooterKey) if not w.has_class("-command-palette")]
                if len(widgets) != len(self._keys):  # a rebuild is still being mounted: build again
                    self._rebuild(screen)
                    return
                for entry, widget in zip(self._keys, widgets, strict=True):
                    widget.display = entry in offer
                    off = not offer.get(entry, False)
                    if widget._disabled != off:
                        widget._disabled = off
                        widget.set_class(off, "-disabled")
                return
        self._rebuild(screen)

    def _rebuild(self, screen: Screen[object]) -> None:
        """Build the keys again after the next refresh, unless that is asked for already."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen or self._rebuild_due:
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild_now)

    async def _rebuild_now(self) -> None:
        self._rebuild_due = False
        await self.recompose()


def _merged(built: list[Shown], shown: Iterable[Shown]) -> list[Shown]:
    """``built`` with the keys of ``shown`` it lacks, each placed after the key shown before it."""
    out = list(built)
    after = -1
    for entry in shown:
        if entry in out:
            after = out.index(entry)
        else:
            after += 1
            out.insert(after, entry)
    return out
