"""What the money games (classic, anti) share: money, stations, utilities, card actions,
mortgages, ledgers. The classic system is this package's game as it is; anti builds on it."""
