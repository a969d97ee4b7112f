"""The card sprites of the shared table, reconciled with the engine's zones (a mixin of ``TableScene``).

``sync`` turns the zones of the view shown into sprites in their boxes: a card
keeps its sprite from zone to zone (it glides), a face-down card is matched by
zone and place, a card that becomes known flips where its face-down self was,
and a card that leaves the table glides onto a pile. The lit zones (where the
held card may go, what a click does) are set here too.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import HIDDEN_CARD
from scenes.table import kit


@dataclass(frozen=True, slots=True)
class CardTag:
    """What a sprite stands for: the card (None while face down to the viewer), the zone it lies in and where."""

    card: str | None
    zone: str
    index: int
    owner: int | None
    back: str = ""  # what a face-down card's back shows ("?wood" -> "wood")
    pile_top: bool = False


def is_hidden(card: str) -> bool:
    return card.startswith(HIDDEN_CARD)


class TableSprites:
    """Sprites and zone boxes of ``TableScene`` (a mixin: the attributes it reads are the scene's)."""

    sprites: dict[str, kit.CardSprite]
    order: list[kit.CardSprite]
    leaving: list[kit.CardSprite]
    boxes: dict[str, kit.ZoneBox]
    selected: kit.CardSprite | None
    hover: kit.CardSprite | None
    zoom_pinned: kit.CardSprite | None
    MOVE_TIME: float
    FLIP_TIME: float

    def sprite_specs(self) -> list[tuple[kit.ZoneBox, list[tuple[str, CardTag]]]]:
        """(box, [(sprite key, tag)]) for every zone that has a box, in the zones' order."""
        out = []
        for z in self.zone_list:
            box = self.boxes.get(z.id)
            if box is None:
                continue
            box.count = z.size
            box.note = z.note
            specs: list[tuple[str, CardTag]] = []
            if z.kind == "pile":
                if z.size:
                    top = z.cards[-1] if z.cards else HIDDEN_CARD
                    if is_hidden(top):
                        specs.append((f"{z.id}#top", CardTag(None, z.id, z.size - 1, z.owner, top[1:], True)))
                    else:
                        specs.append((top, CardTag(top, z.id, z.size - 1, z.owner, "", True)))
            else:
                for i, c in enumerate(self.shown_cards(z)):
                    if is_hidden(c):
                        specs.append((f"{z.id}#{i}", CardTag(None, z.id, i, z.owner, c[1:])))
                    else:
                        specs.append((c, CardTag(c, z.id, i, z.owner)))
            out.append((box, specs))
        return out

    def _face_fn(self, tag: CardTag) -> kit.FaceFn:
        if tag.card is None:
            back = HIDDEN_CARD + tag.back
            return lambda width: self.back(back, width)
        card = tag.card
        return lambda width: self.face(card, width)

    def sync(self, animate: bool = True) -> None:
        """Reconcile the sprites with the zones: by card id (a card glides to its new zone), face-down cards by
        zone and index; a card that becomes known flips where its face-down self was."""
        if not self.boxes:
            self.order = []
            return
        dur = self.MOVE_TIME * self.af if animate else 0.0
        want = self.sprite_specs()
        old = dict(self.sprites)
        seen = {key for _, specs in want for key, _ in specs}
        vanished_hidden: dict[Any, list[tuple[float, float]]] = {}
        for key, spr in old.items():
            tag = spr.tag
            if key not in seen and isinstance(tag, CardTag) and tag.card is None:
                vanished_hidden.setdefault(tag.zone, []).append((spr.x, spr.y))
                vanished_hidden.setdefault(tag.owner, []).append((spr.x, spr.y))
        sel_key = self.selected.key if self.selected is not None else None
        new_sprites: dict[str, kit.CardSprite] = {}
        order: list[kit.CardSprite] = []
        fresh: list[kit.CardSprite] = []
        for box, specs in want:
            box.sprites = []
            for key, tag in specs:
                spr = old.get(key)
                created = spr is None
                face_up = tag.card is not None
                if spr is None:
                    spr = kit.CardSprite(key, self._face_fn(tag), None, box.card_w, face_up)
                spr.face = self._face_fn(tag)
                back = HIDDEN_CARD + tag.back
                spr.back = lambda width, b=back: self.back(b, width)
                spr.aspect = self.aspect(tag.card) if tag.card is not None else box.aspect
                spr.tag = tag
                spr.draggable = self.gestures.can_drag(tag.card, tag.zone)
                spr.lit = tag.card is not None and bool(self.gestures.clicks_on_card(tag.card, tag.zone))
                spr.selected = key == sel_key
                spr.dim = False
                if not created and spr.face_up != face_up:
                    spr.flip(face_up, self.FLIP_TIME * self.af if animate else 0.0)
                box.sprites.append(spr)
                new_sprites[key] = spr
                order.append(spr)
                if created:
                    fresh.append(spr)
            box.arrange(dur)
        # where brand-new sprites come from: a face-down card of the same zone or seat that just became known (flip
        # in place), else the first pile (dealt: flip while moving)
        pile = next((b for b in self.boxes.values() if b.layout == "pile"), None)
        for spr in fresh:
            tag = spr.tag
            if not animate or dur <= 0 or not isinstance(tag, CardTag):
                continue
            tx, ty = spr.x, spr.y
            pool = vanished_hidden.get(tag.zone) or vanished_hidden.get(tag.owner)
            if pool:
                sx, sy = pool.pop(0)
            elif pile is not None and pile.name != tag.zone:
                sx, sy = float(pile.rect.centerx - spr.width / 2), float(pile.rect.centery - spr.height / 2)
            else:
                continue
            spr.snap_to(sx, sy)
            spr.move_to(tx, ty, dur * 1.1)
            if spr.face_up:
                spr.face_up = False
                spr.flip(True, self.FLIP_TIME * self.af)
        # gone: glide onto a pile (the discard, else the nearest) and vanish
        piles = [b for b in self.boxes.values() if b.layout == "pile"]
        for key, spr in old.items():
            if key in new_sprites:
                continue
            spr.dragging = False
            spr.hover = False
            if animate and dur > 0 and piles:
                went = self.boxes.get(self.went_to(key) or "")
                if went is not None:  # the game says where it went: it glides there (a fan: its own width)
                    w = went.card_w if went.layout != "fan" else spr.width
                    spr.move_to(went.rect.centerx - w / 2, went.rect.centery - spr.height / 2, dur)
                else:
                    dest = next((b for b in piles if "discard" in b.name), None) or min(
                        piles, key=lambda b: abs(b.rect.centerx - spr.x) + abs(b.rect.centery - spr.y))
                    spr.move_to(dest.rect.centerx - spr.width / 2, dest.rect.centery - spr.height / 2, dur)
                self.leaving.append(spr)
        self.sprites = new_sprites
        self.order = order
        dim = self.dimmed_cards()
        for spr in order if dim else ():
            if isinstance(spr.tag, CardTag) and spr.tag.card in dim:
                spr.dim = True
        if self.hover is not None and self.hover.key not in new_sprites:
            self.hover = None
        if self.zoom_pinned is not None and self.zoom_pinned.key not in new_sprites:
            self.zoom_pinned = None
        if self.selected is not None and (self.selected.key not in new_sprites or not self.selected.draggable):
            self.selected = None
        self.light_targets()

    def went_to(self, key: str) -> str | None:
        """The zone a card that left the view went to (``key``: its sprite's), whose box it glides to before it
        vanishes; None: onto a pile (the discard, else the nearest). A table may know better (V&V: into another
        Mayor's hand, or out of the game)."""
        return None

    def dimmed_cards(self) -> Collection[str]:
        """The cards drawn dimmed after a sync (V&V: the hand cards the viewer cannot afford or place now)."""
        return ()

    def slot_hint(self, box: kit.ZoneBox, droppable: bool) -> str:
        """The words written in a box's empty places (``droppable``: some card may be dropped there now). A table
        may say what a place is for (Villagers: "New chain or solitary")."""
        return "Drop a card here" if droppable else ""

    def light_targets(self, held: kit.CardSprite | None = None) -> None:
        """Light the zones the held (or selected) card may go to, and the zones a click does something on."""
        held = held if held is not None else (self.drag.held or self.selected)
        targets: set[str] = set()
        if held is not None and isinstance(held.tag, CardTag):
            targets = self.gestures.targets(held.tag.card, held.tag.zone)
        droppable = {g.target for gs in self.gestures.drags.values() for g in gs}
        for name, box in self.boxes.items():
            box.lit = name in targets
            box.hot = False
            box.clickable = name in self.gestures.zone_clicks
            if box.slots:
                box.slot_hint = self.slot_hint(box, name in droppable)

    def box_at(self, pos: tuple[int, int], among: Sequence[str] | None = None) -> kit.ZoneBox | None:
        """The zone box under ``pos`` (the smallest when boxes nest), optionally only among some zone ids; a
        little slack around each box so a drop near the edge still counts."""
        slack = max(4, int(14 * self.k))
        best: kit.ZoneBox | None = None
        for name, box in self.boxes.items():
            if among is not None and name not in among:
                continue
            if box.rect.inflate(slack, slack).collidepoint(pos) and (
                    best is None or box.rect.w * box.rect.h < best.rect.w * best.rect.h):
                best = box
        return best
