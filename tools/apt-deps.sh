#!/usr/bin/env bash
# Debian packages the tests use, installed only when missing (idempotent; run by `make test`):
#   poppler-utils        pdftoppm/pdfinfo, to turn the generated PDF card into PNG pages
#   fonts-ipafont-gothic a Japanese font, for the Chinese glyphs of the tiles
#   fonts-noto-cjk       Noto Sans CJK, whose faces cover Japanese, Traditional Chinese (Hong Kong
#                        and Taiwan forms), Simplified Chinese and Korean: every character of the
#                        documents in every language (tests/test_pdf_glyphs.py; docs/translating.md)
#   libharfbuzz-subset0  font subsetting for WeasyPrint (it warns, and will require it, without)
#   chromium             the browser of the end-to-end web tests (driven by Playwright, which
#                        must never download a browser of its own: no `playwright install`)
# Skips quietly when it cannot install (not root, no apt-get): the PDF and browser tests then say
# why they skip.
set -u
missing=()
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
fc-list 2>/dev/null | grep -qi "IPAGothic" || missing+=(fonts-ipafont-gothic)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK SC" || missing+=(fonts-noto-cjk)
ldconfig -p 2>/dev/null | grep -q "libharfbuzz-subset" || missing+=(libharfbuzz-subset0)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "apt-deps: cannot install ${missing[*]} (needs root and apt-get); skipping" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || {
  apt-get update -qq >/dev/null 2>&1
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    echo "apt-deps: could not install ${missing[*]}; skipping" >&2
}
exit 0
