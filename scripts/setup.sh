#!/usr/bin/env bash
# One-time set-up on a fresh machine (Debian/Ubuntu): the system packages amici's tests and
# renderer use, then the project's npm packages — which include Node 22 itself (the `node`
# package), so the system Node may be older. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# Integration tests run a real IMAP server (Dovecot, with LMTP delivery) on loopback; the
# board PNG in reply mail draws its pieces with DejaVu Sans (fonts-dejavu-core); the durability
# test reads the order of amici's fsyncs and renames with strace.
APT_PACKAGES=(dovecot-imapd dovecot-lmtpd fonts-dejavu-core strace)

missing=()
if command -v dpkg >/dev/null 2>&1; then
  for p in "${APT_PACKAGES[@]}"; do
    # Not `dpkg -s`: it succeeds for a removed package whose config files remain
    # ("deinstall ok config-files"), so it would skip a package that is gone.
    status="$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)"
    [ "$status" = "installed" ] || missing+=("$p")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  # policy-rc.d keeps the packages from starting system-wide services: the tests start
  # their own Dovecot as an unprivileged user on a loopback port.
  policy_added=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod +x /usr/sbin/policy-rc.d
    policy_added=1
    # Removed even when apt-get fails, so a failed run does not leave services blocked.
    trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  if [ -n "$policy_added" ]; then
    $SUDO rm -f /usr/sbin/policy-rc.d
    trap - EXIT
  fi
fi

# Native modules (better-sqlite3) must be built for the Node 22 that the `node` package brings,
# not for the system Node, and no headers can be downloaded here: build against the headers the
# `node` package unpacks. npm runs every preinstall (where it unpacks) before any install script.
case "$(uname -m)" in
  x86_64 | amd64) node_arch=x64 ;;
  aarch64 | arm64) node_arch=arm64 ;;
  *) node_arch="$(uname -m)" ;;
esac
export npm_config_nodedir="$PWD/node_modules/node/node_modules/node-linux-$node_arch"

npm ci --no-audit --no-fund
