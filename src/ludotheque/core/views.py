"""Views have a declared shape.

Each game declares what its view holds as `TypedDict` classes (`games/<game>/views.py`),
one docstring line per key, and names the top one in `Game.view_type`. Readers (bots,
renderers, encoders, the web pages) are typed against it; `check_shape` proves at run
time that a view holds exactly the declared keys with values of the declared types
(the conformance kit runs it on every view of its random games), so a key that leaks
something new cannot slip in unnoticed.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin


class ShapeError(AssertionError):
    """A value does not have its declared shape (a programming error, not bad input)."""


def check_shape(value: Any, shape: Any, path: str = "view") -> None:
    """Raise ShapeError naming the first place where `value` does not fit `shape`
    (a TypedDict, `list[X]`, `tuple[X, ...]`, `dict[K, V]`, `X | None`, `Literal[...]`,
    int, float, str, bool, None or Any)."""
    if shape is Any:
        return
    origin = get_origin(shape)
    if origin in (Required, NotRequired):
        check_shape(value, get_args(shape)[0], path)
        return
    if origin is Union or origin is types.UnionType:
        errors = []
        for option in get_args(shape):
            try:
                check_shape(value, option, path)
                return
            except ShapeError as error:
                errors.append(str(error))
        raise ShapeError(f"{path}: {value!r:.60} fits none of {shape}")
    if origin is Literal:
        args = get_args(shape)
        if value not in args or (isinstance(value, bool) and not any(a is value for a in args)):
            raise ShapeError(f"{path}: {value!r:.60} is not one of {get_args(shape)}")
        return
    if shape is None or shape is type(None):
        if value is not None:
            raise ShapeError(f"{path}: {value!r:.60} is not None")
        return
    if _is_typed_dict(shape):
        _check_typed_dict(value, shape, path)
        return
    if origin in (list, tuple, dict) or shape in (list, tuple, dict):
        _check_container(value, shape, origin or shape, path)
        return
    if shape is int:
        if type(value) is not int:
            raise ShapeError(f"{path}: {value!r:.60} is not an int")
        return
    if shape is float:
        if type(value) not in (int, float):
            raise ShapeError(f"{path}: {value!r:.60} is not a number")
        return
    if isinstance(shape, type):
        if not isinstance(value, shape) or (shape is not bool and isinstance(value, bool)):
            raise ShapeError(f"{path}: {value!r:.60} is not a {shape.__name__}")
        return
    raise TypeError(f"{path}: cannot check against {shape!r}")


def _check_container(value: Any, shape: Any, origin: type, path: str) -> None:
    args = get_args(shape)
    if origin is dict:
        if not isinstance(value, Mapping):
            raise ShapeError(f"{path}: {value!r:.60} is not an object")
        if args:
            for key, item in value.items():
                check_shape(key, args[0], f"{path} key")
                check_shape(item, args[1], f"{path}[{key!r}]")
        return
    if not isinstance(value, (list, tuple)):
        raise ShapeError(f"{path}: {value!r:.60} is not a list")
    if not args:
        return
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        if len(value) != len(args):
            raise ShapeError(f"{path}: {len(value)} items where {len(args)} are declared")
        for index, (item, item_shape) in enumerate(zip(value, args)):
            check_shape(item, item_shape, f"{path}[{index}]")
        return
    for index, item in enumerate(value):
        check_shape(item, args[0], f"{path}[{index}]")


def _is_typed_dict(shape: Any) -> bool:
    return (isinstance(shape, type) and issubclass(shape, dict)
            and hasattr(shape, "__required_keys__"))


@lru_cache(maxsize=None)
def _hints(shape: type) -> dict[str, Any]:
    return typing.get_type_hints(shape, include_extras=True)


def _check_typed_dict(value: Any, shape: type, path: str) -> None:
    if not isinstance(value, Mapping):
        raise ShapeError(f"{path}: {value!r:.60} is not an object ({shape.__name__})")
    required = shape.__required_keys__  # type: ignore[attr-defined]
    optional = shape.__optional_keys__  # type: ignore[attr-defined]
    missing = sorted(required - value.keys())
    if missing:
        raise ShapeError(f"{path}: {shape.__name__} lacks {', '.join(missing)}")
    extra = sorted(str(k) for k in value.keys() - required - optional)
    if extra:
        raise ShapeError(f"{path}: keys {', '.join(extra)} are not declared in {shape.__name__}")
    hints = _hints(shape)
    for key, item in value.items():
        check_shape(item, hints[key], f"{path}.{key}")


def describe_shape(shape: type) -> list[tuple[str, str, bool]]:
    """(key, type, always present) for each key of a TypedDict: for the docs."""
    hints = _hints(shape)
    required = shape.__required_keys__  # type: ignore[attr-defined]
    return [(key, _type_name(hints[key]), key in required) for key in hints]


def _type_name(shape: Any) -> str:
    if get_origin(shape) in (Required, NotRequired):
        shape = get_args(shape)[0]
    return shape.__name__ if isinstance(shape, type) else str(shape).replace("typing.", "")
