"""``python -m mandalakit`` runs the command line."""

import sys

from .cli import command

sys.exit(command())
