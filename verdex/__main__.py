import sys

from verdex.cli import main

sys.exit(main())
