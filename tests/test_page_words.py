"""The page words every error code the server can send, in German and in English.

The codes are read from the server's source (each ``TableError("code", ...)`` and
``error_message("code", ...)``), the words from the page's table (web/src/i18n.ts).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def built_page() -> None:
    """The page built by Vite (``make web``), built here when a test runs without make."""
    if not (ROOT / "src/schafkopf/web/dist/index.html").is_file():
        subprocess.run(["make", "web"], cwd=ROOT, check=True)


def _server_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "src/schafkopf/server").glob("*.py"):
        text = path.read_text()
        codes |= set(re.findall(r'(?:TableError|error_message)\(\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'\d{3}: "([a-z_]+)"', text))  # HTTP statuses by code
    return codes


def page_words() -> dict[str, set[str]]:
    text = (ROOT / "web/src/i18n.ts").read_text()
    block = text[text.index("export const ERRORS") :]
    block = block[: block.index("\n};")]
    de = block[block.index("de: {") : block.index("en: {")]
    en = block[block.index("en: {") :]
    found = (("de", de), ("en", en))
    return {lang: set(re.findall(r"^\s+(\w+):", part, re.M)) for lang, part in found}


def test_every_server_error_code_has_words_in_both_languages() -> None:
    codes = _server_codes()
    assert {"table_full", "stale_version", "rate_limited", "not_found"} <= codes
    words = page_words()
    for lang in ("de", "en"):
        missing = codes - words[lang]
        assert not missing, f"the page has no {lang} words for {sorted(missing)}"
    assert words["de"] == words["en"]
