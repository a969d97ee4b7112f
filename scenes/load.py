"""Load a game: every game in progress (one autosave each) first, then the saved and the finished games.

Each row says the game, its seats (names and AI levels), how far it is
(the save's header carries the progress, so nothing is replayed to list it)
and the date. A row's Delete asks for a confirmation below the list before
the file goes: a game in progress is never lost to a stray click.

Damaged or foreign files are moved aside (so nothing overwrites them and they
are not read again at every visit) and listed for the rest of the session with
their problem and their new name (they cannot be picked), so a player can see
what happened to a save rather than have it silently vanish. The listing is
cached by file stamps (game.save.list_saves): a folder of large saves is read
once, not every time this screen opens.
"""

from __future__ import annotations

import pygame

from game import registry
from game.autosaves import delete_save, retire_legacy_autosave
from game.match import Match
from game.save import SaveError, SaveInfo, list_saves, load_save, take_problems
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.scroll_widgets import ScrollList


def game_title(name: str) -> str:
    """A game's title for a save row (its name when this build does not know the game). Kept here rather than
    imported from the menu, which opens this screen: scenes import no cycle."""
    return next((g.title for g in registry.GAMES if g.name == name), name)


def _date(stamp: str) -> str:
    return stamp.replace("T", "  ")[:17] if stamp else "unknown date"


def in_progress(info: SaveInfo) -> bool:
    """A game in progress: an unfinished autosave that can be read."""
    return info.autosave and not info.over and info.error is None


def ordered(infos: list[SaveInfo]) -> list[SaveInfo]:
    """Games in progress first, then the saved and finished games, each newest first (as listed); unreadable
    files last."""
    return ([i for i in infos if in_progress(i)] + [i for i in infos if not in_progress(i) and i.error is None]
            + [i for i in infos if i.error is not None])


def status(info: SaveInfo) -> str:
    if info.over:
        return "finished"
    return "in progress" if info.autosave else "saved game"


def problem(info: SaveInfo) -> str:
    """What is wrong with a refused file, for its row: the row's first line already names the file and where it
    was kept, so the folder path and that ending are left out of the message."""
    text = (info.error or "").split("; the file was kept as ")[0]
    for prefix in (f"Save {info.path} ", f"{info.path} ", f"{info.path.name} "):
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    text = text.replace(str(info.path), info.path.name)
    text = text.removeprefix("is ")
    return text[:1].upper() + text[1:]


def seat_lines(info: SaveInfo) -> list[str]:
    """The seats in words, longest first, for the row to draw the first that fits: every name with its AI level,
    then the names and how many are the computer's, then only how many players."""
    kinds = info.kinds if len(info.kinds) == len(info.players) else ("human",) * len(info.players)
    full = ", ".join(n if k == "human" else f"{n} ({k} AI)" for n, k in zip(info.players, kinds, strict=True))
    ai = sum(1 for k in kinds if k != "human")
    names = ", ".join(info.players) + (f" ({ai} AI)" if ai else "")
    count = f"{len(info.players)} player{'s' if len(info.players) != 1 else ''}" + (f", {ai} AI" if ai else "")
    return [full, names, count]


