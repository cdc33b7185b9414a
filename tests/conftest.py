"""Test-wide settings: hypothesis is seeded (derandomised, no example database), so a
run fails or passes the same way on every machine and every time."""

from hypothesis import settings

settings.register_profile("seeded", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.load_profile("seeded")
