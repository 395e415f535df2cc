#!/usr/bin/env bash
# System packages the web tests need: Debian's chromium (Playwright drives it at
# /usr/bin/chromium), PostgreSQL (the storage tests start their own server) and a CJK
# font (without one, Japanese and Chinese render as empty boxes in the browser tests and
# screenshots).
# Installs only what is missing; runs `apt-get update` at most once.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
if ! fc-list :lang=ja 2>/dev/null | grep -q . || ! fc-list :lang=zh-tw 2>/dev/null | grep -q .; then
    missing+=(fonts-noto-cjk)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "system-deps: missing ${missing[*]}; run this script as root to install them" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
