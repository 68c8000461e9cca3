#!/bin/sh
# check_manpage.sh -- the manual page says everything `arena --help` says.
#
# Usage: check_manpage.sh ARENA_BINARY MANPAGE
#
# Every command listed by `arena --help` must have its section in the manual
# ("arena COMMAND" in a heading), and every option that `arena --help` or
# `arena COMMAND --help` names (-j, --game, --no-board, ...) must appear in
# it. One line per omission, exit 1; adding an option to the CLI without
# documenting it fails here.
set -u

arena=${1:?usage: check_manpage.sh ARENA_BINARY MANPAGE}
man=${2:?usage: check_manpage.sh ARENA_BINARY MANPAGE}
[ -x "$arena" ] || { echo "check_manpage: $arena is not built"; exit 2; }
[ -r "$man" ] || { echo "check_manpage: cannot read $man"; exit 2; }

# The manual as plain text: roff's escaped hyphens and font changes removed.
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(dq/"/g' "$man")
# Section headings of the commands: `.SS "arena games"`.
headings=$(printf '%s\n' "$text" | sed -n 's/^\.SS "\{0,1\}\(arena [a-z]*\).*/\1/p')

top=$("$arena" --help) || { echo "check_manpage: arena --help failed"; exit 1; }
# Commands: the indented lines under "Commands:" up to the next blank line.
commands=$(printf '%s\n' "$top" | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
[ -n "$commands" ] || { echo "check_manpage: no command found in arena --help"; exit 1; }

# Options named in a help text: a dash or two, a letter, then letters, digits
# or dashes, not preceded by a word character or a dash (so "re-plays" and
# dates like 20261129-134644 are not options).
options_of() {
    printf '%s\n' "$1" | grep -oE '(^|[^A-Za-z0-9_-])--?[a-z][a-z0-9-]*' | sed 's/^[^-]*//'
}

bad=0
missing() { echo "arena.1: $1"; bad=1; }

for o in --help --version $(options_of "$top"); do
    printf '%s\n' "$text" | grep -qF -e "$o" || missing "option $o of arena --help is not documented"
done
for c in $commands; do
    printf '%s\n' "$headings" | grep -qx "arena $c" || missing "command '$c' has no section (.SS \"arena $c ...\")"
    help=$("$arena" "$c" --help 2>&1) || { missing "arena $c --help failed"; continue; }
    for o in $(options_of "$help" | sort -u); do
        printf '%s\n' "$text" | grep -qF -e "$o" || missing "option $o of arena $c is not documented"
    done
done

[ "$bad" -eq 0 ] && echo "check_manpage: every command and option of arena --help is in $man"
exit "$bad"
