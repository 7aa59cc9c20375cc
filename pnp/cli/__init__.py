"""The command line: thin wrappers over the library, with one place that turns errors into messages."""
