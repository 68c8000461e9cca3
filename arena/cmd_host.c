/* cmd_host.c -- `arena keygen` and `arena host`: the command lines of keys.h
 * and host.h. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cmds.h"
#include "host.h"
#include "keys.h"
#include "remote_hosts.h"

static const char keygen_help[] =
    "Usage: arena keygen DIR\n\n"
    "Makes a CURVE key pair for the tcp connections between an arena and its seat\n"
    "hosts (arena host, arena tournament --hosts): DIR/public.key, which you give\n"
    "to the other side, and DIR/secret.key (mode 0600), which never leaves. DIR is\n"
    "created when missing; an existing pair is never overwritten.\n\n"
    "  --out DIR              the same as giving DIR\n\n"
    "Example: arena keygen ~/.arena/keys   (on the arena and on every host)\n";

int cmd_keygen(int argc, char **argv)
{
    const char *dir = NULL;
    struct option opts[] = {
        {"out", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "keygen", argc, argv, ":h", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (c == 'h') return fputs(keygen_help, stdout), 0;
        if (cli_once(&seen, c, optarg)) return 2;
        if (c == 'o') {
            dir = optarg;
            continue;
        }
        return cli_bad_option(&seen, c);
    }
    if (optind < argc && !dir) dir = argv[optind++];
    if (dir && cli_nonempty("keygen", &dir, 1, "a directory for the keys")) return 2;
    if (!dir || optind < argc) {
        fprintf(stderr, "arena keygen: give one directory\n%s", keygen_help);
        return 2;
    }
    keys_pair kp;
    char err[600];
    if (keys_generate(dir, &kp, err, sizeof err)) return cli_error("keygen", 1, "%s", err);
    printf("%s/%s  %s\n%s/%s  (secret, mode 0600)\n", dir, KEYS_PUBLIC_FILE, kp.public_z85, dir,
           KEYS_SECRET_FILE);
    return 0;
}

static const char host_help[] =
    "Usage: arena host --listen ENDPOINT --keys DIR --allow FILE|DIR... [options]\n\n"
    "Serves jailed seats to arenas on other machines (arena tournament --hosts):\n"
    "each seat an arena asks for is a seat host and jail started here, as the\n"
    "arena starts them locally. Bots and rule modules arrive by SHA-256 on first\n"
    "use and are cached; bytes that do not match their hash are refused. Every\n"
    "connection is encrypted and authenticated with CURVE: only arenas whose\n"
    "public key is listed get in. Runs until interrupted (Ctrl-C, SIGTERM).\n\n"
    "  --listen ENDPOINT      where to listen, e.g. tcp://*:5555\n"
    "  --keys DIR             this host's key pair (arena keygen DIR)\n"
    "  --allow FILE|DIR       public keys of the arenas that may use this host (a\n"
    "                         file of keys, one a line, or a directory of such\n"
    "                         files); may be repeated\n"
    "  --state DIR            where the file cache lives (default ./arena-host)\n"
    "  --insecure             plain tcp without CURVE: anyone who reaches the port\n"
    "                         can run code here (trusted networks and tests only)\n"
    "  --allow-unsandboxed    also serve arenas that ask for --sandbox off (refused\n"
    "                         by default: such a bot can do what this user can)\n\n"
    "Example: arena host --listen tcp://*:5555 --keys ~/.arena/keys \\\n"
    "           --allow ~/.arena/arenas\n";

int cmd_host(int argc, char **argv)
{
    host_opts o = {.state_dir = "arena-host"};
    const char *allow[64];
    struct option opts[] = {
        {"listen", required_argument, NULL, 'l'}, {"keys", required_argument, NULL, 'k'},
        {"allow", required_argument, NULL, 'a'},  {"state", required_argument, NULL, 's'},
        {"insecure", no_argument, NULL, 'i'},     {"allow-unsandboxed", no_argument, NULL, 'u'},
        {"help", no_argument, NULL, 'h'},         {0, 0, 0, 0}};
    cli_seen seen;
    if (cli_start(&seen, "host", argc, argv, ":h", opts)) return 2;
    int c;
    while ((c = cli_next(&seen)) != -1) {
        if (c != 'a' && cli_once(&seen, c, optarg)) return 2; /* --allow: one per key */
        switch (c) {
        case 'h':
            return fputs(host_help, stdout), 0;
        case 'l':
            o.listen = optarg;
            break;
        case 'k':
            o.keys_dir = optarg;
            break;
        case 'a':
            if (o.n_allow == 64) return cli_error("host", 2, "at most 64 --allow");
            allow[o.n_allow++] = optarg;
            break;
        case 's':
            o.state_dir = optarg;
            break;
        case 'i':
            o.insecure = 1;
            break;
        case 'u':
            o.allow_unsandboxed = 1;
            break;
        default:
            return cli_bad_option(&seen, c);
        }
    }
    o.allow = allow;
    if (cli_no_operands("host", argv + optind, argc - optind, 0) ||
        cli_nonempty("host", allow, o.n_allow, "a key file or directory of --allow"))
        return 2;
    if (!o.listen) return cli_error("host", 2, "--listen is needed (e.g. tcp://*:5555)");
    if (remote_endpoint_check(o.listen, 1))
        return cli_error("host", 2,
                         "--listen takes a tcp://HOST:PORT endpoint (PORT from 1 to 65535, or "
                         "* for any free one), not '%s'",
                         o.listen);
    if (!o.insecure && !o.keys_dir)
        return cli_error("host", 2,
                         "--keys DIR is needed (make a pair with: arena keygen DIR), "
                         "or --insecure");
    if (!o.insecure && !o.n_allow)
        return cli_error("host", 2,
                         "--allow is needed: the public keys of the arenas that "
                         "may use this host");
    return host_run(&o);
}
