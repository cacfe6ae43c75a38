"""The PyTorch library above the engine: torch.nn, torch.optim, torch.utils.data and
torch.autograd.Function, written as ordinary Python classes over the engine's tensors.

A program's own classes subclass these (`class Net(nn.Module)`) and behave exactly as the
library's do: the interpreter makes a program's class a Python class too. What a program can
touch of them is decided by the attribute table (interpret/attributes.py), which opens
`LibraryClass` and every class under it: every attribute whose name does not start with a double
underscore is reachable. So nothing here may keep, in an attribute, a value that reaches past the language
(a module, a NumPy array, an engine internal other than tensors and graph nodes, a function's
globals). This package imports the engine and NumPy only, never the interpreter.
"""


def _not_an_array(self, dtype=None, copy=None):
    raise TypeError(f"'{type(self).__name__}' object is not an array")


# NumPy takes an object it does not know as an opaque Python object: it would put it in an array
# of objects and apply operators to it from its C code, handing the results around. With these,
# NumPy refuses instead (np.array([obj]) is a TypeError; array + obj is obj.__radd__(array)).
# The program's own classes get them too (interpret/classes.py).
OPAQUE_TO_NUMPY = {"__array_ufunc__": None, "__array__": _not_an_array}


class LibraryClass:
    """The root of the library's classes (nn.Module, Optimizer, Dataset, ...): open to programs."""

    __slots__ = ()
    __array_ufunc__ = None
    __array__ = _not_an_array


# The library's functions whose Python statements raise, about the program's values, the errors
# PyTorch's same Python code raises (`list(params)` of an int: "'int' object is not iterable").
# Elsewhere in the library only a raise statement is a deliberate error; anything else that fails
# is gradcli's bug (see interpret/blame.py).
PYTHONS_ERRORS: set = set()


def pythons_errors(function):
    """Mark `function` as one whose failing statements are PyTorch's (see PYTHONS_ERRORS)."""
    PYTHONS_ERRORS.add(function.__code__)
    return function
