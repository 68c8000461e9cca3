/* fuzz_wire.c -- the arena's decoders of worker and arena messages (the bytes
 * a bot's process sends) on arbitrary input. */
#include <stddef.h>
#include <stdint.h>

#include "wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static wire_scratch scratch;
    static int ready;
    if (!ready) wire_scratch_init(&scratch), ready = 1;
    Arena__WorkerMsg *w = NULL;
    if (wire_decode_worker(&scratch.alloc, data, size, &w) == WIRE_OK) {
        if (w->body_case == ARENA__WORKER_MSG__BODY_SETUP_REPLY && w->setup_reply->info)
            (void)w->setup_reply->info->name;
        arena__worker_msg__free_unpacked(w, &scratch.alloc);
    }
    Arena__ArenaMsg *a = NULL;
    if (wire_decode_arena(&scratch.alloc, data, size, &a) == WIRE_OK)
        arena__arena_msg__free_unpacked(a, &scratch.alloc);
    return 0;
}
