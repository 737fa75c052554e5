"""The analysis dashboard and the plotly chart widget it and the lessons draw with."""
