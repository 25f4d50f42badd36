"""Chapter 11's stored survey of subgame solving is what the library computes, and reads back."""

from __future__ import annotations

import json

import pytest

from lessons_lib import stored_runs
from lessons_lib.subgames import METHODS, SAFE_METHODS, blueprint_schedule
from lessons_lib.subgames.survey import HURT


@pytest.fixture(scope="module")
def stored():
    return stored_runs.stored_survey()


def test_the_stored_survey_starts_as_a_re_run(stored) -> None:
    assert [case.seed for case in stored] == list(range(stored_runs.SURVEY_BLUEPRINTS))
    schedule = blueprint_schedule(
        stored_runs.SURVEY_BLUEPRINTS, stored_runs.SURVEY_MAX_ITERATIONS, stored_runs.SURVEY_SEED
    )
    assert [case.iterations for case in stored] == schedule
    stored_runs.check_survey_prefix(stored, 2)


def test_the_stored_survey_is_consistent(stored) -> None:
    for case in stored:
        assert list(case.at_once) == list(case.alone) == list(METHODS)
        assert all(len(values) == 15 for values in case.alone.values())
        # Safe methods never raise the exploitability, at once or alone.
        for method in SAFE_METHODS:
            assert case.at_once[method] <= case.blueprint + HURT
            assert max(case.alone[method]) <= case.blueprint + HURT
    # The unsafe re-solve does, for some blueprints.
    assert any(case.at_once["unsafe"] > case.blueprint + HURT for case in stored)


def stored_document() -> dict:
    source = stored_runs.DATA / stored_runs.SURVEY
    return json.loads(source.read_text(encoding="utf-8"))


def test_a_changed_record_is_caught(tmp_path) -> None:
    document = stored_document()
    document["runs"]["seed0"]["alone"]["maxmargin"][3] += 1e-15
    (tmp_path / stored_runs.SURVEY).write_text(json.dumps(document), encoding="utf-8")
    stored = stored_runs.stored_survey(tmp_path)
    with pytest.raises(ValueError, match="seed 0 .*make it again"):
        stored_runs.check_survey_prefix(stored, 1)


@pytest.mark.parametrize(
    "damage",
    [
        lambda runs: runs["seed3"]["alone"]["unsafe"].pop(),
        lambda runs: runs["seed3"].pop("iterations"),
        lambda runs: runs["seed3"].update(seed=4),
        lambda runs: runs["seed3"].update(iterations=2.5),
        lambda runs: runs["seed3"]["at_once"].update(resolve="0.1"),
        lambda runs: runs["seed3"]["at_once"].pop("unsafe"),
        lambda runs: runs["seed3"].update(alone=[]),
    ],
)
def test_a_malformed_record_is_refused(tmp_path, damage) -> None:
    document = stored_document()
    damage(document["runs"])
    (tmp_path / stored_runs.SURVEY).write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ValueError, match="malformed case of seed 3.*make it again"):
        stored_runs.stored_survey(tmp_path)


def test_other_parameters_are_refused(tmp_path) -> None:
    document = stored_document()
    document["parameters"]["schedule"][0] = 10
    (tmp_path / stored_runs.SURVEY).write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ValueError, match="other parameters"):
        stored_runs.stored_survey(tmp_path)


def test_bad_prefix_checks_are_refused(stored) -> None:
    with pytest.raises(ValueError, match="count"):
        stored_runs.check_survey_prefix(stored, 21)
    with pytest.raises(ValueError, match="count"):
        stored_runs.check_survey_prefix(stored, 0)
    with pytest.raises(ValueError, match="stored must be a list"):
        stored_runs.check_survey_prefix("seed0", 1)
    with pytest.raises(ValueError, match="a case of stored must be a SurveyCase"):
        stored_runs.check_survey_prefix([{"seed": 0}], 1)


def test_a_missing_file_names_the_command(tmp_path) -> None:
    with pytest.raises(OSError, match="make caches"):
        stored_runs.stored_survey(tmp_path)
