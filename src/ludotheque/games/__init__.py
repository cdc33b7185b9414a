"""Built-in games. Importing this package registers each of them."""

from ludotheque.games import decimoarr, diciassette, dtc, wazabi  # noqa: F401
