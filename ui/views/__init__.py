"""One module a page, named after it: the page's declaration (``PAGE``, a ui.page.Page) and
the parts of its view that its file in app_pages/ calls. A page too long for one module
adds others named after it (``generate_state``, ``train_jobs``)."""
