"""Work off the event loop: the worker processes, the images drawn in them, where AI seats think."""
