"""The Villagers & Villains table: its layout and dice (``table.py``), card art (``cardart.py``), the final
scoring sheet (``scores.py``), the Cooperative best-score table (``records.py``) and the Theme Builder's saved
themes with their editor (``themes.py``, ``theme_editor.py``).

Imported only when a Villagers & Villains game is played or set up (``scenes.table.TABLES``)."""
