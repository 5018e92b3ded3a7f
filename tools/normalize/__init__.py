"""Part of the pipeline's `scrape` stage (tools/pipeline.py), normalize: the official outline and
its citation ids, ids checked against it, citations found and resolved, the 1997/2017
concordance, the glossary, and the nothing-lost check.
"""
