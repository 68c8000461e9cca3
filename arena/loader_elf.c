/* loader_elf.c -- what a shared object is, read from its bytes before it is
 * loaded into the arena's own process.
 *
 * dlopen runs a library's constructors and maps its segments from the file:
 * a truncated copy (half-copied, a disk that filled up) maps pages past the
 * end of the file, and the first touch of one kills the arena with SIGBUS;
 * a bot lying in a directory searched for games would have its constructors
 * run unsandboxed. So a file is read first, through ordinary reads that fail
 * cleanly: an ELF shared object of this machine's class, every loadable
 * segment inside the file, and an exported (defined, global) symbol of the
 * wanted name in its dynamic symbol table. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "loader.h"

#if UINTPTR_MAX > 0xffffffffu
typedef Elf64_Ehdr elf_ehdr;
typedef Elf64_Phdr elf_phdr;
typedef Elf64_Shdr elf_shdr;
typedef Elf64_Sym elf_sym;
#define ELF_CLASS ELFCLASS64
#define ELF_SYM_BIND ELF64_ST_BIND
#else
typedef Elf32_Ehdr elf_ehdr;
typedef Elf32_Phdr elf_phdr;
typedef Elf32_Shdr elf_shdr;
typedef Elf32_Sym elf_sym;
#define ELF_CLASS ELFCLASS32
#define ELF_SYM_BIND ELF32_ST_BIND
#endif

/* A table of the file of `count` entries of `size` bytes at `off`, read
 * whole; NULL when it does not lie inside the file (or no memory). */
static void *elf_table(int fd, uint64_t size, uint64_t off, uint64_t count, uint64_t entsize)
{
    if (!count || !entsize || count > size / entsize || off > size || count * entsize > size - off)
        return NULL;
    size_t len = (size_t)(count * entsize);
    char *buf = malloc(len);
    if (buf && pread(fd, buf, len, (off_t)off) != (ssize_t)len) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* Whether the dynamic symbol table exports `symbol`: 1 yes, 0 no, -1 when the
 * section headers are unreadable (what dlopen does not need, so no verdict). */
static int elf_exports(int fd, uint64_t size, const elf_ehdr *eh, const char *symbol)
{
    if (!eh->e_shnum || eh->e_shentsize != sizeof(elf_shdr)) return -1;
    elf_shdr *sh = elf_table(fd, size, eh->e_shoff, eh->e_shnum, sizeof *sh);
    if (!sh) return -1;
    int found = -1;
    for (unsigned i = 0; i < eh->e_shnum && found < 1; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum) continue;
        const elf_shdr *strs = &sh[sh[i].sh_link];
        elf_sym *sym =
            elf_table(fd, size, sh[i].sh_offset, sh[i].sh_size / sizeof *sym, sizeof *sym);
        char *names = elf_table(fd, size, strs->sh_offset, strs->sh_size, 1);
        found = sym && names ? 0 : found;
        for (uint64_t k = 0; sym && names && k < sh[i].sh_size / sizeof *sym; k++) {
            uint64_t at = sym[k].st_name;
            int bind = ELF_SYM_BIND(sym[k].st_info);
            if (sym[k].st_shndx != SHN_UNDEF && (bind == STB_GLOBAL || bind == STB_WEAK) &&
                at < strs->sh_size && strnlen(names + at, strs->sh_size - at) == strlen(symbol) &&
                memcmp(names + at, symbol, strlen(symbol)) == 0)
                found = 1;
        }
        free(sym);
        free(names);
    }
    free(sh);
    return found;
}

/* The name of an ELF machine, for the few a bot is likely built for. */
static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_X86_64:
        return "x86-64";
    case EM_386:
        return "i386";
    case EM_AARCH64:
        return "aarch64";
    case EM_ARM:
        return "arm";
    case EM_RISCV:
        return "riscv";
    case EM_PPC64:
        return "ppc64";
    case EM_S390:
        return "s390x";
    }
    return NULL;
}

/* This arena's own machine, as its compiler knows it; 0 when unknown (then
 * no verdict: dlopen has the last word). Not read from /proc/self/exe: the
 * check also runs in the jail. */
static unsigned own_machine(void)
{
#if defined(__x86_64__)
    return EM_X86_64;
#elif defined(__i386__)
    return EM_386;
#elif defined(__aarch64__)
    return EM_AARCH64;
#elif defined(__arm__)
    return EM_ARM;
#elif defined(__riscv)
    return EM_RISCV;
#elif defined(__powerpc64__)
    return EM_PPC64;
#elif defined(__s390x__)
    return EM_S390;
#else
    return 0;
#endif
}

/* Into buf, why a file built for machine theirs cannot load here (ours):
 * dlopen says only "cannot open shared object file: No such file". */
static const char *other_machine(unsigned theirs, unsigned ours, char *buf, size_t len)
{
    const char *a = machine_name(theirs), *b = machine_name(ours);
    if (a && b)
        snprintf(buf, len, "built for %s, not this machine's %s: build it here", a, b);
    else
        snprintf(buf, len,
                 "built for another machine (ELF machine %u, this one's is %u): build it here",
                 theirs, ours);
    return buf;
}

int loader_elf_check(const char *path, const char *symbol, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return arena_errf(err, errlen, "%s: cannot open: %s", path, strerror(errno)), -1;
    struct stat st;
    elf_ehdr eh;
    const char *bad = NULL;
    char why[160];
    unsigned ours;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        bad = "not a regular file";
    else if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh ||
             memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
        bad = "not an ELF shared object";
    else if (eh.e_type == ET_REL) /* a compiled but unlinked bot.o */
        bad = "an object file (.o), not a shared library: link it with -shared, e.g. "
              "cc -shared -fPIC -o bot.so bot.c";
    else if (eh.e_ident[EI_CLASS] != ELF_CLASS || eh.e_type != ET_DYN)
        bad = "not a shared object of this machine's kind";
    else if ((ours = own_machine()) && eh.e_machine != ours)
        bad = other_machine(eh.e_machine, ours, why, sizeof why);
    uint64_t size = (uint64_t)st.st_size;
    elf_phdr *ph = NULL;
    if (!bad && (eh.e_phentsize != sizeof *ph ||
                 !(ph = elf_table(fd, size, eh.e_phoff, eh.e_phnum, sizeof *ph))))
        bad = "truncated or damaged (its program headers lie outside the file)";
    for (unsigned i = 0; !bad && i < eh.e_phnum; i++)
        if (ph[i].p_type == PT_LOAD &&
            (ph[i].p_offset > size || ph[i].p_filesz > size - ph[i].p_offset))
            bad = "truncated (a segment ends past the end of the file: half copied?)";
    free(ph);
    int exports = bad ? -1 : elf_exports(fd, size, &eh, symbol);
    close(fd);
    if (bad) return arena_errf(err, errlen, "%s: cannot load: %s", path, bad), -1;
    return exports == 0 ? loader_not_entry(path, symbol, err, errlen) : 0;
}
