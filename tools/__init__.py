"""bridgelaw: the corpus pipeline (fetch, parse, normalize, render, index, build)."""
