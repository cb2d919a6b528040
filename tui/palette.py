"""The one palette of the whole app: every colour that says something (a card's colour, a suit,
a kind of token) is an ink of this module, chosen so that no two things a player must tell
apart look alike in 16 colours, 256 colours, truecolor or to the common colour blindnesses.

The inks are the Okabe–Ito colour-blind-safe colours (orange, sky blue, bluish green, yellow,
blue, vermillion, reddish purple) and a few neutrals for the games whose colours are their own
(White Rabbit's brown, grey, black and cream cards).  Each ink has an explicit choice for each
colour system of the terminal:

- truecolor: the ink itself; 256 colours: Rich's nearest colour of the 256 (each a different one);
- 16 colours: an ANSI colour chosen by hand (Okabe–Ito's blue and bluish green would both
  fall on cyan), given as Rich's own RGB of that ANSI colour, which it sends as that colour.

A badge (``R7`` on its colour) writes black or white on its ink, whichever reads better
(WCAG contrast, in each colour system); an ink as text is a colour on the app's dark background.

Every colour is also carried by a letter or symbol (``R7``, ``SG 10``, ``g5``, ``NARW``): under
NO_COLOR (Textual then draws in greys) or on a monochrome terminal every game plays the same.

The styles are named (``yule.badge.vermillion``, ``yule.ink.orange``) and the app resolves them
for its terminal: each app pushes :func:`theme` of its colour system on its console, so text is
drawn with :func:`paint` (a named style must be a span of a Rich ``Text``; Textual ignores a
named base style).

    >>> paint("R7", badge("vermillion")).spans[0].style
    'yule.badge.vermillion'
    >>> str(theme("truecolor").styles[badge("blue")])
    'bold #ffffff on #0072b2'
    >>> str(theme("standard").styles[badge("blue")])
    'bold #ffffff on #0000aa'
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color, ColorSystem
from rich.color_triplet import ColorTriplet
from rich.style import Style
from rich.text import Text
from rich.theme import Theme


@dataclass(frozen=True)
class Ink:
    """One colour of the palette: its truecolor value and the ANSI colour (0-15) of a 16-colour
    terminal; ``text16``, the ANSI colour when it is text on the app's dark background (the
    bright one reads there)."""

    truecolor: str
    ansi: int
    text16: int | None = None


INKS: dict[str, Ink] = {
    # Okabe–Ito
    "orange": Ink("#e69f00", 3, 3),
    "sky-blue": Ink("#56b4e9", 14),
    "bluish-green": Ink("#009e73", 2, 10),
    "yellow": Ink("#f0e442", 11),
    "blue": Ink("#0072b2", 4, 12),
    "vermillion": Ink("#d55e00", 1, 9),
    "reddish-purple": Ink("#cc79a7", 5, 13),
    # neutrals and White Rabbit's own colours
    "charcoal": Ink("#585858", 8),
    "white": Ink("#ffffff", 15),
    "grey": Ink("#a8a8a8", 7),
    "black": Ink("#262626", 0),
    "brown": Ink("#875f00", 3),
    "cream": Ink("#ffffaf", 11),
}

SYSTEMS: dict[str | None, ColorSystem] = {
    "standard": ColorSystem.STANDARD,
    "windows": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
    "truecolor": ColorSystem.TRUECOLOR,
}
"""A console's ``color_system`` as Rich's colour system (None, no colour at all: truecolor,
which Textual then turns to greys)."""

BLACK, WHITE = ColorTriplet(0, 0, 0), ColorTriplet(255, 255, 255)


def _rgb(*colours: str) -> tuple[ColorTriplet, ...]:
    return tuple(Color.parse(c).get_truecolor() for c in colours)


ANSI_SENT = _rgb(*["#000000", "#aa0000", "#00aa00", "#aa5500", "#0000aa", "#aa00aa", "#00aaaa", "#aaaaaa"],
                 *["#555555", "#ff5555", "#55ff55", "#ffff55", "#5555ff", "#ff55ff", "#55ffff", "#ffffff"])  # fmt: skip
"""The RGB of each ANSI colour 0-15 as Rich has it (the VGA colours): a colour given so is sent
to a 16-colour terminal as that ANSI colour (Rich sends each colour as its nearest of these)."""
ANSI_XTERM = _rgb(*["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5"],
                  *["#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"])  # fmt: skip
"""xterm's ANSI colours: terminals draw the 16 colours their own way, VGA's and xterm's are the
two ends the letters on a badge must read on."""


def badge(ink: str) -> str:
    """The named style of a badge on ``ink``: black or white bold letters on the ink."""
    assert ink in INKS, ink
    return f"yule.badge.{ink}"


def ink(name: str) -> str:
    """The named style of ``name`` as bold text on the app's background."""
    assert name in INKS, name
    return f"yule.ink.{name}"


def paint(text: str, style: str) -> Text:
    """``text`` in a named style of the palette (as a span: see the module's docstring)."""
    return Text.assemble((text, style))


def shown(name: str, system: ColorSystem, text: bool = False) -> ColorTriplet:
    """The RGB the terminal of ``system`` is sent for an ink (``text``: as text on the dark
    background): the ink, its nearest of the 256 colours, or its ANSI colour as Rich sends it."""
    chosen = INKS[name]
    if system == ColorSystem.STANDARD:
        return ANSI_SENT[ansi(name, text)]
    color = Color.parse(chosen.truecolor)
    if system == ColorSystem.EIGHT_BIT:
        return Color.from_ansi(color.downgrade(ColorSystem.EIGHT_BIT).number or 0).get_truecolor()
    return color.get_truecolor()


def ansi(name: str, text: bool = False) -> int:
    """The ANSI colour (0-15) of an ink in a 16-colour terminal (``text``: as text)."""
    chosen = INKS[name]
    return chosen.text16 if text and chosen.text16 is not None else chosen.ansi


def luminance(rgb: ColorTriplet) -> float:
    """WCAG relative luminance of an RGB colour, 0 (black) to 1 (white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: ColorTriplet, b: ColorTriplet) -> float:
    """WCAG contrast ratio of two colours, 1 to 21.

    >>> round(contrast(BLACK, WHITE))
    21
    """
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def letters_on(name: str, system: ColorSystem) -> ColorTriplet:
    """Black or white, whichever reads better on the ink ``name`` in ``system``; in 16 colours,
    whichever reads better in the worse of the VGA and xterm renderings of its ANSI colour.

    >>> letters_on("orange", ColorSystem.STANDARD) == BLACK, letters_on("vermillion", ColorSystem.STANDARD) == WHITE
    (True, True)
    """
    if system == ColorSystem.STANDARD:
        grounds = [ANSI_SENT[ansi(name)], ANSI_XTERM[ansi(name)]]
    else:
        grounds = [shown(name, system)]
    return max((BLACK, WHITE), key=lambda letters: min(contrast(letters, g) for g in grounds))


def theme(color_system: str | None) -> Theme:
    """The palette's named styles for a console of ``color_system`` (its ``color_system``)."""
    system = SYSTEMS.get(color_system, ColorSystem.TRUECOLOR)
    styles: dict[str, Style] = {}
    for name in INKS:
        styles[badge(name)] = Style(
            bold=True,
            color=Color.from_triplet(letters_on(name, system)),
            bgcolor=Color.from_triplet(shown(name, system)),
        )
        styles[ink(name)] = Style(bold=True, color=Color.from_triplet(shown(name, system, text=True)))
    return Theme(styles, inherit=True)
