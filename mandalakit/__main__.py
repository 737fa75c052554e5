"""``python -m mandalakit`` runs the command line."""

import sys

from .console import command

sys.exit(command())
