"""The pipeline's `site` stage (tools/pipeline.py): MkDocs builds content/, Pagefind indexes it, the
offline pack is written; and the local server that serves the result.
"""
