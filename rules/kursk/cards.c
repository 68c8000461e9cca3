/* cards.c -- the fixed facts of kursk: card values, the board's sections,
 * special fields and bounces, the special cards' names and target kinds. */
#include "kursk.h"

const char ks_rank_chars[KS_RANKS + 1] = "A234567JQKX";

const char *const ks_kind_names[KS_KINDS] = {
    "SilentRunning", "DepthCharge", "Flooding", "Search", "Bribe", "Supplies", "Alarm", "Swap",
};

const char *const ks_section_names[3] = {"propulsion", "living", "torpedo"};

/* Movement values: A=1, 2..7 as printed, J=2, Q=3, K=4 (a Joker is named). */
static const int8_t move_values[KS_RANKS] = {1, 2, 3, 4, 5, 6, 7, 2, 3, 4, 0};

int ks_move_value(int rank)
{
    return rank >= 0 && rank < KS_RANKS ? move_values[rank] : 0;
}

/* In combat a Joker counts 7 (rules page, Decision); no card at all 0. */
int ks_combat_value(int rank)
{
    if (rank == KS_JOKER) return 7;
    return ks_move_value(rank);
}

int ks_count(const uint8_t *pile, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += pile[i];
    return sum;
}

int ks_hand_size(const arena_state *s, int seat)
{
    return ks_count(s->hand[seat], KS_RANKS);
}

int ks_section(int field)
{
    return field <= 7 ? 0 : field <= 14 ? 1 : 2;
}

int ks_is_special_field(int field)
{
    return field == 1 || field == 5 || field == 9 || field == 13 || field == 17 || field == 22;
}

/* Past 24 a move continues backwards, below 0 forwards (seed); the loop covers
 * any distance, though no move here exceeds 7. */
int ks_bounce(int from, int delta)
{
    int f = from + delta;
    for (;;) {
        if (f > KS_END_FIELD)
            f = 2 * KS_END_FIELD - f;
        else if (f < 0)
            f = -f;
        else
            return f;
    }
}

int ks_target_kind(int kind)
{
    switch (kind) {
    case KS_SILENT_RUNNING:
    case KS_SUPPLIES:
        return KS_TGT_PLAYER;
    case KS_SEARCH:
    case KS_BRIBE:
    case KS_SWAP:
        return KS_TGT_OPPONENT;
    default:
        return KS_TGT_SECTION;
    }
}

/* Four of each rank, and players + 1 Jokers. */
int ks_total(int rank, int players)
{
    return rank == KS_JOKER ? players + 1 : 4;
}
