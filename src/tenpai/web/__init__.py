"""The web app (the optional ``web`` extra): the calculator, the drill and its progress, the
scoring card and the Hong Kong pages, the rules, and a JSON API, served by ``tenpai serve``.

Nothing in the core library imports this package; it imports the library.
"""

from .app import create_app

__all__ = ["create_app"]
