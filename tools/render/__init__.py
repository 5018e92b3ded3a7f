"""The pipeline's `render` stage (tools/pipeline.py): the model into Markdown pages, one module per
page kind.
"""
