#!/usr/bin/env bash
# Set tracer up on a Debian or Ubuntu machine: Graphviz (if `dot` is missing) and a virtual environment in .venv
# with tracer, its chart library and its test tools installed. Safe to run again; it only does what is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

if ! command -v dot >/dev/null 2>&1; then
  echo "setup: installing Graphviz (apt-get install graphviz)" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq graphviz >/dev/null
fi

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  if ! "$python" -m venv .venv 2>/dev/null; then
    echo "setup: installing python3-venv" >&2
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv >/dev/null
    rm -rf .venv
    "$python" -m venv .venv
  fi
fi
# compat mode: a plain path entry, not an import hook that slows every start-up
.venv/bin/python -m pip install --quiet --disable-pip-version-check --config-settings editable_mode=compat -e '.[test,charts]'
# Compile tracer's own modules once, so start-up does not recompile them where bytecode is not written
# (PYTHONDONTWRITEBYTECODE); it saves about a third of a small render's time.
.venv/bin/python -m compileall -q tracer games >/dev/null
