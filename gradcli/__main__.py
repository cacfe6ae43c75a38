"""python -m gradcli"""
import sys

from .cli import main

sys.exit(main())
