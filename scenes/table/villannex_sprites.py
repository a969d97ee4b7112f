"""What each sprite on the Villannex table stands for, and how its face is drawn.

Kept apart from the scene so the drawing code and the scene logic share one
vocabulary (``Info``) without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.villannex.cards import VILLAGE_CARDS
from scenes import cardart
from scenes.table import kit


@dataclass(frozen=True, slots=True)
class Info:
    """What a sprite stands for: ``kind`` (hand, stage, packet, opp, common, market, special, weapon, rand, tab,
    aside, discard), the card or market id, the seat that owns it, and the producing frame if any."""

    kind: str
    ident: str
    owner: int = -1
    frame: int | None = None
    extra: Any = None


@dataclass(slots=True)
class Spec:
    key: str
    face: kit.FaceFn
    face_up: bool
    info: Info
    draggable: bool = False
    dim: bool = False
    aspect: float = 1.4


def card_face(cid: str, frame: int | None = None) -> kit.FaceFn:
    if frame is None:
        return lambda wd: cardart.villannex_card(cid, wd)
    return lambda wd: cardart.villannex_card(cid, wd, selected_frame=frame)


def back_face(wd: int) -> pygame.Surface:
    return cardart.card_back(wd)


# --- faces ------------------------------------------------------------------------------------------------------------
def special_face(pid: str) -> kit.FaceFn:
    return lambda wd: cardart.special_product_card(pid, wd)


def market_face(mid: str) -> kit.FaceFn:
    return lambda wd: cardart.market_card(mid, wd)


def weapon_face(side: bool | None) -> kit.FaceFn:
    return lambda wd: cardart.weapon_card(wd, side)


def zoom_face(info: Info, width: int) -> pygame.Surface | None:
    if info.kind in ("hand", "stage", "packet", "opp", "common", "rand", "aside"):
        if info.ident in VILLAGE_CARDS:
            return cardart.villannex_card(info.ident, width, selected_frame=info.frame, zoom=True)
        return None
    if info.kind == "market":
        return cardart.market_card(info.ident, width)
    if info.kind == "special":
        return cardart.special_product_card(info.ident, width)
    if info.kind == "weapon":
        return cardart.weapon_card(width, info.extra)
    return None
