"""Datasette, the data browser, over a fresh SQLite catalogue of books made for each start (in a temporary
folder): its table page with sortable column headers, each column's menu (sort, facet, hide), the
filter rows (column, operator, value) and facets are Datasette's. Usage: python datasette_books.py PORT"""

import signal
import sqlite3
import sys
import tempfile
from pathlib import Path

BOOKS = [
    ("Emma", "Jane Austen", "novel", 1815, 4.1), ("Persuasion", "Jane Austen", "novel", 1817, 4.2),
    ("Dune", "Frank Herbert", "science fiction", 1965, 4.3), ("Ulysses", "James Joyce", "novel", 1922, 3.8),
    ("Neuromancer", "William Gibson", "science fiction", 1984, 3.9),
    ("The Hobbit", "J. R. R. Tolkien", "fantasy", 1937, 4.3), ("Dubliners", "James Joyce", "short stories", 1914, 3.9),
    ("The Left Hand of Darkness", "Ursula K. Le Guin", "science fiction", 1969, 4.1),
    ("A Wizard of Earthsea", "Ursula K. Le Guin", "fantasy", 1968, 4.0), ("Middlemarch", "George Eliot", "novel", 1871, 4.0),
]


def seed(database: Path) -> None:
    with sqlite3.connect(database) as connection:
        connection.execute("create table books (id integer primary key, title text, author text, genre text, "
                           "year integer, rating real)")
        connection.executemany("insert into books (title, author, genre, year, rating) values (?, ?, ?, ?, ?)", BOOKS)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="verdex-datasette-") as folder:
        database = Path(folder) / "catalogue.db"
        seed(database)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # so the folder is removed
        from datasette.cli import cli
        cli(["serve", str(database), "--host", "127.0.0.1", "--port", sys.argv[1]])
