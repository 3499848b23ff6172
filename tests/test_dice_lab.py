"""The Dice Lab driven by real events: every tab's inputs by mouse and keys, shown chances equal the engine's
exact Fractions, the tray lands on the sampled faces for the seed, trust tools, memory, sizes and languages."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from game.client.dice_lab.free_tab import FreeTab, notation_error
from game.client.dice_lab.stats import chi_square, chi_square_sf, cumulative, percent_text, standing
from game.client.settings import settings_path
from game.engine import dice
from tests.client_helpers import button_by_text, click, click_at, frames, key


def shown(chance: Fraction) -> str:
    """The engine's exact chance as the Lab shows it: a percentage with one decimal."""
    return f"{float(chance) * 100:.1f} %"


@pytest.fixture
def lab(app):
    """The Lab opened from the menu with the mouse, dice landing at once."""
    app.settings.anim_speed = "instant"
    click(app, button_by_text(app, "Dice Lab"))
    assert app.scenes.current_name == "dice_lab"
    return app.scenes.current


def type_into(app, widget, text: str) -> None:
    """Click a text field, clear it and type `text` as text-input events, then press Enter."""
    click(app, widget)
    widget.set_text("")
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 1)
    key(app, pygame.K_RETURN, settle=2)


def entry_widget(scene, key_name: str):
    return next(w for w, k in scene.entry_widgets.items() if k == key_name)


def focus_stepper(app, scene, name: str) -> None:
    """Move the keyboard focus to stepper `name` with Up/Down."""
    for _ in range(12):
        if scene.tab.column.focused.key == name:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"no stepper {name}")


def seed(app, scene, value: int) -> None:
    type_into(app, scene.seed_entry, str(value))
    assert scene.seed == value


# --------------------------------------------------------------------------- Alkemy check


def test_A2_alkemy_inputs_by_mouse_and_keys_show_the_engine_chance(app, lab):
    tab = lab.tab
    assert tab.key == "alkemy"
    assert tab.figure_text("en") == shown(dice.alkemy_check(8, 15, "white", 0, 0))
    click_at(app, tab.steppers["attribute"].plus.center)  # mouse: attribute 9
    assert tab.value("attribute") == 9
    focus_stepper(app, lab, "difficulty")
    key(app, pygame.K_RIGHT)  # keys: difficulty 16
    key(app, pygame.K_RIGHT)
    assert tab.value("difficulty") == 17
    assert tab.figure_text("en") == shown(dice.alkemy_check(9, 17, "white", 0, 0))
    focus_stepper(app, lab, "health")
    key(app, pygame.K_RIGHT)
    assert tab.value("health") == "yellow"
    assert tab.figure_text("en") == shown(dice.alkemy_check(9, 17, "yellow", 0, 0))
    # A click on the bonus track's far end sets the most bonus dice; the penalty by its minus button stays 0.
    bonus = tab.steppers["bonus"]
    click_at(app, (bonus.track.right - 1, bonus.track.centery))
    assert bonus.value == 4
    click_at(app, tab.steppers["penalty"].plus.center)
    assert tab.figure_text("en") == shown(dice.alkemy_check(9, 17, "yellow", 4, 1))
    # The chart is the engine's kept-total distribution, successes marked from attribute + total ≥ difficulty.
    model = tab.chart(app.t)
    assert model.series[0].values == dice.alkemy_kept_distribution("yellow", 4, 1)
    assert model.threshold == 8 and model.bar_colours[8] != model.bar_colours[7]
    assert tab.table[(9, 17)] == dice.alkemy_check(9, 17, "yellow", 4, 1)


def test_A3_net_text_counts_dice_and_says_extra_dice_are_lost(lab):
    from game.client.dice_lab.alkemy_tab import net_text

    t = lab.app.t
    assert net_text(t, 2, 1) == "2 bonus − 1 penalty = 1 bonus, 3 dice rolled"
    assert net_text(t, 1, 1) == "1 bonus − 1 penalty = no modifier, 2 dice rolled"
    assert net_text(t, 3, 0).endswith("(at most 4 dice: the extra ones are lost)")
    assert "2 penalty, 4 dice" in net_text(t, 0, 2)


