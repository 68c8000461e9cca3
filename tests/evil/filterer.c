/* filterer.c -- item 10: a constructor that installs a seccomp filter of its
 * own answering seccomp() with 0, so that a filter the arena loads later
 * would silently not load. The arena's filter is already in place when the
 * bot is loaded and refuses seccomp(): expected sandbox violation: seccomp
 * (or prctl), before the bot plays anything. */
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "evil_common.h"

__attribute__((constructor)) static void install_own_filter(void)
{
    struct sock_filter code[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_seccomp, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {sizeof code / sizeof *code, code};
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

EVIL_BOT("filterer", (void)0)
