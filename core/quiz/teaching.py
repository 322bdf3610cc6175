"""The teacher's side of a question: what each wrong answer most likely shows, and the time.

In Peer Instruction each wrong choice of a good concept question stands for a known
misreading (Crouch & Mazur 2001), and that is what a teacher needs in the minute after a
vote. Here a question's wrong answers are read off the Question itself, as core made it
for the page's settings: every wrong choice it offers, and for a number question the few
numbers a typical slip gives (√d_k for d_k, n for n², …), each from its values and answer.
Each wrong answer names one misreading (``kind``), whose words are the catalogue's
(ui/texts/notes*.py: "<question id>.wrong.<kind>").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from core.quiz.question import Question
from core.recommender import FILM_KEYS, FILMS, TAGS


@dataclass(frozen=True)
class Misreading:
    """A wrong answer and the misreading it most likely shows."""

    answer: str | float | None  # the wrong choice, a typical wrong number, or None: a kind of
    # answer rather than one number ("a small positive number")
    kind: str  # the misreading: its text is "<question id>.wrong.<kind>"
    values: dict = field(default_factory=dict)  # numbers its text names beyond the question's


# --- choice questions: every wrong choice, one misreading each ----------------------------


def _by_pair(table: dict[tuple[str, str], str]) -> Callable[[Question, str], str]:
    """A wrong choice's misreading from (the answer, the choice); "unusual" where the table has
    none (the settings made the usual answer wrong: the student reasoned from the usual)."""

    def kind(q: Question, choice: str) -> str:
        return table.get((str(q.answer), choice), "unusual")

    return kind


def _negative_kind(q: Question, choice: str) -> str:
    """No output below 0 chosen where one is (thinking of a probability); or one expected
    where there is none, with V's own negatives outweighed in every mix, or with none."""
    if q.answer == _choice_of("yes"):
        return "probability"
    return "outweighed" if q.reveal["lowest_value"] < 0 else "expects_negative"


def _choice_of(name: str) -> str:
    return f"quiz.choice.{name}"


def _pairs(**kinds: str) -> dict[tuple[str, str], str]:
    """{"up_down": "flat"} -> {("quiz.choice.up", "quiz.choice.down"): "flat"}."""
    out = {}
    for pair, kind in kinds.items():
        answer, choice = pair.split("__")
        out[_choice_of(answer), _choice_of(choice)] = kind
    return out


def _token_kind(q: Question, choice: str) -> str:
    """A key chosen for the followed token's query: itself; the key pointing most nearly the
    query's way (where the score is the dot product, which counts length too); a neighbour;
    or another, chosen by what the words mean where the vectors are random ("meaning"), by
    another reading of the sentence where they were made by hand to mean something."""
    tokens = list(q.choices)
    me, other = tokens.index(q.values["token"]), tokens.index(choice)
    if other == me:
        return "self"
    if choice == q.reveal.get("aligned"):
        return "aligned"
    if abs(other - me) == 1:
        return "neighbour"
    return "reading" if q.reveal.get("hand_made") else "meaning"


def _weight_kind(q: Question, choice: str) -> str:
    """As _token_kind, or a key the causal mask hides (it leaves a row its first n keys)."""
    return "masked" if q.choices.index(choice) >= q.reveal["n"] else _token_kind(q, choice)


def _film_kind(q: Question, choice: str) -> tuple[str, dict]:
    """A film with at least as much as the answer of the tag the query asks most for (matched
    on that tag alone: the answer wins on the others), or with less of it (not chosen by
    the key's numbers); with how much of that tag each of the two films has."""
    tag = TAGS.index(q.values["tag"].removeprefix("qkv.tag_"))
    film, best = (FILMS.index(c.removeprefix("qkv.item_")) for c in (choice, str(q.answer)))
    has = {"has": float(FILM_KEYS[film, tag]), "answer_has": float(FILM_KEYS[best, tag])}
    return ("tag_only" if has["has"] >= has["answer_has"] else "not_by_tag"), has


def _shape_kind(q: Question, choice: str) -> str:
    """A cross-attention shape: the two lengths swapped, one sentence's own, or both joined."""
    n_dec, n_enc = q.values["n_dec"], q.values["n_enc"]
    shapes = {
        f"{n_enc} × {n_dec}": "swapped",
        f"{n_dec} × {n_dec}": "decoder_self",
        f"{n_enc} × {n_enc}": "encoder_self",
    }
    return shapes.get(choice, "joined")


def _layer_kind(q: Question, choice: str) -> str:
    """The layer of the copying head: an earlier one than the answer's, or a later one."""
    return "one_head" if choice < str(q.answer) else "unusual"


