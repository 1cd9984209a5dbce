"""Platform hand-history parsers: text in, typed hand records out.

Each platform module exposes one ``Parser`` instance named ``PARSER``; ``parsers.registry``
lists them in detection order. Parsers never touch Parquet: ``audit.lake`` does.
"""
