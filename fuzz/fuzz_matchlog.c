/* fuzz_matchlog.c -- match logs and segments of logs on arbitrary input:
 * refused with a message, read whole, or (salvage) read up to the damage;
 * never a crash. */
#include <stddef.h>
#include <stdint.h>

#include "matchlog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena__MatchLog **logs;
    size_t n;
    char err[512];
    if (matchlog_parse_all("fuzz", data, size, &logs, &n, err, sizeof err) == 0)
        matchlog_free_all(logs, n);
    /* the recovering reader: what it keeps of a damaged segment is freed as
     * a whole one is */
    if (matchlog_parse_salvage("fuzz", data, size, &logs, &n, err, sizeof err) >= 0)
        matchlog_free_all(logs, n);
    return 0;
}
