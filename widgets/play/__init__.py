"""The play and replay views: a game at the table by clicks, typed moves and bots, and a record replayed."""
