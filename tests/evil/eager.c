/* eager.c -- item 5's other half: answers before it is asked. On its first
 * move it writes a well-formed answer to the current request itself (a
 * packed WorkerMsg{action: ActionReply{seq, action}}), then returns, so a
 * second answer follows: one message nobody asked for. Exactly one answer
 * per request is read; the extra one is garbage. */
#include <stdint.h>
#include <sys/socket.h>

#include "evil_common.h"

static void attack(const arena_turn *turn)
{
    /* seq counts this worker's turns from 1: the first move is seq 1 */
    uint8_t inner[] = {0x08, 1, 0x10, (uint8_t)(turn->legal[0] * 2)}; /* zigzag, small */
    uint8_t msg[2 + sizeof inner] = {0x1a, (uint8_t)sizeof inner};
    for (size_t i = 0; i < sizeof inner; i++)
        msg[2 + i] = inner[i];
    send(3, msg, sizeof msg, MSG_NOSIGNAL);
}

EVIL_BOT("eager", attack(turn))
