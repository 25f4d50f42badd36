"""Policies saved as readable JSON files, and read back exactly.

A policy file is one JSON object::

    {
      "format": "lessons_lib.policy",
      "version": 1,
      "game": {"name": "kuhn_poker", "parameters": {"n_cards": 3}},
      "metadata": {"algorithm": "cfr", "iterations": 1000},
      "policy": {
        "J:": [0.79, 0.21],
        ...
      }
    }

``policy`` has every information set of the game, in the order of ``game.info_sets()``, each with
its probabilities in the order of ``game.actions(key)``. Python writes a float as the shortest
decimal that reads back as the same double (``repr``), so a policy read back is bitwise equal to
the one saved. Reading is strict: a file of another game (name or parameters), another format
version, a missing, unknown or repeated key, a vector of the wrong length or one that is not a
probability vector raises ``ValueError`` naming the problem.

Files. :func:`load_policy` reads only a regular file of at most :data:`MAX_FILE_BYTES` (a FIFO or
a device is refused without waiting on it), as UTF-8; :func:`save_policy` writes only to a
regular file (or a new one). Every ``ValueError`` they raise starts with the file's path; a
missing file raises the standard ``FileNotFoundError``, which names it too. Numbers follow the
library's definition (:mod:`lessons_lib.validation`): a JSON number too large for a float, such
as ``1e400`` or a 400-digit integer, is refused, and so is nesting deeper than :data:`MAX_DEPTH`,
on reading and on writing.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Mapping
from os import PathLike
from pathlib import Path
from typing import TypeVar

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import (
    as_probability_vector,
    check_instance,
    describe,
    is_number,
    parse_json,
)

#: The value of the ``"format"`` field of every policy file.
FORMAT = "lessons_lib.policy"

#: The version of the file layout this module writes and reads.
VERSION = 1

_T = TypeVar("_T")

#: The fields of a policy file.
FIELDS = ("format", "version", "game", "metadata", "policy")

#: The largest policy file :func:`load_policy` reads, in bytes (1 GiB).
MAX_FILE_BYTES = 2**30

#: How deeply arrays and objects may nest in a policy file (the layout itself needs 3 levels).
MAX_DEPTH = 64


def policy_to_json(
    game: Game, policy: Mapping[str, np.ndarray], metadata: Mapping[str, object] | None = None
) -> str:
    """The JSON text of a complete ``policy`` of ``game``, with optional JSON-ready ``metadata``."""
    checked = validate_policy(game, policy)
    if metadata is not None and not isinstance(metadata, Mapping):
        raise ValueError(f"metadata must be a dict, got {describe(metadata)}")
    _check_json_value(metadata or {}, "metadata", 1)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "game": _game_identity(game),
        "metadata": dict(metadata or {}),
        "policy": {key: [float(p) for p in checked[key]] for key in game.info_sets()},
    }
    try:
        return json.dumps(document, indent=2, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        raise ValueError(f"metadata cannot be written as JSON: {error}") from None


def policy_from_json(text: str, game: Game) -> Policy:
    """The policy of ``game`` stored in the JSON ``text`` (see the module for the checks)."""
    check_instance(game, Game, "game", "a Game")
    return _read(text, game)[0]


def metadata_from_json(text: str, game: Game) -> dict[str, object]:
    """The metadata stored with a policy of ``game`` in the JSON ``text`` (after every check)."""
    check_instance(game, Game, "game", "a Game")
    return _read(text, game)[1]


def save_policy(
    path: str | PathLike[str],
    game: Game,
    policy: Mapping[str, np.ndarray],
    metadata: Mapping[str, object] | None = None,
) -> None:
    """Write ``policy`` of ``game`` (and ``metadata``) to the file ``path`` as JSON."""
    target = _checked_path(path)
    if target.exists() and not target.is_file():  # a directory or a FIFO: never block on one
        raise ValueError(f"{target}: not a regular file, so no policy is written there")
    text = _naming(target, policy_to_json, game, policy, metadata)
    target.write_text(text, encoding="utf-8")


def load_policy(path: str | PathLike[str], game: Game) -> Policy:
    """The policy of ``game`` in the JSON file ``path``, exactly as it was saved."""
    target = _checked_path(path)
    return _naming(target, policy_from_json, _read_file(target), game)


def load_metadata(path: str | PathLike[str], game: Game) -> dict[str, object]:
    """The metadata saved with the policy of ``game`` in the JSON file ``path``."""
    target = _checked_path(path)
    return _naming(target, metadata_from_json, _read_file(target), game)


def _checked_path(path: object) -> Path:
    """``path`` as a Path, after checking it is a string or a path-like object."""
    if not isinstance(path, str | PathLike) or "\0" in str(path):
        raise ValueError(f"path must be a file name (a string or a Path), got {describe(path)}")
    return Path(path)


def _naming(path: Path, function: Callable[..., _T], *arguments: object) -> _T:
    """``function(*arguments)``, with the file's path at the start of any ValueError."""
    try:
        return function(*arguments)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def _read_file(path: Path) -> str:
    """The UTF-8 text of the regular file ``path`` (no FIFO, device or directory; size limited).

    The file is opened without blocking and checked with ``fstat`` before anything is read, so a
    FIFO without a writer is refused at once instead of hanging.
    """
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise ValueError(f"{path}: not a regular file, so it is not read as a policy file")
        if status.st_size > MAX_FILE_BYTES:
            raise ValueError(
                f"{path}: {status.st_size:,} bytes, larger than the {MAX_FILE_BYTES:,} bytes a "
                f"policy file may have"
            )
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read()
    finally:
        os.close(descriptor)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: a policy file is UTF-8 text, but {error}") from None


