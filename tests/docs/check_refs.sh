#!/bin/sh
# check_refs.sh -- the repository stands alone: every path it refers to exists
# in it.
#
# Usage: check_refs.sh SOURCE_DIR
#
# Fails (exit 1, one line per problem: file:line and the reference) on
#  - any reference to the project's old external tree ("shared" followed by a
#    slash, e.g. a rules page that lived beside the repository): everything a
#    user or contributor needs must be inside the repository;
#  - a Markdown link to a local file ([text](path), optionally with #anchor)
#    in any *.md file of the repository whose target does not exist, resolved
#    from the linking file's directory as GitHub does;
#  - a path of the repository cited in any file, code comments included (a
#    word beginning with one of its top directories and ending in a file
#    name such as docs/morris.md or arena/match.h) that exists neither from
#    the top, nor from the citing file's directory, nor under sdk/include
#    (where #include "arena/bot.h" points). Generated protobuf headers
#    (*.pb-c.h) and names with placeholders (docs/<game>.md) are not files.
# Links to web pages (scheme:) and to anchors of the same page (#...) are not
# files and are skipped.
set -u

src=${1:?usage: check_refs.sh SOURCE_DIR}
cd "$src" || exit 2

# The files of the repository: git's view when this is a checkout (tracked and
# untracked but not ignored, so a new file is checked before it is committed),
# otherwise everything outside build trees and results.
list_files() {
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -co --exclude-standard
    else
        find . -path ./.git -prune -o -path './build*' -prune -o -path ./results -prune \
            -o -type f -print | sed 's#^\./##'
    fi
}

files=$(mktemp) || exit 2
trap 'rm -f "$files" "$files.links" "$files.cited"' EXIT
list_files | while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done >"$files"
[ -s "$files" ] || { echo "check_refs: no files found under $src"; exit 2; }

bad=0

# 1. The external tree, under any spelling (with or without a leading ../).
#    The pattern is split so that this script does not match itself.
pattern='shared''/'
hits=$(tr '\n' '\0' <"$files" | xargs -0 grep -nI -- "$pattern" 2>/dev/null)
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's/^/reference outside the repository: /'
    bad=1
fi

# 2. Markdown links to local files.
grep '\.md$' "$files" | while IFS= read -r md; do
    dir=$(dirname "$md")
    grep -noE '\]\([^) ]+\)' "$md" | while IFS= read -r hit; do
        line=${hit%%:*}
        target=${hit#*:](}
        target=${target%)}
        case "$target" in
        \#* | *:*) continue ;; # same-page anchor, or a URL (http:, mailto:)
        esac
        path=${target%%#*}
        [ -n "$path" ] || continue
        if [ ! -e "$dir/$path" ]; then
            echo "broken link: $md:$line: $target"
        fi
    done
done >"$files.links"
if [ -s "$files.links" ]; then
    cat "$files.links"
    bad=1
fi
rm -f "$files.links"

# 3. Paths cited anywhere (comments, docs, scripts).
top='(arena|bench|docs|fuzz|plugins|proto|rules|scripts|sdk|tests)'
tr '\n' '\0' <"$files" | xargs -0 grep -noIE \
    "(^|[^A-Za-z0-9_./<>-])$top/[A-Za-z0-9_./-]*[A-Za-z0-9_]\.(md|c|h|proto|sh|txt|1|bash)\b" \
    2>/dev/null | sed -E 's/^([^:]*):([0-9]+):[^a-z]*/\1 \2 /' |
    while read -r f line path; do
        case "$path" in *.pb-c.h) continue ;; esac
        [ -e "$path" ] || [ -e "$(dirname "$f")/$path" ] || [ -e "sdk/include/$path" ] ||
            echo "missing file: $f:$line: $path"
    done >"$files.cited"
if [ -s "$files.cited" ]; then
    cat "$files.cited"
    bad=1
fi
rm -f "$files.cited"

[ "$bad" -eq 0 ] && echo "check_refs: all references resolve"
exit "$bad"
