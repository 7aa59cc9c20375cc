"""The referee core: the game protocol, record files, replay, undo and secrets; generic over games."""
