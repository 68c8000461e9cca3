/* notation.c -- actions in the notation of docs/rules/kurnik.md: the chance
 * outcomes "roll:3-6" (smaller die first) and "gift:2" (the seat that
 * receives), and the player's "egg>chick", "chick>hen", "hen>rooster", "end". */
#include <stdio.h>
#include <string.h>

#include "arena/module_kit.h"
#include "kurnik.h"

static const char *const player_names[4] = {"egg>chick", "chick>hen", "hen>rooster", "end"};

size_t ku_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s; /* a name does not depend on the state */
    char text[16];
    if (a >= 0 && a < KU_ACT_ROLL) {
        snprintf(text, sizeof text, "%s", player_names[a]);
    } else if (a >= KU_ACT_ROLL && a < KU_ACT_GIFT) {
        int low, high;
        ku_roll_dice(a - KU_ACT_ROLL, &low, &high);
        snprintf(text, sizeof text, "roll:%d-%d", low, high);
    } else if (a >= KU_ACT_GIFT && a < KU_NUM_ACTIONS) {
        snprintf(text, sizeof text, "gift:%d", a - KU_ACT_GIFT);
    } else {
        snprintf(text, sizeof text, "?");
    }
    return arena_text_out(text, strlen(text), buf, cap);
}

/* Exact spelling only: the notation has one name per action, so that names
 * in logs compare as strings. */
int ku_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    (void)s;
    if (!text) return -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(text, player_names[i]) == 0) {
            *action = i;
            return 0;
        }
    size_t n = strlen(text);
    if (n == 8 && memcmp(text, "roll:", 5) == 0 && text[6] == '-') {
        int index = ku_roll_index(text[5] - '0', text[7] - '0');
        if (index < 0) return -1;
        *action = KU_ACT_ROLL + index;
        return 0;
    }
    if (n == 6 && memcmp(text, "gift:", 5) == 0 && text[5] >= '0' && text[5] < '0' + KU_MAX_SEATS) {
        *action = KU_ACT_GIFT + (text[5] - '0');
        return 0;
    }
    return -1;
}
