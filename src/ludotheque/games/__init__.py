"""Built-in games. Importing this package registers each of them."""

from ludotheque.games import diciassette  # noqa: F401
