"""NumPy's classes that module numpy offers a program, by name (a module of its own: the package
and functions.py both read it)."""

# NumPy's classes a program can reach in module numpy (isinstance and dtype= need the real ones;
# calling one goes through the caller's TYPE_CALLS, which admits its arguments)
TYPES = ("dtype", "ndarray", "float16", "float32", "float64", "int8", "int16", "int32", "int64",
         "uint8", "uint16", "uint32", "uint64", "bool_", "bool", "complex64", "complex128", "intc",
         "intp", "uint", "single", "double", "half", "longlong", "int_", "str_", "generic",
         "number", "integer", "signedinteger", "unsignedinteger", "floating", "complexfloating",
         "inexact")
