"""The Villages table: colour-grouped village fans, the discard fan, the battle arena and the round-end table."""
