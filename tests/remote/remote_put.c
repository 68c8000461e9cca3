/* remote_put.c -- `remote_put ENDPOINT HOST_KEY ARENA_KEYS SHA FILE`: asks a
 * seat host (arena host) for a seat whose bot and rule module are both named
 * SHA, answers its NEED with the bytes of FILE, and prints the host's answer
 * (OPENED, or ERROR and its text). An arena never sends bytes under a name
 * they do not hash to: this is how the test shows that a host refuses them.
 * Exit 0 when the host answered, 1 otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "remote_hosts.h"

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: remote_put ENDPOINT HOST_KEY ARENA_KEYS SHA FILE\n");
        return 2;
    }
    static remote_set rs;
    char err[600];
    if (remote_set_open(&rs, argv[1], argv[2], argv[3], 0, err, sizeof err)) {
        fprintf(stderr, "remote_put: %s\n", err);
        return 1;
    }
    remote_conn c;
    int rc = 1;
    const char *open[5] = {"OPEN", argv[4], argv[4], "1", "1024"};
    if (remote_conn_open(&rs, &rs.host[0], &c, err, sizeof err) == 0) {
        remote_send_text(c.sock, 5, open);
        for (;;) {
            remote_msg m;
            if (remote_conn_wait(&c, arena_now_us() + 10000000, &m, err, sizeof err)) break;
            char verb[16], text[600];
            remote_part_str(&m, 0, verb, sizeof verb);
            remote_part_str(&m, 1, text, sizeof text);
            remote_msg_close(&m);
            if (strcmp(verb, "NEED") != 0) {
                printf("%s %s\n", verb, text);
                rc = 0;
                break;
            }
            FILE *f = fopen(argv[5], "rb");
            static char buf[1 << 20];
            size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
            if (f) fclose(f);
            const void *data[3] = {"FILE", text, buf};
            size_t len[3] = {4, strlen(text), n};
            remote_send(c.sock, 3, data, len);
        }
        remote_conn_close(&c);
    }
    if (rc) fprintf(stderr, "remote_put: %s\n", err);
    remote_set_close(&rs);
    return rc;
}
