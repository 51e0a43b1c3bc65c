#!/usr/bin/env bash
# Set tracer up on a Debian or Ubuntu machine: Graphviz (if `dot` is missing), bubblewrap (if `bwrap` is missing) and a virtual environment in .venv
# with tracer, its chart library and its test tools installed. Safe to run again; it only does what is missing.
#   bash setup.sh           tracer itself
#   bash setup.sh --test    also what the whole test suite drives: a headless Chromium (the HTML player's tests),
#                           pdfLaTeX with TikZ and Beamer (the LaTeX outputs' tests) and pdftotext (the slides'
#                           legibility, word by word), and mkdocs-material (the docs site, which the tests build);
#                           without them those tests are skipped, each with its reason
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

# Another package manager run (unattended upgrades or cloud-init on a fresh VM, a second terminal) holds apt's and
# dpkg's locks for a while; apt-get would fail at once. Setup waits for it, up to APT_WAIT seconds: its own wait
# first, reading the locks from /proc/locks without taking them (apt-get update has no wait of its own), then
# apt-get's for the dpkg lock (DPkg::Lock::Timeout, apt 1.9.11 and later) in case another run takes it meanwhile.
APT_WAIT=120
APT_LOCKS=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock)
apt_busy() {  # whether a process holds one of APT_LOCKS
  local lock inode
  for lock in "${APT_LOCKS[@]}"; do
    [ -e "$lock" ] || continue
    inode=$(stat -c %i "$lock")
    if grep -Eq "^[0-9]+: .* [0-9a-f]+:[0-9a-f]+:$inode " /proc/locks 2>/dev/null; then return 0; fi
  done
  return 1
}
apt_get() {  # apt-get ARGS..., once no other package manager run holds the locks (waiting up to APT_WAIT s)
  local waited=0
  if apt_busy; then
    echo "setup: another package manager run holds apt's lock; waiting for it to finish (up to $((APT_WAIT / 60)) minutes)" >&2
    while apt_busy && [ "$waited" -lt "$APT_WAIT" ]; do sleep 1; waited=$((waited + 1)); done
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=$((APT_WAIT - waited)) "$@"
}
apt_updated=""
apt_install() {  # apt_install WHAT [--no-install-recommends] PACKAGE...
  local what=$1; shift
  echo "setup: installing $what (apt-get install ${*/--no-install-recommends/})" >&2
  if [ -z "$apt_updated" ]; then apt_get update -qq; apt_updated=1; fi
  apt_get install -y -qq "$@" >/dev/null
}
if [ "${BASH_SOURCE[0]}" != "$0" ]; then return 0; fi  # sourced (as the tests do): the functions only

if ! command -v dot >/dev/null 2>&1; then
  apt_install Graphviz graphviz
fi
if ! command -v bwrap >/dev/null 2>&1; then  # test-search runs a student's code under it (--isolation)
  apt_install "bubblewrap (the sandbox for students' code)" --no-install-recommends bubblewrap
fi
if [ "${1:-}" = "--test" ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    apt_install "a headless browser" --no-install-recommends chromium
  fi
  if ! command -v pdftotext >/dev/null 2>&1; then
    apt_install "Poppler's PDF tools" --no-install-recommends poppler-utils
  fi
  if ! command -v pdflatex >/dev/null 2>&1 || ! kpsewhich beamer.cls forest.sty >/dev/null 2>&1; then
    apt_install "LaTeX with TikZ and Beamer" --no-install-recommends texlive-latex-base texlive-latex-recommended texlive-latex-extra \
      texlive-pictures texlive-fonts-recommended
  fi
fi

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  if ! "$python" -m venv .venv 2>/dev/null; then
    apt_install "Python's venv" python3-venv
    rm -rf .venv
    "$python" -m venv .venv
  fi
fi
extras=test,charts,frames  # frames: pypdfium2, bitmap frames rasterised 4× faster than by Poppler
# With --test, the optional extras the tests drive as well: python-pptx (slides -f pptx), python-chess (--game
# chess; GPL-3.0+, so never bundled: tracer stays MIT), OpenSpiel (--game openspiel:NAME; Apache-2.0) and
# mkdocs-material (the docs site, which the tests build: tests/test_docs_site.py).
if [ "${1:-}" = "--test" ]; then extras=$extras,pptx,chess,openspiel,docs; fi
# compat mode: a plain path entry, not an import hook that slows every start-up
.venv/bin/python -m pip install --quiet --disable-pip-version-check --config-settings editable_mode=compat -e ".[$extras]"
# Compile tracer's own modules once, so start-up does not recompile them where bytecode is not written
# (PYTHONDONTWRITEBYTECODE); it saves about a third of a small render's time.
.venv/bin/python -m compileall -q tracer games >/dev/null
echo "tracer is set up in .venv: make it a command with  source .venv/bin/activate" >&2
