/* ratings_linalg.c -- Cholesky factorisation, solve and inverse of the small
 * dense symmetric positive definite matrices of the rating fit (the negated
 * Hessian of a concave log-posterior). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ratings_internal.h"
#include "xalloc.h"

/* a = L L^T; L overwrites the lower triangle (upper left as is). -1 if a is
 * not numerically positive definite. */
int ratings_cholesky(double *a, int n)
{
    for (int j = 0; j < n; j++) {
        double s = a[j * n + j];
        for (int k = 0; k < j; k++)
            s -= a[j * n + k] * a[j * n + k];
        if (!(s > 0) || !isfinite(s)) return -1;
        double ljj = sqrt(s);
        a[j * n + j] = ljj;
        for (int i = j + 1; i < n; i++) {
            double t = a[i * n + j];
            for (int k = 0; k < j; k++)
                t -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = t / ljj;
        }
    }
    return 0;
}

/* Solves L L^T x = b in place (b given in x). */
void ratings_cholesky_solve(const double *l, int n, double *x)
{
    for (int i = 0; i < n; i++) {
        double t = x[i];
        for (int k = 0; k < i; k++)
            t -= l[i * n + k] * x[k];
        x[i] = t / l[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double t = x[i];
        for (int k = i + 1; k < n; k++)
            t -= l[k * n + i] * x[k];
        x[i] = t / l[i * n + i];
    }
}

/* inv = a^-1, column by column; a is left untouched. */
int ratings_spd_inverse(const double *a, int n, double *inv)
{
    size_t sq = (size_t)n * n;
    double *l = xmalloc((sq + (size_t)n) * sizeof *l);
    if (!l) return -1;
    double *col = l + sq;
    memcpy(l, a, sq * sizeof *l);
    if (ratings_cholesky(l, n) != 0) {
        free(l);
        return -1;
    }
    for (int j = 0; j < n; j++) {
        for (int i = 0; i < n; i++)
            col[i] = i == j;
        ratings_cholesky_solve(l, n, col);
        for (int i = 0; i < n; i++)
            inv[i * n + j] = col[i];
    }
    free(l);
    return 0;
}

/* out = a b (n x n); out may not be a or b. */
void ratings_matmul(const double *a, const double *b, int n, double *out)
{
    memset(out, 0, (size_t)n * n * sizeof *out);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double aik = a[i * n + k];
            if (aik == 0) continue;
            for (int j = 0; j < n; j++)
                out[i * n + j] += aik * b[k * n + j];
        }
}

/* a = Q diag(w) Q^T for a symmetric a (destroyed), by cyclic Jacobi
 * rotations: small, exact to rounding, and the same result for the same
 * input. q gets the eigenvectors as columns. */
void ratings_sym_eigen(double *a, int n, double *w, double *q)
{
    for (int i = 0; i < n * n; i++)
        q[i] = i / n == i % n;
    for (int sweep = 0; sweep < 100; sweep++) {
        double off = 0, all = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                all += a[i * n + j] * a[i * n + j];
                if (i != j) off += a[i * n + j] * a[i * n + j];
            }
        if (off <= 1e-30 * all) break;
        for (int p = 0; p < n; p++)
            for (int r = p + 1; r < n; r++) {
                double apr = a[p * n + r];
                if (apr == 0) continue;
                double theta = (a[r * n + r] - a[p * n + p]) / (2 * apr);
                double t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), s = t * c;
                for (int k = 0; k < n; k++) { /* columns p and r */
                    double kp = a[k * n + p], kr = a[k * n + r];
                    a[k * n + p] = c * kp - s * kr;
                    a[k * n + r] = s * kp + c * kr;
                }
                for (int k = 0; k < n; k++) { /* rows p and r */
                    double pk = a[p * n + k], rk = a[r * n + k];
                    a[p * n + k] = c * pk - s * rk;
                    a[r * n + k] = s * pk + c * rk;
                }
                for (int k = 0; k < n; k++) {
                    double kp = q[k * n + p], kr = q[k * n + r];
                    q[k * n + p] = c * kp - s * kr;
                    q[k * n + r] = s * kp + c * kr;
                }
            }
    }
    for (int i = 0; i < n; i++)
        w[i] = a[i * n + i];
}
