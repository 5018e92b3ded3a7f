"""Errors that name the file or URL and what was wrong with it."""

from __future__ import annotations


class BridgelawError(Exception):
    """Base of every error the CLI reports as a clear message instead of a trace."""


class SourceError(BridgelawError):
    """A source page could not be fetched, decoded or parsed."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class BadInput(BridgelawError):
    """What the user typed cannot be used (empty, too long, out of range): exit status 2."""

    exit_status = 2
