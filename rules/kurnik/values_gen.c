/* values_gen.c -- a build-time tool: solves kurnik for one player (the
 * fewest expected turns to nine hens, docs/rules/kurnik.md) and prints the
 * tables of kurnik_engine.h as C source (kurnik_values.c in the build tree).
 * The module itself stays free of mutable globals: the tables are const
 * data, computed here once per build.
 *
 * Over goods (eggs, chicks, hens 0..8, rooster), counts past the grid's caps
 * counted as the caps:
 *   end[g]  expected turns still to play after ending a turn with g (the
 *           next turn included);
 *   mid[g]  the best a player can make of g in its exchange phase: 0 when
 *           exchanges reach nine hens, else the least `end` over every
 *           sequence of exchanges followed by `end`;
 *   end2, mid2  the second moments of those turn counts under that best
 *           play (for the spread of a race).
 * end[g] = 1 + sum over the 21 rolls of p(roll) mid[g after roll] (its
 * eggs and chicks, then one fox per 6, then the doubles gift, as play.c);
 * end2[g] = 1 + sum p (2 mid + mid2). Both pairs are iterated to their
 * fixed points; mid of a state needs only mid of states with fewer goods
 * (every exchange makes three goods one), so one pass in order of total
 * goods settles it. The opponents are left out (their doubles gifts). */
#include <math.h>
#include <stdio.h>

#define NE 31 /* eggs 0..30 */
#define NC 31 /* chicks 0..30 */
#define NH 9  /* hens 0..8 at the end of a turn; 9 has won */
#define GOAL 9
#define NS (2 * NH * NC * NE)

static double end1[NS], mid1[NS], end2[NS], mid2[NS];
/* The move mid[] takes at each state: -1 end, else the state exchanged to
 * (or NS for a win reached by exchanging). */
static int choice[NS];

static int at(int e, int c, int h, int r)
{
    if (e >= NE) e = NE - 1;
    if (c >= NC) c = NC - 1;
    return ((r * NH + h) * NC + c) * NE + e;
}

/* The best of goods (e, c, h, r) in the exchange phase, from end1 and the
 * mid1 of states with fewer goods; sets choice. */
static void settle_one(int e, int c, int h, int r)
{
    int i = at(e, c, h, r);
    double best = end1[i];
    int pick = -1;
    if (e >= 3) {
        int j = at(e - 3, c + 1, h, r);
        if (mid1[j] < best) best = mid1[j], pick = j;
    }
    if (c >= 3) {
        if (h + 1 >= GOAL) {
            best = 0, pick = NS;
        } else {
            int j = at(e, c - 3, h + 1, r);
            if (mid1[j] < best) best = mid1[j], pick = j;
        }
    }
    if (h >= 3 && !r && pick != NS) {
        int j = at(e, c, h - 3, 1);
        if (mid1[j] < best) best = mid1[j], pick = j;
    }
    mid1[i] = best;
    choice[i] = pick;
}

static void settle_mid(void)
{
    for (int total = 0; total <= NE + NC + NH; total++)
        for (int r = 0; r < 2; r++)
            for (int h = 0; h < NH; h++)
                for (int c = 0; c < NC; c++) {
                    int e = total - r - h - c;
                    if (e >= 0 && e < NE) settle_one(e, c, h, r);
                }
}

/* The second moment of the exchange phase under choice (settled in the
 * same order: a choice leads to fewer goods). */
static void settle_mid2(void)
{
    for (int total = 0; total <= NE + NC + NH; total++)
        for (int r = 0; r < 2; r++)
            for (int h = 0; h < NH; h++)
                for (int c = 0; c < NC; c++) {
                    int e = total - r - h - c;
                    if (e < 0 || e >= NE) continue;
                    int i = at(e, c, h, r);
                    mid2[i] = choice[i] < 0 ? end2[i] : choice[i] == NS ? 0 : mid2[choice[i]];
                }
}

/* The state index after rolling dice a <= b with goods (e, c, h, r). */
static int after_roll(int e, int c, int h, int r, int a, int b)
{
    int dice[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if (dice[k] <= 3)
            e++;
        else if (dice[k] <= 5)
            c++;
    }
    for (int k = 0; k < 2; k++) {
        if (dice[k] != 6 || r) continue;
        if (c)
            c = 0;
        else if (h)
            h--;
    }
    if (a == b) {
        if (c)
            c--;
        else if (e)
            e--;
    }
    return at(e, c, h, r);
}

/* One update of end1 (second: of end2) from mid; the largest change. */
static double update(int second)
{
    double worst = 0;
    for (int r = 0; r < 2; r++)
        for (int h = 0; h < NH; h++)
            for (int c = 0; c < NC; c++)
                for (int e = 0; e < NE; e++) {
                    double v = 1;
                    for (int a = 1; a <= 6; a++)
                        for (int b = a; b <= 6; b++) {
                            int j = after_roll(e, c, h, r, a, b);
                            double p = a == b ? 1.0 / 36 : 2.0 / 36;
                            v += second ? p * (2 * mid1[j] + mid2[j]) : p * mid1[j];
                        }
                    double *slot = second ? &end2[at(e, c, h, r)] : &end1[at(e, c, h, r)];
                    double change = fabs(v - *slot) / (1 + v);
                    if (change > worst) worst = change;
                    *slot = v;
                }
    return worst;
}

static void print_table(const char *name, const double *t)
{
    printf("const float %s[%d] = {\n", name, NS);
    for (int i = 0; i < NS; i++)
        printf("%.6g,%s", t[i], i % 8 == 7 ? "\n" : "");
    printf("};\n");
}

int main(void)
{
    /* From 0 the updates climb monotonically to the fixed point; the pass
     * caps only guard against a bug. */
    for (int pass = 0; pass < 20000; pass++) {
        settle_mid();
        if (update(0) < 1e-7) break;
    }
    settle_mid();
    for (int pass = 0; pass < 20000; pass++) {
        settle_mid2();
        if (update(1) < 1e-7) break;
    }
    settle_mid2();
    printf("/* Generated by values_gen.c at build time: do not edit. */\n"
           "#include \"kurnik_engine.h\"\n\n");
    print_table("ku_turns_end", end1);
    print_table("ku_turns_mid", mid1);
    print_table("ku_turns_end2", end2);
    print_table("ku_turns_mid2", mid2);
    return 0;
}
