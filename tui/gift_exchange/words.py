"""Gift Exchange's words in the app's language: its log lines, a gift's number, a steal's count.

The rules' events carry facts, never words: :func:`describe` words them, through
:mod:`yule.tui.words` as the log is drawn.  Gift labels and wrappings are typed by people: they
are never translated, and a log line quotes them as typed (the log shows its lines literally).

    >>> from ..words import set_language
    >>> set_language("en"); ordinal(1), ordinal(22), ordinal(13)
    ('1st', '22nd', '13th')
    >>> describe({"type": "open", "by": 0, "gift": 2, "label": "Waffle maker"}, ["Ana", "Ben"])
    'Ana opened gift #3: Waffle maker.'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.base import Event
from ..text import literal
from ..words import seat, t, tp


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th`` ... in the app's language (French ``1er``,
    ``2e``; German ``2.``): one sentence for each English ending, and one for 1 alone."""
    if n == 1:
        return tp("ordinal", "1st")
    if 10 <= n % 100 <= 20:
        return tp("ordinal", "{n}th", n=n)
    suffix = n % 10
    if suffix == 1:
        return tp("ordinal", "{n}st", n=n)
    if suffix == 2:
        return tp("ordinal", "{n}nd", n=n)
    if suffix == 3:
        return tp("ordinal", "{n}rd", n=n)
    return tp("ordinal", "{n}th", n=n)


def gift_no(gift: int) -> str:
    """How people name a gift on screen: its id plus one (``#3``), in every language.

    >>> gift_no(2)
    '#3'
    """
    return f"#{gift + 1}"


def who(names: Sequence[str], seat_: int | None) -> str:
    """A seat as a screen names it: its guest's name as typed (made literal), ``Seat 4`` when it
    has none, ``nobody`` for no seat."""
    if seat_ is None:
        return t("nobody")
    if 0 <= seat_ < len(names) and names[seat_]:
        return literal(names[seat_])
    return t("Seat {number}", number=seat_ + 1)


def _gift(gift: int, label: str) -> str:
    """A gift in a log line: ``Waffle maker (gift #3)``, or ``gift #3`` when it has no label."""
    if label:
        return t("{label} (gift #{number})", label=label, number=gift + 1)
    return t("gift #{number}", number=gift + 1)


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words; labels are quoted literally as typed.

    >>> names = ["Ana", "Ben", "Chloe"]
    >>> describe({"type": "steal", "by": 1, "gift": 2, "label": "Waffle maker", "from": 0,
    ...           "steals": 2, "final": False}, names)
    'Ben stole Waffle maker (gift #3) from Ana (2nd steal). Ana moves next.'
    >>> describe({"type": "frozen", "gift": 2, "label": "Waffle maker"}, names)
    'Waffle maker (gift #3) is frozen.'
    >>> describe({"type": "bring", "by": 0, "gift": 0, "wrapping": "", "blank": True}, names)
    'Ana brought gift #1. It will be named when it is opened.'
    """
    kind = event["type"]

    def name(s: int) -> str:
        return seat(names, s)

    if kind == "bring":
        if event["wrapping"]:
            line = t(
                "{who} brought gift #{number} ({wrapping}).",
                who=name(event["by"]),
                number=event["gift"] + 1,
                wrapping=event["wrapping"],
            )
        else:
            line = t("{who} brought gift #{number}.", who=name(event["by"]), number=event["gift"] + 1)
        if event["blank"]:
            later = t("It will be named when it is opened.")
            return f"{line} {later}"
        return line
    if kind == "order":
        return t("The order is drawn: {seats}.", seats=", ".join(name(s) for s in event["seats"]))
    if kind == "turn":
        return t(
            "Turn {turn} of {turns}: {who} opens or steals.",
            turn=event["turn"] + 1,
            turns=event["turns"],
            who=name(event["seat"]),
        )
    if kind == "open":
        return t(
            "{who} opened gift #{number}: {label}.",
            who=name(event["by"]),
            number=event["gift"] + 1,
            label=event["label"],
        )
    if kind == "steal":
        count = ordinal(event["steals"])
        if event["final"]:
            return t(
                "{who} swapped {gave} for {gift}, which {holder} held ({ordinal} steal).",
                who=name(event["by"]),
                gave=_gift(event["gave"], event["gave_label"]),
                gift=_gift(event["gift"], event["label"]),
                holder=name(event["from"]),
                ordinal=count,
            )
        return t(
            "{who} stole {gift} from {victim} ({ordinal} steal). {victim} moves next.",
            who=name(event["by"]),
            gift=_gift(event["gift"], event["label"]),
            victim=name(event["from"]),
            ordinal=count,
        )
    if kind == "frozen":
        return t("{gift} is frozen.", gift=_gift(event["gift"], event["label"]))
    if kind == "final_swap":
        if event["offered"]:
            return t("Every gift is open: {who} may swap for a final time, or keep.", who=name(event["seat"]))
        return t("Every gift is open; {who} has nothing to swap for.", who=name(event["seat"]))
    if kind == "keep":
        return t("{who} keeps {gift}.", who=name(event["by"]), gift=_gift(event["gift"], event["label"]))
    if kind == "game_over":
        return t("The gift exchange is over: everyone goes home with a gift.")
    return _mended(event, names) or str(kind)


def _mended(event: Event, names: list[str]) -> str | None:
    """The organiser's mending in plain words (a latecomer, a skipped guest, a label put right);
    ``None`` for another event.  A label is quoted as typed.

    >>> _mended({"type": "relabel", "gift": 0, "label": "[b]Socks[/b]", "was": "Sokcs"}, ["Ana"])
    'The label of gift #1 is now [b]Socks[/b] (it said Sokcs).'
    """
    kind = event["type"]
    if kind == "arrive":
        return t(
            "{who} arrives late, bringing gift #{number}.", who=seat(names, event["seat"]), number=event["gift"] + 1
        )
    if kind == "placed":
        return t(
            "{who} joins the order: turn {turn} of {turns}.",
            who=seat(names, event["seat"]),
            turn=event["turn"] + 1,
            turns=event["turns"],
        )
    if kind == "skip":
        return t("{who} stepped out: their turn moves to the end of the order.", who=seat(names, event["seat"]))
    if kind == "relabel":
        if "label" in event:
            return t(
                "The label of gift #{number} is now {label} (it said {was}).",
                number=event["gift"] + 1,
                label=event["label"],
                was=event["was"],
            )
        return t("The organiser put the label of gift #{number} right.", number=event["gift"] + 1)
    return None
