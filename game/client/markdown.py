"""A small Markdown renderer for the rules: headings, paragraphs, bullets, bold, italic, house-rule badges."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.client import palette

if TYPE_CHECKING:
    from game.client.look import Look

HOUSE_RULE_MARKERS = ("[house rule]", "[домашнее правило]")
_INLINE = re.compile(r"(\*\*.+?\*\*|\*[^*\s][^*]*?\*|\[house rule\]|\[домашнее правило\])")


@dataclass(frozen=True)
class Block:
    """One block of a rules text: kind is 'h1', 'h2', 'h3', 'p' or 'li'."""

    kind: str
    text: str


def parse_blocks(source: str) -> list[Block]:
    """Split Markdown text into blocks (consecutive lines of a paragraph are joined)."""
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", " ".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        heading = re.match(r"^(#{1,3})\s+(.*)$", line)
        if heading:
            flush()
            blocks.append(Block(f"h{len(heading.group(1))}", heading.group(2).strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            blocks.append(Block("li", line[2:].strip()))
        elif blocks and blocks[-1].kind == "li" and not para and raw.startswith("  "):
            blocks[-1] = Block("li", blocks[-1].text + " " + line)  # a bullet's continuation line
        else:
            para.append(line)
    flush()
    return blocks


def inline_runs(text: str) -> list[tuple[str, str]]:
    """Text split into (style, text) runs; style is 'r', 'b', 'i' or 'badge'."""
    runs: list[tuple[str, str]] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            inner = part[2:-2]
            if inner.lower() in HOUSE_RULE_MARKERS:
                runs.append(("badge", inner.strip("[]")))
            else:
                runs.append(("b", inner))
        elif part.lower() in HOUSE_RULE_MARKERS:
            runs.append(("badge", part.strip("[]")))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            runs.append(("i", part[1:-1]))
        else:
            runs.append(("r", part))
    return runs


STYLE = {
    # kind: (layout size, bold, colour, space before, space after)
    "h1": (34, True, palette.INK, 4, 10),
    "h2": (25, True, palette.HEADING_INK, 22, 6),
    "h3": (20, True, palette.INK, 14, 4),
    "p": (18, False, palette.INK, 4, 8),
    "li": (18, False, palette.INK, 2, 4),
}


def render(look: Look, source: str, width: int) -> pygame.Surface:
    """Render Markdown `source` into a transparent surface `width` pixels wide (as tall as needed)."""
    s = look.s
    items: list[tuple[pygame.Surface, int, int]] = []  # image, x, y
    y = 0
    for index, block in enumerate(parse_blocks(source)):
        size, bold, colour, before, after = STYLE[block.kind]
        if index:
            y += s(before)
        indent = s(30) if block.kind == "li" else 0
        if block.kind == "h1" and index == 0:
            pass
        y, placed = _layout_runs(look, inline_runs(block.text), size, bold, colour, indent, width, y)
        if block.kind == "li":
            font = look.fonts.get(s(size))
            cy = placed[0][2] + font.get_linesize() // 2 if placed else y
            items.append((_bullet(s(7)), s(10), cy - s(4)))
        if block.kind == "h2":
            items.append((_rule(width, max(1, s(2))), 0, y + s(3)))
            y += s(6)
        items.extend(placed)
        y += s(after)
    surface = pygame.Surface((width, max(1, y + s(10))), pygame.SRCALPHA)
    for image, x, iy in items:
        surface.blit(image, (x, iy))
    return surface


def _bullet(size: int) -> pygame.Surface:
    # A small brass diamond: shape, not just colour, marks the list item.
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    c = (size + 2) / 2
    pygame.draw.polygon(surf, palette.BULLET, [(c, 1), (size + 1, c), (c, size + 1), (1, c)])
    return surf


def _rule(width: int, thickness: int) -> pygame.Surface:
    surf = pygame.Surface((width, thickness), pygame.SRCALPHA)
    surf.fill((*palette.PARCHMENT_EDGE, 110))
    return surf


def _badge(look: Look, label: str, line_height: int) -> pygame.Surface:
    s = look.s
    font = look.fonts.get(s(12), True)
    text = font.render(label.upper(), True, palette.IVORY)
    w, h = text.get_width() + s(22), min(line_height - s(4), text.get_height() + s(4))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, palette.NOTE_BADGE, surf.get_rect(), border_radius=h // 2)
    pygame.draw.circle(surf, palette.IVORY, (s(8), h // 2), max(2, s(3)))
    surf.blit(text, text.get_rect(midleft=(s(14), h // 2)))
    return surf


def _layout_runs(
    look: Look,
    runs: list[tuple[str, str]],
    size: int,
    bold: bool,
    colour: tuple[int, int, int],
    indent: int,
    width: int,
    y: int,
) -> tuple[int, list[tuple[pygame.Surface, int, int]]]:
    """Word-wrap styled runs; returns the y below the block and the placed word images."""
    s = look.s
    base = look.fonts.get(s(size), bold)
    line_h = base.get_linesize()
    space = base.size(" ")[0]
    placed: list[tuple[pygame.Surface, int, int]] = []
    x = indent
    # Words keep their style; punctuation right after a badge or styled run stays attached.
    words: list[tuple[str, str, bool]] = []  # style, text, glued to previous
    previous_end = " "  # a run glues to the one before only when no space separates them ("The **d%**")
    for style, text in runs:
        if style == "badge":
            words.append((style, text, False))
            previous_end = "]"
            continue
        glue = bool(text) and not text[0].isspace() and not previous_end.isspace()
        for k, word in enumerate(text.split()):
            words.append((style, word, glue and k == 0 and bool(words)))
        previous_end = text[-1:] or previous_end
    for style, word, glued in words:
        if style == "badge":
            image = _badge(look, word, line_h)
            offset = (line_h - image.get_height()) // 2
        else:
            font = base if style == "r" else look.fonts.get(s(size), bold or style == "b", style == "i")
            image = font.render(word, True, colour if style != "b" else (palette.INK if not bold else colour))
            offset = 0
        gap = 0 if glued or x == indent else space
        if x + gap + image.get_width() > width and x > indent:
            x, y, gap = indent, y + line_h, 0
        placed.append((image, x + gap, y + offset))
        x += gap + image.get_width()
    return y + line_h, placed
