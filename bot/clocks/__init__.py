"""Time: decision deadlines as typed, each person's waking time, and the workers that act when a row falls due
(the deadline worker, the daily digest) through one claim loop."""
