"""Village Tabletop's own sound effects (*.wav) as a package, so the files are found through
importlib.resources the same way from a source checkout, an installed wheel and a PyInstaller bundle."""
