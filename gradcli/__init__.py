"""gradcli: autograd you can talk to."""
__version__ = "0.1.0"
