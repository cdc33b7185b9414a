"""The kit for game authors: what a game's package may use besides the core.

* `narration`: sentences about seats as one reader reads them (the renderer's event lines);
* `features`: a flat vector of numbers built from a view (the game's encoder);
* `heuristic`: the shape of a heuristic bot that acts on the game's compact observation;
* `stats`: how a game declares and computes its statistics (the aggregation is in `sim`).

Games import the core, this kit, `i18n` and their own package: nothing above.
"""
