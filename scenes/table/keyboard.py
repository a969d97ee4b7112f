"""Keyboard play: Tab and the arrow keys cycle through the legal gestures, Enter performs, Esc cancels (issue 17).

The keyboard makes the same gestures as the mouse, from the same place: the
table's ``gestures`` (the engine's ``Game.gestures`` for the viewer), made
through the table's own ``perform``. Nothing here decides legality.

* **Stops**: every card that a gesture starts from (a drag or a click on it),
  every zone a click does something on, every button; and, when the table
  waits for the player, its one way on (the round end's Continue, the
  results). Tab / Right / Down go to the next stop, Shift+Tab / Left / Up
  to the previous one, in the order the zones lie on the table.
* **Targets**: Enter on a card with several places to go picks it up (the
  table lights the places, as a mouse selection does); the keys then cycle
  those places (and "the card itself" for a click on it); Enter drops it. A
  drop that means several decisions opens the table's menu of gestures
  (``GestureMenu``), exactly as the mouse's drop does; the keys cycle its
  buttons and Enter picks (1-9 still work, Esc cancels).
* **Esc** steps back: from a target to its card, from a card to no focus;
  with nothing focused it is not consumed, so the table's Esc opens its
  menu.

The prompt says what Enter would do ("Enter: found a green village"), and
so does a label beside the focus ring. The table draws the ring above the
cards and the side panel; a button of a dialog drawn over it (the score
table's Continue, the menu's items) shows the focus as its hover look.
While the score table is open, its Close (or Continue) is the only stop; when
the game is over, the results button is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine import Gesture
from scenes import theme
from scenes.table.gestures import button_for
from scenes.table.input import GestureMenu

NEXT_KEYS = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
PREV_KEYS = (pygame.K_LEFT, pygame.K_UP)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(slots=True)
class Stop:
    """One place the focus can rest on: a card, a zone, a gesture button or a table button (Continue, results)."""

    kind: str  # "card", "zone", "button" or "widget"
    key: tuple[Any, ...]  # what the stop is, stable across refreshes (the focus follows it)
    gestures: list[Gesture] = field(default_factory=list)
    card: str | None = None
    zone: str | None = None
    label: str = ""
    press: Callable[[], Any] | None = None  # a widget's action
    widget: Any = None  # the Button drawn for it, if any

    def targets(self, order: dict[str, int]) -> list[tuple[str | None, list[Gesture]]]:
        """A card's gestures by where they end: each drop target, then None for a click on the card itself."""
        by: dict[str | None, list[Gesture]] = {}
        for g in self.gestures:
            by.setdefault(g.target, []).append(g)
        return sorted(by.items(), key=lambda item: (item[0] is None, order.get(item[0] or "", 1 << 20)))


def same_as_click(targets: list[tuple[str | None, list[Gesture]]]) -> list[tuple[str | None, list[Gesture]]]:
    """``targets`` without the drop places that make just what a click on the card makes (Villannex: a hand card
    is kept or built by a click or by a drag to the village). They are one decision, so Enter makes it at once, as
    the click does, instead of asking the player to choose between two places that do the same."""
    click = next((gs for zone, gs in targets if zone is None), None)
    if click is None:
        return targets
    made = {(g.action, g.draft, g.then) for g in click}
    return [(zone, gs) for zone, gs in targets if zone is None or {(g.action, g.draft, g.then) for g in gs} != made]


def said(label: str, names: tuple[str, ...] = ()) -> str:
    """A gesture label inside a sentence: "Found a green village" -> "found a green village" (names kept)."""
    first = label.split(" ", 1)[0]
    if not first or first in names or not first[:1].isupper() or first[1:2].isupper():
        return label
    return label[:1].lower() + label[1:]


