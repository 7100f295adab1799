"""``python -m schafkopf``: the same as the ``schafkopf`` command."""

from schafkopf.cli import main

if __name__ == "__main__":  # not when a worker process (spawn) imports the main module
    main()
