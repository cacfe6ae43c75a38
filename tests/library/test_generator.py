"""The library's generators: iterate once, print as Python's do, offer nothing else."""
from __future__ import annotations

import re

from gradcli.interpret import attributes
from gradcli.library.generator import LibraryGenerator


def test_iterates_and_prints_as_a_generator():
    gen = LibraryGenerator(iter([1, 2]), "Module.parameters")
    assert re.fullmatch(r"<generator object Module\.parameters at 0x[0-9a-f]+>", repr(gen))
    assert iter(gen) is gen and list(gen) == [1, 2] and list(gen) == []


def test_a_program_reaches_none_of_its_attributes():
    gen = LibraryGenerator(iter([]), "Module.parameters")
    assert attributes.attribute_names(gen) == []
    for name in ("_it", "gi_frame", "send", "__next__"):
        try:
            attributes.get_attribute(gen, name)
        except AttributeError as e:
            assert str(e) == f"'generator' object has no attribute '{name}'"
        else:
            raise AssertionError(name)
