#!/usr/bin/env python3
"""A local RTSP server for the vigil watch tests: serves a test pattern (MJPEG over RTP) at
rtsp://127.0.0.1:PORT/live, through Debian's GStreamer RTSP server (gir1.2-gst-rtsp-server-1.0),
for --seconds after the first client connects (so a client that is slow to start, on a busy
machine, still gets them all), then exits; it exits anyway --wait-limit seconds after it started.
Each client gets its own stream, starting at time 0."""
import argparse

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--wait-limit", type=float, default=120.0)
    args = parser.parse_args()
    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(args.port))
    factory = GstRtspServer.RTSPMediaFactory()
    factory.set_launch(
        "( videotestsrc is-live=true pattern=ball ! video/x-raw,format=I420,width=160,height=120,framerate=25/1"
        " ! jpegenc ! rtpjpegpay name=pay0 pt=26 )")
    server.get_mount_points().add_factory("/live", factory)
    server.attach(None)
    loop = GLib.MainLoop()
    started = []

    def on_client(*_):
        if not started:
            started.append(True)
            GLib.timeout_add(int(args.seconds * 1000), loop.quit)

    server.connect("client-connected", on_client)
    GLib.timeout_add(int(args.wait_limit * 1000), loop.quit)
    print("serving", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
