"""Flask-Admin's own CRUD views (list, filters, search, create, edit, delete) over a small book
catalogue in an in-memory SQLite database. Only the models and seed data are ours; every page is
Flask-Admin's. Usage: python flask_admin_books.py PORT [--renamed-delete]

--renamed-delete: the app relabelled, as a new release would: each row's delete button is titled
"Remove book" instead of "Delete Record" (Flask-Admin's own row template with that one title changed),
to break a test and heal it (tests/test_realapps.py)."""

import sys
import tempfile
from pathlib import Path

import flask_admin
from flask import Flask
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase

class Base(DeclarativeBase):
    pass

def relabelled_templates() -> str:
    """A template folder whose row actions are Flask-Admin's own with the delete button's title changed;
    the app's templates come before Flask-Admin's, so its list pages use it."""
    row_actions = "admin/model/row_actions.html"
    original = (Path(flask_admin.__file__).parent / "templates" / "bootstrap4" / row_actions).read_text()
    assert "_gettext('Delete Record')" in original
    folder = Path(tempfile.mkdtemp(prefix="flask-admin-relabelled-"))
    (folder / row_actions).parent.mkdir(parents=True)
    (folder / row_actions).write_text(original.replace("_gettext('Delete Record')", "'Remove book'"))
    return str(folder)


app = Flask(__name__, template_folder=relabelled_templates() if "--renamed-delete" in sys.argv else "templates")
app.config.update(SECRET_KEY="local-only", SQLALCHEMY_DATABASE_URI="sqlite://")
db = SQLAlchemy(app, model_class=Base)

class Author(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(80), nullable=False)
    def __str__(self): return self.name

class Book(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    title = db.Column(db.String(120), nullable=False)
    price = db.Column(db.Numeric(6, 2))
    author_id = db.Column(db.Integer, db.ForeignKey(Author.id))
    author = db.relationship(Author)

class BookView(ModelView):
    column_searchable_list = ["title"]
    column_filters = ["price"]
    can_view_details = True

admin = Admin(app, name="Bookshop")
admin.add_view(ModelView(Author, db.session))
admin.add_view(BookView(Book, db.session))

with app.app_context():
    db.create_all()
    austen = Author(name="Jane Austen"); herbert = Author(name="Frank Herbert"); joyce = Author(name="James Joyce")
    db.session.add_all([austen, herbert, joyce,
        Book(title="Emma", price=4.5, author=austen), Book(title="Dune", price=9.99, author=herbert),
        Book(title="Ulysses", price=12, author=joyce), Book(title="Persuasion", price=6.25, author=austen)])
    db.session.commit()

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]))
