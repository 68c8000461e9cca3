/* board.c -- the geometry of the morris board: point names, adjacency, knight
 * jumps, mill lines and rook rays, as constant tables (see morris.h for the
 * point order). Tables rather than code because move generation reads them in
 * its inner loop; tests/rules/test_morris checks them against the rules page. */
#include "morris.h"

/* clang-format off: the tables are laid out by ring */
enum {
    A7,
    D7,
    G7,
    G4,
    G1,
    D1,
    A1,
    A4,
    B6,
    D6,
    F6,
    F4,
    F2,
    D2,
    B2,
    B4,
    C5,
    D5,
    E5,
    E4,
    E3,
    D3,
    C3,
    C4
};
#define B(p) (1u << (p))

const char mo_point_name[MO_POINTS][3] = {
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "d6", "f6", "f4",
    "f2", "d2", "b2", "b4", "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4",
};

/* Neighbours along the lines: pos +-1 on the ring, and ring +-1 at the side
 * midpoints (odd pos). */
const uint32_t mo_adj[MO_POINTS] = {
    [A7] = B(D7) | B(A4), [D7] = B(A7) | B(G7) | B(D6),
    [G7] = B(D7) | B(G4), [G4] = B(G7) | B(G1) | B(F4),
    [G1] = B(G4) | B(D1), [D1] = B(G1) | B(A1) | B(D2),
    [A1] = B(D1) | B(A4), [A4] = B(A7) | B(A1) | B(B4),
    [B6] = B(D6) | B(B4), [D6] = B(D7) | B(B6) | B(F6) | B(D5),
    [F6] = B(D6) | B(F4), [F4] = B(G4) | B(F6) | B(F2) | B(E4),
    [F2] = B(F4) | B(D2), [D2] = B(D1) | B(F2) | B(B2) | B(D3),
    [B2] = B(D2) | B(B4), [B4] = B(A4) | B(B6) | B(B2) | B(C4),
    [C5] = B(D5) | B(C4), [D5] = B(D6) | B(C5) | B(E5),
    [E5] = B(D5) | B(E4), [E4] = B(F4) | B(E5) | B(E3),
    [E3] = B(E4) | B(D3), [D3] = B(D2) | B(E3) | B(C3),
    [C3] = B(D3) | B(C4), [C4] = B(B4) | B(C5) | B(C3),
};

/* Knight jumps on the (ring, pos) grid, pos modulo 8: (ring +-1, pos +-2) and
 * (ring +-2, pos +-1). Exactly four from every point. */
const uint32_t mo_knight[MO_POINTS] = {
    [A7] = B(F6) | B(B2) | B(D5) | B(C4), [D7] = B(F4) | B(B4) | B(C5) | B(E5),
    [G7] = B(B6) | B(F2) | B(D5) | B(E4), [G4] = B(D6) | B(D2) | B(E5) | B(E3),
    [G1] = B(F6) | B(B2) | B(E4) | B(D3), [D1] = B(F4) | B(B4) | B(E3) | B(C3),
    [A1] = B(B6) | B(F2) | B(D3) | B(C4), [A4] = B(D6) | B(D2) | B(C5) | B(C3),
    [B6] = B(G7) | B(A1) | B(E5) | B(C3), [D6] = B(G4) | B(A4) | B(E4) | B(C4),
    [F6] = B(A7) | B(G1) | B(C5) | B(E3), [F4] = B(D7) | B(D1) | B(D5) | B(D3),
    [F2] = B(G7) | B(A1) | B(E5) | B(C3), [D2] = B(G4) | B(A4) | B(E4) | B(C4),
    [B2] = B(A7) | B(G1) | B(C5) | B(E3), [B4] = B(D7) | B(D1) | B(D5) | B(D3),
    [C5] = B(D7) | B(A4) | B(F6) | B(B2), [D5] = B(A7) | B(G7) | B(F4) | B(B4),
    [E5] = B(D7) | B(G4) | B(B6) | B(F2), [E4] = B(G7) | B(G1) | B(D6) | B(D2),
    [E3] = B(G4) | B(D1) | B(F6) | B(B2), [D3] = B(G1) | B(A1) | B(F4) | B(B4),
    [C3] = B(D1) | B(A4) | B(B6) | B(F2), [C4] = B(A7) | B(A1) | B(D6) | B(D2),
};

const uint8_t mo_line_points[MO_LINES][3] = {
    {A7, D7, G7}, {G7, G4, G1}, {G1, D1, A1}, {A1, A4, A7}, {B6, D6, F6}, {F6, F4, F2},
    {F2, D2, B2}, {B2, B4, B6}, {C5, D5, E5}, {E5, E4, E3}, {E3, D3, C3}, {C3, C4, C5},
    {D7, D6, D5}, {G4, F4, E4}, {D1, D2, D3}, {A4, B4, C4},
};

