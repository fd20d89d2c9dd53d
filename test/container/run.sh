#!/usr/bin/env bash
# npm run test:container: builds the Dockerfile and runs the image as an operator would, with podman (no Docker
# daemon here), from a locally made base image (test/container/base-image.sh). Proves: the image builds with
# exactly the locked packages and no dev packages; it runs as uid 1000 under tini on Node 22; it refuses to start
# without its settings, naming them; its HEALTHCHECK passes; a second container on the same volume refuses to
# start (the data-directory lock works across containers); `podman stop` is graceful ("SIGTERM received", exit 0);
# the volume keeps the shop's data across a new container. Prints the times and sizes it measured.
# Skips (exit 0) with a message where podman cannot run. OKB_CONTAINER_CACHE (default /var/tmp/okay-bike-container)
# holds podman's storage and the base image between runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=test/container

skip() { echo "container test SKIPPED: $*"; exit 0; }
[ "$(id -u)" = 0 ] || skip "needs root (rootful podman with its own --root; this sandbox has no rootless setup)"
command -v podman >/dev/null 2>&1 || skip "podman is not installed (apt-get install podman runc debootstrap)"
command -v runc >/dev/null 2>&1 || skip "runc is not installed (apt-get install runc)"
# shellcheck source=podman-env.sh
. "$here/podman-env.sh"
okb_podman info >/dev/null 2>&1 || skip "podman cannot run here: $(okb_podman info 2>&1 | tail -n 1)"
if ! okb_podman image exists node:22-bookworm-slim; then
  command -v debootstrap >/dev/null 2>&1 || skip "no base image and no debootstrap to make one (apt-get install debootstrap)"
fi

IMAGE=okay-bike:container-test
NAME=okb-container-test
VOLUME=okb-container-test-data
now_ms() { date +%s%3N; }
cleanup() {
  okb_podman rm -f -t 0 "$NAME" "$NAME-2" "$NAME-bare" >/dev/null 2>&1 || true
  okb_podman volume rm -f "$VOLUME" >/dev/null 2>&1 || true
}
trap cleanup EXIT
cleanup

t0=$(now_ms)
bash "$here/base-image.sh"
base_ms=$(( $(now_ms) - t0 ))

echo "building the image (podman build --format docker --pull=never; the docker format keeps HEALTHCHECK)"
t0=$(now_ms)
okb_podman build --format docker --pull=never --network host "${OKB_ULIMITS[@]}" -t "$IMAGE" . >"$OKB_CONTAINER_CACHE/build.log" 2>&1 \
  || { tail -n 40 "$OKB_CONTAINER_CACHE/build.log"; echo "container test FAILED: the image does not build"; exit 1; }
build_ms=$(( $(now_ms) - t0 ))
size=$(okb_podman image inspect --format '{{.Size}}' "$IMAGE")

fail() { echo "container test FAILED: $*"; okb_podman logs "$NAME" 2>&1 | tail -n 30 || true; exit 1; }
in_image() { okb_podman run --rm "${OKB_ULIMITS[@]}" --entrypoint sh "$IMAGE" -c "$1"; }

# The image: HEALTHCHECK kept, node under tini, Node 22, no dev packages.
[ -n "$(okb_podman image inspect --format '{{.Config.Healthcheck}}' "$IMAGE" | grep -v '<nil>')" ] || fail "the image has no HEALTHCHECK"
entry=$(okb_podman image inspect --format '{{json .Config.Entrypoint}} {{json .Config.Cmd}}' "$IMAGE")
node_version=$(in_image 'node --version')
case "$node_version" in v22.*) ;; *) fail "the image runs Node $node_version, not 22" ;; esac
dev=$(in_image 'ls -d node_modules/typescript node_modules/@types node_modules/jest node_modules/vite node_modules/eslint 2>/dev/null || true')
[ -z "$dev" ] || fail "dev packages in the image: $dev"

# Without its settings, production refuses to start and names them.
set +e
bare=$(okb_podman run --name "$NAME-bare" --network host "${OKB_ULIMITS[@]}" -e PORT=0 "$IMAGE" 2>&1)
bare_code=$?
set -e
[ "$bare_code" != 0 ] && grep -q 'PUBLIC_URL' <<<"$bare" && grep -q 'PAYMENT_PROVIDER' <<<"$bare" \
  || fail "a start without settings was not refused naming PUBLIC_URL and PAYMENT_PROVIDER (exit $bare_code): $bare"

PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
BASE="http://127.0.0.1:$PORT"
okb_podman volume create "$VOLUME" >/dev/null
run_shop() { # name
  okb_podman run -d --name "$1" --network host "${OKB_ULIMITS[@]}" -v "$VOLUME:/app/data" \
    -e HOST=127.0.0.1 -e PORT="$PORT" -e PUBLIC_URL="$BASE" -e PAYMENT_PROVIDER=sandbox \
    -e JWT_SECRET=container-test-jwt-secret-0123456789abcdef -e ADMIN_EMAIL=ops@example.com -e ADMIN_PASSWORD=container-ops-1 \
    "$IMAGE" >/dev/null 2> >(grep -v 'systemd' >&2)
}
# Healthy by the image's own HEALTHCHECK command (podman healthcheck run: no systemd timer here).
wait_healthy() { # name -> ms from now
  local start; start=$(now_ms)
  for _ in $(seq 1 600); do
    if okb_podman healthcheck run "$1" >/dev/null 2>&1; then echo $(( $(now_ms) - start )); return 0; fi
    [ "$(okb_podman inspect --format '{{.State.Running}}' "$1")" = true ] || return 1
    sleep 0.2
  done
  return 1
}

