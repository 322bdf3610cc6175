"""Page-specific chart builders: one module per page, one function per figure."""
