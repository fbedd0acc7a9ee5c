"""mrag: a knowledge base for a folder of notes in one SQLite file."""

__version__ = "0.1.0"