t0=$(now_ms)
run_shop "$NAME"
wait_healthy "$NAME" >/dev/null || fail "the container did not become healthy"
start_ms=$(( $(now_ms) - t0 ))
health=$(okb_podman inspect --format '{{.State.Health.Status}}' "$NAME" 2>/dev/null || okb_podman inspect --format '{{.State.Healthcheck.Status}}' "$NAME")
uid=$(okb_podman exec "$NAME" id -u)
[ "$uid" = 1000 ] || fail "the shop runs as uid $uid, not 1000"
pid1=$(okb_podman exec "$NAME" cat /proc/1/comm)
[ "$pid1" = tini ] || fail "pid 1 is $pid1, not tini"
node_parent=$(okb_podman exec "$NAME" sh -c 'for p in /proc/[0-9]*; do [ "$(cat $p/comm)" = node ] && awk "{print \$4}" $p/stat && break; done')
[ "$node_parent" = 1 ] || fail "node is not tini's child (its parent is pid $node_parent)"

# Some data in the volume: a customer signs up.
signup=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"name":"Container Customer","email":"customer@example.com","password":"container-pass-1","phone":"+8801700000000","address":"Dhaka"}' "$BASE/api/auth/signup")
[ "$signup" = 201 ] || fail "signup answered $signup"

# npm run backup inside the running container: the embedded database's copy comes from the shop itself.
okb_podman exec "$NAME" node scripts/backup.mjs --out /app/data/backups/container-test >/dev/null \
  || fail "node scripts/backup.mjs failed in the running container"
backup_files=$(okb_podman exec "$NAME" sh -c 'ls /app/data/backups/container-test | tr "\n" " "')

# A second container on the same volume refuses: the lock holds across containers (both are pid 2 inside).
set +e
second=$(okb_podman run --name "$NAME-2" --network host "${OKB_ULIMITS[@]}" -v "$VOLUME:/app/data" \
  -e HOST=127.0.0.1 -e PORT=0 -e PUBLIC_URL="$BASE" -e PAYMENT_PROVIDER=sandbox "$IMAGE" 2>&1)
second_code=$?
set -e
[ "$second_code" != 0 ] && grep -q 'in use by another Okay Bike process' <<<"$second" \
  || fail "a second container on the same volume was not refused (exit $second_code): $(tail -n 5 <<<"$second")"
okb_podman healthcheck run "$NAME" >/dev/null || fail "the first container is not healthy after the second was refused"

# podman stop: SIGTERM through tini to node, which drains and exits 0.
t0=$(now_ms)
okb_podman stop -t 30 "$NAME" >/dev/null 2> >(grep -v 'systemd' >&2)
stop_ms=$(( $(now_ms) - t0 ))
code=$(okb_podman inspect --format '{{.State.ExitCode}}' "$NAME")
okb_podman logs "$NAME" 2>&1 | grep -q 'SIGTERM received' || fail "no 'SIGTERM received' in the log: node did not get the signal"
[ "$code" = 0 ] || fail "the container exited $code after podman stop"
okb_podman rm "$NAME" >/dev/null

# A new container on the same volume: the customer is still there, and the lock left behind does not block it.
t0=$(now_ms)
run_shop "$NAME"
wait_healthy "$NAME" >/dev/null || fail "the new container on the same volume did not become healthy"
restart_ms=$(( $(now_ms) - t0 ))
login=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"email":"customer@example.com","password":"container-pass-1"}' "$BASE/api/auth/login")
[ "$login" = 200 ] || fail "the customer cannot log in after the restart (answered $login): the volume lost the data"
# kill -9 of the container (no drain), then a new one on the volume: a crash never blocks a start.
okb_podman kill -s KILL "$NAME" >/dev/null && okb_podman wait "$NAME" >/dev/null 2>&1 || true
okb_podman rm -f "$NAME" >/dev/null
t0=$(now_ms)
run_shop "$NAME"
wait_healthy "$NAME" >/dev/null || fail "a new container after kill -9 did not become healthy"
crash_ms=$(( $(now_ms) - t0 ))
okb_podman stop -t 30 "$NAME" >/dev/null 2> >(grep -v 'systemd' >&2)

mb() { awk -v b="$1" 'BEGIN { printf "%.0f MB", b / 1000000 }'; }
s() { awk -v m="$1" 'BEGIN { printf "%.1f s", m / 1000 }'; }
cat <<REPORT

container test PASSED (podman $(podman --version | awk '{print $3}'), runc)
  base image:      node:22-bookworm-slim made or found in $(s "$base_ms")
  build:           $(s "$build_ms") (podman build --format docker --pull=never)
  image size:      $(mb "$size"); no typescript, @types, jest, vite or eslint in it; Node $node_version
  entrypoint:      $entry (pid 1 tini, node its child)
  refused bare:    a start without settings exits $bare_code naming PUBLIC_URL and PAYMENT_PROVIDER
  start:           healthy by its HEALTHCHECK $(s "$start_ms") after podman run (status: $health)
  uid:             $uid
  backup:          node scripts/backup.mjs in the running container wrote $backup_files
  second on volume: refused ("in use by another Okay Bike process"), the first stays healthy
  stop:            podman stop took $(s "$stop_ms"); "SIGTERM received" in the log; exit code $code
  volume:          a new container on the same volume healthy in $(s "$restart_ms"); the customer signed up before logs in
  after kill -9:   a new container on the same volume healthy in $(s "$crash_ms") (the lock file left behind does not block)
REPORT
# Old layers stay as the next build's cache (a prune takes minutes on a busy disk and makes the next build start over).
if [ "${OKB_CONTAINER_PRUNE:-0}" = 1 ]; then okb_podman image prune -f >/dev/null 2>&1 || true; fi
