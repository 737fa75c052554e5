"""Mandala (Lookout Games 2019), 2 players: rules M-1 to M-7 of mandala.md."""
