#!/usr/bin/env bash
# The step of the GitHub Action (action.yml at the repository root), run from the workflow's
# workspace. It installs swe-bundle-lint from the action's own checkout ($GITHUB_ACTION_PATH) as
# npm packs it, prints the text report to the log, writes the SARIF report, and sets the outputs
# `exit-code` (0 clean, 1 a bundle or agent config would not load, 2 a usage error) and `sarif-file`.
#
# Inputs, as action.yml passes them (a composite action's steps get no INPUT_* of their own):
#   INPUT_PATHS          what to lint, separated by spaces or new lines (default: .)
#   INPUT_SARIF_FILE     where to write the SARIF report (default: swe-bundle-lint.sarif)
#   INPUT_ARGS           more arguments for swe-bundle-lint, separated by spaces or new lines
#   INPUT_FAIL_ON_ERROR  "true" (default): the step fails when the exit status is 1
set -euo pipefail

action=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: run this from action.yml}
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
sarif=${INPUT_SARIF_FILE:-swe-bundle-lint.sarif}
work=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/swe-bundle-lint
set -f # the lists are split on white space, never globbed
# shellcheck disable=SC2206
paths=(${INPUT_PATHS:-.})
# shellcheck disable=SC2206
args=(${INPUT_ARGS:-})
set +f

# Install once per job: pack the action's checkout (prepare/prepack build dist/) and install the
# tarball into a prefix of its own, as a user's `npm install --global` would.
version=$(node -p 'require(process.argv[1]).version' "$action/package.json")
lint=$work/prefix/bin/swe-bundle-lint
if [ ! -x "$lint" ] || [ "$("$lint" --version)" != "$version" ]; then
  echo "::group::Install swe-bundle-lint $version"
  rm -rf "$work" && mkdir -p "$work"
  (cd "$action" && npm ci --no-audit --no-fund && npm pack --pack-destination "$work" >"$work/packed")
  npm install --global --prefix "$work/prefix" --no-audit --no-fund "$work/$(tail -n 1 "$work/packed")"
  echo "::endgroup::"
fi

# The text report, for the log. Nothing in it (a message, a file name) may act as a workflow command.
token=$(node -p 'require("crypto").randomUUID()')
echo "::stop-commands::$token"
"$lint" "${args[@]}" -- "${paths[@]}" || true
echo "::$token::"

mkdir -p "$(dirname "$sarif")"
status=0
"$lint" "${args[@]}" --format sarif -- "${paths[@]}" >"$sarif" || status=$?
{
  echo "exit-code=$status"
  echo "sarif-file=$sarif"
} >>"$GITHUB_OUTPUT"

case $status in
  0) ;;
  1) if [ "${INPUT_FAIL_ON_ERROR:-true}" = true ]; then echo "::error::swe-bundle-lint: a bundle or agent config would not load in SWE-agent (SARIF in $sarif)"; exit 1; fi ;;
  *) echo "::error::swe-bundle-lint exited $status (a usage error: see its message above)"; exit "$status" ;;
esac
