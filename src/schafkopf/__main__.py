"""``python -m schafkopf``: the same as the ``schafkopf`` command."""

from schafkopf.cli import main

if __name__ == "__main__":  # run, not merely imported
    main()
