"""Text on screen: lines and headings at layout sizes, labels at pixel sizes, wrapping, fitting, and the font and
rendered-line caches (cleared when pygame quits)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame
from pygame.typing import ColorLike

from game.client.fonts import Fonts
from game.client.palette import BRASS, BRASS_DARK, PARCHMENT, SHADOW, Colour

if TYPE_CHECKING:
    from game.client.look import Look


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


#: The smallest font a player's name is drawn in where room is short: a longer name ends in an ellipsis instead.
NAME_LEAST_PX = 12


def fitted_name(name: str, room: float, size: int, bold: bool = False) -> tuple[str, int]:
    """A player's name and its font size in `room`: the largest size down to a readable least that holds the whole
    name, else the name shortened with an ellipsis at that least (a short last word stays: 'Comp… 3')."""
    least = min(size, max(NAME_LEAST_PX, round(size * 0.85)))
    for points in range(size, least - 1, -1):
        if font(points, bold).size(name)[0] <= room:
            return name, points
    small = font(least, bold)
    head, _, tail = name.rpartition(" ")
    if head and len(tail) <= 3:  # a short last word tells seats apart ('Computer 3', 'Computer 4')
        return f"{fit_text(small, head, room - small.size(' ' + tail)[0])} {tail}", least
    return fit_text(small, name, room), least


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
