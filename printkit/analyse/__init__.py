"""`printkit analyse`: what a game's data says about how it plays, from the same files it
prints. A driver above the stages, as the pipeline is: it loads the game as `build` does,
asks the game's system for its analysis (the system's `analyse`: the board as a token sees
it, solved by `markov`, and its groups' balance by `balance`), and prints the figures
(`figures`) or writes the report through the stages (`report`)."""
