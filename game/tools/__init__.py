"""Developers' tools: the benchmarks and the ladder. The top floor: anything below
may be imported, nothing imports these (docs/architecture.md)."""