class KeyboardPlay:
    """The keyboard's focus on one table: which legal gesture (card, then target) Enter would make."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.stops: list[Stop] = []
        self.focus: int | None = None  # index in stops
        self.target: int | None = None  # index in the focused card's targets (picked up), else None
        self.menu_focus = 0  # the focused button of the table's gesture menu (its Cancel is the last)
        self._source: Any = None  # what the stops were built from (rebuilt when it changes)
        self._index: Any = None  # the table's GestureIndex they were built from
        self._buttons: list[Any] = []  # and its gesture buttons
        self._hovered: list[Any] = []  # buttons shown as hovered for the focus
        self._picked: Any = None  # the sprite the table shows selected for a picked-up card
        self._menu_seen: GestureMenu | None = None  # the table's gesture menu at the last frame
        self.t = 0.0

    # --- what the table calls ----------------------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> bool:
        """Consume a KEYDOWN the keyboard play uses; False leaves it to the table (Esc then opens the menu)."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        menu = self._menu()
        if menu is not None:
            return self._menu_key(menu, event)
        self._rebuild()
        back = key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT)
        if key in NEXT_KEYS or key in PREV_KEYS:
            if not self.stops:
                return key == pygame.K_TAB  # Tab is the keyboard's even with nothing to focus; arrows are left alone
            self._step(-1 if back or key in PREV_KEYS else 1)
            return True
        if key in ENTER_KEYS:
            if self.focus is None:
                return False  # the table's own Enter (Continue, results, the one button)
            self._enter()
            return True
        if key == pygame.K_ESCAPE:
            if self.target is not None:
                self._put_down()
                return True
            if self.focus is not None:
                self.focus = None
                self._show()
                return True
        return False

    def update(self, dt: float) -> None:
        """Every frame: notice that the legal gestures changed and drop a focus that is no longer legal."""
        self.t += dt
        menu = self._menu()
        if menu is not self._menu_seen:  # a menu just opened (by a drop of the mouse too): its first item is focused
            self._menu_seen = menu
            self.menu_focus = 0
            self._show()
        self._rebuild()
        line = self.hint()
        prompt = self.table.prompt
        if line and not prompt.alert:  # a refusal's reason stays readable for its seconds
            prompt.detail = line

    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring on the card or zone (or button) that Enter would use."""
        stop = self.focused()
        if stop is None or self._menu() is not None:
            return
        k = getattr(self.table, "k", 1.0)
        pulse = 0.75 + 0.25 * abs(((self.t * 1.6) % 2) - 1)
        color = tuple(int(c * pulse) for c in theme.FOCUS)
        width = max(3, int(4 * k))
        rect = self._rect(stop)
        if self.target is not None:
            if rect is not None:  # the picked-up card keeps a thin ring; the ring goes to the place
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), width=max(2, width // 2),
                                 border_radius=max(4, rect.w // 12))
            place = self._target_rect(stop)
            rect = place if place is not None else rect
        if rect is None:
            return
        pygame.draw.rect(surface, color, rect.inflate(2 * width, 2 * width), width=width,
                         border_radius=max(6, rect.w // 10))
        words = self.hint()
        if words:  # what Enter does, beside the ring (the prompt says it too)
            size = max(theme.MIN_FONT + 2, int(15 * k))
            pad = max(4, size // 3)
            lines = theme.wrap(words, "ui-bold", size, max(120, min(surface.get_width() - 4 * pad, int(520 * k))))
            imgs = [theme.text(ln, "ui-bold", size, theme.INK) for ln in lines]
            box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 2 * pad,
                              sum(i.get_height() for i in imgs) + pad)
            box.midbottom = (rect.centerx, rect.top - width - 2)
            if box.top < 0:
                box.midtop = (rect.centerx, rect.bottom + width + 2)
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, theme.PAPER, box, border_radius=pad)
            pygame.draw.rect(surface, theme.FOCUS, box, width=2, border_radius=pad)
            y = box.y + pad // 2
            for img in imgs:
                surface.blit(img, (box.x + pad, y))
                y += img.get_height()

    # --- what a test or the chrome may ask -------------------------------------------------------------------------
    def focused(self) -> Stop | None:
        if self.focus is None or self.focus >= len(self.stops):
            return None
        return self.stops[self.focus]

    def hint(self) -> str:
        """What Enter would do now, for the prompt ("Enter: found a green village"); "" with nothing focused."""
        menu = self._menu()
        names = tuple(getattr(getattr(self.table, "view", None), "names", ()) or ())
        if menu is not None:
            if self.menu_focus < len(menu.gestures):
                return f"Enter: {said(menu.gestures[self.menu_focus].label, names)}"
            return "Enter: cancel"
        stop = self.focused()
        if stop is None:
            return ""
        if stop.kind == "card":
            targets = self.places(stop)
            if self.target is not None and self.target < len(targets):
                return f"Enter: {self._words(targets[self.target][1], names)}"
            if len(targets) > 1:  # the ring shows which card; the arrows then go through its places
                return f"Enter: pick this card up ({len(targets)} places to go; Esc puts it back)"
            made = targets[0][1] if targets else stop.gestures
            return f"Enter: {self._words(made, names)}" if made else ""
        if stop.kind == "zone":
            return f"Enter: {self._words(stop.gestures, names)}"
        return f"Enter: {said(stop.label, names)}"

    # --- the stops ---------------------------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        t = self.table
        waiting = bool(getattr(t.moments, "waiting_for_player", False))
        over = t.match.is_over()
        # the objects themselves, compared by identity (a new index or button list is a new set of gestures; an id()
        # of a collected one could come back)
        source = (waiting, over, getattr(t, "score_open", False), len(t.order), t.viewer)
        buttons = list(getattr(t, "gesture_buttons", ()))
        if (source == self._source and t.gestures is self._index and len(buttons) == len(self._buttons)
                and all(a is b for a, b in zip(buttons, self._buttons, strict=True))):
            return
        self._source, self._index, self._buttons = source, t.gestures, buttons
        old = self.focused()
        old_target = self.target
        self.stops = self._stops(waiting, over)
        self.focus = None
        self.target = None
        if old is not None:
            for i, s in enumerate(self.stops):
                if s.key == old.key:
                    self.focus = i
                    if old_target is not None and s.kind == "card":
                        self.target = min(old_target, len(self.places(s)) - 1)
                    break
        if self.target is None:
            self._unpick()
        self._show()

    def _stops(self, waiting: bool, over: bool) -> list[Stop]:
        t = self.table
        if waiting:  # a held round end (the game's last one too) is continued first
            b = t.close_score_btn
            press = b.click if t.score_open else t.moments.go_on
            return [Stop("widget", ("continue",), label="Continue", press=press, widget=b if t.score_open else None)]
        if getattr(t, "score_open", False):  # the score table covers the cards: its Close is the one way on
            b = t.close_score_btn
            return [Stop("widget", ("close",), label=b.text, press=b.click, widget=b)]
        if over:
            b = t.results_btn
            return [Stop("widget", ("results",), label=b.text, press=t.show_results, widget=b)]
        idx = t.gestures
        order = self._zone_order()
        where = self._where()
        cards: dict[tuple[str | None, str], Stop] = {}
        for (card, src), gs in idx.drags.items():
            stop = cards.setdefault((card, src), Stop("card", ("card", card, src), card=card, zone=src))
            stop.gestures.extend(gs)
        for card, gs in idx.card_clicks.items():
            for g in gs:
                src = g.source or where.get(card, "")
                stop = cards.setdefault((card, src), Stop("card", ("card", card, src), card=card, zone=src))
                stop.gestures.append(g)
        placed: list[tuple[tuple[int, int, int], Stop]] = []
        for stop in cards.values():
            spr = self._sprite(stop.card, stop.zone or "")
            x = spr.rect.x if spr is not None else 0
            placed.append(((order.get(stop.zone or "", 1 << 20), x, 0), stop))
        for zone, gs in idx.zone_clicks.items():
            placed.append(((order.get(zone, 1 << 20), -1, 0), Stop("zone", ("zone", zone), list(gs), zone=zone)))
        placed.sort(key=lambda item: item[0])
        stops = [s for _, s in placed]
        buttons = list(getattr(t, "gesture_buttons", ()))
        for i, g in enumerate(idx.buttons):
            widget = button_for(buttons, g)
            stops.append(Stop("button", ("button", g.label, i), [g], label=g.label, widget=widget))
        return stops

    def _zone_order(self) -> dict[str, int]:
        return {z.id: i for i, z in enumerate(self.table.zone_list)}

    def _where(self) -> dict[str, str]:
        """Card id -> the zone its sprite lies in (a click gesture may name no zone)."""
        out: dict[str, str] = {}
        for spr in self.table.order:
            tag = spr.tag
            card = getattr(tag, "card", None)
            if card is not None:
                out.setdefault(card, tag.zone)
        return out

    def _sprite(self, card: str | None, zone: str) -> Any:
        for spr in self.table.order:
            tag = spr.tag
            if getattr(tag, "zone", None) != zone:
                continue
            if tag.card == card if card is not None else (tag.card is None and getattr(tag, "pile_top", False)):
                return spr
        if card is not None:
            for spr in self.table.order:
                if getattr(spr.tag, "card", None) == card:
                    return spr
        return None

    @staticmethod
    def _words(gestures: list[Gesture], names: tuple[str, ...]) -> str:
        if len(gestures) == 1:
            return said(gestures[0].label, names)
        return f"choose among {len(gestures)}: " + "; ".join(said(g.label, names) for g in gestures[:3]) + (
            "…" if len(gestures) > 3 else "")

    # --- moving the focus --------------------------------------------------------------------------------------------
    def _step(self, d: int) -> None:
        stop = self.focused()
        if stop is not None and self.target is not None:
            n = len(self.places(stop))
            self.target = (self.target + d) % max(1, n)
        elif self.focus is None:
            self.focus = 0 if d > 0 else len(self.stops) - 1
        else:
            self.focus = (self.focus + d) % len(self.stops)
        self._show()

    def _enter(self) -> None:
        stop = self.focused()
        if stop is None:
            return
        if stop.kind == "widget":
            self.focus = None
            self._show()
            if stop.press is not None:
                stop.press()
            return
        if stop.kind != "card":
            self.make(stop.gestures, self._rect(stop))
            return
        targets = self.places(stop)
        if self.target is None and len(targets) > 1:
            self.target = 0
            self._pick_up(stop)
            self._show()
            return
        i = self.target or 0
        place = self._target_rect(stop)
        self.make(targets[i][1] if i < len(targets) else stop.gestures, place or self._rect(stop))

    def make(self, gestures: list[Gesture], near: pygame.Rect | None) -> None:
        """One gesture: the table performs it; several: the table's menu asks which, as after a mouse drop."""
        t = self.table
        self._unpick()
        self.target = None
        if not gestures:
            return
        if len(gestures) == 1:
            self.focus = None
            self._show()
            t.perform(gestures[0])
            return

        def cancelled() -> None:
            t.menu = None
            t.sync()

        menu = GestureMenu(gestures, t.perform, cancelled)
        pos = near.center if near is not None else t.play.center
        menu.layout(pos, t.play, t.k)
        t.menu = menu
        self.menu_focus = 0
        self._show()

    def _menu(self) -> GestureMenu | None:
        menu = getattr(self.table, "menu", None)
        if menu is None or menu.closed:
            return None
        return menu

    def _menu_key(self, menu: GestureMenu, event: pygame.event.Event) -> bool:
        """The gesture menu by keys: the keys cycle its buttons (Cancel last), Enter presses; 1-9 and Esc are the
        menu's own."""
        key = event.key
        buttons = [*menu.buttons, menu.cancel_button]
        back = key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT)
        if key in NEXT_KEYS or key in PREV_KEYS:
            d = -1 if back or key in PREV_KEYS else 1
            self.menu_focus = (self.menu_focus + d) % len(buttons)
            self._show()
            return True
        if key in ENTER_KEYS:
            chosen = buttons[min(self.menu_focus, len(buttons) - 1)]
            self.menu_focus = 0
            self.focus = None
            chosen.click()
            if getattr(self.table, "menu", None) is menu and menu.closed:
                self.table.menu = None
            self._show()
            return True
        return False

    def _pick_up(self, stop: Stop) -> None:
        """Show the card as selected and light where it may go (what a mouse click on a draggable card does)."""
        t = self.table
        spr = self._sprite(stop.card, stop.zone or "")
        if spr is None:
            return
        self._unpick()
        if spr.draggable:
            t.selected = spr
            spr.selected = True
            t.light_targets(spr)
            self._picked = spr

    def _put_down(self) -> None:
        self.target = None
        self._unpick()
        self._show()

    def _unpick(self) -> None:
        spr = self._picked
        if spr is None:
            return
        self._picked = None
        t = self.table
        spr.selected = False
        if t.selected is spr:
            t.selected = None
        t.light_targets()

    # --- where things are ------------------------------------------------------------------------------------------
    def _rect(self, stop: Stop) -> pygame.Rect | None:
        t = self.table
        if stop.kind == "card":
            spr = self._sprite(stop.card, stop.zone or "")
            return spr.rect if spr is not None else None
        if stop.kind == "zone":
            box = t.boxes.get(stop.zone or "")
            if box is None:
                return None
            top = box.sprites[-1] if box.sprites and box.layout == "pile" else None
            return top.rect if top is not None else box.rect
        if stop.widget is not None and stop.widget.rect.w > 0:
            return pygame.Rect(stop.widget.rect)
        return None

    def places(self, stop: Stop) -> list[tuple[str | None, list[Gesture]]]:
        """A card's places; a table may split one into several (``keyboard_targets``: Villages' "Give" and "Hire to
        attack" halves of one village, chosen by the keys like the mouse's halves, with no menu to dismiss)."""
        targets = stop.targets(self._zone_order())
        split = getattr(self.table, "keyboard_targets", None)
        return same_as_click(split(targets) if split is not None else targets)

    def _target_rect(self, stop: Stop) -> pygame.Rect | None:
        targets = self.places(stop)
        if self.target is None or self.target >= len(targets):
            return None
        zone = targets[self.target][0]
        place = getattr(self.table, "keyboard_place", None)  # a split place's part (a village's half)
        part = place(zone, targets[self.target][1]) if place is not None else None
        if part is not None:
            return part
        if zone is None:
            return self._rect(stop)
        box = self.table.boxes.get(zone)
        return box.rect if box is not None else None

    def _show(self) -> None:
        """Buttons show the focus as hover (they are drawn above the ring's layer)."""
        for b in self._hovered:
            b.hover = False
        self._hovered = []
        menu = self._menu()
        if menu is not None:
            buttons = [*menu.buttons, menu.cancel_button]
            b = buttons[min(self.menu_focus, len(buttons) - 1)]
        else:
            stop = self.focused()
            b = stop.widget if stop is not None else None
        if b is not None:
            b.hover = True
            self._hovered.append(b)
