"""A module whose import never ends (tracer test-search must say it timed out)."""

import time

while True:
    time.sleep(1)


def alphabeta(state, depth, alpha, beta):
    return 0, None
