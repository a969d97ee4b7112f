"""Village Tabletop's pygame-ce front end. Depends on game/, never the reverse."""
