#!/bin/sh
# Debian's Chromium ($CHROMIUM_PATH) as the browser tests start it (e2e/browser.ts), with every
# `--disable-features=` switch merged into one. Chromium keeps only the last of a repeated
# switch, and Playwright passes a list of its own before the tests' flags: a second list would
# silently drop Playwright's (docs/adr/0029-chromium-test-flags.md).
features=
for arg do
  shift
  case $arg in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:?CHROMIUM_PATH is not set}" ${features:+"--disable-features=$features"} "$@"
