"""Wagtail's own apps and middleware as `wagtail start` writes them, a SQLite database at the path the
launcher gives (VERDEX_WAGTAIL_DB), no call to the internet (no update check)."""

import os

DEBUG = True                                  # runserver serves the admin's static files
SECRET_KEY = "local-only"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "wagtail_site", "wagtail.contrib.forms", "wagtail.contrib.redirects", "wagtail.embeds", "wagtail.sites",
    "wagtail.users", "wagtail.snippets", "wagtail.documents", "wagtail.images", "wagtail.search",
    "wagtail.admin", "wagtail", "modelcluster", "taggit", "django_filters", "django.contrib.auth",
    "django.contrib.contenttypes", "django.contrib.sessions", "django.contrib.messages",
    "django.contrib.staticfiles",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "wagtail_site.signed_in.SignedInAsEditor",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
]
ROOT_URLCONF = "wagtail_site.urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.debug", "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth", "django.contrib.messages.context_processors.messages"]},
}]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["VERDEX_WAGTAIL_DB"],
                         "OPTIONS": {"init_command": "PRAGMA synchronous=OFF"}}}   # a throwaway copy
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "/static/"
MEDIA_ROOT = os.path.join(os.path.dirname(os.environ["VERDEX_WAGTAIL_DB"]), "media")
MEDIA_URL = "/media/"
WAGTAIL_SITE_NAME = "Field notes"
WAGTAILADMIN_BASE_URL = "http://127.0.0.1"
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
WAGTAIL_ENABLE_UPDATE_CHECK = False
