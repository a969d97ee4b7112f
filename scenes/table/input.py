"""Input at the shared table: the mouse (click, drag and drop, right-click zoom) and the keys (a mixin of
``TableScene``).

Every key goes to the keyboard play first (``keyboard.py``: Tab and the arrows
cycle the legal gestures); what it leaves is the table's: Esc closes what is
open (score table, zoom, a picked-up card) or opens the menu, Ctrl+Z undoes,
Enter continues a held round end, opens the results or presses the only
button. A drop asks the gesture index which decisions it means; one is made at
once, several are asked in a menu.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Gesture
from scenes.table import kit
from scenes.table.gestures import GestureMenu
from scenes.table.sprites import CardTag


class TableInput:
    """Mouse and key handling of ``TableScene`` (a mixin: the attributes it reads are the scene's)."""

    menu: GestureMenu | None
    selected: kit.CardSprite | None
    zoom_pinned: kit.CardSprite | None
    mouse: tuple[int, int]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            pinned = self.zoom_pinned
            if pinned is not None:  # a right-clicked card's zoom closes when the pointer leaves that card
                home = pinned.rect.union(pinned.home_rect)
                if home.collidepoint(self.mouse) and not home.collidepoint(event.pos):
                    self.zoom_pinned = None
            self.mouse = event.pos
            self._still_t = 0.0
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and self.keyboard.handle_key(event):
            return  # keyboard play (Tab, arrows, Enter, Esc on its focus) comes first
        if self.menu is not None:
            self.menu.handle_event(event)
            if self.menu is not None and self.menu.closed:
                self.menu = None
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self._refused_undo_click(event):
            return
        for b in self._side_buttons():
            if b.handle_event(event):
                return
        if self.score_open and self._score_event(event):
            return
        if self.log.handle(event, self.mouse):
            return
        if self.focus.handle_click(event):  # an opponent's header opens its area big; the overlay is read-only
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            spr = self.drag.sprite_at(event.pos)
            self.zoom_pinned = None if spr is self.zoom_pinned else spr
            self.zoom_off = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zoom_pinned = None
            if self.drag.sprite_at(event.pos, seen=True) is None:
                self._click_empty(event.pos)
                return
        self.drag.handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        if self.moments.waiting_for_player and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.moments.go_on()  # Enter continues from a held round end, as the Continue button does
            return True
        if event.key == pygame.K_ESCAPE:
            if self.score_open:
                self.score_open = False
            elif self.focus.is_open:
                self.focus.close(stay_away=True)
            elif self.zoom_sprite() is not None:
                self.close_zoom()
            elif self.selected is not None:
                self.selected = None
                self.sync()
            elif not self.hint_view.escape():
                self.open_pause()
            return True
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        from scenes.table.legend import open_from_zoom

        if open_from_zoom(self, event):  # ? or F1 over a zoomed card: the rules viewer's legend (issue 29)
            return True
        if self.hint_view.handle_key(event):  # H: a hint (hint_view.py)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.match.is_over() and self.finished:
                self.show_results()
            elif len(self.gestures.buttons) == 1:
                self.perform(self.gestures.buttons[0])
            return True
        return False

    def _score_event(self, event: pygame.event.Event) -> bool:
        if self.close_score_btn.handle_event(event):
            return True
        if self.round_btn.visible and self.round_btn.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.score_scroll = max(0, self.score_scroll - event.y * int(40 * self.k))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and not self.score_rect.collidepoint(event.pos):
                self.score_open = False
            return True
        return False

    def _click_empty(self, pos: tuple[int, int]) -> None:
        """A click on the table itself: a drop target of the selected card, or a zone that does something."""
        if not self.play.collidepoint(pos):
            return
        if self.selected is not None:
            tag = self.selected.tag
            assert isinstance(tag, CardTag)
            targets = self.gestures.targets(tag.card, tag.zone)
            box = self.box_at(pos, list(targets))
            if box is not None:
                self._choose(self.gestures.drops(tag.card, tag.zone, box.name), pos)
                return
        box = self.box_at(pos, [z for z in self.gestures.zone_clicks if z in self.boxes])
        if box is not None:
            self._choose(self.gestures.clicks_on_zone(box.name), pos)
            return
        if self.selected is not None:
            self.selected = None
            self.sync()

    def _on_click(self, spr: kit.CardSprite) -> None:
        tag = spr.tag
        if not isinstance(tag, CardTag):
            return
        pos = self.mouse
        if self.selected is not None and self.selected is not spr:
            held = self.selected.tag
            assert isinstance(held, CardTag)
            if tag.zone in self.gestures.targets(held.card, held.zone):
                self._choose(self.gestures.drops(held.card, held.zone, tag.zone), pos)
                return
        clicks = self.gestures.clicks_on_card(tag.card, tag.zone) if tag.card is not None else []
        if len(clicks) > 1:
            clicks = self.narrow_click(spr, pos, clicks)
        if clicks:
            self._choose(clicks, pos)
        elif self.gestures.can_drag(tag.card, tag.zone):
            self.selected = None if self.selected is spr else spr
            self._sound("click")
            self.sync()
        elif self.gestures.clicks_on_zone(tag.zone):
            self._choose(self.gestures.clicks_on_zone(tag.zone), pos)
        elif self.selected is not None:
            self.selected = None
            self.sync()

    def _on_pickup(self, spr: kit.CardSprite) -> None:
        self.zoom_pinned = None
        self.selected = None
        for s in self.order:
            s.selected = False
        self.light_targets(spr)
        self._sound("slide")

    def _on_drop(self, spr: kit.CardSprite, pos: tuple[int, int]) -> bool:
        tag = spr.tag
        self.light_targets()
        if not isinstance(tag, CardTag):
            return False
        targets = self.gestures.targets(tag.card, tag.zone)
        box = self.box_at(pos, [t for t in targets if t in self.boxes])
        if box is None:
            self.say_why_not(self.box_at(pos), tag.zone, bool(targets))
            return False
        self.dropping(spr, box, pos)  # the table's hook (base.py): where on the place it landed
        gestures = self.gestures.drops(tag.card, tag.zone, box.name)
        if len(gestures) == 1:
            return self.perform(gestures[0])
        return self._choose(gestures, pos, about=[box.rect, spr.home_rect])

    def say_why_not(self, under: kit.ZoneBox | None, source: str, has_targets: bool) -> None:
        """A drop that does nothing says why, never silence (issue 28): on its own place it is only put back (a
        quiet word), anywhere else the prompt line says where it may go, or that it may go nowhere now."""
        if under is not None and under.name == source:
            self.ctl.reason = "Put back where it was: drop it on a lit place to play it."
            self.ctl.reason_until = self.clock + self.ctl.REASON_TIME
        elif not has_targets:
            self.show_reason("That card has nowhere to go now: the prompt says what is left to do.")
        elif under is None:
            self.show_reason("Dropped off every place, so it went back: the lit places are where it may go.")
        else:
            zone = self.zone_by_id.get(under.name)  # the zone's own name, not a label shortened to fit ("6 gold")
            label = (zone.label if zone is not None and zone.label else under.label) or "that place"
            if zone is not None and self.viewer is not None and zone.owner == self.viewer:
                label = self.ctl.said_to_viewer(label)  # "Ada's green village" -> "Your green village"
            label = label[0].lower() + label[1:] if label.startswith("Your ") else label
            self.show_reason(f"It cannot go to {label}: the lit places are where it may go.")

    def _on_refused(self, spr: kit.CardSprite) -> None:
        """A card the viewer may not move was dragged: say why (whose turn it is, what is staged, or that this card
        does not move now), never nothing."""
        tag = spr.tag
        if not isinstance(tag, CardTag) or tag.card is None or self.viewer is None:
            return
        if not self.my_turn():
            waiting = self.ctl.waiting_words()
            self.show_reason(f"Not your turn yet: {waiting[0].lower() + waiting[1:]}." if waiting
                             else "Nothing may move now.")
        elif self.draft is not None:  # a staged step (a village being founded) leaves every other card nothing
            left = self.hint().rstrip(".") or "First finish what you started"
            self.show_reason(f"{left}, or take it back with Undo (Ctrl+Z).", toast=True)
        elif tag.zone == f"hand:{self.viewer}":
            self.show_reason("That card cannot move now: the prompt says what is left to do.")
        else:
            self.show_reason("That card stays where it is: the prompt says what you may do now.")

    def _on_cancel(self, spr: kit.CardSprite) -> None:
        self.light_targets()

    def _choose(self, gestures: Sequence[Gesture], pos: tuple[int, int],
                about: Sequence[pygame.Rect] = ()) -> bool:
        """One gesture: make it; several: the table may tell them apart by where the pointer is
        (``narrow_choice``), else a small menu by the pointer asks which (off the rects it is ``about``)."""
        if len(gestures) > 1:
            gestures = self.narrow_choice(gestures, pos)
        if not gestures:
            return False
        if len(gestures) == 1:
            return self.perform(gestures[0])
        self.menu = GestureMenu(gestures, self.perform, self._menu_cancelled)
        self.menu.layout(pos, self.play, self.k, avoid=about)
        return False

    def narrow_choice(self, gestures: Sequence[Gesture], pos: tuple[int, int]) -> Sequence[Gesture]:
        """Which of several gestures one drop (or a click on a place, a card picked up) at ``pos`` means: a table
        may tell them apart by where on the place the pointer is (Villages: the "Give" and "Hire to attack"
        halves of a village); several left: a menu asks. Default: all of them."""
        return gestures

    def _menu_cancelled(self) -> None:
        self.menu = None
        self.ctl.reason = "Cancelled: nothing was done."
        self.ctl.reason_until = self.clock + self.ctl.REASON_TIME
        self.sync()

    def _refused_undo_click(self, event: pygame.event.Event) -> bool:
        """A click on the greyed Undo button says why it is greyed (the barrier the engine names)."""
        b = self.undo_btn
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and b.visible and not b.enabled
                and b.rect.collidepoint(event.pos) and self.viewer is not None):
            self.undo()
            return True
        return False
