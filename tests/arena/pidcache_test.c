/* pidcache_test.c -- getpid() from the arena's cache (arena/pidcache.c,
 * linked into this test as into the arena): the kernel's answer in the
 * process, its threads and every kind of child, and no system call once
 * asked. */
#include <check.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

static pid_t kernel_pid(void)
{
    return (pid_t)syscall(SYS_getpid);
}

/* 0 when the child's getpid() is the kernel's pid of the child. */
static int child_check(void *parent)
{
    pid_t p = getpid();
    return p == kernel_pid() && p != *(pid_t *)parent ? 0 : 1;
}

static int wait_exit(pid_t pid)
{
    int st;
    ck_assert_int_eq(waitpid(pid, &st, __WALL), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

START_TEST(the_process_gets_its_pid)
{
    ck_assert_int_eq(getpid(), kernel_pid());
    ck_assert_int_eq(getpid(), kernel_pid()); /* from the cache now */
}
END_TEST

/* The parent's pid is cached before each child is made: a child that saw the
 * parent's page would answer with the parent's pid. */
START_TEST(children_get_their_own_pid)
{
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) _exit(child_check(&parent));
    ck_assert_int_eq(wait_exit(pid), 0);

    /* clone without CLONE_VM, as the jail makes its processes */
    static char stack[64 * 1024];
    pid = clone(child_check, stack + sizeof stack, SIGCHLD, &parent);
    ck_assert_int_ge(pid, 0);
    ck_assert_int_eq(wait_exit(pid), 0);
    ck_assert_int_eq(getpid(), parent);
}
END_TEST

static void *thread_pid(void *arg)
{
    (void)arg;
    return (void *)(intptr_t)getpid();
}

START_TEST(threads_share_the_pid)
{
    pthread_t t;
    void *got;
    ck_assert_int_eq(pthread_create(&t, NULL, thread_pid, NULL), 0);
    ck_assert_int_eq(pthread_join(t, &got), 0);
    ck_assert_int_eq((pid_t)(intptr_t)got, kernel_pid());
}
END_TEST

/* Once asked, getpid() makes no system call: in a child whose getpid system
 * call fails (seccomp), the pid asked before still comes back. */
START_TEST(no_system_call_once_asked)
{
    pid_t pid = fork();
    if (pid == 0) {
        pid_t mine = getpid();
        scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
        if (!ctx || seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(getpid), 0) ||
            seccomp_load(ctx))
            _exit(2);
        if (kernel_pid() != -1) _exit(3); /* the filter works */
        _exit(getpid() == mine ? 0 : 1);
    }
    ck_assert_int_eq(wait_exit(pid), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pidcache");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, the_process_gets_its_pid);
    tcase_add_test(tc, children_get_their_own_pid);
    tcase_add_test(tc, threads_share_the_pid);
    tcase_add_test(tc, no_system_call_once_asked);
    suite_add_tcase(s, tc);
    return support_main(s);
}
