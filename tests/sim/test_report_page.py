"""The report's HTML page in a real browser (Debian's Chromium): at phone and desktop
widths, in both languages, nothing is wider than the window (the page never scrolls
sideways; a wide table or plot scrolls inside its own box), a number stays with its %
sign and a plot is never shrunk so much that its text cannot be read."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from chromium import DESKTOP, PHONE
from ludotheque.cli import app
from ludotheque.sim.report import build_report, load_results

RUNNER = CliRunner(env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Two DTC runs with two player counts and two bots (long summary lines, wide tables)."""
    folder = tmp_path_factory.mktemp("page")
    paths = []
    for players, bots in ((2, "medium,easy"), (5, "medium,easy,easy,easy,easy")):
        path = folder / f"dtc{players}.parquet"
        result = RUNNER.invoke(app, ["simulate", "dtc", "-p", str(players), "-n", "30", "-j", "1",
                                     "--bots", bots, "--out", str(path)])
        assert result.exit_code == 0, result.output
        paths.append(path)
    return paths


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_fits_the_window_at_phone_and_desktop_widths(browser, results, lang, tmp_path):
    page_path = tmp_path / "report.html"
    result = RUNNER.invoke(app, ["report", *map(str, results), "--html", str(page_path),
                                 "--lang", lang])
    assert result.exit_code == 0, result.output
    # the summary's lines as the report builds them, before the terminal wraps them at
    # its width (a console made in another test may have another width)
    summary = build_report(load_results(results), lang, [str(p) for p in results]).summary
    for viewport in (PHONE, DESKTOP):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            page.goto(page_path.as_uri())
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            # the summary's findings are listed under their configuration's head
            heads = page.locator("p.summary").all_inner_texts()
            findings = page.locator("ul.summary li").all_inner_texts()
            assert len(heads) == 2 and len(heads) + len(findings) == len(summary)
            wider = page.evaluate("""() => [...document.querySelectorAll('body > *')]
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
                .map(e => e.tagName)""")
            assert wider == [], wider
            # a rate with its interval is one line: never cut inside "49.7 % [44.0–55.3]"
            lines = page.evaluate("""() => [...document.querySelectorAll('td + td')]
                .filter(td => td.textContent.includes('%')).map(td => {
                    const range = document.createRange();
                    range.selectNodeContents(td);
                    const tops = [...range.getClientRects()].map(r => Math.round(r.top));
                    return [td.textContent, new Set(tops).size];
                })""")
            assert lines and [cell for cell in lines if cell[1] != 1] == []
            # a plot is shown at 80 % of its size or more (its text readable on a phone), a
            # narrower window scrolling it inside its own box
            scales = page.evaluate("""() => [...document.querySelectorAll('figure img')]
                .map(img => img.getBoundingClientRect().width / img.naturalWidth)""")
            assert scales and min(scales) >= 0.8 - 1e-3, scales
            if viewport == DESKTOP:
                assert scales == [1] * len(scales)
        finally:
            context.close()
