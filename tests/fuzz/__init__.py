"""A grammar-aware fuzzer: random gradcli programs, valid and broken, must never end in a crash.

`python -m tests.fuzz --minutes N` runs it for as long as asked; tests/fuzz/test_fuzz.py runs a
fast share inside the test suite, and test_regressions.py keeps every failure it ever found.
"""
