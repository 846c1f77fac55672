import sys

from verdex.lint.cli import main

sys.exit(main())