class LoadScene(Scene):
    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.list = ScrollList([], self.draw_row, self.load, pickable=lambda s: s.error is None)
        self.back = w.Button("Back", app.pop)
        self.deletes: dict[int, w.Button] = {}  # row index -> its Delete button (readable rows only)
        self.replays: dict[int, w.Button] = {}  # row index -> its Replay button (the read-only replay viewer)
        self.pending: SaveInfo | None = None  # the row whose Delete waits for a confirmation
        self.confirm = w.Button("Delete", self.delete_pending, primary=True, icon_name="cross")
        self.keep = w.Button("Keep it", self.cancel_delete)
        self.confirm_rect = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0

    def refresh(self) -> None:
        try:
            self.saves = ordered(list_saves())
        except OSError as exc:
            self.saves = []
            self.app.toast(f"The saves folder cannot be read: {exc}", 5.0)
        for problem in take_problems():
            self.app.toast(problem, 6.0)
        self.list.set_items(self.saves)
        self.deletes = {i: w.Button("Delete", lambda s=s: self.ask_delete(s), icon_name="cross")
                        for i, s in enumerate(self.saves) if s.error is None}
        self.replays = {i: w.Button("Replay", lambda s=s: self.replay(s), icon_name="eye")
                        for i, s in enumerate(self.saves) if s.error is None}
        if self.pending is not None and self.pending not in self.saves:
            self.pending = None

    def enter(self) -> None:
        self.refresh()

    def _read(self, info: SaveInfo) -> Match | None:
        """The game in ``info``'s file, or None after saying why (a file that stopped loading is moved aside and
        the list read again)."""
        self.pending = None
        try:
            return load_save(info.path, set_aside=True)
        except SaveError as exc:
            self.app.toast(str(exc), 6.0)
            self.refresh()
            return None

    def load(self, info: SaveInfo) -> None:
        match = self._read(info)
        if match is not None:
            self.app.start_match(match)
            retire_legacy_autosave(info.path, match)  # an autosave of version 1 now lives in its game's own slot

    def replay(self, info: SaveInfo) -> None:
        """Open the game read-only in the replay viewer (the file is not changed, the game not continued)."""
        from scenes.replay import open_replay

        match = self._read(info)
        if match is not None:
            open_replay(self.app, match)

    # --- delete, after a confirmation -------------------------------------------------------------------------
    def ask_delete(self, info: SaveInfo) -> None:
        self.pending = info

    def cancel_delete(self) -> None:
        self.pending = None

    def delete_pending(self) -> None:
        info, self.pending = self.pending, None
        if info is None:
            return
        try:
            delete_save(info.path)
        except OSError as exc:
            self.app.toast(f"{info.path.name} could not be deleted: {exc.strerror or exc}", 5.0)
        else:
            self.app.toast(f"Deleted {game_title(info.game)} ({status(info)}, {_date(info.saved_at)}).")
        offset = self.list.offset
        self.refresh()
        self.list.offset = min(offset, self.list.max_offset)

    def pending_words(self) -> str:
        info = self.pending
        if info is None:
            return ""
        what = "this game in progress" if in_progress(info) else f"this {status(info)} game"
        return f"Delete {what}, {game_title(info.game)} of {_date(info.saved_at)}, for good?"

    # --- layout and input --------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        margin = int(40 * k)
        self.panel = pygame.Rect(margin, int(120 * k), size[0] - 2 * margin, size[1] - int(120 * k) - margin * 2
                                 - int(60 * k))
        pad = int(22 * k)
        self.list.rect = pygame.Rect(self.panel.left + pad, self.panel.top + int(60 * k), self.panel.width - 2 * pad,
                                     self.panel.height - int(60 * k) - pad)
        self.list.row_height = int(76 * k)
        self.back.rect = pygame.Rect(margin, size[1] - margin - int(60 * k), int(170 * k), int(60 * k))
        bh = int(52 * k)
        self.keep.rect = pygame.Rect(size[0] - margin - int(170 * k), 0, int(170 * k), bh)
        self.confirm.rect = pygame.Rect(self.keep.rect.left - int(12 * k) - int(170 * k), 0, int(170 * k), bh)
        self.confirm_rect = pygame.Rect(self.back.rect.right + int(24 * k), self.back.rect.top,
                                        size[0] - margin - self.back.rect.right - int(24 * k), self.back.rect.height)
        for b in (self.keep, self.confirm):
            b.rect.centery = self.confirm_rect.centery

    def _delete_rect(self, row: pygame.Rect) -> pygame.Rect:
        k = self.k
        r = pygame.Rect(0, 0, int(140 * k), max(24, int(row.height * 0.56)))
        r.midright = (row.right - int(14 * k), row.centery)
        return r

    def _replay_rect(self, row: pygame.Rect) -> pygame.Rect:
        r = self._delete_rect(row)
        r.right = r.left - int(10 * self.k)
        return r

    def _place_deletes(self) -> None:
        """Each row's Delete and Replay buttons where its row is now (the list scrolls); a row out of sight has
        none to press."""
        for i, b in self.deletes.items():
            rect = self._delete_rect(self.list.row_rect(i))
            b.rect = rect
            b.visible = self.list.rect.contains(rect)
        for i, b in self.replays.items():
            rect = self._replay_rect(self.list.row_rect(i))
            b.rect = rect
            b.visible = self.list.rect.contains(rect)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.pending is not None:
                self.cancel_delete()
            else:
                self.app.pop()
            return
        if self.back.handle_event(event):
            return
        if self.pending is not None and (self.confirm.handle_event(event) or self.keep.handle_event(event)):
            return
        self._place_deletes()
        for b in (*self.deletes.values(), *self.replays.values()):
            if b.handle_event(event):
                return
        self.list.handle_event(event)

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, info: SaveInfo, hovered: bool) -> None:
        k = self.k
        bad = info.error is not None
        marked = info is self.pending
        fill = (250, 228, 218) if bad or marked else ((255, 248, 230) if hovered else (238, 228, 208))
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 6)
        pygame.draw.rect(surface, w.ERROR if bad or marked else (190, 172, 146), rect, 2 if marked else 1,
                         border_radius=rect.height // 6)
        pad = int(16 * k)
        tf = w.font("ui-bold", int(22 * k))
        sf = w.font("ui", int(17 * k))
        name = "cross" if bad else ("play" if in_progress(info) else ("trophy" if info.over else "save"))
        ico = w.icon(name, int(rect.height * 0.45), w.ERROR if bad else w.INK_SOFT)
        x = rect.left + pad
        if ico is not None:
            surface.blit(ico, ico.get_rect(midleft=(x, rect.centery)))
            x += ico.get_width() + pad
        top = rect.top + int(10 * k)
        if bad:
            kept = f" — kept as {info.moved_to.name}" if info.moved_to is not None else ""
            w.draw_text(surface, f"{info.path.name} cannot be loaded{kept}", tf, w.ERROR, (x, top),
                        max_width=rect.right - x)
            w.draw_text(surface, problem(info), sf, w.ERROR, (x, top + tf.get_linesize()),
                        max_width=rect.right - x - pad)
            return
        button = next((b for i, b in self.deletes.items() if self.saves[i] is info), None)
        right = rect.right - pad
        if button is not None:
            button.rect = self._delete_rect(rect)
            button.draw(surface)
            right = button.rect.left - pad
        again = next((b for i, b in self.replays.items() if self.saves[i] is info), None)
        if again is not None:
            again.rect = self._replay_rect(rect)
            again.draw(surface)
            right = again.rect.left - pad
        date = w.draw_text(surface, _date(info.saved_at), sf, w.INK_SOFT, (right, top + int(4 * k)), "topright")
        title = w.draw_text(surface, game_title(info.game), tf, w.INK, (x, top), max_width=date.left - x - pad)
        w.draw_text(surface, status(info), sf, w.GOOD if in_progress(info) else w.INK_SOFT,
                    (title.right + pad, top + int(4 * k)), max_width=max(1, date.left - title.right - 2 * pad))
        room = right - x
        tail = f" · {info.progress}" if info.progress else ""
        line = next((s + tail for s in seat_lines(info) if sf.size(s + tail)[0] <= room), seat_lines(info)[-1])
        w.draw_text(surface, line, sf, w.INK, (x, top + tf.get_linesize()), max_width=room)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_text(surface, "Load a game", w.font("card-bold", int(52 * k)), w.CREAM, (int(40 * k), int(34 * k)))
        w.draw_panel(surface, self.panel)
        going = sum(1 for s in self.saves if in_progress(s))
        rest = len(self.saves) - going
        head = (f"{going} game{'s' if going != 1 else ''} in progress, {rest} saved or finished. "
                "Click one to continue it.")
        w.draw_text(surface, head, w.font("ui", int(19 * k)), w.INK_SOFT,
                    (self.panel.left + int(22 * k), self.panel.top + int(22 * k)),
                    max_width=self.panel.width - int(44 * k))
        if not self.saves:
            w.draw_text(surface, "No saved games yet. Use Save game in the pause menu (Esc) during a game.",
                        w.font("ui", int(20 * k)), w.INK, self.list.rect.center, "center", self.list.rect.width)
        self._place_deletes()
        self.list.draw(surface)
        self.back.draw(surface)
        if self.pending is not None:
            self._draw_confirmation(surface)

    def _draw_confirmation(self, surface: pygame.Surface) -> None:
        k = self.k
        area = self.confirm_rect
        w.draw_panel(surface, area, fill=(252, 232, 222), border=w.ERROR)
        text = pygame.Rect(area.left + int(16 * k), area.top, self.confirm.rect.left - area.left - int(28 * k),
                           area.height)
        fnt = w.font("ui-bold", int(18 * k))
        lines = w.wrap(self.pending_words(), fnt, text.width)
        lh = fnt.get_linesize()
        y = area.centery - lh * min(2, len(lines)) // 2
        for line in lines[:2]:
            w.draw_text(surface, line, fnt, w.ERROR, (text.left, y), max_width=text.width)
            y += lh
        self.confirm.draw(surface)
        self.keep.draw(surface)
