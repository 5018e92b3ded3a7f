"""Writers: the only code that puts generated files on disk, always atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_bytes(path: Path, data: bytes) -> bool:
    """Write bytes atomically; return False (and leave the file alone) if it is unchanged."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        # mkstemp makes the file private; a built page or asset must be readable by whatever
        # serves the site
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def write_text(path: Path, text: str) -> bool:
    """Write UTF-8 text atomically; return False (and leave the file alone) if it is unchanged."""
    return write_bytes(path, text.encode("utf-8"))


def write_tree(
    root: Path, files: dict[str, str], *, prune: str | tuple[str, ...] = ()
) -> list[str]:
    """Write `files` (relative path -> text) under root; below each folder named in `prune`,
    delete the other *.md files (stale generated pages). Returns the paths changed."""
    changed = [rel for rel, text in sorted(files.items()) if write_text(root / rel, text)]
    keep = {(root / rel).resolve() for rel in files}
    for folder in (prune,) if isinstance(prune, str) else prune:
        for old in sorted((root / folder).rglob("*.md")):
            if old.resolve() not in keep:
                old.unlink()
                changed.append(str(old.relative_to(root)))
    return changed


def write_tree_bytes(root: Path, files: dict[str, bytes]) -> list[str]:
    """Write `files` (relative path -> bytes) under root; returns the paths changed."""
    resolved = root.resolve()
    changed = []
    for rel, data in sorted(files.items()):
        path = (root / rel).resolve()
        if resolved not in path.parents:
            raise ValueError(f"{rel}: outside {root}")
        if write_bytes(path, data):
            changed.append(rel)
    return changed