def test_A5_what_do_i_need_is_the_smallest_attribute(lab):
    tab = lab.tab
    for target, attribute in tab.need.items():
        assert attribute is not None
        assert dice.alkemy_check(attribute, 15, "white") >= target > dice.alkemy_check(attribute - 1, 15, "white")


def test_A1_alkemy_roll_lands_the_sampled_dice_for_the_seed(app, lab):
    tab = lab.tab
    for _ in range(2):
        click_at(app, tab.steppers["bonus"].plus.center)
    seed(app, lab, 4242)
    click(app, button_by_text(app, "Roll"))
    expected = dice.alkemy_roll(random.Random(4242), 8, "white", 2, 0)
    landed = lab.tray.faces()[0]
    assert [(d.value, d.symbol, d.style) for d in landed] == [(f.value, f.symbol, "white") for f in expected.rolled]
    assert tab.last == expected
    assert app.sound.played[-1] == "roll"
    assert lab.tray.glow == {(0, i) for i in expected.kept_indices}
    assert lab.card_lines()[0].startswith(f"8 + {expected.kept[0].value} + {expected.kept[1].value} = ")


def test_A3_choose_another_kept_pair_with_the_mouse_and_with_P(app, lab):
    tab = lab.tab
    for _ in range(2):
        click_at(app, tab.steppers["bonus"].plus.center)
    seed(app, lab, 11)
    key(app, pygame.K_r)
    default = tab.last.kept_indices
    assert tab.tray_note(app.t) == app.t("lab.alk.choose_hint")  # said on the tray, where the dice are clicked
    other = next((i, j) for i in range(4) for j in range(i + 1, 4) if (i, j) != default)
    click_at(app, lab.tray.die_rect((0, other[0])).center)
    assert lab.tray.marked == {(0, other[0])}
    click_at(app, lab.tray.die_rect((0, other[1])).center)
    assert tab.last.kept_indices == other
    assert lab.tray.glow == {(0, other[0]), (0, other[1])}
    values = [f.value for f in tab.last.rolled]
    assert tab.history[-1].text == str(8 + values[other[0]] + values[other[1]])
    key(app, pygame.K_p)
    assert tab.last.kept_indices != other
    symbols = sorted(tab.last.symbols)
    chance = dice.alkemy_symbol_pairs("white", 2, 0)[(symbols[0], symbols[1])]
    assert percent_text(chance) in lab.card_lines()[2]


def test_A3_penalty_dice_leave_no_choice(app, lab):
    tab = lab.tab
    click_at(app, tab.steppers["penalty"].plus.center)
    key(app, pygame.K_r)
    kept = tab.last.kept_indices
    click_at(app, lab.tray.die_rect((0, 0)).center)
    click_at(app, lab.tray.die_rect((0, 2)).center)
    assert tab.last.kept_indices == kept and not lab.tray.marked
    assert tab.tray_note(app.t) == ""


# --------------------------------------------------------------------------- Opposed roll


def test_A4_opposed_inputs_show_the_engine_win_chance_and_tie_rule(app, lab):
    key(app, pygame.K_2)
    tab = lab.tab
    assert tab.key == "opposed"
    assert tab.figure_texts("en")[0] == shown(dice.alkemy_opposed(2, 5))
    click_at(app, tab.steppers["a.attribute"].plus.center)
    for _ in range(3):
        click_at(app, tab.steppers["a.attribute"].plus.center)
    assert tab.value("a.attribute") == 6
    focus_stepper(app, lab, "b.bonus")
    key(app, pygame.K_RIGHT)
    expected = dice.alkemy_opposed(6, 5, bonus_b=1)
    assert tab.figure_texts("en") == (shown(expected), shown(1 - expected))
    assert tab.tie_winner() == "a"
    assert sum(tab.margin.values()) == 1
    win, tie, lose = dice.alkemy_opposed_round(6, 5, bonus_b=1)
    assert sum(p for d, p in tab.margin.items() if d > 0) == win and tab.margin[0] == tie


