"""The ``hhaudit`` command line: a thin layer over the library functions."""
