"""Every visitor is the seeded editor: the corpus exercises Wagtail's editor, not its login form."""

from django.contrib.auth import get_user_model, login

EDITOR = "editor"


class SignedInAsEditor:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.user.is_authenticated:
            login(request, get_user_model().objects.get(username=EDITOR),
                  backend="django.contrib.auth.backends.ModelBackend")
        return self.get_response(request)
