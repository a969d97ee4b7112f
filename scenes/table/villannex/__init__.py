"""The Villannex table: its layout (``table.py``), its card art (``cardart.py``) and its score sheet (``scores.py``).

Imported only when a Villannex game is played (``scenes.table.TABLES``)."""
