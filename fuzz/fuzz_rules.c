/* fuzz_rules.c -- every rule module's decoders of untrusted bytes: option
 * strings (game_new), observations (state_from_observation, sample_state) and
 * action names (parse_action). The first input byte picks the module and the
 * entry point; the rest is the input. Modules are loaded from the build's
 * bin/rules directory (ARENA_BIN_DIR). */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"

#define FUZZ_MAX_MODULES 16

static const arena_rules *mods[FUZZ_MAX_MODULES];
static arena_game *games[FUZZ_MAX_MODULES];
static int n_mods;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    DIR *d = opendir(ARENA_BIN_DIR "/rules");
    struct dirent *e;
    while (d && (e = readdir(d)) && n_mods < FUZZ_MAX_MODULES) {
        if (!strstr(e->d_name, ".so")) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/rules/%s", ARENA_BIN_DIR, e->d_name);
        void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        const arena_rules *(*entry)(void);
        *(void **)&entry = h ? dlsym(h, ARENA_RULES_ENTRY) : NULL;
        if (!entry) continue;
        mods[n_mods] = entry();
        games[n_mods] = mods[n_mods]->game_new("", NULL, 0);
        if (games[n_mods]) n_mods++;
    }
    if (d) closedir(d);
    if (!n_mods) {
        fprintf(stderr, "fuzz_rules: no rule module in %s/rules\n", ARENA_BIN_DIR);
        abort();
    }
    return 0;
}

static void poke(const arena_rules *r, arena_state *s)
{
    int32_t legal[4096];
    char buf[4096];
    int n = r->legal_actions(s, legal, 4096);
    if (n > 0 && n <= 4096) r->action_name(s, legal[0], buf, sizeof buf);
    r->render(s, -1, buf, sizeof buf);
    r->state_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const arena_rules *r = mods[data[0] % n_mods];
    arena_game *g = games[data[0] % n_mods];
    int what = (data[0] / 16) % 3;
    data++, size--;
    char text[1024];
    size_t tl = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, tl);
    text[tl] = '\0';
    if (what == 0) { /* option strings */
        char err[256];
        arena_game *x = r->game_new(text, err, sizeof err);
        if (x) r->game_free(x);
    } else if (what == 1) { /* observations */
        arena_state *s = r->state_from_observation ? r->state_from_observation(g, data, size)
                         : r->sample_state         ? r->sample_state(g, data, size, 42)
                                                   : NULL;
        if (s) poke(r, s);
    } else { /* action names, in the start position */
        arena_state *s = r->state_new(g);
        int32_t a;
        if (r->parse_action(s, text, &a) == 0) r->apply(s, a);
        r->state_free(s);
    }
    return 0;
}
