"""The host's side of the wire: the authoritative server (:mod:`.server`), its tables and what
keeps them (seats, turns, the door, the log, the store), and the process ``yule play`` runs it
in (:mod:`.playhost`).  Nothing here is imported by a client: what both sides share (the frames,
the wire, the refusals, names) lies one folder up, the client's own in :mod:`yule.netplay.client`."""
