"""The Villagers & Villains table: its layout (layout.py), its card faces (cardart.py), the die (dice.py), what it
draws around the cards (overlays.py) and the score sheet (scores.py); play is the shared TableScene.

Every decision is one of the engine's gestures (the presenter, game/villagers_villains/present.py): drag a pool card
to your town to declare it (then + / − buy dice and Roll), drag a Hero onto a Challenge (a click on a Challenge
rolls Town Defense), drag hand cards into your town, drag a City Token onto a space of a City Upgrade card, drag the
Angry Mob or the King's Favor onto the roll. Every word about the game (hints, what a roll needed, prices, the
score if the game ended now) comes from the presenter; this class wires the shared table's public hooks to it.

Cooperative is one team: the live score line says "Cooperative" and the team's total, the Scores window and the
results lead with the team total (no Mayor's column is highlighted as a winner), and a finished game's team score
stands among the best recorded (records.py: the shared table records it at the game's end; this table only reads it).

The die is a moment of its own (the shared pacing hooks, scenes/table/pacing.py): a new roll starts it tumbling,
and until it stops the cards, the log, the prompt and the buttons wait, so nothing tells the result first.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import HIDDEN_CARD, zone_ref
from game.villagers_villains import explain
from game.villagers_villains.cards import ALL_CARDS, CITIES, FAVOR_ID
from game.villagers_villains.explain import RollShow
from game.villagers_villains.state import VVState
from scenes import theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.pacing import ScreenMoment
from scenes.table.scores import fmt
from scenes.table.villagers_villains import cardart, overlays, records, strips, themes
from scenes.table.villagers_villains import scores as vscores
from scenes.table.villagers_villains.dice import Die
from scenes.table.villagers_villains.layout import VVLayout

STRIP_ZONES = frozenset({"buildings", "citizens", "heroes", "challenge", "trophies"})
PANEL_ZONES = STRIP_ZONES | {"hand", "tokens", "favor"}
CITY_BACK = "city"  # what the back of a face-down City Upgrade card shows ("?city")


class VillagersVillainsTable(VVLayout, TableScene):
    """The Villagers & Villains play screen (2-6 Mayors, every variant)."""

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.pcw = 90
        self.tok = 36
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.label_h = 18
        self.die = Die()
        self.least = theme.MIN_FONT
        self.pool_seen: tuple[str, ...] = ()  # the pool as last shown, and where its cards were before it closed up
        self.pool_moves: dict[str, int] = {}
        self.strip_cards: dict[str, float] = {}  # card -> height/width of its name strip
        self.strip_boxes: set[str] = set()
        self.tile_boxes: set[str] = set()
        self.strip_areas: dict[int, pygame.Rect] = {}
        self.squeeze = False
        self.trophy_piles: set[str] = set()
        self.pile_ratio = 0.0  # >0 while a pile of short tiles is drawn: its backs are as short
        self.piled: dict[str, int] = {}  # a trophy drawn as a strip -> 1, or how many the pile it tops holds
        self.pill_boxes: set[str] = set()
        self.favor_pill = False  # the King's Favor lies in another Mayor's panel: drawn as a pill
        self.tile_cards: set[str] = set()  # cards drawn as short tiles (the compact layout's pool)
        super().__init__(app, match, runner_mode=runner_mode)

    def prepare_layout(self, size: tuple[int, int]) -> None:
        """The smallest legible text at this window size first (cards leave out smaller words)."""
        self.least = theme.least_px(size)

    # === pacing: the die (scenes/table/pacing.py) ===================================================================
    def shown_changed(self, animate: bool) -> bool:
        """Where the pool's cards were before it closed up; a new roll in the log starts the die (True: the cards
        wait for it and move when it stops)."""
        self.pool_moves = overlays.pool_moves(self.pool_seen, tuple(self.view.pool), self.pool_moves)
        self.pool_seen = tuple(self.view.pool)
        return self.die.scan(self, animate)

    def screen_moment(self) -> ScreenMoment | None:
        """The die tumbling: the prompt says what is rolled for, the log stops before the roll's line, the buttons
        hide (what they offer would tell the result before the die does) and the computer players wait."""
        show = self.roll_show
        if show is None or not self.dice_rolling:
            return None
        return ScreenMoment(f"{self.die.title(self)}…", "The die is rolling.", show.serial)

    @property
    def roll_show(self) -> RollShow | None:
        """The roll the die area shows (the newest in the log)."""
        return self.die.show

    @property
    def dice_rolling(self) -> bool:
        return self.die.rolling(self)

    @property
    def standing(self) -> records.Standing | None:
        """Where a finished Cooperative game's team score stands among the recorded ones (read once per state of
        the table; the shared table recorded it at the game's end); None for any other game."""
        return self.memo("vv-standing", lambda: records.finished_standing(self.match))

    def headline_extra(self) -> str:
        """A finished Cooperative game's headline adds the best team score so far."""
        standing = self.standing
        return standing.words() if standing is not None else ""

    # === cards ======================================================================================================
    def face(self, card: str, width: int) -> pygame.Surface:
        strip = self.strip_cards.get(card)
        if strip is not None and card in ALL_CARDS:  # in another Mayor's town or trophies: a name strip
            return strips.strip_face(card, width, round(width * strip), self.least, self.piled.get(card, 0))
        if card in self.tile_cards and card in ALL_CARDS:
            return cardart.tile_face(card, width, self.least)
        if card in CITIES:
            return cardart.city_face(card, width, least=self.least)
        if card == FAVOR_ID and self.favor_pill:
            return strips.favor_pill(width, self.view.favor_spent, self.least)
        if card == FAVOR_ID:
            return cardart.favor_face(width, self.view.favor_spent, self.least, named=True)
        if card.startswith("token-"):
            seat = int(card.split("-")[1])
            return cardart.token_face(seat, self.initial(seat), width, self.least)
        if card in ALL_CARDS:
            return cardart.card_face(card, width, least=self.least)
        return cardart.card_back(width, least=self.least)

    def back(self, card: str, width: int) -> pygame.Surface:
        if card == HIDDEN_CARD + CITY_BACK:
            return cardart.card_back(width, cardart.CITY_RATIO, self.least)
        if self.pile_ratio:
            return cardart.card_back(width, self.pile_ratio, self.least)
        return cardart.card_back(width, least=self.least)

    def sprite_specs(self) -> list[tuple[kit.ZoneBox, list[tuple[str, CardTag]]]]:
        """The unused City Upgrade cards' pile shows a landscape back; the cards of the zones laid out as name
        strips (``strip_boxes``) or short tiles (``tile_boxes``) are noted with their shape, for ``aspect`` and
        ``face``."""
        out = super().sprite_specs()
        strips: dict[str, float] = {}
        piled: dict[str, int] = {}
        pill = False
        tiles: set[str] = set()
        for box, specs in out:
            if box.name == "city-box":
                specs[:] = [(key, dataclasses.replace(tag, back=CITY_BACK)) for key, tag in specs]
            elif box.name in self.trophy_piles:  # the newest trophy stands for them all, with their count
                specs[:] = specs[-1:]
                strips.update((tag.card, box.aspect) for _key, tag in specs if tag.card)
                piled.update((tag.card, box.count) for _key, tag in specs if tag.card)
            elif box.name in self.strip_boxes:
                strips.update((tag.card, box.aspect) for _key, tag in specs if tag.card)
                if zone_ref(box.name).role == "trophies":  # a trophy's strip shows a cup (a town's Challenge its DV)
                    piled.update((tag.card, 1) for _key, tag in specs if tag.card)
            elif box.name in self.pill_boxes:
                pill |= any(tag.card == FAVOR_ID for _key, tag in specs)
            elif box.name in self.tile_boxes:
                tiles.update(tag.card for _key, tag in specs if tag.card)
        self.strip_cards = strips
        self.piled = piled
        self.favor_pill = pill
        self.tile_cards = tiles
        return out

    def aspect(self, card: str) -> float:
        if card in self.tile_cards:
            return cardart.TILE_RATIO
        if card == FAVOR_ID and self.favor_pill:
            return strips.PILL_RATIO
        return self.strip_cards.get(card) or cardart.aspect_of(card)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in CITIES:  # with the tokens that hold it, as on the table
            v: VVState = self.view
            k = v.cities.index(card) if card in v.cities else -1
            held = tuple((who, self.initial(who)) if who >= 0 else None for who in v.spaces[k]) if k >= 0 else ()
            return cardart.city_face(card, width, zoom=True, tokens=held, least=self.least)
        if card in ALL_CARDS:
            return cardart.card_face(card, width, zoom=True, least=self.least)
        return None  # tokens and the marker explain themselves in their tooltip

    def zoom_width(self, aspect: float = kit.CARD_RATIO) -> int:
        if aspect < 1.0:  # a landscape City Upgrade card is shown wider
            p = self.play
            return max(80, min(int(380 * max(0.7, self.k)), p.w - 16, int((p.h - 16) / aspect)))
        return super().zoom_width(aspect)

    def card_bounds(self, spr: kit.CardSprite) -> pygame.Rect | None:
        """The panel another Mayor's card lies in (the card audit's edge for its name: six Mayors' strips ran out
        of their panels over the pool's label, issue 28); None for the cards of the shared middle and the viewer."""
        ref = zone_ref(str(getattr(spr.tag, "zone", "") or ""), self.zone_by_id)
        seat = ref.seat
        if ref.role not in PANEL_ZONES or seat is None:
            return None
        if ref.role in STRIP_ZONES and seat in self.strip_areas:  # above the line of hand, tokens and favor
            return self.strip_areas[seat].inflate(2, 2)
        return self.seat_panels.get(seat)

    def initial(self, seat: int) -> str:
        names = self.view.names
        name = names[seat] if 0 <= seat < len(names) else "?"
        return (name.strip()[:1] or "?").upper()

    def draw_pile(self, surface: pygame.Surface, box: kit.ZoneBox) -> None:
        """Piles as the base draws them, except the unused City Upgrade cards, which lie landscape."""
        if box.name == "city-box":
            overlays.draw_city_pile(self, surface, box)
        elif box.name in self.tile_boxes:  # the cards under a short tile are as short (portrait backs stood out)
            self.pile_ratio = cardart.TILE_RATIO
            try:
                super().draw_pile(surface, box)
            finally:
                self.pile_ratio = 0.0
        else:
            super().draw_pile(surface, box)

    # === what the viewer reads ======================================================================================
    def seat_status_words(self, seat: int) -> str:
        """Short: whose turn, gold, trophies, town size (and the team); tokens and the marker are on the table."""
        parts = []
        if not self.match.is_over():
            if seat in self.thinking_seats():
                parts.append("thinking…")
            elif seat in self.match.to_act():
                parts.append("to decide")
        short = seat == self.front and bool(self.info_rect.w)  # the purse under the name says the rest in big type
        return " · ".join(parts + explain.seat_words(self.view, seat, self.viewer, short))

    def seat_chip(self, seat: int) -> str:
        """Each Mayor's score if the game ended now (everything it counts is public), the final score at the end."""
        scores = self.outcome().scores
        return fmt(scores[seat]) if seat < len(scores) else ""

    def estimate_text(self) -> str:
        """The live score line from the presenter: the seat's score, or "Cooperative · Team score now: 20"."""
        if self.viewer is None or self.match.is_over():
            return ""
        return self.memo("vv-estimate", lambda: explain.estimate_words(self.view, self.viewer))

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        v: VVState = self.view
        if self.die_rect.collidepoint(pos) and self.roll_show is not None and self.drag.held is None:
            return self.roll_show.text
        for name, box in self.boxes.items():
            ref = zone_ref(name, self.zone_by_id)
            if ref.role == "space" and len(ref.index) == 2 and box.rect.inflate(6, 6).collidepoint(pos):
                k, i = ref.index  # the City Upgrade card's place and its space (no seat's)
                droppable = any(name in self.gestures.targets(card, zone) for card, zone in self.gestures.drags)
                return explain.space_hint(v, k, i, droppable) or None
        spr = self.hover
        if spr is not None and isinstance(spr.tag, CardTag) and spr.tag.zone in self.trophy_piles:
            return overlays.piled_words(self, spr.tag.zone)
        if spr is not None and isinstance(spr.tag, CardTag) and spr.tag.zone == "pool" and spr.tag.card:
            with contextlib.suppress(Exception):  # a hint must never break the table
                return explain.pool_hint(v, self.viewer, spr.tag.index + 1, spr.tag.card)
        return None

    def hint(self) -> str:
        """Under the prompt: during Build/Hire what the cards cost; while buying dice the chance (the engine's)."""
        words = super().hint()
        if words or self.viewer is None or not self.my_turn():
            return words
        return explain.hint(self.view, self.viewer, list(self.gestures.all))

    def went_to(self, key: str) -> str | None:
        """A card that left the view goes into another Mayor's hand or out of the game, not onto a pile."""
        return explain.went_to(self.view, key)

    def dimmed_cards(self) -> set[str]:
        """The hand cards the viewer cannot afford, or cannot place now."""
        gold = self.view.gold[self.front]
        hand = f"hand:{self.front}"
        return {card for _spr, card, cost in overlays.priced_sprites(self)
                if cost > gold or not self.gestures.can_drag(card, hand)}

    # === drawing ====================================================================================================
    def draw_under(self, surface: pygame.Surface) -> None:
        overlays.draw_town_hint(self, surface)
        overlays.draw_pool_numbers(self, surface)
        overlays.draw_teams(self, surface)
        overlays.draw_purse(self, surface)
        if "roll" not in self.boxes and self.die_rect.w > 0:
            kit.felt_area(surface, self.die_rect, radius=max(6, self.pcw // 10))

    def draw_over(self, surface: pygame.Surface) -> None:
        overlays.draw_declared(self, surface)
        overlays.draw_favor_marker(self, surface)
        overlays.draw_marks(self, surface)
        overlays.draw_spaces_lit(self, surface)
        overlays.draw_prices(self, surface)
        self.die.draw(self, surface)

    # === the setup screen's hooks (scenes/setup.py) ================================================================
    @staticmethod
    def option_choices(key: str, current: Any) -> list[tuple[Any, str]] | None:
        """Theme Builder: no theme, the Seven Samurai preset and every saved custom theme."""
        if key != "theme":
            return None
        return themes.option_choices(current)

    @staticmethod
    def option_editor(key: str) -> tuple[str, Callable[..., Any]] | None:
        """Theme Builder's editor (a screen over the setup; "Use this theme" selects the theme it saved)."""
        if key != "theme":
            return None
        from scenes.table.villagers_villains.theme_editor import ThemeEditorScene

        return "Edit themes…", ThemeEditorScene

    # === scores =====================================================================================================
    def sheet(self) -> vscores.Sheet:
        st = self.match.state if self.match.is_over() else self.view
        return vscores.sheet(st, self.match.is_over(), self.outcome(), self.standing)

    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        sh = self.sheet()
        return vscores.natural_size(sh), lambda surf, rect: vscores.draw_sheet(surf, rect, sh)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        """The final scoring sheet for the results screen (with the best team scores of a Cooperative game)."""
        st = match.state
        sh = vscores.sheet(st, match.is_over(), match.game.outcome(st), records.finished_standing(match))
        with contextlib.suppress(Exception):  # what the last decision changed (issue 28); optional words
            sh = vscores.with_lines(sh, vscores.last_change_lines(match))
        cache: dict[tuple[int, int], pygame.Surface] = {}

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            img = cache.get(rect.size)
            if img is None:
                tall = pygame.Surface((rect.w, max(rect.h, 1) * 4))
                tall.fill(theme.CREAM)
                used = vscores.draw_sheet(tall, tall.get_rect(), sh)
                img = tall.subsurface((0, 0, rect.w, min(tall.get_height(), max(1, used)))).copy()
                cache.clear()
                cache[rect.size] = img
            surface.blit(img, rect.topleft)
            return img.get_height()

        return draw

