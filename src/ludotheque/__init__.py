"""ludotheque: four tabletop games to play, study and train agents on."""

__version__ = "0.1.0"