def test_A4_opposed_roll_plays_every_exchange_and_lands_the_last(app, lab):
    key(app, pygame.K_2)
    tab = lab.tab
    click_at(app, tab.steppers["a.attribute"].plus.center)
    click_at(app, tab.steppers["a.attribute"].plus.center)
    click_at(app, tab.steppers["a.attribute"].plus.center)  # 5 against 5: full ties reroll
    assert tab.tie_winner() is None
    for s in range(40):
        seed(app, lab, s) if s == 0 else lab.set_seed(s)
        key(app, pygame.K_r)
        expected = dice.alkemy_opposed_roll(random.Random(s), 5, 5)
        a, b = expected.exchanges[-1]
        assert [[d.value for d in row] for row in lab.tray.faces()] == [
            [f.value for f in a.rolled],
            [f.value for f in b.rolled],
        ]
        assert tab.last == expected
        if len(expected.exchanges) > 1:
            assert "Rerolls after full ties" in " ".join(lab.card_lines())
            break
    else:
        raise AssertionError("no reroll in 40 seeds")


# --------------------------------------------------------------------------- D6 + D3


def test_D1_d18_roll_writes_the_formula_for_the_seed(app, lab):
    click(app, button_by_text(app, "D6 + D3"))
    tab = lab.tab
    assert tab.key == "d18"
    assert tab.chart(app.t).series[0].values == dice.d18_distribution()
    seed(app, lab, 77)
    click(app, button_by_text(app, "Roll"))
    d3, d6, value = dice.roll_d18(random.Random(77))
    assert [(d.kind, d.value) for d in lab.tray.faces()[0]] == [("d3", d3), ("pips", d6)]
    assert lab.card_lines()[0] == f"d3 {d3} gives {(d3 - 1) * 6}, + d6 {d6} = {value}"


def test_D2_D3_D4_option_lists_are_edited_and_bad_lists_keep_the_chart(app, lab):
    key(app, pygame.K_3)
    tab = lab.tab
    focus_stepper(app, lab, "helper")
    key(app, pygame.K_RIGHT)  # one of three
    assert tab.helper == "three"
    widget = entry_widget(lab, "options")
    assert widget.is_enabled
    type_into(app, widget, "rain / sun / fog")
    assert tab.chart(app.t).series[0].values == dice.options_distribution(["rain", "sun", "fog"])
    type_into(app, widget, "rain / sun")
    assert tab.entries[0].error == "This helper needs 3 options, not 2"
    assert tab.chart(app.t).series[0].values == dice.options_distribution(["rain", "sun", "fog"])
    frames(app)
    assert lab.error_rect.top >= widget.rect.bottom
    key(app, pygame.K_RIGHT)  # table by d6
    type_into(app, entry_widget(lab, "options"), "1, 1, 2, 2, 3, 4")
    assert tab.chart(app.t).series[0].values == dice.options_distribution(["1", "1", "2", "2", "3", "4"])
    key(app, pygame.K_RIGHT)  # one of two
    seed(app, lab, 5)
    key(app, pygame.K_r)
    d6 = dice.D6.sample(random.Random(5))
    assert lab.tray.faces()[0][0].value == d6
    assert lab.card_lines()[0].endswith(dice.pick_one_of_two("left", "right", d6))


def test_D5_percent_check_shows_printed_and_true_chance(app, lab):
    key(app, pygame.K_3)
    tab = lab.tab
    focus_stepper(app, lab, "helper")
    key(app, pygame.K_END)
    assert tab.helper == "percent"
    assert tab.steppers["percent"].enabled
    assert tab.chart(app.t).series[0].values == {"yes": Fraction(5, 6), "no": Fraction(1, 6)}
    seed(app, lab, 3)
    key(app, pygame.K_r)
    assert lab.card_lines()[1] == "Printed 85 %, true 5/6 ~ 83.3 %"


# --------------------------------------------------------------------------- Free roller


def test_P2_free_roller_charts_the_engine_distribution_and_compares_three(app, lab):
    key(app, pygame.K_4)
    tab = lab.tab
    assert isinstance(tab, FreeTab)
    type_into(app, entry_widget(lab, "expr0"), "5d6>=4")
    type_into(app, entry_widget(lab, "expr1"), "4d6kh2")
    type_into(app, entry_widget(lab, "expr2"), "3d6kl2")
    model = tab.chart(app.t)
    assert [s.name for s in model.series] == ["5d6>=4", "4d6kh2", "3d6kl2"]
    for series in model.series:
        assert series.values == dice.parse(series.name).distribution()
    focus_stepper(app, lab, "view")
    key(app, pygame.K_RIGHT)
    assert tab.chart(app.t).series[1].values == cumulative(dice.parse("4d6kh2").distribution(), "at_least")
    seed(app, lab, 9)
    key(app, pygame.K_r)
    expected = dice.parse("5d6>=4").roll(random.Random(9))
    assert [d.value for d in lab.tray.faces()[0]] == [d.value for d in expected.dice]
    assert lab.tray.glow == {(0, i) for i, d in enumerate(expected.dice) if d.kept}  # hits glow


