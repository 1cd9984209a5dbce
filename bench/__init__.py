"""Benchmarks, run as modules (``python -m bench.eval_bench``); not part of the tests."""
