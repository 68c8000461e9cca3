/* chance.c -- the chance stream (see chance.h). */
#include <sodium.h>
#include <string.h>

#include "chance.h"

void chance_init(chance_stream *cs, uint64_t chance_seed)
{
    unsigned char seed[8];
    for (int i = 0; i < 8; i++)
        seed[i] = (unsigned char)(chance_seed >> (8 * i));
    crypto_generichash(cs->key, sizeof cs->key, seed, sizeof seed, NULL, 0);
    cs->next_block = 0;
    cs->pos = CHANCE_BUFFERED;
}

static void refill(chance_stream *cs)
{
    /* The keystream is ChaCha20 of zeros; the nonce is fixed because each
     * key serves one match. */
    static const unsigned char zeros[sizeof cs->buf];
    static const unsigned char nonce[crypto_stream_chacha20_NONCEBYTES];
    unsigned char bytes[sizeof cs->buf];
    crypto_stream_chacha20_xor_ic(bytes, zeros, sizeof bytes, nonce, cs->next_block, cs->key);
    cs->next_block += sizeof bytes / 64;
    for (int i = 0; i < CHANCE_BUFFERED; i++) {
        uint64_t v = 0;
        for (int b = 0; b < 8; b++)
            v |= (uint64_t)bytes[8 * i + b] << (8 * b);
        cs->buf[i] = v;
    }
    cs->pos = 0;
}

double chance_uniform(chance_stream *cs)
{
    if (cs->pos == CHANCE_BUFFERED) refill(cs);
    return (double)(cs->buf[cs->pos++] >> 11) * (1.0 / 9007199254740992.0);
}
