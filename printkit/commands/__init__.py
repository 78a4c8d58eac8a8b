"""What the commands do beyond calling the pipeline: preview pictures, the live page of
`serve`, the analysis of `analyse`, a new game's copy, the list of games and the report of
a build on the terminal. The command line (printkit.cli) is the only module that imports
them."""
