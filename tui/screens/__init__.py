"""The app's screens: launcher, table setup, game, hot-seat cover, rules help, results."""
