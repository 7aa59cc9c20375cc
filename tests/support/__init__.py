"""Helpers shared by the test modules: kits printed once per session, PDF read-back, servers on loopback."""
