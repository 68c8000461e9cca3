/* cli_parse.c -- how every command reads its words: getopt_long with each
 * option once, a long option typed with one dash caught before getopt sees
 * it, and errors that name the option as it was typed. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_cmds.h"

/* The long option of opts that word names with one dash ("-game",
 * "-out=x"): its name, or NULL. */
static const char *one_dash_long(const char *word, const struct option *opts)
{
    if (word[0] != '-' || word[1] == '-' || strcspn(word + 1, "=") < 2) return NULL;
    size_t len = strcspn(word + 1, "=");
    for (; opts->name; opts++)
        if (strlen(opts->name) == len && strncmp(opts->name, word + 1, len) == 0) return opts->name;
    return NULL;
}

/* Whether the short option c takes a value (a ':' after it in shorts); -1
 * when c is none. */
static int short_takes_value(const char *shorts, char c)
{
    const char *p = c != ':' ? strchr(shorts, c) : NULL;
    return p ? p[1] == ':' : -1;
}

/* Whether letters (a word without its dash) are a group of short options
 * that each stand alone, the last perhaps taking the next word as its value
 * (-qj 4). Not "-jobs": j with the value "obs" is no group one means. */
static int short_group(const char *letters, const char *shorts)
{
    for (const char *p = letters; *p; p++) {
        int v = short_takes_value(shorts, *p);
        if (v < 0 || (v && p[1])) return 0;
    }
    return 1;
}

/* Whether word, an option, takes the next word as its value (--out DIR,
 * --ou DIR as getopt completes it, -j 4, -qj 4). */
static int takes_next(const char *word, const char *shorts, const struct option *opts)
{
    if (word[1] != '-') {
        for (const char *p = word + 1; *p; p++) {
            int v = short_takes_value(shorts, *p);
            if (v < 0) return 0;
            if (v) return !p[1];
        }
        return 0;
    }
    const char *name = word + 2;
    if (strchr(name, '=')) return 0;
    const struct option *found = NULL;
    int n = 0;
    for (; opts->name; opts++) {
        if (strcmp(opts->name, name) == 0) return opts->has_arg == required_argument;
        if (strncmp(opts->name, name, strlen(name)) == 0) found = opts, n++;
    }
    return n == 1 && found->has_arg == required_argument;
}

int cli_start(cli_seen *s, const char *cmd, int argc, char **argv, const char *shorts,
              const struct option *opts)
{
    memset(s, 0, sizeof *s);
    s->cmd = cmd;
    s->argc = argc;
    s->argv = argv;
    s->shorts = shorts;
    s->opts = opts;
    optind = 1;
    opterr = 0;
    /* getopt would read -show as -s -h (help), -jobs as -j obs: a word that
     * spells a long option is caught first, unless it is a group of the
     * command's short options; values (--out -x) are skipped as getopt
     * skips them. */
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (strcmp(w, "--") == 0) break;
        if (w[0] != '-' || !w[1]) continue;
        const char *name = one_dash_long(w, opts);
        if (name && !short_group(w + 1, shorts)) {
            fprintf(stderr,
                    "arena %s: unrecognized option '%.*s' (long options take two dashes: --%s)\n",
                    cmd, (int)strcspn(w, "="), w, name);
            return 2;
        }
        if (takes_next(w, shorts, opts)) i++;
    }
    return 0;
}

int cli_next(cli_seen *s)
{
    return getopt_long(s->argc, s->argv, s->shorts, s->opts, NULL);
}

int cli_bad_option(const cli_seen *s, int code)
{
    /* getopt leaves the offending word at optind - 1 (or, for a short
     * option inside a group, -xq, still at optind, with the word before it
     * at optind - 1): optopt names a short option (0 for an unknown long
     * one, the long option's code for one without its value). */
    const char *word = optind > 0 ? s->argv[optind - 1] : "?";
    int is_long = strncmp(word, "--", 2) == 0;
    if (is_long && optopt) { /* the word's option, or a short one after it */
        const struct option *o = s->opts;
        size_t len = strcspn(word + 2, "=");
        while (o->name && !(strncmp(o->name, word + 2, len) == 0 && o->val == optopt))
            o++;
        is_long = o->name != NULL;
    }
    char what[64];
    if (!is_long && optopt > ' ' && optopt < 127)
        snprintf(what, sizeof what, "-%c", optopt);
    else
        snprintf(what, sizeof what, "%.*s", (int)strcspn(word, "="), word);
    if (code == ':')
        fprintf(stderr, "arena %s: option '%s' needs a value", s->cmd, what);
    else
        fprintf(stderr, "arena %s: unrecognized option '%s'", s->cmd, what);
    fprintf(stderr, " (see arena %s --help)\n", s->cmd);
    return 2;
}

/* The option of opts whose getopt_long code is code, or NULL. */
static const struct option *option_of(const struct option *opts, int code)
{
    for (; opts->name; opts++)
        if (!opts->flag && opts->val == code) return opts;
    return NULL;
}

/* Where the setting of code (itself, or the other of --tc and --move-time)
 * was given before; -1 when it was not. */
static int seen_before(const cli_seen *s, int code)
{
    int other = code == OPT_TC ? OPT_MOVE_TIME : code == OPT_MOVE_TIME ? OPT_TC : code;
    for (int i = 0; i < s->n; i++)
        if (s->given[i].code == code || s->given[i].code == other) return i;
    return -1;
}

/* Whether the option getopt_long has just returned was typed short (-j 2,
 * -j2, -qj 2): its word is the one before its value when the value is a
 * word of its own, else the last word read. */
static int typed_short(const cli_seen *s, const char *arg)
{
    int at = optind >= 2 && arg == s->argv[optind - 1] ? optind - 2 : optind - 1;
    const char *word = at >= 1 ? s->argv[at] : "";
    return word[0] == '-' && word[1] != '-';
}

int cli_once(cli_seen *s, int code, const char *arg)
{
    const struct option *o = option_of(s->opts, code);
    if (!o || o->has_arg == no_argument || !arg) return 0;
    int is_short = typed_short(s, arg);
    if (!*arg) { /* --out "" or --out=: a value left out, say of an unset variable */
        char name[64];
        if (is_short)
            snprintf(name, sizeof name, "-%c", code);
        else
            snprintf(name, sizeof name, "--%s", o->name);
        return cli_error(s->cmd, 2,
                         "option '%s' needs a value, not an empty one (see arena %s --help)", name,
                         s->cmd);
    }
    int i = seen_before(s, code);
    if (i < 0) {
        if (s->n < (int)(sizeof s->given / sizeof s->given[0])) {
            s->given[s->n].code = code;
            s->given[s->n].is_short = is_short;
            s->given[s->n++].arg = arg;
        }
        return 0;
    }
    const struct option *first = option_of(s->opts, s->given[i].code);
    if (first == o && strcmp(s->given[i].arg, arg) == 0) return 0;
    if (first == o) {
        /* named as typed: -j twice is "-j", -j and --jobs "-j/--jobs" */
        char name[64];
        if (is_short != s->given[i].is_short)
            snprintf(name, sizeof name, "-%c/--%s", code, o->name);
        else if (is_short)
            snprintf(name, sizeof name, "-%c", code);
        else
            snprintf(name, sizeof name, "--%s", o->name);
        return cli_error(s->cmd, 2, "%s given twice (%s, then %s): give it once", name,
                         s->given[i].arg, arg);
    }
    return cli_error(s->cmd, 2, "--%s %s and --%s %s both set the time control: give one",
                     first->name, s->given[i].arg, o->name, arg);
}
