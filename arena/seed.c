/* seed.c -- one-way seed derivation (see seed.h). */
#include <sodium.h>
#include <string.h>

#include "seed.h"

uint64_t seed_derive(uint64_t parent, const char *role, uint64_t index)
{
    /* generichash keys need 16 bytes: the parent twice, little-endian, then
     * the message is the role and the index. */
    unsigned char key[16], msg[72], out[16];
    for (int i = 0; i < 8; i++)
        key[i] = key[i + 8] = (unsigned char)(parent >> (8 * i));
    size_t len = strnlen(role, 63);
    memcpy(msg, role, len);
    msg[len++] = 0;
    for (int i = 0; i < 8; i++)
        msg[len++] = (unsigned char)(index >> (8 * i));
    crypto_generichash(out, sizeof out, msg, len, key, sizeof key);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)out[i] << (8 * i);
    return v;
}

void seed_init(void)
{
    /* a failure leaves the portable code: the same hashes, slower */
    int rc = sodium_init();
    (void)rc;
}
