"""The table's animation part: the cards a move sends flying (scenes/widgets/anim.Flight) from
where they were to where the move put them, each hidden at its landing place until it lands.
Bots wait while cards fly, a player cannot act meanwhile, and an undo or a new layout stops them
all (the table is laid out from the state at once). What glides in place (a line closing up, a
dial turning) is the game's own, beside its drawing."""

from __future__ import annotations

from scenes.widgets.anim import Flight


class Motion:
    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        """Something is still flying."""
        return bool(self.flights)

    def launch(self, flight: Flight) -> None:
        self.flights.append(flight)

    def update(self, dt: float) -> None:
        """The flights moved on by `dt`; those landed are gone."""
        for flight in self.flights:
            flight.update(dt)
        self.flights = [f for f in self.flights if not f.done]

    def landing(self) -> set:
        """What the flights stand for (their keys): not drawn in place until they land."""
        return {f.key for f in self.flights}

    def in_air(self) -> list[Flight]:
        """The flights under way (a delayed one has not left yet), to be drawn over the table."""
        return [f for f in self.flights if f.started]

    def stop(self) -> None:
        self.flights = []
