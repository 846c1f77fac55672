"""Reading a file into text, with a clear reason when that cannot be done."""

import codecs
import errno
import io
import os
import tokenize


class SourceError(Exception):
    """The file cannot be linted; the message says why, for a person to read, and `line` / `col`
    (1-based) where, when the problem has a place in the file."""

    def __init__(self, message: str, line: int | None = None, col: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.col = col


def read_source(path: str, max_bytes: int) -> tuple[str, str]:
    """The text of `path` and the encoding it was decoded with."""
    try:
        size = os.stat(path).st_size
        if size > max_bytes:
            raise SourceError(
                f"file is {size // 1024} KB, larger than the {max_bytes // 1024} KB limit (max-file-kb); not linted"
            )
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise SourceError(describe_os_error(error)) from None
    return decode(data)


def decode(data: bytes) -> tuple[str, str]:
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data, "utf-8-sig"), "utf-8-sig"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as error:
        declared = _declared_encoding(data)
        if declared not in (None, "utf-8"):
            return _decode(data, declared), declared
        line = data.count(b"\n", 0, error.start) + 1
        raise SourceError(
            f"not valid UTF-8 (byte 0x{data[error.start]:02x} on line {line}); "
            "save the file as UTF-8 or declare its encoding (PEP 263)",
            line,
            1,
        ) from None


def _decode(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as error:
        raise SourceError(f"cannot decode as {encoding}: {error}") from None


def _declared_encoding(data: bytes) -> str | None:
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        return None
    return encoding


def describe_os_error(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "symbolic link loop (too many levels of symbolic links)"
    if error.errno == errno.EISDIR:
        return "is a directory"
    return error.strerror or str(error)
