"""House rules in the app: the "Rules" choice of a form that sets a game up (the new-table form,
``yule party``'s setup) and the questions that save and delete a host's set of house rules.

A game's rules come from three places (:func:`rules_menu`): the settings this player last
used for the game (their profile: "Last used"), each set of house rules the host keeps for it
(:mod:`yule.netplay.housesets`: anyone at the host may pick them), and the game's defaults.
Picking one fills the form; a set whose game's options changed since opens with what still fits
(:func:`yule.netplay.housesets.fitted`) and the form says so (:func:`fitted_note`).

:func:`save_rules` asks for a name (a :class:`~.questions.LineScreen`), saves the form's
settings under it, and asks before replacing a set of that name; :func:`delete_rules` asks
before deleting one.  Both are meant for a worker of the form (they wait on the questions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.screen import Screen

from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.frames import HouseSet
from ..netplay.housesets import SET_NAME_LENGTH
from .dialogs import ConfirmScreen
from .questions import LineScreen
from .refusals import failed
from .text import literal
from .words import t, tp

LAST = "last"
"""The "Rules" choice of the settings this player last used for the game ..."""
DEFAULTS = "defaults"
"""... that of the game's defaults ..."""
SET = "set "
"""... and the start of a host's set's (its name follows)."""


def set_choice(name: str) -> str:
    """The "Rules" choice of the host's set ``name``."""
    return SET + name


def chosen_set(choice: object) -> str | None:
    """The name of the host's set a "Rules" choice is, or None (last used, the defaults)."""
    return choice[len(SET) :] if isinstance(choice, str) and choice.startswith(SET) else None


def rules_menu(last: bool, sets: Sequence[HouseSet]) -> list[tuple[Text, str]]:
    """The "Rules" choices: the settings last used (when there are some), the host's sets by name
    (shown literally), the game's defaults."""
    menu = [(Text(t("Last used")), LAST)] if last else []
    menu += [(Text(literal(s["name"])), set_choice(s["name"])) for s in sets]
    return [*menu, (Text(t("Game's defaults")), DEFAULTS)]


def fitted_note(name: str) -> str:
    """What the form says of a set that does not all fit its game any more."""
    return t(
        "{name} was saved for other options of this game: what still fits is filled in, the rest are the defaults.",
        name=literal(name),
    )


async def save_rules(screen: Screen[Any], client: Client | None, game: str, settings: Mapping[str, Any]) -> str | None:
    """Ask for a name and keep ``settings`` for ``game`` on the host under it (asking before
    replacing a set of that name); the name as the host keeps it, or None (not saved: said)."""
    if client is None:
        screen.notify(t("House rules are kept by a host: there is none here."), severity="warning")
        return None
    app = screen.app
    why = t("A name for these rules, for everyone at this host (e.g. Grandma's rules):")
    name = await app.push_screen_wait(
        LineScreen(t("Save house rules"), why, max_length=SET_NAME_LENGTH, empty=t("Type a name first."))
    )
    if not name:
        return None
    replace = False
    while True:
        try:
            saved = await client.save_set(game, name, settings, replace=replace)
        except HostError as e:
            if e.code == "set_exists" and not replace:
                question = t("Replace the house rules {name}, for everyone at this host?", name=literal(name))
                if not await app.push_screen_wait(
                    ConfirmScreen(question, yes=t("replace"), no=tp("house rules", "keep them"))
                ):
                    return None
                replace = True
                continue
            screen.notify(failed(e), title=t("Not saved"), severity="error")
            return None
        except ConnectionLost as e:
            screen.notify(failed(e), title=t("Not saved"), severity="error")
            return None
        screen.notify(t("Saved as {name}: anyone at this host can pick them.", name=literal(saved["name"])))
        return saved["name"]


async def delete_rules(screen: Screen[Any], client: Client | None, game: str, name: str) -> bool:
    """Ask, then delete the host's set ``name`` of ``game``; whether it is gone."""
    if client is None:
        return False
    question = t("Delete the house rules {name}, for everyone at this host?", name=literal(name))
    if not await screen.app.push_screen_wait(
        ConfirmScreen(question, yes=t("delete"), no=tp("house rules", "keep them"))
    ):
        return False
    try:
        await client.delete_set(game, name)
    except (HostError, ConnectionLost) as e:
        screen.notify(failed(e), title=t("Not deleted"), severity="error")
        return False
    screen.notify(t("The house rules {name} are deleted.", name=literal(name)))
    return True


async def host_sets(client: Client | None, game: str) -> list[HouseSet]:
    """The sets the host keeps for ``game`` (none without a host, or when it cannot say)."""
    if client is None:
        return []
    try:
        return list((await client.house_sets(game))["sets"])
    except (HostError, ConnectionLost):
        return []
