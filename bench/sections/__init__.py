"""The benchmark's sections; each module's ``run(options)`` returns a ``Section``."""
