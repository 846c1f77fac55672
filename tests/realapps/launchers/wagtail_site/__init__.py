"""A Wagtail site for the real-app corpus: one page type of ours with a rich-text body (models.py); the
admin, its page tree, its editor (Draftail) and its forms are Wagtail's. Started by ../wagtail_blog.py."""
