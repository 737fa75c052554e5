"""The lessons' widgets: rule quotes, exercises, the maths track's activities and the pictures the lessons draw."""
