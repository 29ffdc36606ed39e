"""The games this app plays, by the name records and the CLI use. Listed explicitly (no scanning)."""

from .assemble import record as assemble_record

GAMES = {
    "assemble": assemble_record,
}
