# arena.bash -- bash completion for the arena program.
#
# Installed as share/bash-completion/completions/arena (loaded on demand by
# the bash-completion package); to try it from a build tree:
#   source scripts/completion/arena.bash
# Nothing here is hard-coded: commands and options are read from
# `arena --help` and `arena COMMAND --help`, games from `arena games` and
# bots from `arena bots`, using the arena being completed, so completion
# always matches that binary and its search path (ARENA_PATH included).

# The commands listed under "Commands:" in arena --help.
_arena_commands()
{
    "$1" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p'
}

# The options named in arena COMMAND --help (or arena --help).
_arena_options()
{
    local arena=$1 cmd=$2
    { if [[ -n $cmd ]]; then "$arena" "$cmd" --help; else "$arena" --help; fi; } 2>/dev/null |
        grep -oE '(^|[^A-Za-z0-9_-])--?[a-z][a-z0-9-]*' | sed 's/^[^-]*//' | sort -u
}

# Game names: the unindented lines of arena games start with the name.
_arena_games()
{
    "$1" games 2>/dev/null | sed -n 's/^\([A-Za-z0-9_.-][A-Za-z0-9_.-]*\)  .*/\1/p'
}

# The option keys of one game: its indented "key=default  meaning" lines.
_arena_game_keys()
{
    "$1" games 2>/dev/null | awk -v g="$2" '
        /^[^ ]/ { cur = $1 }
        cur == g && /^    [a-z_]+=/ { sub(/^ +/, ""); sub(/=.*/, "="); print }'
}

# Bot names: the first column of arena bots, after its header.
_arena_bots()
{
    "$1" bots 2>/dev/null | awk 'NR > 1 && NF { print $1 }'
}

_arena()
{
    local arena=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} cmd= i
    # Bash splits words at ':' and '=' (COMP_WORDBREAKS), which game specs
    # (morris:variant=lasker) are full of: work on whole words of the line up
    # to the cursor instead, and trim the replies back to bash's word at the end.
    local line=${COMP_LINE:0:COMP_POINT} word prev
    local -a toks
    read -ra toks <<<"$line"
    if [[ -z $line || $line == *[[:space:]] ]]; then
        word= prev=${toks[${#toks[@]} - 1]}
    else
        word=${toks[${#toks[@]} - 1]} prev=${toks[${#toks[@]} - 2]}
    fi
    [[ $cur == "$word" || $word == *"$cur" ]] || cur=$word
    for ((i = 1; i < ${#toks[@]}; i++)); do
        if [[ ${toks[i]} != -* && ${toks[i]} != "$word" ]]; then
            cmd=${toks[i]}
            break
        fi
    done

    COMPREPLY=()
    if [[ -z $cmd ]]; then
        if [[ $word == -* ]]; then
            COMPREPLY=($(compgen -W "--help --version" -- "$word"))
        else
            COMPREPLY=($(compgen -W "$(_arena_commands "$arena")" -- "$word"))
        fi
    else
        case $prev in
        --game)
            if [[ $word == *:* ]]; then
                # game:key=value,...: the game's option keys after the last ','.
                local game=${word%%:*} rest=${word#*:} done_part=
                [[ $rest == *,* ]] && done_part=${rest%,*},
                COMPREPLY=($(compgen -P "$game:$done_part" -W "$(_arena_game_keys "$arena" "$game")" -- "${rest##*,}"))
                compopt -o nospace 2>/dev/null
            else
                COMPREPLY=($(compgen -W "$(_arena_games "$arena")" -- "$word"))
            fi
            ;;
        --isolation) COMPREPLY=($(compgen -W "process inline" -- "$word")) ;;
        --sandbox) COMPREPLY=($(compgen -W "jail seccomp off on" -- "$word")) ;;
        --format) COMPREPLY=($(compgen -W "text md csv json" -- "$word")) ;;
        --seats) COMPREPLY=($(compgen -W "all" -- "$word")) ;;
        --model) COMPREPLY=($(compgen -W "logistic normalized" -- "$word")) ;;
        --field) COMPREPLY=($(compgen -W "$(_arena_bots "$arena")" -- "$word")) ;;
        --out | --resume) COMPREPLY=($(compgen -d -- "$word")) ;;
        --rounds | -j | --jobs | --tc | --move-time | --margin | --seed | --mem | --games | --depth | --moves | --shard) ;;
        --elo0 | --elo1 | --alpha | --beta | --max-games | --anchor | --history) ;;
        *)
            if [[ $word == -* ]]; then
                COMPREPLY=($(compgen -W "$(_arena_options "$arena" "$cmd")" -- "$word"))
            else
                case $cmd in
                match | check | tournament | sprt)
                    # Bots by name, or a path to a .so.
                    COMPREPLY=($(compgen -W "$(_arena_bots "$arena")" -- "$word")
                               $(compgen -f -X '!*.so' -- "$word"))
                    ;;
                replay) COMPREPLY=($(compgen -f -X '!*.pb' -- "$word") $(compgen -d -S / -- "$word")) ;;
                report) COMPREPLY=($(compgen -d -- "$word")) ;;
                merge) COMPREPLY=($(compgen -d -- "$word")) ;; # shard directories
                esac
            fi
            ;;
        esac
    fi
    # Back to bash's word: drop what precedes it in the whole word.
    local pre=${word%"$cur"}
    [[ -n $pre ]] && COMPREPLY=("${COMPREPLY[@]#"$pre"}")
    return 0
}
complete -F _arena arena
