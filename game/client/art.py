"""Drawn-in-code art for the shell: felt table, wooden frame, panels, parchment, title dice, messages.

Everything here is generated at run time (no image files), cached by size, and deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
from pygame.typing import ColorLike

from game.client.fonts import Fonts
from game.engine import registry

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.look import Look

# Palette: warm wood and brass on green felt; accents from the Okabe–Ito colour-blind-safe set.
FELT = (40, 84, 62)
FELT_DARK = (12, 30, 22)
WOOD_DARK = (58, 34, 19)
WOOD = (112, 70, 38)
WOOD_LIGHT = (156, 104, 60)
PANEL = (40, 30, 24)
PANEL_LIGHT = (62, 47, 36)
BRASS = (196, 158, 96)
BRASS_DARK = (122, 92, 52)
PARCHMENT = (240, 228, 198)
PARCHMENT_DARK = (214, 196, 156)
INK = (46, 34, 24)
INK_SOFT = (98, 78, 58)
MUTED = (170, 156, 132)
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
VERMILLION = (213, 94, 0)
VIOLET = (140, 80, 230)  # the fourth seat: far from orange, sky and green also for colour-blind eyes
IVORY = (246, 238, 218)
CHARCOAL = (44, 44, 48)
Colour = tuple[int, int, int]

# The board: a wooden frame with light lettering, two muted square tones.
FRAME_DARK = (74, 46, 26)
FRAME_LIGHT = (140, 96, 58)
FRAME_TEXT = (236, 214, 170)
SQUARE_LIGHT = (178, 158, 120)
SQUARE_DARK = (136, 113, 82)

# One accent per seat (Okabe–Ito: colour-blind safe); seats also differ by emblem or rim, never colour alone.
SEAT_COLOURS: tuple[Colour, ...] = (ORANGE, SKY, GREEN, VIOLET)

# Overlays on the board.
MOVE_MARK = (250, 240, 200)
SELECT = (255, 214, 90)
ATTACK = (222, 72, 52)
GHOST = (255, 246, 220)
PIN = (255, 120, 200)
TRANSFER = (120, 220, 150)
TRANSFER_INK = (16, 60, 30)  # dark green lettering and rim of a transfer badge
TRANSFER_SHADOW = (10, 40, 20)
STRIKE = (235, 50, 40)  # the cross over a piece that would be destroyed
STRIKE_SHADOW = (30, 0, 0)
PLAN_ARROW = (255, 190, 80)  # a planned move's ghost arrow

# Plain light and dark: highlights, glints, mixing toward white; drop and text shadows; a cleared layer.
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)
CLEAR = (0, 0, 0, 0)
VEIL = (6, 10, 8)  # the dark veil behind dialogs and screen fades
BACKDROP = (20, 30, 24)  # the window before any scene draws
WARM_LIGHT = (255, 240, 200)  # lamp light, bursts, a focused chip's edge
DARK_INK = (20, 14, 10)  # near-black outlines and lettering on light badges
INK_DARK = (40, 30, 22)  # ink on ivory dice; a disabled button's edge
EDGE_DARK = (34, 24, 16)  # the edge of an idle button or a spent chip
PARCHMENT_EDGE = (150, 118, 70)  # the mottled edge of parchment and the rule under a heading

# Floating numbers and words over the board: one colour for a loss, one for a gain.
LOSS = (255, 96, 72)
GAIN = (130, 235, 160)
GAIN_DARK = (40, 120, 70)  # rim of a flying gain orb
GAIN_ORB = (160, 255, 190)
FLOAT_NOTE = (255, 214, 110)  # announcements: a side hit, a fate roll's result
LIGHT_TEXT = (250, 244, 230)  # light lettering on dark pieces and floats
SPARK_HOT = (255, 250, 220)  # a spark's start and end colours
SPARK_COOL = (255, 140, 60)
VICTORY = (255, 220, 120)  # the victory rings' default accent

# Screens and cards.
ERROR = (240, 150, 90)  # an error or a broken entry on a dark panel
FOOTNOTE = (120, 140, 124)  # small print under a panel on the felt
TITLE_SHADOW = (10, 20, 14)  # the menu title's offset shadow
HEADING_INK = (120, 62, 20)  # second-level headings on parchment
BULLET = (150, 100, 40)  # list markers on parchment
NOTE_BADGE = (0, 114, 178)  # Okabe–Ito blue: a keyword badge inside running text
POPUP = (48, 36, 28)  # a chooser card's body
CARD = (30, 23, 19)  # dark wells behind seat cards, chips and slots
DARK_WELL = (34, 26, 20)  # a dark box, a cost badge, a stack's lettering
COUNT_BADGE = (26, 20, 16)  # the disc behind a stack's count
POOL_EDGE = (82, 62, 42)
POOL_SLOT = (150, 130, 90)
EMPTY_MARK = (120, 104, 84)  # the dash in an empty pool
REVIEW_BAR = (24, 18, 14)  # the review bar's backing (drawn translucent)
FRAME_SHADOW = (30, 18, 10)  # lettering shadow on the board frame
SUBTITLE = (196, 170, 130)
TURN_TEXT = (246, 236, 214)
LABEL_TEXT = (200, 186, 160)  # row labels and seat names on dark cards
KEYS_TEXT = (160, 144, 118)  # the key reminders under a panel's status
OUT_TEXT = (140, 132, 120)  # a seat that is out of the game
ELIMINATED = (110, 104, 96)  # an eliminated seat's chip
NEUTRAL = (128, 122, 114)  # a piece that belongs to no seat
SLOT_EMPTY = (70, 58, 48)
SCROLL_TRACK = (200, 184, 150)
LOG_SELECT = (236, 200, 120)  # the selected cell of a log row
RISE = (150, 210, 120)  # a figure that went up between start and end of a game
DECLINE = (236, 140, 100)  # one that went down
PREVIEW_LOSS = (200, 50, 38)  # outcome previews on the board: a loss, a gain, no change
PREVIEW_GAIN = (40, 140, 80)
PREVIEW_NONE = (110, 100, 90)
THREAT = (220, 40, 30)  # a cell shaded by the threat to its unit (drawn translucent)
THREAT_BADGE = (150, 30, 24)
GREYED = (110, 110, 110)  # multiplied into an image that is out of play
DIMMED = (150, 150, 150)  # multiplied into a die that does not count

# Buttons and chips on the board.
BUTTON = (104, 78, 54)
BUTTON_HOT = (132, 100, 68)
BUTTON_EDGE_HOT = (232, 206, 150)
BUTTON_OFF = (66, 54, 44)
BUTTON_TEXT_DARK = (30, 20, 12)  # dark lettering on an orange button or a light badge
PRIMARY_EDGE = (120, 80, 20)
PRIMARY_EDGE_HOT = (255, 236, 190)
CHIP = (110, 84, 58)  # a live chip or stepper button
CHIP_OFF = (70, 56, 44)
CHIP_EDGE = (30, 20, 14)
CHIP_TEXT = (255, 250, 236)
CHIP_READY = (96, 72, 48)
CHIP_SPENT = (52, 44, 36)
CHIP_READY_EDGE = (200, 170, 120)

# Dice: light (ivory) and dark (slate) polyhedra, the d3's brass body, the red ace of a light d6.
DIE_FACE = IVORY
DIE_BEVEL = (214, 200, 166)
DIE_OUTLINE = (62, 46, 32)
DIE_INK = INK_DARK
DIE_SHINE = (255, 255, 240)  # a sparkle off a light die
DIE_DARK_FACE = (70, 74, 82)
DIE_DARK_BEVEL = (46, 49, 55)
DIE_DARK_OUTLINE = (10, 11, 13)
DIE_DARK_INK = (244, 236, 220)
DIE_DARK_RIM = (196, 170, 116)  # the brass inner rim of a dark die
D3_BODY = (206, 170, 104)  # brass-coloured, so a d3 never passes for a d6
ACE_PIP = (196, 40, 36)
TRAY_EDGE = (20, 12, 6)  # the dark line where a dice tray's felt meets its frame

# Dice Lab charts.
CHART_FAIL = (150, 128, 100)  # bars of outcomes that fail
CHART_REROLL = (150, 140, 120)  # bars of opposed margins that are rerolled

# Battle Checkers units: blade, shield, hilt, spirit grains, and the four sides of a unit.
PIECE_INK = (26, 18, 12)
BLADE = (236, 240, 246)
BLADE_DOWN = (120, 114, 106)
BLADE_GLEAM = (255, 252, 235)
HILT = (150, 104, 52)
HILT_DOWN = (96, 88, 80)
SHIELD = (120, 170, 255)
SHIELD_DOWN = (64, 68, 80)
SHIELD_GLINT = (226, 238, 255)
SHIELD_TEXT = (150, 196, 255)
GRAIN_LIGHT = (255, 250, 230)
GRAIN_DARK = (60, 50, 42)
SIDE_FRONT = (255, 244, 214)
SIDE_RIGHT = (236, 96, 80)
SIDE_LEFT = (110, 160, 255)
SIDE_REAR = (150, 40, 40)


def _noise_tile(size: int, base: tuple[int, int, int], spread: int, seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    tile = pygame.Surface((size, size))
    tile.fill(base)
    for y in range(size):
        for x in range(size):
            d = rng.randint(-spread, spread)
            tile.set_at(
                (x, y), (max(0, min(255, base[0] + d)), max(0, min(255, base[1] + d)), max(0, min(255, base[2] + d)))
            )
    return tile


@lru_cache(maxsize=4)
def _felt_tile() -> pygame.Surface:
    # Fine fibres: per-pixel noise, softened by a small down-up scale so it reads as cloth, not static.
    tile = _noise_tile(96, FELT, 7, 11)
    soft = pygame.transform.smoothscale(tile, (48, 48))
    soft = pygame.transform.smoothscale(soft, (96, 96))
    tile.set_alpha(110)
    soft.blit(tile, (0, 0))
    return soft


@lru_cache(maxsize=4)
def _vignette(size: tuple[int, int], strength: int = 215) -> pygame.Surface:
    # Radial darkening computed on a small grid and scaled up smoothly (cheap and band-free enough).
    w, h = 64, 36
    small = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx = (x + 0.5) / w * 2 - 1
            dy = (y + 0.5) / h * 2 - 1
            r = math.sqrt(dx * dx * 0.9 + dy * dy * 1.1)
            a = max(0.0, min(1.0, (r - 0.35) / 1.0)) ** 1.6
            small.set_at((x, y), (*FELT_DARK, int(strength * a)))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=6)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """Green felt with a soft vignette, filling `size`."""
    surface = pygame.Surface(size)
    tile = _felt_tile()
    tw, th = tile.get_size()
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            surface.blit(tile, (x, y))
    # A faint broad light from above-left, like a lamp over the table.
    light = pygame.Surface((32, 18), pygame.SRCALPHA)
    for y in range(18):
        for x in range(32):
            d = math.hypot((x - 11) / 32, (y - 5) / 18)
            light.set_at((x, y), (*WARM_LIGHT, int(max(0.0, 0.5 - d) * 60)))
    surface.blit(pygame.transform.smoothscale(light, size), (0, 0))
    surface.blit(_vignette(size), (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


def soft_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, spread: int, alpha: int = 120) -> None:
    """A blurred dark shadow under `rect` (drawn small and scaled up)."""
    pad = spread * 2
    big = pygame.Rect(0, 0, rect.w + pad * 2, rect.h + pad * 2)
    scale = 8
    small = pygame.Surface((max(1, big.w // scale), max(1, big.h // scale)), pygame.SRCALPHA)
    inner = pygame.Rect(pad // scale, pad // scale, max(1, rect.w // scale), max(1, rect.h // scale))
    pygame.draw.rect(small, (*SHADOW, alpha), inner, border_radius=max(0, radius // scale))
    blurred = pygame.transform.smoothscale(small, big.size)
    surface.blit(blurred, (rect.x - pad + spread // 3, rect.y - pad + spread // 2))


def wood_frame(surface: pygame.Surface, rect: pygame.Rect, width: int, seed: int = 3) -> None:
    """A wooden frame of `width` pixels around `rect` (the frame lies outside it), with grain and bevels."""
    outer = rect.inflate(width * 2, width * 2)
    soft_shadow(surface, outer, width // 2, max(8, width))
    pygame.draw.rect(surface, WOOD, outer, border_radius=max(2, width // 3))
    rng = random.Random(seed)
    clip = surface.get_clip()
    surface.set_clip(outer)
    # Grain: long thin lines along each side, slightly wavy and of varying tone.
    for _ in range(max(30, (outer.w + outer.h) // 12)):
        tone = rng.choice([WOOD_DARK, WOOD_LIGHT, (96, 58, 31), (138, 90, 50)])
        if rng.random() < 0.5:
            y = rng.choice([rng.randint(outer.top, rect.top), rng.randint(rect.bottom, outer.bottom)])
            x0 = rng.randint(outer.left, outer.right)
            pygame.draw.line(surface, tone, (x0, y), (x0 + rng.randint(60, 300), y + rng.choice([-1, 0, 1])))
        else:
            x = rng.choice([rng.randint(outer.left, rect.left), rng.randint(rect.right, outer.right)])
            y0 = rng.randint(outer.top, outer.bottom)
            pygame.draw.line(surface, tone, (x, y0), (x + rng.choice([-1, 0, 1]), y0 + rng.randint(60, 300)))
    surface.set_clip(clip)
    # Bevels: light on the outer top-left, dark on the inner edge, a fine dark outline all round.
    pygame.draw.rect(surface, WOOD_DARK, outer, 2, border_radius=max(2, width // 3))
    pygame.draw.line(surface, WOOD_LIGHT, (outer.left + 3, outer.top + 2), (outer.right - 4, outer.top + 2), 2)
    pygame.draw.line(surface, WOOD_LIGHT, (outer.left + 2, outer.top + 3), (outer.left + 2, outer.bottom - 4), 2)
    pygame.draw.rect(surface, WOOD_DARK, rect.inflate(4, 4), 2)
    pygame.draw.rect(surface, (34, 20, 11), rect.inflate(2, 2), 1)


def panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0, *, shadow: bool = True) -> None:
    """A warm dark panel with a brass edge and a faint top highlight."""
    radius = max(4, round(12 * scale))
    if shadow:
        soft_shadow(surface, rect, radius, max(8, round(18 * scale)), 150)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*PANEL, 242), body.get_rect(), border_radius=radius)
    # Vertical gradient: a touch lighter at the top.
    glow = pygame.Surface((1, 8))
    for y in range(8):
        k = max(0, 6 - y) / 6
        glow.set_at((0, y), (round(22 * k), round(17 * k), round(12 * k)))
    glow = pygame.transform.smoothscale(glow, (rect.w, max(1, rect.h // 2)))
    # Additive on RGB only: fully transparent corners stay transparent.
    body.blit(glow, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(body, rect.topleft)
    pygame.draw.rect(surface, BRASS_DARK, rect, max(1, round(2 * scale)), border_radius=radius)
    inner = rect.inflate(-round(8 * scale), -round(8 * scale))
    pygame.draw.rect(surface, (*BRASS_DARK, 255), inner, 1, border_radius=max(2, radius - 3))


def parchment(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> None:
    """A parchment-coloured text area with darker, slightly mottled edges."""
    radius = max(3, round(8 * scale))
    soft_shadow(surface, rect, radius, max(6, round(10 * scale)), 110)
    paper = _parchment_surface(rect.size, radius)
    surface.blit(paper, rect.topleft)
    pygame.draw.rect(surface, PARCHMENT_DARK, rect, 1, border_radius=radius)


@lru_cache(maxsize=8)
def _parchment_surface(size: tuple[int, int], radius: int) -> pygame.Surface:
    w, h = size
    paper = pygame.Surface(size, pygame.SRCALPHA)
    tile = _noise_tile(64, PARCHMENT, 5, 29)
    for y in range(0, h, 64):
        for x in range(0, w, 64):
            paper.blit(tile, (x, y))
    edge = pygame.Surface((32, 32), pygame.SRCALPHA)
    for y in range(32):
        for x in range(32):
            d = max(abs(x - 15.5) / 16, abs(y - 15.5) / 16)
            edge.set_at((x, y), (*PARCHMENT_EDGE, int(max(0.0, d - 0.7) / 0.3 * 90)))
    paper.blit(pygame.transform.smoothscale(edge, size), (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (*WHITE, 255), mask.get_rect(), border_radius=radius)
    paper.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return paper


def text(
    app: Look,
    surface: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    *,
    size: int = 18,
    bold: bool = False,
    colour: tuple[int, int, int] = PARCHMENT,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line of text at layout size `size` (scaled), anchored at `pos`; returns its rect."""
    font = app.fonts.get(app.s(size), bold)
    image = rendered(font, content, colour)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(rendered(font, content, SHADOW, 140), rect.move(max(1, app.s(2)), max(1, app.s(2))))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=1024)
