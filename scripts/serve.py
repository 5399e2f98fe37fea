#!/usr/bin/env python3
"""Serve a directory over HTTP with the MIME types a wasm site needs.

Usage: scripts/serve.py [DIRECTORY]   (default: the current directory)
Environment: PORT (default 8000); HOST (default: all interfaces, IPv4 and
IPv6, as `python3 -m http.server` does).

Python's mimetypes table depends on the machine (/etc/mime.types), so the
types that matter are set explicitly: .wasm must be application/wasm for
WebAssembly.instantiateStreaming, and .js/.mjs text/javascript for modules.
"""

import contextlib
import functools
import http.server
import os
import socket
import sys

EXTENSIONS = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTENSIONS}

    def end_headers(self):
        # A development server: always the freshly built files, each revalidated (Last-Modified,
        # 304 Not Modified) rather than sent again: the engine's helper threads each import the
        # threaded engine's glue, which then comes once.
        self.send_header("Cache-Control", "no-cache")
        # Cross-origin isolation, so the engine can search on several threads (shared memory);
        # every file of the site is of this origin, so require-corp blocks nothing. A static
        # host that sends no such headers gets them from the service worker (sw.js).
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


class DualStackServer(http.server.ThreadingHTTPServer):
    """Listens on IPv6 and IPv4 at once, so localhost works either way."""

    address_family = socket.AF_INET6
    daemon_threads = True

    def server_bind(self):
        with contextlib.suppress(Exception):
            self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        super().server_bind()


class IPv4Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def make_server(host, port, handler):
    if not host and socket.has_ipv6:
        try:
            return DualStackServer(("::", port), handler)
        except OSError:
            pass  # no IPv6 on this machine: fall back to IPv4 only
    return IPv4Server((host, port), handler)


def main() -> int:
    directory = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    if not os.path.isdir(directory):
        print(f"serve.py: no such directory: {directory}", file=sys.stderr)
        return 2
    port = int(os.environ.get("PORT", "8000"))
    host = os.environ.get("HOST", "")
    handler = functools.partial(Handler, directory=directory)
    with make_server(host, port, handler) as httpd:
        shown = host or "localhost"
        print(f"Serving {directory} on http://{shown}:{port}/ (Ctrl-C to stop)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
