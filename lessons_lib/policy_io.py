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
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from os import PathLike
from pathlib import Path

import numpy as np

from lessons_lib.games.base import Game
from lessons_lib.policy import Policy, validate_policy
from lessons_lib.validation import as_probability_vector

#: The value of the ``"format"`` field of every policy file.
FORMAT = "lessons_lib.policy"

#: The version of the file layout this module writes and reads.
VERSION = 1

#: The fields of a policy file.
FIELDS = ("format", "version", "game", "metadata", "policy")


def policy_to_json(
    game: Game, policy: Mapping[str, np.ndarray], metadata: Mapping[str, object] | None = None
) -> str:
    """The JSON text of a complete ``policy`` of ``game``, with optional JSON-ready ``metadata``."""
    checked = validate_policy(game, policy)
    if metadata is not None and not isinstance(metadata, Mapping):
        raise ValueError(f"metadata must be a dict, got {metadata!r}")
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
    return _read(text, game)[0]


def metadata_from_json(text: str, game: Game) -> dict[str, object]:
    """The metadata stored with a policy of ``game`` in the JSON ``text`` (after every check)."""
    return _read(text, game)[1]


def save_policy(
    path: str | PathLike[str],
    game: Game,
    policy: Mapping[str, np.ndarray],
    metadata: Mapping[str, object] | None = None,
) -> None:
    """Write ``policy`` of ``game`` (and ``metadata``) to the file ``path`` as JSON."""
    Path(path).write_text(policy_to_json(game, policy, metadata), encoding="utf-8")


def load_policy(path: str | PathLike[str], game: Game) -> Policy:
    """The policy of ``game`` in the JSON file ``path``, exactly as it was saved."""
    return policy_from_json(Path(path).read_text(encoding="utf-8"), game)


def load_metadata(path: str | PathLike[str], game: Game) -> dict[str, object]:
    """The metadata saved with the policy of ``game`` in the JSON file ``path``."""
    return metadata_from_json(Path(path).read_text(encoding="utf-8"), game)


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
        raise ValueError(f"not a policy file: format {document['format']!r}, expected {FORMAT!r}")
    version = document["version"]
    if isinstance(version, bool) or version != VERSION:
        raise ValueError(f"policy file has version {version!r}; this library reads {VERSION!r}")
    if document["game"] != _game_identity(game):
        raise ValueError(
            f"policy file is for the game {document['game']!r}, not {_game_identity(game)!r}"
        )
    if not isinstance(document["metadata"], dict):
        raise ValueError(f"policy file's metadata must be an object, got {document['metadata']!r}")
    stored = document["policy"]
    if not isinstance(stored, dict):
        raise ValueError(f"policy file's policy must be an object, got {stored!r}")
    keys = game.info_sets()
    unknown_keys = [key for key in stored if key not in set(keys)]
    if unknown_keys:
        raise ValueError(f"policy file has unknown information sets {unknown_keys!r}")
    missing_keys = [key for key in keys if key not in stored]
    if missing_keys:
        raise ValueError(f"policy file misses information sets {missing_keys!r}")
    policy: Policy = {}
    for key in keys:
        probabilities = stored[key]
        if not isinstance(probabilities, list) or not all(
            isinstance(p, int | float) and not isinstance(p, bool) for p in probabilities
        ):
            raise ValueError(
                f"policy file's entry for {key!r} must be a list of numbers, got {probabilities!r}"
            )
        policy[key] = as_probability_vector(
            probabilities,
            name=f"policy file's entry for information set {key!r}",
            size=len(game.actions(key)),
        )
    return policy, document["metadata"]


def _parse(text: str) -> dict[str, object]:
    """The JSON object in ``text``; malformed JSON, repeated keys or NaN raise ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"a policy file's text must be a string, got {type(text).__name__}")
    try:
        document = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ValueError(f"policy file is not valid JSON: {error}") from None
    if not isinstance(document, dict):
        raise ValueError(f"a policy file holds a JSON object, got {type(document).__name__}")
    return document


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object as a dict, refusing a key that appears twice."""
    document: dict[str, object] = {}
    for key, value in pairs:
        if key in document:
            raise ValueError(f"policy file repeats the key {key!r}")
        document[key] = value
    return document


def _no_constant(name: str) -> float:
    """Refuse the non-standard JSON constants NaN, Infinity and -Infinity."""
    raise ValueError(f"policy file contains the non-finite number {name}")
