"""Writers: the only code that puts generated files on disk, always atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text(path: Path, text: str) -> bool:
    """Write UTF-8 text atomically; return False (and leave the file alone) if it is unchanged."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def write_tree(root: Path, files: dict[str, str], *, prune: str | None = None) -> list[str]:
    """Write `files` (relative path -> text) under root; with `prune`, delete other *.md files
    below root/prune that are not in `files` (stale generated pages). Returns paths changed."""
    changed = [rel for rel, text in sorted(files.items()) if write_text(root / rel, text)]
    if prune is not None:
        keep = {(root / rel).resolve() for rel in files}
        for old in sorted((root / prune).rglob("*.md")):
            if old.resolve() not in keep:
                old.unlink()
                changed.append(str(old.relative_to(root)))
    return changed
