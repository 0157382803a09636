#!/usr/bin/env python3
"""A small HTTP file server for Vigil's download tests, on 127.0.0.1 only.

Serves the files of --root with Range support, and can misbehave on purpose: drop the connection
half-way (once per file, so a resume succeeds), stall, ignore Range, or send an endless body. Prints its port on the
first line of stdout, logs one line per request to --log, and stops by itself after --lifetime
seconds so a crashed test never leaves it behind.
"""

import argparse
import os
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", required=True)
    parser.add_argument("--log", default=os.devnull)
    parser.add_argument("--lifetime", type=float, default=300.0)
    parser.add_argument("--drop-after", type=int, default=-1,
                        help="first response per file: close the connection after this many body bytes")
    parser.add_argument("--stall-after", type=int, default=-1,
                        help="every response: stop sending after this many body bytes and hold the connection")
    parser.add_argument("--ignore-range", action="store_true")
    parser.add_argument("--endless", action="store_true",
                        help="every file: a body without Content-Length that never ends")
    return parser.parse_args()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    settings = None
    dropped = set()
    lock = threading.Lock()

    def log_message(self, format, *args):
        pass  # requests are logged to --log by do_GET

    def do_GET(self):
        settings = self.settings
        range_header = self.headers.get("Range", "-")
        with self.lock, open(settings.log, "a") as log:
            log.write(f"GET {self.path} {range_header}\n")
        if self.path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", "/" + self.path[len("/redirect/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        name = self.path.lstrip("/")
        path = os.path.join(settings.root, name)
        if "/" in name or name.startswith(".") or not os.path.isfile(path):
            self.send_error(404, "Not Found")
            return
        with open(path, "rb") as handle:
            body = handle.read()
        if settings.endless:
            self.send_endless(body)
            return
        start = 0
        match = re.fullmatch(r"bytes=(\d+)-", range_header)
        if match and not settings.ignore_range:
            start = int(match.group(1))
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body) - start))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self.send_body(name, body[start:])

    def send_endless(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Connection", "close")  # the body ends only when the connection does
        self.end_headers()
        self.close_connection = True
        try:
            while True:
                self.wfile.write(body)
        except OSError:
            pass  # the client hung up, as it should

    def send_body(self, name, body):
        settings = self.settings
        with self.lock:
            drop = settings.drop_after >= 0 and name not in self.dropped
            if drop:
                self.dropped.add(name)
        if drop:
            self.wfile.write(body[:settings.drop_after])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if settings.stall_after >= 0:
            self.wfile.write(body[:settings.stall_after])
            self.wfile.flush()
            time.sleep(settings.lifetime)
            return
        self.wfile.write(body)


def main():
    settings = parse_arguments()
    Handler.settings = settings
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Timer(settings.lifetime, server.shutdown).start()
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
