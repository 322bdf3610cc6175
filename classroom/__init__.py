"""The class on the projector: a class votes on the page's question, discusses, votes again.

Storage and rules only, no Streamlit: the layer above core, which it imports (the
questions, their parsing) and nothing else of the project.
"""
