"""The Kubtafl board scene: board view, dice art, input, preview and animation."""
