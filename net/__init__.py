"""Hunters over the network: the SSH server, table hosting, and the `hunters` command line."""
