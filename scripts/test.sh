#!/usr/bin/env bash
# The one command that takes a fresh checkout to a passing test run:
# system packages (when missing), npm dependencies and build, then the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh
npm ci --no-audit --no-fund
npm test
