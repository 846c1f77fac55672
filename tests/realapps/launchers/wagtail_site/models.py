from wagtail.fields import RichTextField
from wagtail.models import Page
from wagtail.admin.panels import FieldPanel


class BlogPage(Page):
    """A blog post: its title, its slug (Wagtail fills it from the title) and a rich-text body."""

    body = RichTextField(blank=True)

    content_panels = Page.content_panels + [FieldPanel("body")]
