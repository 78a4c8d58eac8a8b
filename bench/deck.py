"""The printkit side of the deck benchmark: build only the chance deck of a game.

    python3 bench/deck.py DATA_FOLDER OUT_FOLDER
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.pipeline import Options, build

if __name__ == "__main__":
    build("spankopoly", ["nl"], Path(sys.argv[1]), Path(sys.argv[2]), Options(),
          only=("chance",))
