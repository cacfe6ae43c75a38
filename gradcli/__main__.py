"""python -m gradcli"""
from .cli import entry

entry()
