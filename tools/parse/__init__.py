"""Part of the pipeline's `scrape` stage (tools/pipeline.py), parse: a source page (HTML or a text
capture) becomes Law trees.

Each adapter turns its input into Blocks (`blocks.py`): the page as a browser shows it, one
block per line or paragraph, with list depth and heading hints. One grammar per edition turns
blocks into a law tree (`grammar_2017.py`, with `headings_2017.py` and `numbering_2017.py`;
`grammar_1997.py`); navigation and link chrome is recognised in `nav.py`, removed and
recorded in Law.stripped.
"""