def _game_identity(game: Game) -> dict[str, object]:
    """The game's name and parameters as JSON values (tuples become lists)."""
    return {"name": game.name, "parameters": json.loads(json.dumps(game.parameters))}


def _read(text: str, game: Game) -> tuple[Policy, dict[str, object]]:
    """Parse and check a policy file's text: (the policy, the metadata)."""
    document = _parse(text)
    unknown = [field for field in document if field not in FIELDS]
    missing = [field for field in FIELDS if field not in document]
    if unknown or missing:
        raise ValueError(f"policy file has unknown fields {unknown!r} and misses {missing!r}")
    if document["format"] != FORMAT:
        raise ValueError(
            f"not a policy file: format {describe(document['format'])}, expected {FORMAT!r}"
        )
    version = document["version"]
    if isinstance(version, bool) or version != VERSION:
        raise ValueError(
            f"policy file has version {describe(version)}; this library reads {VERSION!r}"
        )
    if document["game"] != _game_identity(game):
        raise ValueError(
            f"policy file is for the game {describe(document['game'])}, "
            f"not {_game_identity(game)!r}"
        )
    if not isinstance(document["metadata"], dict):
        raise ValueError(
            f"policy file's metadata must be an object, got {describe(document['metadata'])}"
        )
    stored = document["policy"]
    if not isinstance(stored, dict):
        raise ValueError(f"policy file's policy must be an object, got {describe(stored)}")
    keys = game.info_sets()
    known = set(keys)
    unknown_keys = [key for key in stored if key not in known]
    if unknown_keys:
        raise ValueError(f"policy file has unknown information sets {describe(unknown_keys)}")
    missing_keys = [key for key in keys if key not in stored]
    if missing_keys:
        raise ValueError(f"policy file misses information sets {describe(missing_keys)}")
    policy: Policy = {}
    for key in keys:
        probabilities = stored[key]
        if not isinstance(probabilities, list) or not all(
            isinstance(p, int | float) and not isinstance(p, bool) for p in probabilities
        ):
            raise ValueError(
                f"policy file's entry for {key!r} must be a list of numbers, "
                f"got {describe(probabilities)}"
            )
        policy[key] = as_probability_vector(
            probabilities,
            name=f"policy file's entry for information set {key!r}",
            size=len(game.actions(key)),
        )
    return policy, document["metadata"]


def _parse(text: str) -> dict[str, object]:
    """The JSON object in ``text``; malformed JSON, repeated keys or NaN raise ValueError."""
    document = parse_json(text, "policy file")
    if not isinstance(document, dict):
        raise ValueError(f"a policy file holds a JSON object, got {type(document).__name__}")
    _check_json_value(document, "policy file", 1)
    return document


def _check_json_value(value: object, name: str, depth: int) -> None:
    """Check that ``value`` reads back from JSON as it is: objects with string keys, arrays,
    strings, booleans, None and numbers (finite, fitting a float), nested at most
    :data:`MAX_DEPTH` deep."""
    if depth > MAX_DEPTH:
        raise ValueError(f"{name} nests arrays or objects more than {MAX_DEPTH} deep")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{name} has a key that is not a string: {describe(key)}")
            _check_json_value(item, name, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_json_value(item, name, depth + 1)
    elif not (value is None or isinstance(value, str | bool) or is_number(value)):
        raise ValueError(f"{name} holds a value JSON cannot store exactly: {describe(value)}")