#define L(a, b, c) (B(a) | B(b) | B(c))
const uint32_t mo_line_mask[MO_LINES] = {
    L(A7, D7, G7), L(G7, G4, G1), L(G1, D1, A1), L(A1, A4, A7), L(B6, D6, F6), L(F6, F4, F2),
    L(F2, D2, B2), L(B2, B4, B6), L(C5, D5, E5), L(E5, E4, E3), L(E3, D3, C3), L(C3, C4, C5),
    L(D7, D6, D5), L(G4, F4, E4), L(D1, D2, D3), L(A4, B4, C4),
};

/* The two mill lines through each point. */
const uint8_t mo_point_lines[MO_POINTS][2] = {
    {0, 3},  {0, 12}, {0, 1}, {1, 13}, {1, 2},  {2, 14},  {2, 3},   {3, 15},
    {4, 7},  {4, 12}, {4, 5}, {5, 13}, {5, 6},  {6, 14},  {6, 7},   {7, 15},
    {8, 11}, {8, 12}, {8, 9}, {9, 13}, {9, 10}, {10, 14}, {10, 11}, {11, 15},
};

/* Rook slides: every straight run leaving a point along a mill line or, from the
 * 12 corners, along a diagonal (a1-b2-c3, g1-f2-e3, a7-b6-c5, g7-f6-e5). A line
 * has three points, so a run is one or two points long. */
const mo_ray mo_rays[MO_POINTS][4] = {
    [A7] = {{B(D7), B(G7)}, {B(A4), B(A1)}, {B(B6), B(C5)}},
    [D7] = {{B(A7), 0}, {B(G7), 0}, {B(D6), B(D5)}},
    [G7] = {{B(D7), B(A7)}, {B(G4), B(G1)}, {B(F6), B(E5)}},
    [G4] = {{B(G7), 0}, {B(G1), 0}, {B(F4), B(E4)}},
    [G1] = {{B(G4), B(G7)}, {B(D1), B(A1)}, {B(F2), B(E3)}},
    [D1] = {{B(G1), 0}, {B(A1), 0}, {B(D2), B(D3)}},
    [A1] = {{B(D1), B(G1)}, {B(A4), B(A7)}, {B(B2), B(C3)}},
    [A4] = {{B(A1), 0}, {B(A7), 0}, {B(B4), B(C4)}},
    [B6] = {{B(D6), B(F6)}, {B(B4), B(B2)}, {B(A7), 0}, {B(C5), 0}},
    [D6] = {{B(B6), 0}, {B(F6), 0}, {B(D7), 0}, {B(D5), 0}},
    [F6] = {{B(D6), B(B6)}, {B(F4), B(F2)}, {B(G7), 0}, {B(E5), 0}},
    [F4] = {{B(F6), 0}, {B(F2), 0}, {B(G4), 0}, {B(E4), 0}},
    [F2] = {{B(F4), B(F6)}, {B(D2), B(B2)}, {B(G1), 0}, {B(E3), 0}},
    [D2] = {{B(F2), 0}, {B(B2), 0}, {B(D1), 0}, {B(D3), 0}},
    [B2] = {{B(D2), B(F2)}, {B(B4), B(B6)}, {B(A1), 0}, {B(C3), 0}},
    [B4] = {{B(B2), 0}, {B(B6), 0}, {B(A4), 0}, {B(C4), 0}},
    [C5] = {{B(D5), B(E5)}, {B(C4), B(C3)}, {B(B6), B(A7)}},
    [D5] = {{B(C5), 0}, {B(E5), 0}, {B(D6), B(D7)}},
    [E5] = {{B(D5), B(C5)}, {B(E4), B(E3)}, {B(F6), B(G7)}},
    [E4] = {{B(E5), 0}, {B(E3), 0}, {B(F4), B(G4)}},
    [E3] = {{B(E4), B(E5)}, {B(D3), B(C3)}, {B(F2), B(G1)}},
    [D3] = {{B(E3), 0}, {B(C3), 0}, {B(D2), B(D1)}},
    [C3] = {{B(D3), B(E3)}, {B(C4), B(C5)}, {B(B2), B(A1)}},
    [C4] = {{B(C3), 0}, {B(C5), 0}, {B(B4), B(A4)}},
};

/* clang-format on */

int mo_point_at(char file, char rank)
{
    for (int p = 0; p < MO_POINTS; p++)
        if (mo_point_name[p][0] == file && mo_point_name[p][1] == rank) return p;
    return -1;
}

uint32_t mo_mill_points(uint32_t bb)
{
    uint32_t in = 0;
    for (int l = 0; l < MO_LINES; l++)
        if ((bb & mo_line_mask[l]) == mo_line_mask[l]) in |= mo_line_mask[l];
    return in;
}