def test_P1_bad_expression_shows_its_error_and_keeps_the_last_good_chart(app, lab):
    key(app, pygame.K_4)
    tab = lab.tab
    widget = entry_widget(lab, "expr0")
    type_into(app, widget, "3d8+1")
    good = tab.chart(app.t).series[0].values
    click(app, widget)
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE, settle=2)  # "3d8+": the expression breaks
    assert widget.get_text() == "3d8+"
    with pytest.raises(ValueError) as engine_error:
        dice.parse("3d8+")
    assert tab.entries[0].error == str(engine_error.value)
    assert tab.chart(app.t).series[0].values == good == dice.parse("3d8+1").distribution()
    frames(app)
    assert lab.error_rect.top >= entry_widget(lab, "expr0").rect.bottom
    type_into(app, entry_widget(lab, "expr0"), "100d100")  # typed through 100d10, which is worked out
    assert tab.entries[0].error.startswith("Too many outcomes")
    assert tab.chart(app.t).series[0].values == dice.parse("100d10").distribution()
    type_into(app, entry_widget(lab, "expr0"), "100d20")  # the heaviest sum of one kind of die it charts
    assert not tab.entries[0].error
    assert tab.chart(app.t).series[0].values == dice.parse("100d20").distribution()


@pytest.mark.parametrize(
    "text, code",
    [
        ("60d20kh3*", "unexpected"),
        ("3d6+", "nothing_after"),
        ("101d6", "dice_count"),
        ("4d6kh9", "keep_range"),
        ("2d", "expected_faces"),
    ],
)
def test_P1_parser_errors_are_shown_in_the_players_language(app, lab, text: str, code: str):
    key(app, pygame.K_4)
    with pytest.raises(dice.NotationError) as refused:
        dice.parse(text)
    assert refused.value.code == code
    app.set_language("ru")
    lab = app.scenes.current
    lab.tab.set_entry("expr0", text)
    error = lab.tab.entries[0].error
    assert error.startswith(f"столбец {refused.value.column} в ")
    assert error == notation_error(app.t, refused.value) != str(refused.value)
    assert sum("а" <= ch <= "я" for ch in error) > 10  # said in Russian, around the typed text


def test_every_parser_error_has_both_languages():
    for language in ("en", "ru"):
        texts = json.loads((Path("assets/i18n") / language / "dice_lab.json").read_text(encoding="utf-8"))
        assert {f"lab.parse.{code}" for code in dice.NOTATION_ERRORS} <= set(texts), language


def test_P1_free_roller_draws_polyhedra_and_percentile_dice(app, lab):
    key(app, pygame.K_4)
    type_into(app, entry_widget(lab, "expr0"), "d4+d8+d10+d%+d12+d20+d3+d7")
    key(app, pygame.K_r)
    kinds = [d.kind for d in lab.tray.faces()[0]]
    assert kinds == ["d4", "d8", "d10", "d%", "d12", "d20", "d3", "token"]


# --------------------------------------------------------------------------- trust, memory, screens


def test_x1000_with_a_fixed_seed_gives_the_same_counts_every_run(app, lab):
    seed(app, lab, 2024)
    click(app, button_by_text(app, "×1000"))
    first = Counter(lab.tab.observed)
    assert sum(first.values()) == 1000 and lab.tab.fit is not None
    assert "rolls observed" in lab.card_lines()[-1]
    assert lab.tab.chart(app.t).observed is not None
    key(app, pygame.K_ESCAPE)
    click(app, button_by_text(app, "Dice Lab"))
    lab = app.scenes.current
    seed(app, lab, 2024)
    key(app, pygame.K_t)
    assert Counter(lab.tab.observed) == first
    rng = random.Random(2024)
    assert first == Counter(dice.alkemy_roll(rng, 8, "white").total - 8 for _ in range(1000))
    # Changing an input drops the overlay of other inputs.
    click_at(app, lab.tab.steppers["attribute"].plus.center)
    assert lab.tab.chart(app.t).observed is None


