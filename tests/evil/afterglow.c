/* afterglow.c -- computes after it has answered. It hooks the jail runner's
 * send() (the arena binary's GOT slot, which a bot in the runner's process
 * can rewrite: the filter allows mprotect without PROT_EXEC), and after each
 * answer has gone out it spins for 300 ms of CPU, until its seat host stops
 * it. Once that window was free: the host's stop lands 30 us to 5 ms after
 * the answer, and a bot could think there on the next move's problem.
 * Expected: what it computes after an answer counts toward its next request
 * (owntime.h, invariant 4). A test makes the window as long as the bot wants
 * (ARENA_TEST_STOP_WHEN_IDLE: the host stops it only once it sleeps), so
 * its first turn starts 300 ms over a 100 ms move and loses on time. */
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include "evil_common.h"

typedef ssize_t (*send_fn)(int, const void *, size_t, int);

static send_fn real_send;

static ssize_t glowing_send(int fd, const void *buf, size_t len, int flags)
{
    ssize_t n = real_send(fd, buf, len, flags);
    evil_spin_cpu(0.3); /* the answer is out: now think for free */
    return n;
}

/* The main program's jump slot for `name`, found through its dynamic
 * section (dl_iterate_phdr lists the main program first, unnamed). */
static int find_slot(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    void ***slot = data;
    if (info->dlpi_name && info->dlpi_name[0]) return 0;
    const ElfW(Dyn) *dyn = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
            dyn = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    const ElfW(Rela) *rel = NULL;
    const ElfW(Sym) *sym = NULL;
    const char *str = NULL;
    size_t rel_bytes = 0;
    for (; dyn && dyn->d_tag != DT_NULL; dyn++) {
        if (dyn->d_tag == DT_JMPREL) rel = (const ElfW(Rela) *)dyn->d_un.d_ptr;
        if (dyn->d_tag == DT_PLTRELSZ) rel_bytes = dyn->d_un.d_val;
        if (dyn->d_tag == DT_SYMTAB) sym = (const ElfW(Sym) *)dyn->d_un.d_ptr;
        if (dyn->d_tag == DT_STRTAB) str = (const char *)dyn->d_un.d_ptr;
    }
    for (size_t i = 0; rel && sym && str && i < rel_bytes / sizeof *rel; i++)
        if (strcmp(str + sym[ELF64_R_SYM(rel[i].r_info)].st_name, "send") == 0) {
            *slot = (void **)(info->dlpi_addr + rel[i].r_offset);
            break;
        }
    return 1;
}

static void *afterglow_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    if (!real_send) {
        void **slot = NULL;
        dl_iterate_phdr(find_slot, &slot);
        long page = sysconf(_SC_PAGESIZE);
        void *start = (void *)((uintptr_t)slot & ~(uintptr_t)(page - 1));
        if (!slot || mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) {
            /* a refusal, never a quiet honest game: the test must not pass
             * because the attack did not happen */
            snprintf(err, errlen, "afterglow: cannot hook the runner's send()");
            return NULL;
        }
        real_send = (send_fn)*slot;
        *slot = (void *)glowing_send;
    }
    return evil_create(setup, err, errlen);
}

static int32_t afterglow_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("afterglow", "1.0", "tests", "*", afterglow_create, afterglow_act, NULL, evil_destroy)
