"""A class on the projector, on the app's side: ``session`` (whether this session teaches
or sits in a class, and every call to the store), ``panel`` (the teacher's panel, the
projector and the join link's first view), ``join`` (the join link, at an address phones
in the room can open), ``student`` (what a class looks like on a student's page) and
``ballot`` (a vote on the class's question, whose verdict waits for the reveal). The
store itself, without Streamlit, is the top-level ``classroom``."""