def _band_kind(q: Question, choice: str) -> str:
    """A third of the real model's layers: early (meaning from the start), late, or between."""
    return {
        _choice_of("early"): "early_meaning",
        _choice_of("middle"): "midway",
        _choice_of("late"): "late_only",
    }[choice]


# A rule gives a wrong choice's misreading, or it and the numbers its text names.
CHOICE_RULES: dict[str, Callable[[Question, str], str | tuple[str, dict]]] = {
    "overview.top": _weight_kind,
    "similarity.top": _token_kind,
    "qkv.best": _film_kind,
    "softmax.sharp": _by_pair(_pairs(up__down="flat", up__same="order_only")),
    "weighted_sum.negative": _negative_kind,
    "real_model.layer": _band_kind,
    "train.gradient": _by_pair(
        _pairs(
            larger__smaller="saturated_first",
            larger__same="size_only",
            smaller__larger="factor_only",
            smaller__same="size_only",
        )
    ),
    "tiles.l": _by_pair(_pairs(either__up="only_adds", either__down="only_rescales")),
    "windows.reach": _by_pair(_pairs(yes__no="one_window", no__yes="sees_all")),
    "rope.shift": _by_pair(_pairs(no__yes="absolute")),
    "rope.shift_sinusoidal": _by_pair(_pairs(yes__no="relative_too")),
    "cross_attention.shape": _shape_kind,
    "copying.loss": _by_pair(_pairs(down__same="random_twice", down__up="confused")),
    "copying.layer": _layer_kind,
    "copying.knockout": _by_pair(
        _pairs(halved__less="partial", halved__about_same="untouched", halved__up="compensates")
    ),
}


# --- number questions: the numbers typical slips give ---------------------------------------


def _n(q: Question) -> int:
    return len(q.about)


def _tokens_swap(q: Question) -> list[Misreading]:
    n = q.values["n"]
    return [Misreading(0, "meaning_only"), Misreading(1, "one_moved"), Misreading(n, "all_change")]


