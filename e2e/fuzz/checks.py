"""Schemathesis checks of our own (loaded through SCHEMATHESIS_HOOKS by e2e/fuzz/fuzz.mjs).

No answer may leak internals: a Rust panic or backtrace, SQL text or a database
driver's message, or a file path of the machine.
"""
import re

import schemathesis

LEAKS = [
    ("a panic or backtrace", re.compile(r"panicked at|stack backtrace|RUST_BACKTRACE|\bsrc/[\w/]+\.rs\b")),
    ("SQL text", re.compile(r"\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM)\b", re.I | re.S)),
    ("a database error", re.compile(r"sqlx|sea[_-]orm|SQLITE_|database is locked|duplicate key|violates .* constraint|relation \".*\" does not exist", re.I)),
    ("a file path", re.compile(r"(/home/|/root/|/work/|/tmp/|/usr/|/var/|\.cargo/registry|[A-Z]:\\\\)")),
]


@schemathesis.check
def no_internals_in_body(ctx, response, case):
    """Bodies carry no stack trace, SQL text or file path."""
    text = response.text or ""
    for what, pattern in LEAKS:
        match = pattern.search(text)
        if match:
            raise AssertionError(f"The response body leaks {what}: {match.group(0)!r}")
