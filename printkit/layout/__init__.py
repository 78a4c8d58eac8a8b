"""Stage 4, layout: every component drawn in its own coordinates (`Face`), text fitted."""
