"""Nightfall rules engine: pure, synchronous, deterministic; no I/O beyond reading its card data."""
