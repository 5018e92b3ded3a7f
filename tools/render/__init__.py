"""Stage 4, render: the model into Markdown pages, one module per page kind."""
