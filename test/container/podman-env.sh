# Sourced by the container scripts: podman as this sandbox allows it. Its own storage (--root/--runroot) under
# OKB_CONTAINER_CACHE, runc (Debian's crun fails on a cgroup v1/v2 hybrid), cgroupfs (no systemd), the file
# events logger, and nofile/nproc limits (OKB_ULIMITS, for run and build) no higher than this shell's own hard limits.
OKB_CONTAINER_CACHE=${OKB_CONTAINER_CACHE:-/var/tmp/okay-bike-container}
OKB_PODMAN_ROOT="$OKB_CONTAINER_CACHE/storage"
OKB_PODMAN_RUNROOT="$OKB_CONTAINER_CACHE/run"
mkdir -p "$OKB_PODMAN_ROOT" "$OKB_PODMAN_RUNROOT"
# Default ulimits podman would ask for (nofile 1048576) are refused here: no higher than this shell's hard limits.
okb_nofile=$(ulimit -Hn); [ "$okb_nofile" = unlimited ] && okb_nofile=65536
# nproc: at most 4096 (a build step asking for this shell's own hard limit was refused; node needs a few threads).
okb_nproc=$(ulimit -Hu); { [ "$okb_nproc" = unlimited ] || [ "$okb_nproc" -gt 4096 ]; } && okb_nproc=4096
OKB_ULIMITS=(--ulimit "nofile=$okb_nofile:$okb_nofile" --ulimit "nproc=$okb_nproc:$okb_nproc")
okb_podman() {
  podman --root "$OKB_PODMAN_ROOT" --runroot "$OKB_PODMAN_RUNROOT" --runtime runc --cgroup-manager cgroupfs --events-backend file "$@"
}
