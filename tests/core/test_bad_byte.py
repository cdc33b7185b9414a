"""Where a file stops being UTF-8 is said as a position counted from 1, in the file: not
in the piece a decoder was reading (a text handle decodes 8 KB at a time, pandas its own
pieces), which put "position 1" in messages about bytes far into a file."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.files import bad_byte


def _first_bad(data: bytes) -> int | None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:  # the whole file at once: the position in it
        return exc.start + 1
    return None


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.binary(max_size=64), piece=st.integers(1, 7))
def test_bad_byte_is_the_first_byte_a_whole_decode_refuses(tmp_path_factory, data, piece):
    path = tmp_path_factory.mktemp("bytes") / "file"
    path.write_bytes(data)
    # tiny pieces: characters and bad bytes cut at every place
    assert bad_byte(path, piece_size=piece) == _first_bad(data)


def test_a_bad_byte_far_into_a_big_file_is_found_where_it_is(tmp_path):
    text = ("é" * 700_000).encode("utf-8")  # 1.4 MB: past a megabyte piece
    path = tmp_path / "big"
    path.write_bytes(text + b"\xff" + b"abc")
    assert bad_byte(path) == len(text) + 1
    path.write_bytes(text + "é".encode("utf-8")[:1])  # a character cut at the very end
    assert bad_byte(path) == len(text) + 1
    path.write_bytes(text)
    assert bad_byte(path) is None
