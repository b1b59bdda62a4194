#!/bin/sh
# The image's install step (deploy/Dockerfile): `npm ci` installs exactly the lockfile; a lockfile
# written against a registry mirror that lacks other platforms' optional packages can never
# satisfy it (as in .ci/run), and then `npm install` still keeps every version the lockfile names.
# The certificate authorities of a TLS-intercepting proxy arrive as a build secret, never a layer.
set -eu
if [ -s /run/secrets/npm-ca ]; then
  NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca
  export NODE_EXTRA_CA_CERTS
fi
npm ci --no-audit --no-fund "$@" || {
  echo 'npm ci refused package-lock.json; falling back to npm install' >&2
  npm install --no-audit --no-fund "$@"
}
npm cache clean --force
