"""The one palette: warm wood and brass on green felt, accents from the Okabe–Ito colour-blind-safe set, and
the small colour operations (shade, mix, alpha)."""

from __future__ import annotations

from collections.abc import Sequence

# Palette: warm wood and brass on green felt; accents from the Okabe–Ito colour-blind-safe set.
FELT = (40, 84, 62)
FELT_DARK = (12, 30, 22)
WOOD_DARK = (58, 34, 19)
WOOD = (112, 70, 38)
WOOD_LIGHT = (156, 104, 60)
WOOD_GRAIN_DARK = (96, 58, 31)  # grain lines between the frame's tones
WOOD_GRAIN_LIGHT = (138, 90, 50)
WOOD_EDGE = (34, 20, 11)  # the fine outline where the frame meets the board
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


# Alkemy health dice (white / yellow / red); the dice also carry wound marks, so colour is never alone.
HEALTH = {"white": (244, 240, 228), "yellow": (236, 196, 64), "red": (196, 52, 44)}
