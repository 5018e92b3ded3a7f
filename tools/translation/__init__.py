"""The translator's check: where a unit's Polish and English texts disagree."""
