"""Rules engines for Alice Assemble, Cementopia and Grayblock. Pure Python: no pygame here."""

__version__ = "0.1.0"
