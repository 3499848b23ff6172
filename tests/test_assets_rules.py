"""The "How to play" texts: both languages per mode, the client's Markdown subset only, house rules marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.client import i18n
from game.client.howto import rules_path
from game.engine import registry

MODES = tuple(spec.name for spec in registry.MODES)
LANGUAGES = ("en", "ru")
MARKERS = {"en": "[house rule]", "ru": "[домашнее правило]"}

# Every rule id of the rules reference, per text (the Dice Lab covers the whole dice engine).
RULE_IDS = {
    "kubtafl": {f"K{i}" for i in range(1, 19)},
    "checkrisk": {f"C{i}" for i in range(1, 16)},
    "battle_checkers": {f"B{i}" for i in range(1, 14)},
    "dice_lab": {"P1", "P2"} | {f"A{i}" for i in range(1, 6)} | {f"D{i}" for i in range(1, 6)},
}
# The rules marked [decided] in the rules reference: the player must see each of them as a house rule.
DECIDED = {
    "kubtafl": {"K1", "K3", "K8", "K12", "K13", "K18"},
    "checkrisk": {"C1", "C2", "C10", "C11", "C15"},
    "battle_checkers": {"B7", "B8", "B9", "B13"},
    "dice_lab": {"A1"},
}
# Where the rules reference is silent the engines decide further (see each engine package's docstring); the player
# sees those decisions as house rules too, beside the id of the rule they refine.
ENGINE_DECISIONS = {
    "kubtafl": {"K10"},  # a blocked impact from the next cell leaves the mover where it started
    "checkrisk": {"C4", "C6", "C7", "C8", "C11", "C12", "C14", "C15"},
    "battle_checkers": {"B4", "B6", "B7", "B8", "B10", "B11", "B12", "B13"},
    "dice_lab": set(),
}
HOUSE_RULES = {mode: DECIDED[mode] | ENGINE_DECISIONS[mode] for mode in DECIDED}
# A mode without a rules reference (the tests' template mode) names no rule ids and has no house rules.
for _mode in MODES:
    for _table in (RULE_IDS, DECIDED, ENGINE_DECISIONS, HOUSE_RULES):
        _table.setdefault(_mode, set())
# The rules reference lives beside the checkout; when present, DECIDED must agree with it.
REFERENCE_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "rules"
REFERENCE_FILES = {
    "kubtafl": "kubtafl.md",
    "checkrisk": "checkrisk.md",
    "battle_checkers": "battle_checkers.md",
    "dice_lab": "dice.md",
}

ID_LIST = r"[KCBAPD]\d{1,2}(?:, [KCBAPD]\d{1,2})*"
ID_GROUP = re.compile(rf"\(({ID_LIST})\)")
BOLD = re.compile(r"\*\*[^*]+\*\*")
ITALIC = re.compile(r"\*[^*]+\*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")


def _text(mode: str, language: str) -> str:
    return rules_path(mode, language).read_text(encoding="utf-8")


def _ids(line: str) -> set[str]:
    return {rule_id for group in ID_GROUP.findall(line) for rule_id in group.split(", ")}


def _marked_lines(mode: str, language: str) -> list[str]:
    """The lines after the introduction (which explains the marker) that carry the house-rule marker."""
    body = _text(mode, language).split("\n## ", 1)[1]
    return [line for line in body.splitlines() if MARKERS[language] in line]


def _marked_ids(mode: str, language: str) -> set[str]:
    return set().union(*(_ids(line) for line in _marked_lines(mode, language)))


def _marker_problem(line: str, mode: str, language: str) -> str | None:
    """Why the house-rule marker on `line` is misplaced, or None when it closes the line before house-rule ids."""
    marker = MARKERS[language]
    if line.count(marker) != 1 or not re.search(rf"\*\*{re.escape(marker)}\*\* \({ID_LIST}\)$", line):
        return "the marker must appear once, in bold, right before the ids that end the line"
    if not _ids(line) <= HOUSE_RULES[mode]:
        return f"not a house rule of this mode: {sorted(_ids(line) - HOUSE_RULES[mode])}"
    return None


def _format_problem(line: str) -> str | None:
    """Why `line` falls outside the subset the client renders, or None when it is fine."""
    if not line.strip():
        return None
    if line != line.lstrip():
        return "indented line (nested lists and code blocks are not rendered)"
    if line.startswith("#"):
        if not re.match(r"#{1,3} \S", line):
            return "heading other than '# ', '## ' or '### '"
        body = line.lstrip("#").strip()
    elif line.startswith("- "):
        body = line[2:]
    elif re.match(r"(\d+[.)]|[*+] |[>|]|-\S|```|~~~|---|___)", line):
        return "list, quote, table, rule or code fence outside the subset"
    else:
        body = line
    if "`" in body:
        return "inline code"
    if re.search(r"!?\[[^\]]*\]\(", body) or "<" in body or "_" in body:
        return "link, image, HTML or underscore emphasis"
    leftover = ITALIC.sub("", BOLD.sub("", body))
    if "*" in leftover:
        return "unbalanced or nested emphasis"
    return None


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_every_mode_has_a_text_in_every_language(mode, language):
    text = _text(mode, language)
    assert text.startswith("# "), "a text opens with its title"
    tab = i18n.Translator(language)(f"mode.{mode}")
    assert text.splitlines()[0][2:].startswith(tab), f"the page is headed by its tab's name, {tab!r}"
    assert sum(1 for line in text.splitlines() if line.startswith("# ")) == 1
    assert sum(1 for line in text.splitlines() if line.startswith("## ")) >= 3


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_text_uses_only_the_rendered_format_subset(mode, language):
    problems = [
        (n, line, why) for n, line in enumerate(_text(mode, language).splitlines(), 1) if (why := _format_problem(line))
    ]
    assert not problems


@pytest.mark.parametrize(
    "line",
    [
        "| a | b |",
        "1. first",
        "  - nested",
        "```",
        "see [this](http://x)",
        "use `c1-c4`",
        "**open bold",
        "#### deep",
        "> quote",
        "<b>x</b>",
        "__bold__",
    ],
)
def test_format_check_rejects_what_the_client_cannot_render(line):
    assert _format_problem(line) is not None


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_text_names_every_rule_id_of_its_mode(mode, language):
    found = set().union(*(_ids(line) for line in _text(mode, language).splitlines()))
    assert found == RULE_IDS[mode]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_every_decided_rule_is_marked_as_house_rule(mode, language):
    """K1 K3 K8 K12 K13 K18, C1 C2 C10 C11 C15, B7 B8 B9 B13 and A1 each sit beside the house-rule marker."""
    assert DECIDED[mode] <= _marked_ids(mode, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_every_engine_decision_is_marked_as_house_rule(mode, language):
    """Each rule the engine refines beyond the reference has a house rule of its own in the text."""
    assert ENGINE_DECISIONS[mode] <= _marked_ids(mode, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("mode", MODES)
def test_house_rule_marker_sits_only_beside_house_rule_ids(mode, language):
    # The marker never stands alone or beside rules that are neither decided nor refined by the engine.
    marked_lines = _marked_lines(mode, language)
    assert marked_lines or not HOUSE_RULES[mode]
    assert [(line, why) for line in marked_lines if (why := _marker_problem(line, mode, language))] == []


@pytest.mark.parametrize(
    "line",
    [
        "Spirit never drops below 0. **[house rule]** (B5)",
        "Spirit never drops below 0. **[house rule]**",
        "**[house rule]** (B11) Spirit never drops below 0.",
        "Spirit never drops below 0. [house rule] (B11)",
        "Spirit never drops below 0. **[house rule]** **[house rule]** (B11)",
        "Spirit never drops below 0. **[house rule]** (B11, B5)",
    ],
)
def test_marker_check_rejects_a_stray_marker(line):
    assert _marker_problem(line, "battle_checkers", "en") is not None
    assert _marker_problem("Spirit never drops below 0. **[house rule]** (B11)", "battle_checkers", "en") is None


@pytest.mark.parametrize("mode", MODES)
def test_other_language_marker_does_not_leak(mode):
    assert MARKERS["ru"] not in _text(mode, "en")
    assert MARKERS["en"] not in _text(mode, "ru")


@pytest.mark.parametrize("mode", MODES)
def test_both_languages_have_the_same_structure(mode):
    """Same sections, same house rules, same worked examples: English and Russian cover the same content."""

    def shape(text: str) -> tuple:
        lines = text.splitlines()
        return (
            [line.split(" ", 1)[0] for line in lines if line.startswith("#")],
            sum(1 for line in lines if line.startswith("- ")),
            [sorted(_ids(line)) for line in lines if _ids(line)],
        )

    assert shape(_text(mode, "en")) == shape(_text(mode, "ru"))


@pytest.mark.parametrize("mode", MODES)
def test_russian_text_is_mostly_cyrillic(mode):
    # Notation (c1-c4, d20, 4d6kh3) stays in Latin letters, so the bar is a clear majority, not all.
    text = _text(mode, "ru")
    cyrillic, latin = len(CYRILLIC.findall(text)), len(LATIN.findall(text))
    assert cyrillic / (cyrillic + latin) >= 0.85


@pytest.mark.parametrize("mode", MODES)
def test_english_text_has_no_cyrillic(mode):
    assert not CYRILLIC.search(_text(mode, "en"))


@pytest.mark.parametrize("mode", MODES)
def test_decided_list_matches_rules_reference(mode):
    path = REFERENCE_DIR / REFERENCE_FILES.get(mode, f"{mode}.md")
    if not path.is_file():
        pytest.skip("rules reference not beside this checkout")
    decided, current = set(), None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            current = None
        if match := re.match(r"- \*\*([KCBAPD]\d+)\b", line):
            current = match.group(1)
        if current and "decided" in line:
            decided.add(current)
    assert decided == DECIDED[mode]


@pytest.mark.parametrize("mode", MODES)
def test_texts_quote_the_exact_odds(mode):
    """Spot checks that the player-facing odds match the rules reference."""
    expected = {
        "kubtafl": [],
        "checkrisk": ["1/3", "19/21", "131/315", "53/315"],
        "battle_checkers": ["1/2", "35/18", "1/6"],
        "dice_lab": ["5/6", "83,3", "7/12", "1/18"],
    }.get(mode, [])
    for language in LANGUAGES:
        text = _text(mode, language)
        for figure in expected:
            figure_here = figure.replace(",", ".") if language == "en" else figure
            assert figure_here in text, (language, figure_here)
