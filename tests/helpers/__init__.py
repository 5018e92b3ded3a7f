"""Helpers the tests share (site builder, corpora, HTML links, checkout listing), imported as
`helpers.<module>`: pyproject.toml puts tests/ on pytest's path. Data stays in tests/data/."""
