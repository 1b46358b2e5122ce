"""What the operators read: the bot's metrics (``bot.ops.metrics``) and its HTTP endpoint (``bot.ops.http``:
``/healthz`` and ``/metrics`` on ``NIGHTFALL_HTTP_ADDR``)."""