def _similarity_count(q: Question) -> list[Misreading]:
    n = q.values["n"]
    return [
        Misreading(n, "one_row"),
        Misreading(2 * n, "per_token"),
        Misreading(n * (n - 1) // 2, "symmetric"),
        Misreading(n * (n + 1) // 2, "half"),
    ]


def _scaling_grow(q: Question) -> list[Misreading]:
    d_k = q.values["d_k"]
    return [
        Misreading(math.sqrt(d_k), "std"),
        Misreading(1, "no_growth"),
        Misreading(0, "cancel"),
        Misreading(d_k**2, "square"),
    ]


def _scaling_shrink(q: Question) -> list[Misreading]:
    d_k = q.values["d_k"]
    return [
        Misreading(math.sqrt(d_k), "divide_once"),
        Misreading(d_k, "unchanged"),
        Misreading(0, "removed"),
        Misreading(1 / d_k, "from_one"),
    ]


def _softmax_sum(q: Question) -> list[Misreading]:
    return [
        Misreading(q.reveal["n"], "one_each"),
        Misreading(0, "cancel"),
        Misreading(None, "depends"),
    ]


def _weighted_sum_cell(q: Question) -> list[Misreading]:
    """The sums of the column of V a student works out with a slip: its minus signs dropped,
    an even share each, no weights at all (core.quiz.lesson works them out)."""
    slips = ("unsigned", "even", "unweighted")  # each is the reveal's number of that name
    return [Misreading(q.reveal[kind], kind) for kind in slips if kind in q.reveal]


def _masking_zero(q: Question) -> list[Misreading]:
    n = _n(q)
    return [
        Misreading(None, "small"),
        Misreading(1 / n, "even", {"n": n}),
        Misreading(None, "negative"),
    ]


def _multihead_width(q: Question) -> list[Misreading]:
    h, d_k = q.values["h"], q.values["d_k"]
    return [
        Misreading(d_k, "average"),
        Misreading(h, "count_heads"),
        Misreading(_n(q) * h * d_k, "whole_sentence", {"n": _n(q)}),
    ]


def _generate_rows(q: Question) -> list[Misreading]:
    n = q.values["n"]
    return [
        Misreading(n, "cached"),
        Misreading(n * n, "all_each_step"),
        Misreading(n * (n - 1) // 2, "off_by_one"),
    ]


def _generate_group(q: Question) -> list[Misreading]:
    return [
        Misreading(1, "own"),
        Misreading(q.values["g"], "groups"),
        Misreading(q.values["h"], "all"),
    ]


def _cache_size(q: Question) -> list[Misreading]:
    size, r = float(q.answer), q.reveal
    found = [Misreading(size / 2, "k_only")]
    if r["L"] > 1:
        found.append(Misreading(size / r["L"], "one_layer"))
    if r["batch"] > 1:
        found.append(Misreading(size / r["batch"], "one_sequence"))
    if r["bytes_per_number"] > 1:
        found.append(Misreading(size / r["bytes_per_number"], "numbers_not_bytes"))
    return found


def _fewer_kv_heads(q: Question) -> list[Misreading]:
    """From g key/value heads to 1 (the answer: g)."""
    h, g = q.values["h"], q.values["g"]
    return [
        Misreading(1, "unchanged"),
        Misreading(h, "query_heads"),
        Misreading(h / g, "group"),
    ]


def _more_kv_heads(q: Question) -> list[Misreading]:
    """From one key/value head to one per query head, h (the answer)."""
    return [Misreading(1, "unchanged")]


def _tiles_kept(q: Question) -> list[Misreading]:
    d_v, r = q.values["d_v"], q.reveal
    return [
        Misreading(r["n"], "whole_row"),
        Misreading(d_v, "output_only"),
        Misreading(d_v + 1, "one_statistic"),
        Misreading(2, "statistics_only"),
        Misreading(r["held"], "with_tile"),
    ]


NUMBER_RULES: dict[str, Callable[[Question], list[Misreading]]] = {
    "tokens.swap": _tokens_swap,
    "similarity.count": _similarity_count,
    "scaling.grow": _scaling_grow,
    "scaling.shrink": _scaling_shrink,
    "softmax.sum": _softmax_sum,
    "weighted_sum.cell": _weighted_sum_cell,
    "masking.zero": _masking_zero,
    "multihead.width": _multihead_width,
    "multihead.width_one": _multihead_width,
    "generate.rows": _generate_rows,
    "generate.group": _generate_group,
    "generate.cache_size": _cache_size,
    "generate.fewer_kv_heads": _fewer_kv_heads,
    "generate.more_kv_heads": _more_kv_heads,
    "tiles.kept": _tiles_kept,
}


WRITTEN_PLACES = 2  # a wrong number as a student writes it, to the places the page prints


def _whole(value: float) -> float | int:
    """A typical wrong number as a student would write it: whole where it is whole, else to
    two places (and judged so: 0.0925 is written 0.09, which may count as right)."""
    value = round(float(value), WRITTEN_PLACES)
    return int(value) if value.is_integer() else value


def _choice_misreading(q: Question, choice: str) -> Misreading:
    found = CHOICE_RULES[q.id](q, choice)
    kind, values = (found, {}) if isinstance(found, str) else found
    return Misreading(choice, kind, values)


def misreadings(q: Question) -> tuple[Misreading, ...]:
    """What each wrong answer to ``q`` most likely shows: every wrong choice of a choice
    question, in the question's order; for a number question, the numbers typical slips
    give (none that would count as right) and kinds of answer beyond a number. Two slips
    may give one number (with 3 tokens, one row of S and each pair once are both 3): each
    is listed, and the notes say both."""
    if q.kind == "choice":
        return tuple(_choice_misreading(q, c) for c in q.choices if c != q.answer)
    found = []
    for m in NUMBER_RULES[q.id](q):
        if m.answer is None:
            found.append(m)
        elif not q.is_right(value := _whole(m.answer)):
            found.append(Misreading(value, m.kind, m.values))
    return tuple(found)


def ids() -> frozenset[str]:
    """Every question id the notes know."""
    return frozenset(CHOICE_RULES) | frozenset(NUMBER_RULES)


# --- the time a stop takes ----------------------------------------------------------------

# Minutes to show a page with the class: its introduction, then its figures once the
# questions are answered (an estimate for a class meeting the idea for the first time).
SHOW_MINUTES = {
    "overview": 3,
    "tokens": 3,
    "qkv": 4,
    "similarity": 3,
    "scaling": 3,
    "softmax": 3,
    "weighted_sum": 3,
    "masking": 2,
    "multihead": 4,
    "train": 4,
    "real_model": 4,
    "generate": 4,
    "tiles": 4,
    "windows": 3,
    "rope": 4,
    "cross_attention": 3,
    "copying": 4,
}
VOTE_MINUTES = 2  # a question: the vote, then the reveal and a short explanation
DISCUSS_MINUTES = 3  # … and, when the spread calls for it, a discussion and a second vote


def minutes(page: str | None, n_questions: int) -> tuple[int, int]:
    """The minutes a stop takes, showing the page and asking its questions (or, with no page,
    only asking them): (every question voted once, every one voted twice)."""
    show = SHOW_MINUTES[page] if page else 0
    return show + VOTE_MINUTES * n_questions, show + (VOTE_MINUTES + DISCUSS_MINUTES) * n_questions
