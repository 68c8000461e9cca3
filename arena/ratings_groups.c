/* ratings_groups.c -- which players a pool's games link (see ratings.h):
 * union-find over the games, then groups numbered by their first player. */
#include <stdlib.h>

#include "ratings.h"
#include "xalloc.h"

static int groups_root(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]]; /* halve the path as it goes */
    return i;
}

int ratings_groups(int n, const rating_game *games, size_t ng, int *group)
{
    if (n <= 0) return 0;
    int *parent = xmalloc((size_t)n * sizeof *parent);
    for (int i = 0; i < n; i++)
        parent[i] = i;
    for (size_t k = 0; k < ng; k++) {
        int a = games[k].a, b = games[k].b;
        if (a < 0 || a >= n || b < 0 || b >= n) continue;
        a = groups_root(parent, a);
        b = groups_root(parent, b);
        if (a != b) parent[a < b ? b : a] = a < b ? a : b;
    }
    int count = 0;
    for (int i = 0; i < n; i++)
        group[i] = -1;
    for (int i = 0; i < n; i++) {
        int r = groups_root(parent, i);
        if (group[r] < 0) group[r] = count++;
        group[i] = group[r];
    }
    free(parent);
    return count;
}
