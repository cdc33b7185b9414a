"""Cards held as counts per kind (cheap to copy and to compare) and their text codes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def counts_to_codes(counts: Sequence[int], codes: Sequence[str]) -> list[str]:
    """[0, 2, 1] with codes ("a", "b", "c") -> ["b", "b", "c"] (kind order)."""
    return [codes[kind] for kind, count in enumerate(counts) for _ in range(count)]


def codes_to_counts(items: Iterable[str], kind_of_code: Mapping[str, int], kinds: int) -> list[int]:
    """The inverse of counts_to_codes; KeyError names an unknown code."""
    counts = [0] * kinds
    for code in items:
        counts[kind_of_code[code]] += 1
    return counts
