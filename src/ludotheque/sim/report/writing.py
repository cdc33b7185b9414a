"""Writing a report: one self-contained HTML page, or PNG files."""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from ludotheque.core.files import check_writable, writing
from ludotheque.i18n import t
from ludotheque.sim.report.layout import Report

# ----------------------------------------------------------------------- writing
# Nothing is wider than the window (a phone's included): a long file name breaks, a wide
# table scrolls inside its own box; a rate and its interval, in the cells after the first,
# stay on one line.
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222;
       line-height: 1.45; padding: 0 1em; overflow-wrap: anywhere; }
h1 { border-bottom: 2px solid #444; } h2 { margin-top: 2em; border-bottom: 1px solid #aaa; }
p.summary { margin: 0.8em 0 0.2em; } ul.summary { margin-top: 0; }
div.table { overflow-x: auto; margin: 0.5em 0 1em; }
table { border-collapse: collapse; font-size: 0.92em; overflow-wrap: normal; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
td + td { white-space: nowrap; }
th { background: #f0f0f0; } caption { caption-side: top; text-align: left; font-weight: bold;
                                          padding: 0.3em 0; }
figure { margin: 1em 0; overflow-x: auto; } figcaption { font-size: 0.9em; color: #555; }
img { max-width: 100%; height: auto; } p.note { font-size: 0.9em; color: #444; }
"""
# A plot is never shrunk below this share of its size (its text would be too small to
# read on a phone): a narrower window scrolls it sideways inside its own box.
SMALLEST_PLOT = 0.8


def html_page(report: Report) -> str:
    """A single self-contained page: tables by pandas, plots as embedded PNG."""
    lang = report.lang
    parts = [f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">',
             f"<title>{html.escape(report.title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>",
             f"<h1>{html.escape(report.title)}</h1>"]
    if report.sources:
        parts.append("<p>" + html.escape(t("report.sources", lang, files=", ".join(report.sources)))
                     + "</p>")
    parts.append("<h2>" + html.escape(t("report.section.summary", lang)) + "</h2>")
    parts.append(_summary_html(report.summary))
    for section in report.sections:
        parts.append(f"<h{section.level}>{html.escape(section.title)}</h{section.level}>")
        for block in section.blocks:
            if block.kind == "text":
                parts.append(f"<p>{html.escape(block.text)}</p>")
            elif block.kind == "table":
                table = block.table.to_html(index=False, escape=True, border=0, na_rep="–")
                caption = f"<caption>{html.escape(block.text)}</caption>"
                parts.append('<div class="table">' + table.replace(">", ">" + caption, 1)
                             + "</div>")
            else:
                png = block.png()
                width, height = _png_size(png)
                data = base64.b64encode(png).decode("ascii")
                parts.append(f'<figure><img alt="{html.escape(block.text)}" width="{width}" '
                             f'height="{height}" '
                             f'style="min-width: {round(SMALLEST_PLOT * width)}px" '
                             f'src="data:image/png;base64,{data}">'
                             f"<figcaption>{html.escape(block.text)}</figcaption></figure>")
    parts.append("</body>\n</html>\n")
    return "\n".join(parts)


def _png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels (its IHDR chunk, right after the signature)."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def _summary_html(lines: list[str]) -> str:
    """The summary's head lines as bold paragraphs, each followed by the list of its
    findings (the lines indented under it): readable at any width, unlike a <pre>."""
    parts: list[str] = []
    for line in lines:
        if line.startswith(" "):
            if not parts or not parts[-1].startswith("<ul"):
                parts.append('<ul class="summary">')
            parts[-1] += f"<li>{html.escape(line.strip())}</li>"
        else:
            if parts and parts[-1].startswith("<ul"):
                parts[-1] += "</ul>"
            parts.append(f'<p class="summary"><strong>{html.escape(line)}</strong></p>')
    if parts and parts[-1].startswith("<ul"):
        parts[-1] += "</ul>"
    return "\n".join(parts)


def write_html(report: Report, path: Any) -> Path:
    path = Path(path)
    page = html_page(report)
    with writing(path):
        path.write_text(page, encoding="utf-8")
    return path


def check_png_folder(folder: Any) -> Path:
    """Refuse, before any work, a PNG folder that could not be written (`check_writable`)."""
    return check_writable(folder, folder=True)


def write_pngs(report: Report, folder: Any) -> list[Path]:
    """Every plot as <folder>/<game>-<plot>.png (the folder is made if needed, not the
    folders above it: a mistyped path is said, not made)."""
    folder = check_png_folder(folder)
    with writing(folder):
        folder.mkdir(exist_ok=True)
    written = []
    for block in report.figures():
        path = folder / f"{_file_name(block.name)}.png"
        image = block.png()
        with writing(path):
            path.write_bytes(image)
        written.append(path)
    return written


def _file_name(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