def rendered(font: pygame.font.Font, content: str, colour: tuple[int, ...], alpha: int = 255) -> pygame.Surface:
    """`content` rendered in `font` (cached: screens redraw the same lines every frame; do not draw on it)."""
    image = font.render(content, True, colour)
    if alpha != 255:
        image.set_alpha(alpha)
    return image


def heading(app: Look, surface: pygame.Surface, content: str, center: tuple[int, int], size: int = 28) -> pygame.Rect:
    """A bold parchment heading with a brass rule under it, centred at `center`."""
    rect = text(app, surface, content, center, size=size, bold=True, colour=PARCHMENT, anchor="center", shadow=True)
    y = rect.bottom + app.s(6)
    half = max(rect.w // 2, app.s(60))
    pygame.draw.line(surface, BRASS_DARK, (center[0] - half, y), (center[0] + half, y), max(1, app.s(2)))
    pygame.draw.circle(surface, BRASS, (center[0], y), max(2, app.s(4)))
    return rect


@lru_cache(maxsize=512)
def _wrapped(font: pygame.font.Font, content: str, width: int) -> tuple[str, ...]:
    return tuple(_wrap(font, content, width))


def wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Split `content` into lines no wider than `width` pixels (breaking at spaces; cached per font and width)."""
    return list(_wrapped(font, content, width))


def words(text: str) -> list[str]:
    """`text` split at its spaces into the pieces a line may break between: a percent sign stays with its number
    ("8.3 %" never ends one line and starts the next with "%")."""
    out: list[str] = []
    for word in text.split(" "):
        if out and word.startswith("%") and out[-1]:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def _wrap(font: pygame.font.Font, content: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in words(paragraph):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrapped_text(
    app: Look,
    surface: pygame.Surface,
    content: str,
    rect: pygame.Rect,
    *,
    size: int = 18,
    bold: bool = False,
    colour: tuple[int, int, int] = PARCHMENT,
    align: str = "left",
) -> int:
    """Draw `content` wrapped to `rect`'s width; returns the y below the last line."""
    font = app.fonts.get(app.s(size), bold)
    y = rect.y
    for line in wrap(font, content, rect.w):
        image = rendered(font, line, colour)
        x = rect.x + (rect.w - image.get_width()) // 2 if align == "center" else rect.x
        surface.blit(image, (x, y))
        y += font.get_linesize()
    return y


# --- text and shapes at pixel sizes (boards, panels, overlays) ---------------------------------------
_fonts = Fonts()
_quit_hooked = False


def _forget_fonts() -> None:
    # Fonts die with pygame.quit(); a later pygame.init() (a new window, the next test) needs fresh ones.
    global _fonts, _quit_hooked
    _fonts = Fonts()
    _quit_hooked = False
    rendered.cache_clear()
    _wrapped.cache_clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans (has Cyrillic) at a pixel size, cached until pygame quits."""
    global _quit_hooked
    if not pygame.font.get_init():
        pygame.font.init()
    if not _quit_hooked:
        pygame.register_quit(_forget_fonts)
        _quit_hooked = True
    return _fonts.get(size, bold)


Point = tuple[float, float]


def popup_card(surface: pygame.Surface, rect: pygame.Rect, fill: ColorLike, title: str, chip: int) -> None:
    """A popup's card over the board: a soft shadow, the `fill` with a brass edge, and its bold title in the top
    left, sized for chips `chip` pixels high."""
    shadow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (*SHADOW, 90), shadow.get_rect(), border_radius=14)
    surface.blit(shadow, rect.move(4, 8).inflate(16, 16).topleft)
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, BRASS, rect, 2, border_radius=10)
    label(
        surface, title, max(12, chip // 2), PARCHMENT, midleft=(rect.left + chip // 3, rect.top + chip // 2), bold=True
    )


def label(
    surface: pygame.Surface,
    msg: str,
    size: int,
    colour: ColorLike,
    *,
    center: Point | None = None,
    topleft: Point | None = None,
    midleft: Point | None = None,
    midright: Point | None = None,
    bold: bool = False,
    shadow: Colour | None = None,
) -> pygame.Rect:
    """Blit one line of text at pixel `size`, anchored at the one point given; returns its rect."""
    img = font(size, bold).render(msg, True, colour)
    rect = img.get_rect()
    for anchor, point in (("center", center), ("midleft", midleft), ("midright", midright), ("topleft", topleft)):
        if point is not None:
            setattr(rect, anchor, (int(point[0]), int(point[1])))
            break
    if shadow is not None:
        surface.blit(font(size, bold).render(msg, True, shadow), rect.move(1, 1))
    surface.blit(img, rect)
    return rect


def shade(colour: Sequence[int], factor: float) -> Colour:
    """Lighter (factor > 1) or darker (< 1) version of an RGB colour."""
    r, g, b = (max(0, min(255, int(c * factor))) for c in colour[:3])
    return r, g, b


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    """Blend two RGB colours."""
    r, g, bl = (int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return r, g, bl


def with_alpha(colour: Sequence[int], a: int) -> tuple[int, int, int, int]:
    """An RGB colour with an alpha (clamped to 0..255), for translucent layers."""
    return colour[0], colour[1], colour[2], max(0, min(255, a))


def arrow(surface: pygame.Surface, start: Point, end: Point, colour: ColorLike, width: int, head: float) -> None:
    """A straight arrow with a triangular head (drawn on an SRCALPHA surface for ghosts)."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, colour, (sx, sy), base, width)
    px, py = -uy, ux
    tip = [
        (ex, ey),
        (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
        (base[0] - px * head * 0.6, base[1] - py * head * 0.6),
    ]
    pygame.draw.polygon(surface, colour, tip)


def fitting_size(msg: str, width: float, size: int, cut: list[str], bold: bool = False) -> int:
    """The largest font size up to `size` (and no smaller than 70 % of it) at which `msg` fits in `width`;
    a text that fits at none is added to `cut`."""
    floor = max(6, int(size * 0.7))
    while size > floor and font(size, bold).size(msg)[0] > width:
        size -= 1
    if font(size, bold).size(msg)[0] > width:
        cut.append(msg)
    return size


def fit_text(font: pygame.font.Font, line: str, width: float) -> str:
    """`line`, shortened with an ellipsis when wider than `width` pixels in `font`."""
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def wrapped_label(
    surface: pygame.Surface, msg: str, rect: pygame.Rect, size: int, colour: ColorLike, cut: list[str]
) -> None:
    """`msg` wrapped into `rect`, in a smaller font when it would not fit at `size` (else added to `cut`)."""
    floor = max(6, int(size * 0.7))
    while True:
        f = font(size)
        lines = wrap(f, msg, rect.w)
        fits = len(lines) * f.get_linesize() <= rect.h + 2 and all(f.size(line)[0] <= rect.w for line in lines)
        if fits or size <= floor:
            break
        size -= 1
    if not fits:
        cut.append(msg)
    y = rect.top
    for text_line in lines:
        if y + f.get_linesize() > rect.bottom + 2:
            break
        surface.blit(f.render(text_line, True, colour), (rect.left, y))
        y += f.get_linesize()


# --- dice for the title --------------------------------------------------------------------------------
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def polygon(sides: int, radius: float, rotation: float, center: tuple[float, float]) -> list[tuple[float, float]]:
    """The corners of a regular polygon around `center`, the first at angle `rotation`."""
    return [
        (
            center[0] + radius * math.cos(rotation + 2 * math.pi * i / sides),
            center[1] + radius * math.sin(rotation + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]


def die_image(
    kind: str, value: int, size: int, face: tuple[int, int, int], ink: tuple[int, int, int], font: pygame.font.Font
) -> pygame.Surface:
    """A die seen from above: 'd6' with pips, or 'd4'/'d8'/'d12'/'d20' as a lit polygon with its number."""
    pad = size // 8
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    c = (surf.get_width() / 2, surf.get_height() / 2)
    r = size / 2
    if kind == "d6":
        body = pygame.Rect(0, 0, size, size)
        body.center = (round(c[0]), round(c[1]))
        radius = size // 6
        pygame.draw.rect(surf, shade(face, 0.62), body, border_radius=radius)
        top = body.inflate(-size // 7, -size // 7).move(-size // 40, -size // 40)
        pygame.draw.rect(surf, face, top, border_radius=radius)
        hi = top.inflate(-size // 3, -size // 3).move(-size // 12, -size // 12)
        glint = pygame.Surface(hi.size, pygame.SRCALPHA)
        pygame.draw.ellipse(glint, (*WHITE, 40), glint.get_rect())
        surf.blit(glint, hi.topleft)
        pygame.draw.rect(surf, shade(face, 0.35), body, max(1, size // 40), border_radius=radius)
        step = top.w * 0.27
        for dx, dy in PIPS[value]:
            p = (top.centerx + dx * step, top.centery + dy * step)
            pygame.draw.circle(surf, shade(ink, 0.6), (p[0] + 1, p[1] + 1), max(2, size // 13))
            pygame.draw.circle(surf, ink, p, max(2, size // 13))
        return surf
    sides, rot = {"d4": (3, -math.pi / 2), "d8": (4, -math.pi / 2), "d12": (5, -math.pi / 2), "d20": (6, -math.pi / 2)}[
        kind
    ]
    outer = polygon(sides, r, rot, c)
    inner = polygon(sides, r * (0.7 if sides > 3 else 0.58), rot, (c[0] - r * 0.02, c[1] - r * 0.02))
    pygame.draw.polygon(surf, shade(face, 0.62), outer)
    # Facets between the rim and the lit top face, alternately lighter and darker like a real polyhedron.
    for i in range(sides):
        j = (i + 1) % sides
        tone = 0.78 if (i % 2 == 0) else 0.9
        if i == sides - 1 or i == 0:
            tone = 0.95
        pygame.draw.polygon(surf, shade(face, tone), [outer[i], outer[j], inner[j], inner[i]])
        pygame.draw.line(surf, shade(face, 0.45), outer[i], inner[i], 1)
    pygame.draw.polygon(surf, face, inner)
    pygame.draw.polygon(surf, shade(face, 0.35), outer, max(1, size // 40))
    label = font.render(str(value), True, ink)
    surf.blit(label, label.get_rect(center=(c[0] - r * 0.02, c[1] + (r * 0.12 if sides == 3 else 0))))
    return surf


def title_dice(app: Look, surface: pygame.Surface, center: tuple[int, int], unit: int) -> None:
    """The menu's title decoration: a small scatter of dice (both sides' colours) tumbled on the felt."""
    big = app.fonts.get(round(unit * 0.42), True)
    small = app.fonts.get(round(unit * 0.3), True)
    # (kind, value, size factor, dx, dy, angle, light side?)
    layout = [
        ("d20", 20, 1.05, -1.55, 0.05, 8, False),
        ("d6", 5, 0.95, -0.35, -0.2, -14, True),
        ("d8", 7, 0.9, 0.8, 0.15, 11, False),
        ("d4", 4, 0.75, 1.8, -0.1, -6, True),
        ("d12", 11, 0.8, -2.55, -0.05, -10, True),
    ]
    for kind, value, factor, dx, dy, angle, light in layout:
        size = round(unit * factor)
        face, ink = (IVORY, INK) if light else (CHARCOAL, IVORY)
        image = die_image(kind, value, size, face, ink, big if factor > 0.85 else small)
        image = pygame.transform.rotozoom(image, angle, 1.0)
        pos = (center[0] + dx * unit, center[1] + dy * unit)
        shadow = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (*SHADOW, 90), shadow.get_rect().inflate(-size // 5, -size // 4))
        shadow = pygame.transform.smoothscale(shadow, (shadow.get_width() // 4 or 1, shadow.get_height() // 4 or 1))
        shadow = pygame.transform.smoothscale(shadow, image.get_size())
        surface.blit(shadow, shadow.get_rect(center=(pos[0] + unit * 0.08, pos[1] + unit * 0.12)))
        surface.blit(image, image.get_rect(center=pos))


def draw_toasts(app: App, surface: pygame.Surface) -> None:
    """Messages at the top of the screen: parchment slips, a warning with a vermillion '!' badge and rim, news with
    a brass 'i'; click to dismiss."""
    y = app.s(14)
    width = min(surface.get_width() - app.s(40), app.s(760))
    font = app.fonts.get(app.s(16))
    for toast in app.toasts:
        lines = wrap(font, toast.text, width - app.s(76))[:5]
        height = max(app.s(52), len(lines) * font.get_linesize() + app.s(22))
        rect = pygame.Rect((surface.get_width() - width) // 2, y, width, height)
        toast.rect = rect
        soft_shadow(surface, rect, app.s(8), app.s(12), 160)
        pygame.draw.rect(surface, PARCHMENT, rect, border_radius=app.s(8))
        accent = BRASS_DARK if toast.kind == "info" else VERMILLION
        toast.icon = "i" if toast.kind == "info" else "!"
        pygame.draw.rect(surface, accent, rect, max(2, app.s(2)), border_radius=app.s(8))
        badge = (rect.x + app.s(28), rect.y + app.s(26))
        pygame.draw.circle(surface, accent, badge, app.s(14))
        mark = app.fonts.get(app.s(20), True).render(toast.icon, True, IVORY)
        surface.blit(mark, mark.get_rect(center=badge))
        ty = rect.y + app.s(11)
        for line in lines:
            surface.blit(font.render(line, True, INK), (rect.x + app.s(54), ty))
            ty += font.get_linesize()
        close = app.fonts.get(app.s(14)).render("×", True, INK_SOFT)
        surface.blit(close, close.get_rect(topright=(rect.right - app.s(10), rect.y + app.s(4))))
        y = rect.bottom + app.s(8)


@lru_cache(maxsize=32)
def emblem_image(mode: str, size: int, enabled: bool = True) -> pygame.Surface:
    """`mode_emblem` drawn once on its own transparent square (a little wider than `size`), for cheap reuse."""
    side = size + 4
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    mode_emblem(image, mode, (side // 2, side // 2), size, enabled)
    return image


def mode_emblem(surface: pygame.Surface, mode: str, center: tuple[int, int], size: int, enabled: bool = True) -> None:
    """The small emblem the mode registry names for `mode` (a d6 for a mode it does not know), faded when off."""
    spec = registry.find(mode)
    draw: Callable[[pygame.Surface, tuple[int, int], int, float], None] = (
        registry.resolve(spec.emblem) if spec is not None else die_emblem
    )
    draw(surface, center, size, 1.0 if enabled else 0.55)


def die_emblem(surface: pygame.Surface, center: tuple[int, int], size: int, fade: float) -> None:
    """A green d6: the Dice Lab's emblem, and the one a mode the registry does not know gets."""
    cx, cy = center
    rect = pygame.Rect(0, 0, size * 0.9, size * 0.9)
    rect.center = center
    pygame.draw.rect(surface, shade(GREEN, fade), rect, border_radius=size // 6)
    pygame.draw.rect(surface, INK, rect, 2, border_radius=size // 6)
    pip = shade(IVORY, fade)
    for dx, dy in PIPS[5]:
        pygame.draw.circle(surface, pip, (cx + dx * size * 0.24, cy + dy * size * 0.24), max(2, size // 12))


def focus_band(surface: pygame.Surface, rect: pygame.Rect, s: Callable[[float], int]) -> None:
    """The keyboard-focus highlight of a settings row: a tinted band, a brass outline and a marker."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(band, (*ORANGE, 34), band.get_rect(), border_radius=s(8))
    surface.blit(band, rect.topleft)
    pygame.draw.rect(surface, BRASS_DARK, rect, 1, border_radius=s(8))
    # A triangle marker, so the focus does not rely on the tint alone.
    cy = rect.centery
    pygame.draw.polygon(surface, ORANGE, [(rect.x + s(6), cy - s(7)), (rect.x + s(14), cy), (rect.x + s(6), cy + s(7))])


# Alkemy health dice (white / yellow / red); the dice also carry wound marks, so colour is never alone.
HEALTH = {"white": (244, 240, 228), "yellow": (236, 196, 64), "red": (196, 52, 44)}
