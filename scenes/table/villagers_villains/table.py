"""The Villagers & Villains table: its layout (layout.py), its card faces (cardart.py), the die (dice.py), what it
draws around the cards (overlays.py) and the score sheet (scores.py); play is the shared TableScene.

Every decision is one of the engine's gestures (the presenter, game/villagers_villains/present.py): drag a pool card
to your town to declare it (then + / − buy dice and Roll), drag a Hero onto a Challenge (a click on a Challenge
rolls Town Defense), drag hand cards into your town, drag a City Token onto a space of a City Upgrade card, drag the
Angry Mob or the King's Favor onto the roll. Every word about the game (hints, what a roll needed, prices, the
score if the game ended now) comes from the presenter; this class wires the shared table's public hooks to it.

Cooperative is one team: the live score line says "Cooperative" and the team's total, the Scores window and the
results lead with the team total (no Mayor's column is highlighted as a winner), and a finished game keeps the team
score in the best-scores table (records.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import HIDDEN_CARD, Outcome
from game.villagers_villains import explain
from game.villagers_villains.cards import ALL_CARDS, CITIES, FAVOR_ID
from game.villagers_villains.explain import RollShow
from game.villagers_villains.state import VVState
from scenes import theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
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
        self.sync_pending = False  # the cards wait for the die: they move when it stops
        self.standing: records.Standing | None = None
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

    def layout(self, size: tuple[int, int]) -> None:
        """As the base, after setting the smallest legible text at this window size (cards leave out smaller
        words)."""
        self.least = theme.least_px(size)
        super().layout(size)

    # === the model -> what is shown =================================================================================
    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        """As the base, except that after a new roll the cards wait for the die: they move when it stops."""
        super().refresh(False, animate)
        self.pool_moves = overlays.pool_moves(self.pool_seen, tuple(self.view.pool), self.pool_moves)
        self.pool_seen = tuple(self.view.pool)
        rolled = self.die.scan(self, animate)
        if sync:
            if rolled and self.dice_rolling:
                self.sync_pending = True
            else:
                self.sync_pending = False
                self.sync(animate=animate)
        if self.match.is_over() and self.standing is None and self.view.rules.cooperative:
            self.record_team_score()

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.dice_rolling:
            if self.die.log_held:
                self.die.hold_log(self)
            if self.sync_pending:
                self.sync_pending = False
                self.sync()

    def update_widgets(self) -> None:
        super().update_widgets()
        if self.dice_rolling and not self.match.is_over() and self.roll_show is not None:
            self.prompt.title = f"{self.die.title(self)}…"
            self.prompt.detail = "The die is rolling."
            self.prompt.alert = False
            for b in self.gesture_buttons:  # what the buttons offer would tell the result before the die does
                b.visible = False

    @property
    def roll_show(self) -> RollShow | None:
        """The roll the die area shows (the newest in the log)."""
        return self.die.show

    @property
    def dice_rolling(self) -> bool:
        return self.die.rolling(self)

    @property
    def animating(self) -> bool:
        """Cards moving, or the die still tumbling (the next computer move waits for it)."""
        return bool(TableScene.animating.fget(self)) or self.dice_rolling  # type: ignore[attr-defined]

    def record_team_score(self) -> None:
        """A finished Cooperative game's team score goes into the best-scores table (once per game)."""
        st = self.match.state
        try:
            self.standing = records.record(self.match, sum(vscores.totals(st)), bool(st.lost))
        except Exception:  # noqa: BLE001 - a best-score table that cannot be kept never stops the game's end
            self.standing = None

    def outcome(self) -> Outcome:
        """The engine's outcome; a finished Cooperative game's headline adds the best team score so far."""
        out = super().outcome()
        if self.standing is not None and self.match.is_over():
            return dataclasses.replace(out, headline=out.headline + self.standing.words())
        return out

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
                if box.name.startswith("trophies:"):  # a trophy's strip shows a cup (a town's Challenge its DV)
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
        zone = str(getattr(spr.tag, "zone", "") or "")
        kind, _, rest = zone.partition(":")
        seat = rest.split(":")[0]
        if kind not in PANEL_ZONES or not seat.isdigit():
            return None
        if kind in STRIP_ZONES and int(seat) in self.strip_areas:  # above the line of hand, tokens and favor
            return self.strip_areas[int(seat)].inflate(2, 2)
        return self.seat_panels.get(int(seat))

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
            if name.startswith("space:") and box.rect.inflate(6, 6).collidepoint(pos):
                k, i = (int(x) for x in name.split(":")[1:])
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

    def relayout(self) -> None:
        """As the base, but the new boxes keep the counts and notes of the boxes they replace until the next sync:
        while the die tumbles the sync waits for it, and the deck must not read "Deck · 0" meanwhile."""
        old = {name: (box.count, box.note) for name, box in getattr(self, "boxes", {}).items()}
        super().relayout()
        for name, box in self.boxes.items():
            if name in old:
                box.count, box.note = old[name]

    def sync(self, animate: bool = True) -> None:
        """As the base; cards that left the view glide where they went; unaffordable hand cards are dimmed."""
        leaving = len(self.leaving)
        super().sync(animate)
        for spr in self.leaving[leaving:]:  # into another Mayor's hand or out of the game, not onto a pile
            dest = self.boxes.get(explain.went_to(self.view, spr.key) or "")
            if dest is not None:
                w = dest.card_w if dest.layout != "fan" else spr.width
                spr.move_to(dest.rect.centerx - w / 2, dest.rect.centery - spr.height / 2, self.MOVE_TIME * self.af)
        for spr, card, cost in overlays.priced_sprites(self):
            spr.dim = cost > self.view.gold[self.front] or not self.gestures.can_drag(card, f"hand:{self.front}")

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

    # === the setup screen's hooks (scenes/setup.py) ====================================================================
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
        standing = None
        if st.rules.cooperative and match.is_over():
            with contextlib.suppress(Exception):
                standing = records.standing(match, sum(vscores.totals(st)))
        sh = vscores.sheet(st, match.is_over(), match.game.outcome(st), standing)
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

