"""Wagtail's admin over a small blog (wagtail_site/: one page type with a rich-text body). Its database
is migrated and seeded once into a template beside the apps' virtualenv (Wagtail's hundred migrations
take a minute and more on a busy machine; ./dev setup runs --prepare), and every start serves a fresh
copy of it from a temporary folder. Usage: python wagtail_blog.py PORT | python wagtail_blog.py --prepare"""

import hashlib
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

SITE = Path(__file__).resolve().parent / "wagtail_site"
sys.path.insert(0, str(SITE.parent))


def template() -> Path:
    """The seeded database for this version of the site (its sources hashed) and of Wagtail."""
    digest = hashlib.sha256()
    for source in sorted(SITE.rglob("*.py")) + sorted(SITE.rglob("*.html")):
        digest.update(source.read_bytes())
    from wagtail import __version__
    return Path(sys.prefix) / f"verdex-wagtail-{__version__}-{digest.hexdigest()[:12]}.sqlite3"


def setup_django(database: Path) -> None:
    os.environ["VERDEX_WAGTAIL_DB"] = str(database)
    os.environ["DJANGO_SETTINGS_MODULE"] = "wagtail_site.settings"
    import django
    django.setup()


def seed() -> None:
    from django.contrib.auth import get_user_model
    from wagtail.models import Page
    from wagtail_site.models import BlogPage
    from wagtail_site.signed_in import EDITOR

    get_user_model().objects.create_superuser(EDITOR, "editor@example.com", "local-only")
    home = Page.objects.get(depth=2)                    # the site's root page that Wagtail's migrations make
    home.title = "Field notes"
    home.save_revision().publish()
    for title, body in (("Spring walks", "<p>Three walks along the river, with a map of each.</p>"),
                        ("Winter recipes", "<p>Soups and stews for cold evenings.</p>")):
        page = home.add_child(instance=BlogPage(title=title, body=body))
        page.save_revision().publish()


def prepare() -> Path:
    """The template, migrated and seeded if it is not there yet (written under another name, then moved)."""
    target = template()
    if not target.exists():
        print(f"migrating and seeding Wagtail's database (once): {target}", file=sys.stderr)
        building = target.with_suffix(f".{os.getpid()}.building")
        setup_django(building)
        from django.core.management import call_command
        call_command("migrate", verbosity=0, interactive=False)
        seed()
        from django.db import connection
        connection.close()
        os.replace(building, target)
    return target


def serve(port: int) -> None:
    source = template()
    if not source.exists():
        sys.exit(f"no seeded Wagtail database at {source}: `./dev setup` makes it (python wagtail_blog.py --prepare)")
    with tempfile.TemporaryDirectory(prefix="verdex-wagtail-") as folder:
        database = Path(folder) / "db.sqlite3"
        shutil.copyfile(source, database)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # so the copy is removed
        setup_django(database)
        from django.core.management import call_command
        call_command("runserver", f"127.0.0.1:{port}", use_reloader=False, skip_checks=True)


if __name__ == "__main__":
    if sys.argv[1] == "--prepare":
        print(prepare())
    else:
        serve(int(sys.argv[1]))
