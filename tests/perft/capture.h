/* capture.h -- test helper: runs a command's main with stdout and stderr
 * captured into strings (shared by the perft and replay suites). */
#ifndef TEST_CAPTURE_H
#define TEST_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

typedef int (*capture_main_fn)(int argc, char **argv);

static void capture_read(FILE *f, char *buf, size_t len)
{
    rewind(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
}

/* Returns fn's exit code; out and err get what it printed (truncated). */
static int capture_run(capture_main_fn fn, int argc, char **argv, char *out, size_t outlen,
                       char *err, size_t errlen)
{
    FILE *fo = tmpfile(), *fe = tmpfile();
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2);
    dup2(fileno(fo), 1);
    dup2(fileno(fe), 2);
    int rc = fn(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    capture_read(fo, out, outlen);
    capture_read(fe, err, errlen);
    return rc;
}

#endif
