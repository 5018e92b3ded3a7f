"""Part of the pipeline's `scrape` stage (tools/pipeline.py), sources: fetch the pages (the only
network code), decode them by their real charset, crawl the outline's pages, and guard what gets
published.
"""