def test_roll_x100_adds_up_and_history_keeps_twenty(app, lab):
    click(app, button_by_text(app, "Roll ×100"))
    key(app, pygame.K_h)
    assert sum(lab.tab.observed.values()) == 200
    for _ in range(25):
        key(app, pygame.K_r)
    assert len(lab.tab.history) == 20
    assert all(chip.text for chip in lab.tab.history)


@pytest.mark.parametrize("tab", [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4])
def test_after_a_single_roll_roll_x100_still_shows_the_fairness_verdict(app, lab, tab):
    key(app, tab)
    key(app, pygame.K_r)
    frames(app, 2)
    click(app, button_by_text(app, "Roll ×100"))
    frames(app, 2)
    assert lab.card_shown and "rolls observed" in lab.card_shown[-1]
    assert lab.card_shown[0] == lab.card_lines()[0]  # the roll's first line stays above it


def test_rolling_animates_and_space_skips(app, lab):
    app.settings.anim_speed = "normal"
    key(app, pygame.K_r)
    assert lab.tray.busy and lab.card_lines() == ["Rolling…"]
    assert lab.shown_history() == []  # the result is not given away before the dice land
    key(app, pygame.K_SPACE)
    assert not lab.tray.busy and len(lab.shown_history()) == 1
    assert lab.card_lines()[0].startswith("8 + ")


def test_tabs_by_keys_and_buttons_and_esc_to_menu(app, lab):
    for number, name in zip(
        (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4), ("alkemy", "opposed", "d18", "free"), strict=True
    ):
        key(app, number)
        assert lab.tab.key == name
    for label, name in (("Alkemy check", "alkemy"), ("Opposed roll", "opposed"), ("Free roller", "free")):
        click(app, button_by_text(app, label))
        assert lab.tab.key == name
    key(app, pygame.K_ESCAPE)
    assert app.scenes.current_name == "menu"
    click(app, button_by_text(app, "Dice Lab"))
    assert app.scenes.current.tab.key == "free"  # the open tab is remembered
    click(app, button_by_text(app, "Menu"))
    assert app.scenes.current_name == "menu"


def test_inputs_are_remembered_in_the_settings_file(app, lab):
    click_at(app, lab.tab.steppers["attribute"].plus.center)
    key(app, pygame.K_4)
    type_into(app, entry_widget(lab, "expr2"), "2d20kh1")
    seed(app, lab, 31)
    key(app, pygame.K_ESCAPE)
    stored = json.loads(settings_path().read_text(encoding="utf-8"))["dice_lab"]
    assert stored["alkemy"]["attribute"] == 9 and stored["free"]["entry.expr2"] == "2d20kh1"
    assert stored["seed"] == 31
    # Bad remembered values are ignored, the good ones kept.
    stored["alkemy"]["difficulty"] = 999
    stored["alkemy"]["health"] = "purple"
    stored["alkemy"]["bonus"] = True
    stored["opposed"] = ["not", "an", "object"]
    stored["free"]["entry.expr0"] = 12
    app.settings.dice_lab = stored
    click(app, button_by_text(app, "Dice Lab"))
    scene = app.scenes.current
    alkemy = scene.tabs[0]
    assert (alkemy.value("attribute"), alkemy.value("difficulty"), alkemy.value("health")) == (9, 15, "white")
    assert alkemy.value("bonus") == 0 and scene.tabs[3].entries[0].text == "2d6+3"
    assert scene.tabs[3].entries[2].text == "2d20kh1" and scene.seed == 31


