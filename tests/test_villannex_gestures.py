"""Villannex at a table: zones, gestures and the composer of locked-in decisions, previews, hints, the live score.

A scripted "person" plays whole games through gestures alone (clicks, drags and buttons found by label), so the
composer is tested as the table will use it, not only by the exhaustive conformance walk."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from game.engine import HIDDEN_CARD, Action, Gesture
from game.villannex import GAME
from game.villannex import rules as R
from game.villannex.compose import BUILD_LABEL, KEEP_LABEL, LOCK_LABEL, Staged, named_label
from game.villannex.present import WEAPON_LABELS
from game.villannex.scoring import score_round
from tests.conformance import check_gestures, reachable_by_gestures

NAMES = ["Ann", "Basil", "Cy", "Dee"]


def find(gs: list[Gesture], label: str) -> Gesture:
    hits = [g for g in gs if g.label == label]
    assert hits, f"no gesture {label!r} among {[g.label for g in gs]}"
    return hits[0]


def compose(view: R.VillannexState, seat: int, want: Action) -> tuple[list[Hashable], Action]:
    """Make ``want`` by gestures the way a person would; returns the drafts passed through and the action made."""
    drafts: list[Hashable] = []
    draft: Hashable = None
    for _ in range(40):
        gs = GAME.gestures(view, seat, draft)
        done = [g for g in gs if g.action == want]
        if done:
            return drafts, done[0].action  # type: ignore[return-value]
        step = _next_step(view, seat, draft, want, gs)
        draft = step.draft
        drafts.append(draft)
        shown = GAME.preview(view, seat, draft)
        zones = {z.id: z for z in GAME.zones(shown, seat)}
        assert all(g.source in zones for g in GAME.gestures(view, seat, draft) if g.source)
    raise AssertionError(f"could not compose {want!r}")


def _next_step(view: R.VillannexState, seat: int, draft: Hashable, want: Action, gs: list[Gesture]) -> Gesture:
    d = draft if isinstance(draft, Staged) else Staged()
    if isinstance(want, R.Keep):
        return next(g for g in gs if g.card in want.cards and g.card not in d.cards and g.target is None)
    if isinstance(want, R.Reveal):
        return next(g for g in gs if g.card == want.card and g.target is None)
    assert isinstance(want, (R.Play, R.Build))
    placed = [c for c in d.cards]
    for c in want.cards:
        if c not in placed:
            return next(g for g in gs if g.card == c and g.target == R.present.village_zone(seat))
    village = (*view.randoms[view.picked], *want.cards) if isinstance(want, R.Build) else want.cards
    for c, f in zip(village, want.frames, strict=True):
        if d.frame(c) != f:
            return next(g for g in gs if g.card == c and g.draft is not None and g.draft.frame(c) == f)
    if isinstance(want, R.Play) and want.weapon is not None and d.weapon is not want.weapon:
        return find(gs, WEAPON_LABELS[want.weapon])
    if want.named is not None and d.named != want.named:
        return find(gs, named_label(want.named))
    raise AssertionError(f"stuck composing {want!r} at {d!r}")


# --- every legal action by hand, over whole games ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "opts"),
    [
        (2, {}),
        (3, {"reveal_one_at_a_time": True, "military": True}),
        (2, {"booster_draft": True, "economy": True}),
        (4, {"two_rounds": True, "special_products": True}),
        (1, {"economy": True, "special_products": True}),
    ],
)
def test_games_played_through_gestures_alone(n: int, opts: dict) -> None:
    for seed in range(3):
        st = GAME.new_game(NAMES[:n] if n > 1 else ["Solo"], seed, opts)
        rng = random.Random(seed)
        while not GAME.is_over(st):
            acting = GAME.to_act(st)
            seat = acting[rng.randrange(len(acting))]
            view = GAME.view(st, seat)
            legal = GAME.legal_actions(view, seat)
            want = legal[rng.randrange(len(legal))]
            if isinstance(want, (R.Keep, R.Play, R.Build)) or (isinstance(want, R.Reveal) and rng.random() < 0.5):
                _, made = compose(view, seat, want)
            else:
                made = next(g.action for g in GAME.gestures(view, seat) if g.action == want)
            assert made == want
            GAME.apply(st, seat, made)


def test_s5_and_military_reach_every_play() -> None:
    """The largest composer: 6 drafted cards, Military and the S5 market card (every name)."""
    for seed in range(300):
        st = GAME.new_game(NAMES[:2], seed, {"economy": True, "military": True, "booster_draft": True})
        if st.supply == "S5":
            break
    else:
        pytest.skip("no S5 deal")
    rng = random.Random(1)
    while st.phase != "PLAY":
        for s in GAME.to_act(st):
            GAME.apply(st, s, GAME.legal_actions(st, s)[rng.randrange(len(GAME.legal_actions(st, s)))])
    check_gestures(GAME, st, 0)
    view = GAME.view(st, 0)
    assert len(reachable_by_gestures(GAME, view, 0)) == len(GAME.legal_actions(view, 0)) == 15 * 4 * 2 * 4


def test_nobody_else_gets_gestures() -> None:
    st = GAME.new_game(NAMES[:3], 2, {"reveal_one_at_a_time": True})
    others = [s for s in range(3) if s != st.turn]
    assert all(GAME.gestures(GAME.view(st, s), s) == [] for s in others)
    st2 = GAME.new_game(NAMES[:2], 2, {})
    GAME.apply(st2, 0, GAME.legal_actions(st2, 0)[0])
    assert GAME.gestures(GAME.view(st2, 0), 0) == []  # locked in: waiting
    assert GAME.draft_hint(GAME.view(st2, 0), 0, None) == ""


# --- the composer step by step ---------------------------------------------------------------------------------------


def test_keep_by_clicks_then_button() -> None:
    st = GAME.new_game(NAMES[:2], 4, {})
    v = GAME.view(st, 0)
    hand = v.hands[0]
    gs = GAME.gestures(v, 0)
    assert not any(g.label == KEEP_LABEL for g in gs)
    assert GAME.draft_hint(v, 0, None) == "Choose 4 more cards to keep"
    draft: Hashable = None
    for c in hand[:4]:
        g = next(g for g in GAME.gestures(v, 0, draft) if g.card == c and g.target is None)
        assert g.source == "hand:0" and g.label.startswith("Keep ")
        draft = g.draft
    assert GAME.draft_hint(v, 0, draft) == f"Ready: press {KEEP_LABEL}"
    shown = {z.id: z for z in GAME.zones(GAME.preview(v, 0, draft), 0)}
    assert shown["shown:0"].cards == tuple(hand[:4]) and shown["hand:0"].cards == tuple(hand[4:])
    gs = GAME.gestures(v, 0, draft)
    assert find(gs, KEEP_LABEL).action == R.Keep(tuple(hand[:4]))
    assert not any(g.card == hand[5] for g in gs), "a fifth card cannot be chosen"
    # a click on a chosen card (in the shown row) puts it back
    back = next(g for g in gs if g.card == hand[0] and g.target is None)
    assert back.source == "shown:0" and back.draft == Staged(tuple(hand[1:4]))


def test_play_composer_frames_weapon_and_lock_in() -> None:
    st = GAME.new_game(NAMES[:2], 6, {"military": True})
    for s in range(2):
        GAME.apply(st, s, R.Keep(tuple(st.hands[s][:4])))
    v = GAME.view(st, 0)
    a, b = v.hands[0][:2]
    draft: Hashable = None
    for c in (b, a):
        draft = next(g for g in GAME.gestures(v, 0, draft) if g.card == c and g.target == "village:0").draft
    assert draft == Staged((a, b))
    prev = GAME.preview(v, 0, draft)
    assert prev.villages[0] == R.Village((a, b), (R.NO_FRAME, R.NO_FRAME), None, None)
    assert {z.id: z for z in GAME.zones(prev, 0)}["village:0"].cards == (a, b)
    assert GAME.draft_hint(v, 0, draft) == (f"Choose what {R.NAMES[a]} produces: click one of the two frames at the "
                                            "bottom of its card")
    frame_clicks = [g for g in GAME.gestures(v, 0, draft) if g.card == a and g.target is None]
    assert sorted(g.draft.frame(a) for g in frame_clicks) == [0, 1]
    assert not any(g.label in WEAPON_LABELS.values() for g in GAME.gestures(v, 0, draft)), "village not complete"
    draft = next(g.draft for g in frame_clicks if g.draft.frame(a) == 1)
    draft = next(g.draft for g in GAME.gestures(v, 0, draft) if g.card == b and g.target is None
                 and g.draft.frame(b) == 0)
    assert GAME.draft_hint(v, 0, draft) == "Choose your weapon side"
    assert not any(g.action for g in GAME.gestures(v, 0, draft))
    draft = find(GAME.gestures(v, 0, draft), "Produce a Weapon").draft
    assert GAME.draft_hint(v, 0, draft) == f"Ready: press {LOCK_LABEL}"
    lock = find(GAME.gestures(v, 0, draft), LOCK_LABEL)
    assert lock.action == R.Play((a, b), (1, 0), True, None) and lock.kind == "button"
    weapon_zone = {z.id: z for z in GAME.zones(GAME.preview(v, 0, draft), 0)}["weapon:0"]
    assert weapon_zone.note == "Produce a Weapon"
    # taking a card back clears the weapon side: it was a choice about the complete village
    back = next(g for g in GAME.gestures(v, 0, draft) if g.card == a and g.target == "hand:0")
    assert back.draft == Staged((b,), ((b, 0),))


def test_own_locked_choice_stays_in_place_and_others_see_nothing() -> None:
    st = GAME.new_game(NAMES[:2], 8, {"military": True})
    for s in range(2):
        GAME.apply(st, s, R.Keep(tuple(st.hands[s][:4])))
    play = R.Play(tuple(st.hands[0][:2]), (0, 1), False, None)
    GAME.apply(st, 0, play)
    mine = {z.id: z for z in GAME.zones(GAME.view(st, 0), 0)}
    assert mine["village:0"].cards == play.cards and mine["weapon:0"].note == "No Weapon"
    assert mine["hand:0"].cards == tuple(st.hands[0][2:])
    theirs = {z.id: z for z in GAME.zones(GAME.view(st, 1), 1)}
    assert theirs["village:0"].cards == () and theirs["hand:0"].note == "locked in"
    assert theirs["weapon:0"].note == "side chosen, hidden"


def test_reveal_pick_then_show_and_next_by_clicking_a_hand() -> None:
    st = GAME.new_game(NAMES[:3], 16, {"reveal_one_at_a_time": True})
    rng = random.Random(0)
    while st.phase != "NEXT":
        s = GAME.to_act(st)[0]
        GAME.apply(st, s, GAME.legal_actions(st, s)[rng.randrange(len(GAME.legal_actions(st, s)))])
    seat = st.turn
    v = GAME.view(st, seat)
    gs = GAME.gestures(v, seat)
    assert {g.action for g in gs} == set(GAME.legal_actions(v, seat))
    assert all(g.kind == "click" and g.source == f"hand:{g.action.seat}" for g in gs)
    # back to a REVEAL: click a card to pick it, then the "Show" button
    GAME.apply(st, seat, gs[0].action)
    seat = st.turn
    v = GAME.view(st, seat)
    c = next(x for x in v.hands[seat] if x not in v.shown[seat])
    pick = next(g for g in GAME.gestures(v, seat) if g.card == c and g.target is None)
    assert pick.draft == Staged((c,)) and "cannot be taken back" in GAME.draft_hint(v, seat, pick.draft)
    assert find(GAME.gestures(v, seat, pick.draft), f"Show {R.NAMES[c]}").action == R.Reveal(c)


def test_solitaire_pick_and_build_with_exact_estimate() -> None:
    for seed in range(10):
        st = GAME.new_game(["Solo"], seed, {"economy": True})
        v = GAME.view(st, 0)
        gs = GAME.gestures(v, 0)
        assert [g.source for g in gs] == ["random:0", "random:1"] and all(g.kind == "click" for g in gs)
        assert GAME.estimate(v, 0) is None
        GAME.apply(st, 0, gs[1].action)
        v = GAME.view(st, 0)
        zones = {z.id: z for z in GAME.zones(v, 0)}
        kept = tuple(v.randoms[1])
        assert zones["village:0"].cards == kept and zones["random:0"].cards == zones["random:1"].cards == ()
        want = GAME.playout_action(st, 0, GAME.legal_actions(st, 0), random.Random(seed))
        drafts, made = compose(v, 0, want)
        assert made == want
        score, exact = GAME.estimate(v, 0, drafts[-1])
        assert exact, "a complete solitaire village is scored exactly"
        assert find(GAME.gestures(v, 0, drafts[-1]), BUILD_LABEL).action == want
        for d in drafts[:-1]:
            got = GAME.estimate(v, 0, d)
            assert got is None or got[1] is False or d == drafts[-1]
        events = GAME.apply(st, 0, made)
        assert score == st.round_scores[-1][0], events[-1].text


def test_normal_estimate_counts_the_known_cards_only() -> None:
    st = GAME.new_game(NAMES[:3], 12, {"two_rounds": True, "special_products": True})
    rng = random.Random(2)
    while not (st.phase == "PLAY" and st.round == 2):
        for s in GAME.to_act(st):
            legal = GAME.legal_actions(st, s)
            GAME.apply(st, s, legal[rng.randrange(len(legal))])
    v = GAME.view(st, 1)
    play = GAME.legal_actions(v, 1)[5]
    drafts, _ = compose(v, 1, play)
    score, exact = GAME.estimate(v, 1, drafts[-1])
    alone = score_round([(play.cards, play.frames, False, None)], v.common, None, None, (v.specials[1],))
    assert not exact and score == alone.scores[0]
    GAME.apply(st, 1, play)
    assert GAME.estimate(GAME.view(st, 1), 1) == (score, False)  # the locked village is still estimated


def test_complete_draft_fills_in_first_choices() -> None:
    st = GAME.new_game(NAMES[:2], 3, {"military": True, "economy": True})
    v = GAME.view(st, 0)
    hand = v.hands[0]
    act = GAME.complete_draft(v, 0, Staged((hand[5], hand[2])))
    assert act == R.Keep(tuple(sorted((hand[0], hand[1], hand[2], hand[5]))))
    for s in range(2):
        GAME.apply(st, s, GAME.complete_draft(GAME.view(st, s), s))
    v = GAME.view(st, 0)
    act = GAME.complete_draft(v, 0, Staged((v.hands[0][3],), ((v.hands[0][3], 1),)))
    assert act in GAME.legal_actions(v, 0) and v.hands[0][3] in act.cards
    GAME.apply(st, 0, act)
    assert GAME.complete_draft(GAME.view(st, 0), 0) is None  # locked in: nothing left to decide


# --- zones and faces --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("opts", [{}, {"booster_draft": True, "military": True, "economy": True,
                                       "special_products": True, "two_rounds": True}])
def test_zones_hold_each_card_once_and_hide_what_a_seat_cannot_see(opts: dict) -> None:
    st = GAME.new_game(NAMES[:4], 21, opts)
    rng = random.Random(5)
    while True:
        for viewer in (None, 0, 1):
            v = GAME.view(st, viewer)
            zones = GAME.zones(v, viewer)
            ids = [c for z in zones for c in z.cards if not c.startswith(HIDDEN_CARD)]
            assert len(ids) == len(set(ids)), "a card is drawn twice"
            secret = {c for c, who in GAME.secrets(st).items() if viewer not in who}
            assert not secret & set(ids)
            assert all(GAME.card_face(c).name for c in ids)
            if viewer is not None:
                assert isinstance(GAME.seat_status(v, viewer), str)
        if GAME.is_over(st):
            break
        s = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, s)
        GAME.apply(st, s, legal[rng.randrange(len(legal))])
    zone_ids = {z.id for z in GAME.zones(GAME.view(st, 0), 0)}
    assert {"deck", "hand:0", "village:3", "shown:2", "aside:1"} <= zone_ids
    if opts:
        assert {"market", "common", "packet:0", "special:3", "weapon:2"} <= zone_ids


def test_card_faces_and_seat_status() -> None:
    face = GAME.card_face("O01")
    assert face.name == "Cook" and "Occupation" in face.band and "livestock" in face.text
    assert GAME.card_face("D1").name == "Market Demand" and GAME.card_face("P4").name == "Bread"
    assert GAME.card_face(HIDDEN_CARD).name == "Hidden card"
    st = GAME.new_game(NAMES[:2], 1, {})
    assert GAME.seat_status(GAME.view(st, 0), 1) == "deciding"
    solo = GAME.new_game(["Solo"], 1, {})
    assert GAME.seat_status(GAME.view(solo, 0), 0) == "round 1 of 4, goal 20"
