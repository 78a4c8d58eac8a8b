"""The printkit side of the deck benchmark: build only the chance deck of a game.

    python3 bench/deck.py DATA_FOLDER OUT_FOLDER
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.options import Request
from printkit.pipeline import build

if __name__ == "__main__":
    build(Request("spankopoly", ("nl",), data=Path(sys.argv[1]), only=("chance",)),
          Path(sys.argv[2]))
