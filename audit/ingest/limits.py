"""The default caps on what compressed inputs expand to, apart from ``audit.ingest.inputs``
so that the command line shows them without importing the readers."""

#: Default cap on what one compressed file or archive member expands to.
DEFAULT_MAX_EXPANDED = 4 << 30
#: Default cap on expanded bytes per compressed byte (text histories compress 5-20 times).
DEFAULT_MAX_RATIO = 100
