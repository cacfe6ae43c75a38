"""Turning values, errors and warnings into text: PyTorch's plain text, or rich on a terminal."""
