"""Flask-Admin's own CRUD views (list, filters, search, create, edit, delete) over a small book
catalogue in an in-memory SQLite database. Only the models and seed data are ours; every page is
Flask-Admin's. Usage: python flask_admin_books.py PORT"""

import sys

from flask import Flask
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase

class Base(DeclarativeBase):
    pass

app = Flask(__name__)
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
