"""ipywidgets board views of mandalakit games (installed as ``mandalakit.widgets``)."""
