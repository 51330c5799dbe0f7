"""The examples in the engine's docstrings are run, so they stay true."""

import doctest

import pytest

from games.engine import cards, formats, kernel, notation


@pytest.mark.parametrize("module", [cards, formats, kernel, notation], ids=lambda module: module.__name__)
def test_docstring_examples_hold(module):
    failed, attempted = doctest.testmod(module)
    assert attempted > 0
    assert failed == 0
