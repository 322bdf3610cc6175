"""Passages of a text in which a name comes back (core.decoder.passages): cut between
sentences, short enough, and the name the longest stretch typed twice."""

import pytest

from core.decoder.passages import boundaries, passage

TEXT = (
    "Enter Hamlet.\n"
    "Ham. Where is Laertes? I would speak with Laertes now.\n"
    "Hor. He comes, my lord. Let be.\n"
    "Ham. Good night, sweet prince; good night, good night.\n"
)


def test_a_passage_starts_and_ends_between_sentences():
    assert boundaries("Ab. Cd!\nE") == [0, 3, 7, 8, 9]
    found = passage(TEXT, "Laertes", 60, min_chars=20)
    assert found == "Where is Laertes? I would speak with Laertes now."  # the shortest
    assert found.count("Laertes") == 2 and len(found) <= 60


def test_a_character_the_model_does_not_know_matches_nothing_in_a_passage():
    from core.decoder.vocab import build_vocabulary

    text = "Ab Laertes cd. Xy Laertes! Zz."
    vocab = build_vocabulary([text.replace("L", "")], min_cjk_count=1)  # no L: unknown
    assert passage(text, "Laertes", 40, 10) == "Ab Laertes cd. Xy Laertes!"
    assert passage(text, "Laertes", 40, 10, vocab) is None  # "aertes" is what comes twice


def test_a_name_that_is_not_the_longest_stretch_typed_twice_gives_no_passage():
    # "good night" comes three times and is longer than "Hamlet" or "night" alone
    assert passage(TEXT, "night", 80, min_chars=20) is None
    assert passage(TEXT, "Laertes", 20) is None  # no passage short enough holds it twice
    assert passage(TEXT, "Ophelia", 200) is None
    with pytest.raises(ValueError):
        passage(TEXT, "", 100)


def test_the_bundled_texts_have_the_page_s_passages():
    from core.decoder.data import held_out_split
    from realmodel.decoder_files import read_texts, read_vocabulary
    from realmodel.train_decoder import HELD_OUT
    from ui.views.copying_state import MAX_CHARS, PASSAGE_MIN, PASSAGES

    vocab = read_vocabulary()
    for lang, text in read_texts().items():
        held_out = held_out_split(text, HELD_OUT)[1]
        found = passage(held_out, PASSAGES[lang], MAX_CHARS, PASSAGE_MIN, vocab)
        assert found is not None and found.count(PASSAGES[lang]) >= 2
        assert PASSAGE_MIN <= len(found) <= MAX_CHARS
