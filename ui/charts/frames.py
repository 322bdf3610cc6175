"""Each run's chart data as an Arrow table, made from numpy columns without pandas.

Streamlit sends a chart's data to the browser as Arrow. Given a pandas DataFrame it has
pyarrow convert it first (``Table.from_pandas``: about 0.7 ms a chart, more than making
the frame); given an Arrow table it only writes it out (0.03 ms). A table made here is the
one pyarrow makes of the DataFrame of the same columns, to the byte: the same types,
nulls where pandas has NaN, the same pandas metadata (the browser reads the row index
from it) and the same record batches (pandas keeps the text of concatenated parts in
chunks, and Arrow sends a record batch between chunk boundaries). The first table of each
kind (its columns' names and types, its parts' row counts, its label counts) is converted
from that DataFrame, once; its schema and chunks shape every later one.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa


@dataclass(frozen=True)
class Categories:
    """A column of labels as codes into a list of unique labels (a pandas Categorical): far
    cheaper to build and to send than a repeated string per row."""

    codes: np.ndarray
    labels: Sequence[str]


class Stacked(dict):
    """Columns of several parts one after the other, as pd.concat joins their frames; a
    column added afterwards spans all of them. Made by stack()."""

    def __init__(self, columns: dict, parts: list[dict]):
        super().__init__(columns)
        self.parts = parts  # each a dict of columns, or itself Stacked

    def structure(self) -> tuple:
        """How the parts nest, and which columns came afterwards: one part of a table's key."""
        added = tuple(name for name in self if name not in self.parts[0])
        return (tuple(_structure(part) for part in self.parts), added)


def _structure(columns: dict):
    if isinstance(columns, Stacked):
        return columns.structure()
    return _rows({k: _column(v) for k, v in columns.items()})


def stack(parts: list[dict]) -> Stacked:
    """The parts' columns (numpy arrays, or one value for all of a part's rows) one after the
    other: the columns of pd.concat([frame(part) …], ignore_index=True)."""
    rows = [_rows({k: _column(v) for k, v in part.items()}) for part in parts]
    columns = {
        name: np.concatenate(
            [
                np.full(n, v, dtype=object if isinstance(v, str) else None)
                if np.ndim(v) == 0
                else np.asarray(v)
                for v, n in zip((part[name] for part in parts), rows, strict=True)
            ]
        )
        for name in parts[0]
    }
    return Stacked(columns, parts)


def cells(r: int, c: int, rows, cols) -> dict:
    """The columns of every cell of an [r, c] matrix, row by row: its row and column labels
    (row, col; each list unique, as chart_labels makes it) and their positions (i, j)."""
    i, j = np.repeat(np.arange(r), c), np.tile(np.arange(c), r)
    return {"row": Categories(i, list(rows)), "col": Categories(j, list(cols)), "i": i, "j": j}


def _column(values):
    """A column as one of: Categories, a numpy array, or one value for every row."""
    if isinstance(values, Categories) or np.ndim(values) == 0:
        return values
    return np.asarray(values)


def _rows(columns: dict) -> int:
    for values in columns.values():
        if isinstance(values, Categories):
            return len(values.codes)
        if isinstance(values, np.ndarray):
            return len(values)
    return 1


def _pandas(values):
    if isinstance(values, Categories):
        return pd.Categorical.from_codes(values.codes, categories=list(values.labels))
    return values


def frame(columns: dict) -> pd.DataFrame:
    """The same columns as the pandas DataFrame Streamlit would convert (a Stacked one as
    pd.concat of its parts' frames, then the columns added afterwards)."""
    if isinstance(columns, Stacked):
        df = pd.concat([frame(part) for part in columns.parts], ignore_index=True)
        for name, values in columns.items():
            if name not in columns.parts[0]:
                df[name] = _pandas(_column(values))
        return df
    columns = {name: _column(values) for name, values in columns.items()}
    return pd.DataFrame(
        {name: _pandas(v) for name, v in columns.items()}, index=pd.RangeIndex(_rows(columns))
    )


@dataclass(frozen=True)
class Shape:
    """What pyarrow made of one kind of table: its schema, and how each column is chunked
    (Arrow writes a record batch between any two chunk boundaries)."""

    schema: pa.Schema
    chunks: tuple[tuple[int, ...], ...]  # per column, the rows of each chunk


class Shapes:
    """The Shape of each kind of table (bounded: kinds come and go with the students'
    sentences and model sizes)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.known: dict[tuple, Shape] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple, columns: dict) -> Shape:
        shape = self.known.get(key)
        if shape is None:
            made = pa.Table.from_pandas(frame(columns))
            chunks = tuple(tuple(len(c) for c in column.chunks) for column in made.columns)
            shape = Shape(made.schema, chunks)
            with self.lock:
                if len(self.known) >= self.size:
                    del self.known[next(iter(self.known))]
                self.known[key] = shape
        return shape

    def cache_clear(self) -> None:
        with self.lock:
            self.known.clear()


SHAPES = Shapes(256)


def _signature(name: str, values) -> tuple:
    if isinstance(values, Categories):
        return (name, "labels", len(values.labels))
    if isinstance(values, np.ndarray):
        return (name, "text" if values.dtype.kind in "UO" else values.dtype.str)
    return (name, "one", type(values).__name__)


def _array(values, field: pa.Field, start: int, stop: int) -> pa.Array:
    if isinstance(values, Categories):
        kind = field.type
        return pa.DictionaryArray.from_arrays(
            pa.array(values.codes[start:stop], type=kind.index_type),
            pa.array(list(values.labels), type=kind.value_type),
        )
    if isinstance(values, np.ndarray):  # NaN becomes null, as pandas' conversion has it
        return pa.array(values[start:stop], type=field.type, from_pandas=True)
    return pa.repeat(pa.scalar(values, type=field.type), stop - start)


def table(columns: dict) -> pa.Table:
    """Named columns (numpy arrays, lists, Categories, or one value for every row; or a
    Stacked) -> the Arrow table pyarrow makes of their DataFrame, without making it."""
    plain = {name: _column(values) for name, values in columns.items()}
    key = (_structure(columns), _rows(plain), *(_signature(n, v) for n, v in plain.items()))
    shape = SHAPES.get(key, columns)
    columns = plain
    arrays = [
        pa.chunked_array(
            [_array(columns[f.name], f, a, b) for a, b in itertools.pairwise(np.cumsum((0, *c)))],
            type=f.type,
        )
        for f, c in zip(shape.schema, shape.chunks, strict=True)
    ]
    return pa.Table.from_arrays(arrays, schema=shape.schema)
