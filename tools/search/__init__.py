"""The pipeline's `index` stage (tools/pipeline.py), and the search engine: one analysis of queries
(folding, stop words, synonyms, citations), the Whoosh index built from the model, and the engine
that reads it.
"""
