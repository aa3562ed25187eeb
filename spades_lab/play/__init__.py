"""Playing many hands: seeded players that see only their seat's view (``players``), games
over processes or a Dask cluster (``sim``), numpy lockstep random hands (``batch``) and their
statistics and charts (``stats``).  Reads the rules core only."""