def test_text_fields_keep_their_keys_from_the_shortcuts(app, lab):
    key(app, pygame.K_4)
    widget = entry_widget(lab, "expr1")
    click(app, widget)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    frames(app)
    assert lab.tab.key == "free" and widget.is_focused
    key(app, pygame.K_ESCAPE)
    assert not widget.is_focused and app.scenes.current_name == "dice_lab"


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["small", "large"])
def test_every_tab_fits_every_window_size_in_both_languages(home, size):
    from game.client.app import App
    from game.client.dice_lab.demo import screenshot_states
    from tests.test_client_text_fit import cut_texts

    application = App(size, fullscreen=False)
    application.scenes.fade_enabled = False
    application.settings.anim_speed = "instant"
    problems = []
    try:
        for language in ("en", "ru"):
            application.settings.language = language
            application.t.language = language
            for name, context in screenshot_states():
                context = dict(context)
                context.pop("_frames")
                application.goto("dice_lab", **context)
                frames(application, 3)
                scene = application.scenes.current
                problems += cut_texts(application, f"{language} {name}")
                window = application.window.get_rect()
                for part, rect in scene.rects.items():
                    if not window.contains(rect):
                        problems.append(f"{language} {name}: {part} {rect} leaves the window")
                for stepper in scene.tab.column.steppers:
                    if not scene.rects["left"].contains(stepper.rect):
                        problems.append(f"{language} {name}: stepper {stepper.key} leaves its panel")
                assert scene.tray.entries and not scene.tray.busy
    finally:
        application.close()
    assert not problems, problems


# --------------------------------------------------------------------------- the arithmetic


def test_percent_text_rounds_and_never_claims_certainty() -> None:
    assert percent_text(Fraction(5, 6)) == "83.3 %" and percent_text(Fraction(5, 6), "ru") == "83,3 %"
    assert percent_text(Fraction(1, 100000)) == "<0.1 %" and percent_text(Fraction(99999, 100000)) == ">99.9 %"
    assert percent_text(Fraction(0)) == "0 %" and percent_text(Fraction(1)) == "100 %"


def test_standing_says_top_or_bottom() -> None:
    dist = dice.parse("2d6").distribution()
    assert standing(dist, 11).side == "top" and standing(dist, 11).chance == Fraction(3, 36)
    assert standing(dist, 3).side == "bottom" and standing(dist, 3).chance == Fraction(3, 36)


def test_chi_square_matches_known_values_and_judges_fits() -> None:
    assert abs(chi_square_sf(3.841458820694124, 1) - 0.05) < 1e-9
    assert abs(chi_square_sf(18.307038053275146, 10) - 0.05) < 1e-9
    assert abs(chi_square_sf(2.0, 2) - 0.36787944117144233) < 1e-12
    die = {v: Fraction(1, 6) for v in range(1, 7)}
    fair = chi_square({v: 100 for v in range(1, 7)}, die)
    assert fair is not None and fair.verdict == "fair" and fair.p_value == 1.0
    loaded = chi_square({1: 40, 2: 100, 3: 100, 4: 100, 5: 100, 6: 160}, die)
    assert loaded is not None and loaded.verdict == "loaded"
    assert chi_square({7: 5, 1: 595}, die).p_value == 0.0  # an impossible face is never fair


def test_main_mode_dice_lab_opens_the_lab(home, monkeypatch):
    from game.cli import build_parser
    from game.client import app as app_module

    seen = {}
    monkeypatch.setattr(app_module.App, "run_loop", lambda self: seen.setdefault("scene", self.scenes.current_name))
    assert app_module.run(build_parser().parse_args(["--mode", "dice_lab"])) == 0
    assert seen["scene"] == "dice_lab"


def test_resizing_keeps_the_landed_dice_and_the_inputs(app, lab):
    click_at(app, lab.tab.steppers["bonus"].plus.center)
    key(app, pygame.K_r)
    faces = lab.tray.faces()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900)))
    frames(app, 2)
    assert app.screen_size == (1500, 900)
    assert lab.tray.faces() == faces and lab.tray.rect == lab.rects["tray"]
    assert lab.tab.value("bonus") == 1 and lab.card_lines()[0].startswith("8 + ")


def test_P2_free_roller_by_keyboard_alone(app, lab):
    key(app, pygame.K_4)
    key(app, pygame.K_e)  # the first text field takes the keys
    widget = entry_widget(lab, "expr0")
    assert widget.is_focused
    key(app, pygame.K_END)
    for _ in range(len(widget.get_text())):
        key(app, pygame.K_BACKSPACE, settle=2)
    for ch in "3d6kl2":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 1)
    key(app, pygame.K_RETURN, settle=2)
    assert not widget.is_focused
    assert lab.tab.chart(app.t).series[0].values == dice.parse("3d6kl2").distribution()
    key(app, pygame.K_s)  # the seed, then back to the shortcuts with Esc
    assert lab.seed_entry.is_focused
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    assert len(lab.tray.faces()[0]) == 3 and app.scenes.current_name == "dice_lab"
