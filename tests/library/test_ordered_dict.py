"""OrderedDict prints as Python 3.11 prints it, on any Python."""
from __future__ import annotations

import collections

import pytest

from gradcli.library.ordered_dict import OrderedDict


@pytest.mark.parametrize("pairs, text", [
    ([], "OrderedDict()"),
    ([("a", 1)], "OrderedDict([('a', 1)])"),
    ([("b", [1, 2]), ("a", None)], "OrderedDict([('b', [1, 2]), ('a', None)])"),
])
def test_repr_is_the_list_of_pairs(pairs, text):
    assert repr(OrderedDict(pairs)) == text == str(OrderedDict(pairs))


def test_a_dict_holding_itself_prints_an_ellipsis():
    d = OrderedDict()
    d["me"] = d
    assert repr(d) == "OrderedDict([('me', ...)])"


def test_it_is_collections_ordered_dict():
    d = OrderedDict(a=1)
    assert isinstance(d, collections.OrderedDict) and type(d).__module__ == "collections"
    assert type(d.copy()) is OrderedDict
