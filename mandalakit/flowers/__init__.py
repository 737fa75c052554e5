"""Flowers: A Mandala Game (Lookout Games 2024), 2-4 players: rules F-1 to F-5 of flowers.md."""
