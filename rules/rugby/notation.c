/* notation.c -- actions in the notation of docs/rules/rugby.md: a guess is
 * the field, "C7" (column A-G, row 1-15); a placement is the mark's letter, '@'
 * and the field, "O@C2", "X@D1" for a black field; "pass". One spelling per
 * action, so that names in logs compare as strings. */
#include <stdio.h>
#include <string.h>

#include "arena/module_kit.h"
#include "rugby.h"

static const char letters[] = ".OPXAKDMG?"; /* by enum rg_mark, then RG_UNKNOWN */

char rg_mark_letter(int mark)
{
    return mark >= 0 && mark <= RG_MARKS ? letters[mark] : '?';
}

static void field_name(int f, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d", 'A' + rg_col(f), rg_row(f));
}

size_t rg_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s; /* a name does not depend on the state */
    char text[16], field[8];
    if (a >= RG_ACT_GUESS && a < RG_FIELDS) {
        field_name(a, text, sizeof text);
    } else if (a == RG_ACT_PASS) {
        snprintf(text, sizeof text, "pass");
    } else if (a > RG_ACT_PASS && a < RG_NUM_ACTIONS) {
        int rel = a - RG_ACT_PLACE;
        field_name(rel % RG_FIELDS, field, sizeof field);
        snprintf(text, sizeof text, "%c@%s", rg_mark_letter(RG_O + rel / RG_FIELDS), field);
    } else {
        snprintf(text, sizeof text, "?");
    }
    return arena_text_out(text, strlen(text), buf, cap);
}

/* "C7": a column letter and a row 1..15 without leading zeros; -1 if not. */
static int parse_field(const char *t)
{
    if (t[0] < 'A' || t[0] >= 'A' + RG_COLS || t[1] < '1' || t[1] > '9') return -1;
    int row = t[1] - '0';
    if (t[2] != '\0') {
        if (t[2] < '0' || t[2] > '9' || t[3] != '\0') return -1;
        row = row * 10 + (t[2] - '0');
    }
    return row <= RG_ROWS ? rg_field(row, t[0] - 'A') : -1;
}

int rg_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    (void)s;
    if (!text) return -1;
    if (strcmp(text, "pass") == 0) {
        *action = RG_ACT_PASS;
        return 0;
    }
    if (text[0] != '\0' && text[1] == '@') {
        const char *at = strchr(letters + 1, text[0]);
        int f = parse_field(text + 2);
        if (!at || text[0] == '?' || f < 0) return -1;
        *action = RG_ACT_PLACE + (int32_t)(at - letters - RG_O) * RG_FIELDS + f;
        return 0;
    }
    int f = parse_field(text);
    if (f < 0) return -1;
    *action = RG_ACT_GUESS + f;
    return 0;
}
