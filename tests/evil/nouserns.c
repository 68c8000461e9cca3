/* nouserns.c -- runs a command as on a host without user namespaces:
 * clone() and unshare() with CLONE_NEWUSER fail with EPERM (clone3 with
 * ENOSYS, so that the C library falls back to clone), as they do where the
 * kernel forbids them. With --uid N the command also runs as that user.
 *
 * Usage: nouserns [--uid N] COMMAND [ARG...] */
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <grp.h>

int main(int argc, char **argv)
{
    int i = 1;
    if (argc > 2 && strcmp(argv[1], "--uid") == 0) {
        uid_t id = (uid_t)atoi(argv[2]);
        if (setgroups(0, NULL) || setresgid(id, id, id) || setresuid(id, id, id)) {
            perror("nouserns: set uid");
            return 127;
        }
        i = 3;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: nouserns [--uid N] COMMAND [ARG...]\n");
        return 2;
    }
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER)) ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(unshare), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_NEWUSER, CLONE_NEWUSER)) ||
        seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) || seccomp_load(ctx)) {
        fprintf(stderr, "nouserns: cannot load the filter\n");
        return 127;
    }
    seccomp_release(ctx);
    execvp(argv[i], argv + i);
    perror(argv[i]);
    return 127;
}
