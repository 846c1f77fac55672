from django.contrib.staticfiles.urls import staticfiles_urlpatterns
from django.urls import include, path
from wagtail import urls as wagtail_urls
from wagtail.admin import urls as wagtailadmin_urls

urlpatterns = [path("admin/", include(wagtailadmin_urls)), *staticfiles_urlpatterns(),
               path("", include(wagtail_urls))]
