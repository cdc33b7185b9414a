"""Solved tables of the `solver` bot (data: <game>.json, written by ludotheque.interop.solve)."""
