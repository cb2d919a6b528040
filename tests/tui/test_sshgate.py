"""The SSH gate on its own (:mod:`yule.tui.ssh.gate`): the load shed's chances, the busiest address
giving way, the room kept, and penalties that add up, run out and are remembered for a bounded
number of addresses."""

from __future__ import annotations

import random

from yule.tui.ssh.gate import Gate, Penalties, PenaltyScale, Startups


class Draws(random.Random):
    """The load shed's draws, fixed: ``value`` each time."""

    def __init__(self, value: float) -> None:
        super().__init__()
        self.value = value

    def random(self) -> float:
        return self.value


def test_the_chance_of_a_refusal_rises_from_start_to_full():
    shed = Startups(48, 30, 128)
    chances = [shed.chance(n) for n in range(0, 140)]
    assert chances[:48] == [0.0] * 48 and chances[48] == 0.3 and chances[128:] == [1.0] * 12
    assert chances == sorted(chances)


def test_the_busiest_address_gives_way_to_another_addresss_login():
    gate: Gate[str] = Gate(logins=Startups(4, 100, 12), per_address=Startups(2, 0, 6), rng=Draws(0.5))
    for n in range(5):
        gate.ask("10.0.0.2", f"a{n}")
    assert gate.logins.counts() == {"10.0.0.2": 4}  # the 5th shed: 4 under way in all
    verdicts = [gate.ask("10.0.0.3", f"b{n}") for n in range(3)]
    assert [(v.why, v.evict) for v in verdicts[:2]] == [(None, "a0"), (None, "a1")]  # the busiest's oldest go
    assert gate.logins.counts() == {"10.0.0.2": 2, "10.0.0.3": 2}
    # Even now, the busiest holds no more than its own start: nobody gives way, the newcomer is shed.
    assert verdicts[2].why == "Too many SSH logins at once; try again in a moment." and verdicts[2].reserve


def test_the_room_kept_is_bounded_in_all_and_per_address():
    gate: Gate[str] = Gate(logins=Startups(0, 100, 0), reserve=3, reserve_per_address=2, rng=Draws(0.5))
    kept = [gate.ask("10.0.0.2", f"a{n}").reserve for n in range(3)]
    assert kept == [True, True, False]
    assert gate.ask("10.0.0.3", "b0").reserve and not gate.ask("10.0.0.4", "c0").reserve
    gate.leave("10.0.0.2", "a0")
    assert gate.ask("10.0.0.4", "c1").reserve


def test_penalties_add_up_to_the_most_run_out_and_shut_an_address_out_past_the_least():
    now = [0.0]
    gate: Gate[str] = Gate(PenaltyScale(held=10, least=30, most=60), clock=lambda: now[0])
    for _ in range(3):
        gate.penalise("10.0.0.2", 10)
    assert gate.shut_out("10.0.0.2") is None  # 30: not past the least
    for _ in range(10):
        gate.penalise("10.0.0.2", 10)
    assert gate.penalties.shut_for("10.0.0.2") == 30.0  # 60 at most
    assert gate.ask("10.0.0.2", "a").why == (
        "Too many failed or unfinished SSH logins came from your address: try again in 30 seconds."
    )
    assert not gate.logins
    now[0] = 29.5
    assert gate.shut_out("10.0.0.2") is not None
    now[0] = 30.0
    assert gate.shut_out("10.0.0.2") is None and gate.ask("10.0.0.2", "a").why is None


def test_the_penalties_remember_a_bounded_number_of_addresses_the_oldest_forgotten():
    penalties = Penalties(PenaltyScale(), clock=lambda: 0.0, sources=3)
    for n in range(5):
        penalties.add(f"10.0.0.{n}", 100)
    assert len(penalties) == 3
    assert penalties.shut_for("10.0.0.0") == 0 and penalties.shut_for("10.0.0.4") == 70
