"""A list that only grows, whose copies share their items (issue 40).

A Grayblock state keeps every hand of its match (deals, results): copying them on every clone
made a replay cost the number of moves times the number of hands. An `AppendOnly` copy is O(1):
copies share one backing list and each knows its own length. Appending to the copy that is as
long as the backing list appends in place; appending to one that is shorter (an older position
that goes another way: an undo, then a different move) first copies its items to a list of its
own, once. Items are never changed or removed, so every copy keeps seeing exactly what it held.
"""

from __future__ import annotations

from itertools import islice
from typing import Generic, Iterable, Iterator, TypeVar, overload

T = TypeVar("T")


class AppendOnly(Generic[T]):
    __slots__ = ("_items", "_len")

    def __init__(self, items: Iterable[T] = ()):
        self._items: list[T] = list(items)
        self._len = len(self._items)

    def copy(self) -> "AppendOnly[T]":
        """The same items, in O(1): appending to either later does not show in the other."""
        other: AppendOnly[T] = AppendOnly.__new__(AppendOnly)
        other._items, other._len = self._items, self._len
        return other

    def append(self, item: T) -> None:
        if self._len != len(self._items):  # another copy went on from here: a list of our own
            self._items = self._items[:self._len]
        self._items.append(item)
        self._len += 1

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):  # a list of its own, as a list's slice is
            start, stop, step = index.indices(self._len)
            if step == 1:
                return self._items[start:stop]
            return [self._items[i] for i in range(start, stop, step)]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("AppendOnly index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._len)  # not what a longer copy appends meanwhile

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        return (items[i] for i in range(self._len - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendOnly):
            if other._items is self._items:
                return other._len == self._len
            return self._len == other._len and list(self) == list(other)
        if isinstance(other, (list, tuple)):
            return len(other) == self._len and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it grows: not a key

    def __reduce__(self) -> tuple[type[AppendOnly[T]], tuple[list[T]]]:
        return AppendOnly, (list(self),)  # its own items only (pickle, copy.deepcopy)

    def __repr__(self) -> str:
        return f"AppendOnly({list(self)!r})"
