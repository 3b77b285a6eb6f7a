#!/usr/bin/env bash
# Installs the system programs svc's tests use, only when they are missing.
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: Homebrew.
set -euo pipefail

need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
command -v exiftool >/dev/null 2>&1 || need+=(exiftool)
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
# Speech: flite makes test speech that pocketsphinx (the offline ASR fallback) recognises.
command -v flite >/dev/null 2>&1 || need+=(flite)
command -v pocketsphinx_continuous >/dev/null 2>&1 || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us ] || [ "$(uname -s)" = Darwin ] || need+=(pocketsphinx-en-us)
[ -d /usr/share/pocketsphinx/test/data/librivox ] || [ "$(uname -s)" = Darwin ] || need+=(pocketsphinx-testdata)
# Exports: FCPXML is validated against Apple's DTDs with xmllint.
command -v xmllint >/dev/null 2>&1 || need+=(xmllint)
# The web app's end-to-end tests drive a real headless Chromium (browsers cannot be downloaded by
# the test tools here; Debian's package is used, found at /usr/bin/chromium).
[ "$(uname -s)" = Darwin ] || [ -x /usr/bin/chromium ] || need+=(chromium)
# Card offload: copies are checked against xxhsum's own xxh64 (tests) and timed against it (bench).
command -v xxhsum >/dev/null 2>&1 || need+=(xxhsum)
# The DaVinci Resolve script (assets/resolve/svc_resolve.py) is tested with Python's unittest.
command -v python3 >/dev/null 2>&1 || need+=(python3)
# Service files: the systemd units are checked with systemd-analyze verify (Linux only).
[ "$(uname -s)" = Darwin ] || command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd-analyze)
# A drive that stops answering: a bindfs FUSE mount whose process is stopped (Linux only).
[ "$(uname -s)" = Darwin ] || command -v bindfs >/dev/null 2>&1 || need+=(bindfs)

if [ ${#need[@]} -eq 0 ]; then
  echo "system dependencies: all present"
  exit 0
fi

case "$(uname -s)" in
  Darwin)
    brew_pkgs=()
    for tool in "${need[@]}"; do
      case "$tool" in
        ffmpeg) brew_pkgs+=(ffmpeg) ;;
        exiftool) brew_pkgs+=(exiftool) ;;
        sqlite3) brew_pkgs+=(sqlite) ;;
        flite) brew_pkgs+=(flite) ;;
        pocketsphinx) brew_pkgs+=(cmu-pocketsphinx) ;;
        xmllint) brew_pkgs+=(libxml2) ;;
        xxhsum) brew_pkgs+=(xxhash) ;;
        python3) brew_pkgs+=(python) ;;
      esac
    done
    echo "installing with Homebrew: ${brew_pkgs[*]}"
    brew install "${brew_pkgs[@]}"
    ;;
  Linux)
    apt_pkgs=()
    for tool in "${need[@]}"; do
      case "$tool" in
        ffmpeg) apt_pkgs+=(ffmpeg) ;;
        exiftool) apt_pkgs+=(libimage-exiftool-perl) ;;
        sqlite3) apt_pkgs+=(sqlite3) ;;
        flite) apt_pkgs+=(flite) ;;
        pocketsphinx) apt_pkgs+=(pocketsphinx pocketsphinx-en-us) ;;
        pocketsphinx-en-us) apt_pkgs+=(pocketsphinx-en-us) ;;
        pocketsphinx-testdata) apt_pkgs+=(pocketsphinx-testdata) ;;
        xmllint) apt_pkgs+=(libxml2-utils) ;;
        chromium) apt_pkgs+=(chromium) ;;
        xxhsum) apt_pkgs+=(xxhash) ;;
        systemd-analyze) apt_pkgs+=(systemd) ;;
        bindfs) apt_pkgs+=(bindfs) ;;
        python3) apt_pkgs+=(python3) ;;
      esac
    done
    # shellcheck disable=SC2207
    apt_pkgs=($(printf '%s\n' "${apt_pkgs[@]}" | sort -u))
    if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "need root to install: ${apt_pkgs[*]} (run this script as root)" >&2
      exit 1
    fi
    echo "installing with apt-get: ${apt_pkgs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" >/dev/null
    ;;
  *)
    echo "unsupported system $(uname -s): install ${need[*]} by hand" >&2
    exit 1
    ;;
esac
