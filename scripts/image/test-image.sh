#!/usr/bin/env bash
# `npm run test:image`: builds deploy/Dockerfile on this machine and proves the image works — the
# migrate role, then every service role, against the local PostgreSQL and RabbitMQ and an s3rver,
# and one reading completed through the containerised gateway (scripts/image/image-smoke.ts).
# Needs root the first time (it installs docker.io and debootstrap, and starts dockerd when none
# runs). Docker Hub is not reachable here, so the base image is made from Debian's packages: a
# debootstrap minbase bookworm root with the host's node and npm, `docker import`ed. Every build
# and container uses the host network; no Docker network is ever created.
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly IMAGE="${PALM_IMAGE:-palm-reading:test}"
readonly DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
readonly BASE_CACHE="${PALM_BASE_CACHE:-/var/tmp/palm-image-base}"
readonly CA_BUNDLE="${NPM_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"
readonly SYSTEM_PACKAGES=(docker.io debootstrap)
# The Debian client: it builds with the daemon's own BuildKit (build secrets) without a buildx plugin.
readonly DOCKER="${DOCKER:-/usr/bin/docker}"

log() { printf '\n==> %s\n' "$*"; }
fail() { printf '\ntest:image FAILED: %s\n' "$*" >&2; exit 1; }

install_system_packages() {
  local missing=() package
  for package in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return
  ((EUID == 0)) || fail "missing Debian packages (${missing[*]}) and not root to install them"
  log "Installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" ||
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"; }
}

start_docker() {
  if "$DOCKER" info >/dev/null 2>&1; then
    log 'Docker daemon is running'
    return
  fi
  ((EUID == 0)) || fail 'no Docker daemon runs and not root to start one'
  log 'Starting dockerd (no bridge network, no iptables): log in /var/log/palm-dockerd.log'
  nohup dockerd --bridge=none --iptables=false >/var/log/palm-dockerd.log 2>&1 &
  local deadline=$((SECONDS + 60))
  until "$DOCKER" info >/dev/null 2>&1; do
    ((SECONDS < deadline)) || fail 'dockerd did not answer within 60 s (see /var/log/palm-dockerd.log)'
    sleep 1
  done
}

# palm-node-base:<node version>: Debian bookworm minbase, the host's node and npm, a user 1000.
make_base_image() {
  local node_version base npm_dir rootfs
  node_version="$(node -p 'process.versions.node')"
  base="palm-node-base:bookworm-node${node_version}"
  BASE_IMAGE="$base"
  if "$DOCKER" image inspect "$base" >/dev/null 2>&1; then
    log "Base image $base exists"
    return
  fi
  rootfs="$BASE_CACHE/rootfs"
  if [[ ! -f "$BASE_CACHE/.debootstrap-done" ]]; then
    log "debootstrap --variant=minbase bookworm into $rootfs"
    rm -rf "$rootfs" && mkdir -p "$rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$BASE_CACHE/debootstrap.log" 2>&1 ||
      fail "debootstrap failed (see $BASE_CACHE/debootstrap.log)"
    touch "$BASE_CACHE/.debootstrap-done"
  fi
  log "Adding the host's node $node_version and npm, and the node user"
  npm_dir="$(npm root -g)/npm"
  install -D -m 0755 "$(command -v node)" "$rootfs/usr/local/bin/node"
  rm -rf "$rootfs/usr/local/lib/node_modules/npm"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" sh -c 'getent passwd 1000 >/dev/null || useradd --uid 1000 --user-group --create-home --shell /bin/sh node'
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  log "docker import → $base"
  tar -C "$rootfs" -c . | "$DOCKER" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$base" >/dev/null
}

build_image() {
  log "docker build -f deploy/Dockerfile --build-arg NODE_IMAGE=$BASE_IMAGE -t $IMAGE (host network)"
  local started=$SECONDS
  DOCKER_BUILDKIT=1 "$DOCKER" build --network host --progress plain \
    --build-arg "NODE_IMAGE=$BASE_IMAGE" \
    --secret "id=npm-ca,src=$CA_BUNDLE" \
    -f "$REPO_ROOT/deploy/Dockerfile" -t "$IMAGE" "$REPO_ROOT" >"$BUILD_LOG" 2>&1 ||
    { tail -40 "$BUILD_LOG" >&2; fail "docker build failed (full log: $BUILD_LOG)"; }
  log "Built $IMAGE in $((SECONDS - started)) s; $("$DOCKER" image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1e6}')"
  # The CA bundle was a build secret: no layer may hold it. And the runtime runs JavaScript only.
  "$DOCKER" run --rm --network host --user 0 --entrypoint sh "$IMAGE" -c \
    'test -z "$(find / -xdev -name ca-certificates.crt -print -quit)" && ! test -e /app/node_modules/tsx' ||
    fail 'the runtime image holds a CA bundle or tsx'
  log 'The runtime image holds no CA bundle and no TypeScript runner'
}

main() {
  cd "$REPO_ROOT"
  BUILD_LOG="$(mktemp /tmp/palm-image-build.XXXXXX.log)"
  install_system_packages
  start_docker
  make_base_image
  build_image
  log 'Running the roles against local PostgreSQL, RabbitMQ and an s3rver'
  env PALM_IMAGE="$IMAGE" DOCKER="$DOCKER" npx tsx scripts/image/image-smoke.ts
}

# Sourcing the script (to run one step by hand) defines the steps without running them.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  main "$@"
fi
