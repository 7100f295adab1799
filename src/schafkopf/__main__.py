"""``python -m schafkopf``: the same as the ``schafkopf`` command."""

from schafkopf.cli import main

main()
