"""Playing a model's puzzle: `excover play MODEL` (the terminal app, with Textual, an extra:
``pip install 'excover[play]'``), refereed by the model itself (excover.play._game, plain
Python)."""

from __future__ import annotations

from excover.play._game import Cells, Game, Hint, Move, Pieces, Question, Verdict, read_saved

__all__ = ["Cells", "Game", "Hint", "Move", "Pieces", "Question", "Verdict", "read_saved"]
