# Vigil without a display: vigil watch, vigil batch and every other command but gui, on Debian 12.
# Its steps are the project's own scripts (setup-debian.sh, build.sh, cmake --install), the ones
# ./scripts/run-tests.sh runs on a clean clone, so the tests cover what this image runs. One stage:
# the image keeps the build packages (setup-debian.sh installs them with the runtime libraries).
#
#   docker build -t vigil .
#   docker run --rm -v vigil-models:/var/lib/vigil vigil models fetch          # weights, once
#   docker run --rm -v vigil-models:/var/lib/vigil -v "$PWD/footage:/data" vigil \
#          batch /data -o /data/vigil-out --recursive --resume
#   docker run --rm -v vigil-models:/var/lib/vigil -v "$PWD/out:/data" vigil \
#          watch rtsp://user:pass@10.0.0.5/stream1 -o /data/cam1
#
# Weights live in /var/lib/vigil/models (VIGIL_MODELS_DIR), caches in /var/lib/vigil/cache: mount
# a volume on /var/lib/vigil to keep both. The user is vigil, uid and gid 999 (the Kubernetes
# examples in deploy/kubernetes/ run as it).
FROM debian:12

# First, while uid and gid 999 are free (the packages below add system users of their own).
RUN groupadd --system --gid 999 vigil \
 && useradd --system --uid 999 --gid 999 --home-dir /var/lib/vigil --create-home vigil
WORKDIR /src
COPY . .
RUN ./scripts/setup-debian.sh \
 && ./scripts/build.sh \
 && cmake --install build --prefix /usr/local \
 && cd / && rm -rf /src /var/lib/apt/lists/*

ENV VIGIL_MODELS_DIR=/var/lib/vigil/models \
    XDG_CACHE_HOME=/var/lib/vigil/cache
USER vigil
WORKDIR /var/lib/vigil
# Without arguments vigil opens the desktop app, which needs a display: show the help instead.
ENTRYPOINT ["vigil"]
CMD ["--help"]
