"""The class view: pupils' names, their answers and games kept for the teacher, and the teacher's page."""
