"""The web table (`ludotheque serve`): play online with friends and bots, in the browser.

Needs the `web` extra (fastapi, uvicorn, sqlalchemy). See docs/web/protocol.md.
"""
