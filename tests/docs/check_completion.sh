#!/bin/bash
# check_completion.sh -- the bash completion completes what the arena offers.
#
# Usage: check_completion.sh ARENA_BINARY COMPLETION_SCRIPT
#
# Sources the completion and asks it, as bash would, for: the commands, a
# command's options, the games after --game, a game's option keys after
# "game:", the bots, and the values of --isolation. Expected answers come from
# the binary itself (arena --help, arena games, arena bots), so a new command,
# option, game or bot that the completion misses fails here.
set -u
arena=${1:?usage: check_completion.sh ARENA_BINARY COMPLETION_SCRIPT}
# shellcheck source=/dev/null
source "${2:?usage: check_completion.sh ARENA_BINARY COMPLETION_SCRIPT}" || exit 2

bad=0
# complete LINE: COMPREPLY for the cursor at the end of LINE, with the words
# split as bash splits them (COMP_WORDBREAKS includes ':' and '=').
complete_line() {
    COMP_LINE=$1
    COMP_POINT=${#1}
    local split
    split=$(printf '%s' "$1" | sed 's/\([:=]\)/ \1 /g')
    read -ra COMP_WORDS <<<"$split"
    [[ $1 == *" " || $1 == *: || $1 == *= ]] && COMP_WORDS+=("")
    COMP_WORDS[0]=$arena
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _arena
}
# expect LINE WORD...: every WORD is among the completions of LINE.
expect() {
    local line=$1 w
    shift
    complete_line "$line"
    for w in "$@"; do
        printf '%s\n' "${COMPREPLY[@]}" | grep -qxF -e "$w" ||
            { echo "completion of '$line' lacks '$w' (got: ${COMPREPLY[*]})"; bad=1; }
    done
}

commands=$("$arena" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p')
games=$("$arena" games | sed -n 's/^\([a-z0-9_]*\)  (.*/\1/p')
bots=$("$arena" bots | awk 'NR > 1 && NF { print $1 }')
[ -n "$commands" ] && [ -n "$games" ] && [ -n "$bots" ] ||
    { echo "check_completion: arena lists no commands, games or bots"; exit 2; }

expect "arena " $commands
expect "arena --" --help --version
for c in $commands; do
    opts=$("$arena" "$c" --help 2>&1 | grep -oE '(^|[^A-Za-z0-9_-])--[a-z][a-z0-9-]*' | sed 's/^[^-]*//' | sort -u)
    [ -n "$opts" ] && expect "arena $c --" $opts
done
expect "arena tournament --game " $games
expect "arena match --game morris:" variant= repetition=
expect "arena match --game morris:variant=lasker,rep" lasker,repetition=
expect "arena tournament --bots " $bots
expect "arena match --isolation " process inline
expect "arena sprt --model " logistic normalized
expect "arena sprt --game morris " $bots
expect "arena sprt --game kurnik:players=3 a b --field " $bots

[ "$bad" -eq 0 ] && echo "check_completion: commands, options, games and bots complete"
exit "$bad"
