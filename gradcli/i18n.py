"""gradcli's own words in English and Chinese; PyTorch's messages are never translated.

Each feature registers its own messages next to its code: `register({"en": {...}, "zh": {...}})`;
`t(key, **fields)` looks a key up in the current language, falling back to English.
"""
from __future__ import annotations

LANGUAGES = ("en", "zh")
_catalogs: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
_current = ["en"]


def register(messages: dict[str, dict[str, str]]) -> None:
    for lang, table in messages.items():
        if lang not in _catalogs:
            raise ValueError(f"unknown language {lang!r}; gradcli speaks {', '.join(LANGUAGES)}")
        _catalogs[lang].update(table)


def set_language(lang: str) -> None:
    if lang not in _catalogs:
        raise ValueError(f"unknown language {lang!r}; gradcli speaks {', '.join(LANGUAGES)}")
    _current[0] = lang


def language() -> str:
    return _current[0]


def detect(environ: dict) -> str:
    """The language a locale asks for: zh for any zh_* locale, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def t(key: str, **fields) -> str:
    text = _catalogs[_current[0]].get(key)
    if text is None:
        text = _catalogs["en"][key]
    return text.format(**fields) if fields else text
