/* matchlog_pack.c -- a MatchLog's bytes, written here in protobuf's wire
 * format rather than through protobuf-c's generic code, which took 12,800
 * of the 31,000 instructions the referee spent on a match of random morris
 * besides its plies. The bytes are exactly protobuf-c's (test_replay
 * compares them, head and columns), and every reader still unpacks with
 * protobuf-c. */
#include <string.h>

#include "matchlog.h"
#include "xalloc.h"

/* What goes to disk: a log that has its actions as columns (format 2) is
 * packed without the LoggedAction messages a reader may have added for
 * itself (matchlog_expand). */
static Arena__MatchLog disk_view(const Arena__MatchLog *log)
{
    Arena__MatchLog v = *log;
    if (log->n_action_id == log->n_actions && log->n_actions > 0) {
        v.n_actions = 0;
        v.actions = NULL;
    }
    return v;
}

/* --- the columns, packed here ---------------------------------------------
 * protobuf-c packs a repeated number one element at a time through its
 * generic field code: 26,000 instructions for the columns of a 200-ply
 * morris game, a sixth of what the referee spends on the whole match. The
 * columns are the last fields of a MatchLog (18-24: the actions', then the
 * starts' and the stand-ins' by seat), and protobuf-c writes fields in
 * number order, so a log's bytes are its head (fields 1-17, below) followed
 * by the columns, written here in protobuf's wire format: each a tag, a length and packed varints
 * (sint32 zigzag-encoded, int64 as is). They are exactly the bytes
 * protobuf-c writes (test_replay compares them), and every reader still
 * unpacks with protobuf-c. */

enum { COL_SEAT, COL_ID, COL_THINK, COL_CPU, COL_START_THINK, COL_START_CPU, COL_STAND_IN, COL_N };

static uint8_t *varint_put(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

static uint64_t zigzag32(int32_t v)
{
    return (uint32_t)(((uint32_t)v << 1) ^ (uint32_t)(v >> 31));
}

/* One value of a column. Most take one byte or two (an action id of
 * morris: either, at random), written here without a branch on which --
 * one on the bot's choices is mispredicted half the time; longer ones by
 * varint_put. Writes a byte past a one-byte value: the room has ten a value. */
static inline uint8_t *put_value(uint8_t *p, uint64_t v)
{
    if (v >= 0x4000) return varint_put(p, v);
    unsigned two = v >= 0x80;
    p[0] = (uint8_t)(v | two << 7);
    p[1] = (uint8_t)(v >> 7);
    return p + 1 + two;
}

/* One loop per column type. Many columns are one byte a value (seats, think
 * times under 128 us), so a block of COL_BLOCK values is tested at once and,
 * when all are small, written without a test each (the compiler makes both
 * loops vector code). */
#define COL_BLOCK 16

static uint8_t *put_sint32(uint8_t *p, const int32_t *a, size_t n)
{
    size_t i = 0;
    for (; i + COL_BLOCK <= n; i += COL_BLOCK) {
        uint32_t any = 0;
        for (int k = 0; k < COL_BLOCK; k++)
            any |= (uint32_t)zigzag32(a[i + k]);
        if (any < 0x80) {
            for (int k = 0; k < COL_BLOCK; k++)
                p[k] = (uint8_t)zigzag32(a[i + k]);
            p += COL_BLOCK;
        } else {
            for (int k = 0; k < COL_BLOCK; k++)
                p = put_value(p, zigzag32(a[i + k]));
        }
    }
    for (; i < n; i++)
        p = put_value(p, zigzag32(a[i]));
    return p;
}

static uint8_t *put_int64(uint8_t *p, const int64_t *a, size_t n)
{
    size_t i = 0;
    for (; i + COL_BLOCK <= n; i += COL_BLOCK) {
        uint64_t any = 0;
        for (int k = 0; k < COL_BLOCK; k++)
            any |= (uint64_t)a[i + k];
        if (any < 0x80) {
            for (int k = 0; k < COL_BLOCK; k++)
                p[k] = (uint8_t)a[i + k];
            p += COL_BLOCK;
        } else {
            for (int k = 0; k < COL_BLOCK; k++)
                p = put_value(p, (uint64_t)a[i + k]);
        }
    }
    for (; i < n; i++)
        p = put_value(p, (uint64_t)a[i]);
    return p;
}

/* A column written in one pass, its length not known yet: room for the
 * longest length varint is left after the tag, the values are written, then
 * the length, and the values moved down to meet it. */
#define COL_LEN_ROOM 5 /* a payload under 32 GiB */

static uint8_t *column_tag_len(uint8_t *p, int c, uint8_t *values, uint8_t *end)
{
    size_t pay = (size_t)(end - values);
    p = varint_put(p, (uint64_t)(18 + c) << 3 | 2); /* length-delimited */
    p = varint_put(p, pay);
    if (p != values) memmove(p, values, pay);
    return p + pay;
}

static uint8_t *column_sint32(uint8_t *p, int c, const int32_t *a, size_t n)
{
    if (!n) return p;
    uint8_t *values = p + 2 + COL_LEN_ROOM; /* tags take 2 bytes */
    return column_tag_len(p, c, values, put_sint32(values, a, n));
}

static uint8_t *column_int64(uint8_t *p, int c, const int64_t *a, size_t n)
{
    if (!n) return p;
    uint8_t *values = p + 2 + COL_LEN_ROOM;
    return column_tag_len(p, c, values, put_int64(values, a, n));
}

/* --- the head, packed here too ---------------------------------------------
 * Fields 1-17, what a log records besides its columns: protobuf-c took 7,700
 * instructions to size and pack them (callgrind, random morris), a quarter of
 * what the referee spends on a match besides its plies. They are written as
 * protobuf-c writes proto3: in number order, a number that is 0, a string
 * that is empty and a message that is absent left out, repeated numbers
 * packed. A log with what this does not write -- LoggedAction messages
 * (format 1) or fields unknown to this arena, which protobuf-c's reader
 * keeps -- goes through protobuf-c as before. */

enum { WIRE_VARINT = 0, WIRE_LEN = 2 }; /* protobuf's wire types */

static size_t varint_size(uint64_t v)
{
    size_t n = 1;
    for (; v >= 0x80; v >>= 7)
        n++;
    return n;
}

static uint8_t *tag_put(uint8_t *p, unsigned field, unsigned wire)
{
    return varint_put(p, (uint64_t)field << 3 | wire);
}

/* A length-delimited field of len bytes, all told. */
static size_t len_field_size(unsigned field, size_t len)
{
    return varint_size((uint64_t)field << 3) + varint_size(len) + len;
}

static uint8_t *len_put(uint8_t *p, unsigned field, size_t len)
{
    return varint_put(tag_put(p, field, WIRE_LEN), len);
}

/* A number field (its varint as protobuf-c writes its type); 0 is left out. */
static size_t num_size(unsigned field, uint64_t v)
{
    return v ? varint_size((uint64_t)field << 3) + varint_size(v) : 0;
}

static uint8_t *num_put(uint8_t *p, unsigned field, uint64_t v)
{
    return v ? varint_put(tag_put(p, field, WIRE_VARINT), v) : p;
}

/* An int32 or an enum: a negative one takes ten bytes, sign-extended. */
static uint64_t int32_wire(int32_t v)
{
    return (uint64_t)(int64_t)v;
}

static size_t str_size(unsigned field, const char *s)
{
    return s && *s ? len_field_size(field, strlen(s)) : 0;
}

/* A string field of n bytes (0: left out). */
static uint8_t *str_put_n(uint8_t *p, unsigned field, const char *s, size_t n)
{
    if (!n) return p;
    p = len_put(p, field, n);
    memcpy(p, s, n);
    return p + n;
}

static uint8_t *str_put(uint8_t *p, unsigned field, const char *s)
{
    return s ? str_put_n(p, field, s, strlen(s)) : p;
}

#define IDENTITY_FIELDS 6

/* An identity's strings and their lengths (0 for NULL), and the bytes of
 * its message: each measured once. */
static size_t identity_fields(const Arena__Identity *id, const char *s[IDENTITY_FIELDS],
                              size_t len[IDENTITY_FIELDS])
{
    s[0] = id->name, s[1] = id->version, s[2] = id->author;
    s[3] = id->path, s[4] = id->sha256, s[5] = id->bot_options;
    size_t n = 0;
    for (unsigned f = 0; f < IDENTITY_FIELDS; f++) {
        len[f] = s[f] ? strlen(s[f]) : 0;
        n += len[f] ? len_field_size(f + 1, len[f]) : 0;
    }
    return n;
}

static size_t identity_size(const Arena__Identity *id)
{
    const char *s[IDENTITY_FIELDS];
    size_t len[IDENTITY_FIELDS];
    return identity_fields(id, s, len);
}

/* An identity as a message field; absent (NULL) is left out. */
static uint8_t *identity_put(uint8_t *p, unsigned field, const Arena__Identity *id)
{
    if (!id) return p;
    const char *s[IDENTITY_FIELDS];
    size_t len[IDENTITY_FIELDS];
    p = len_put(p, field, identity_fields(id, s, len));
    for (unsigned f = 0; f < IDENTITY_FIELDS; f++)
        p = str_put_n(p, f + 1, s[f], len[f]);
    return p;
}

static size_t tc_size(const Arena__TimeControl *tc)
{
    return num_size(1, (uint64_t)tc->base_us) + num_size(2, (uint64_t)tc->increment_us) +
           num_size(3, (uint64_t)tc->move_time_us);
}

static uint8_t *tc_put(uint8_t *p, unsigned field, const Arena__TimeControl *tc)
{
    if (!tc) return p;
    p = len_put(p, field, tc_size(tc));
    p = num_put(p, 1, (uint64_t)tc->base_us);
    p = num_put(p, 2, (uint64_t)tc->increment_us);
    return num_put(p, 3, (uint64_t)tc->move_time_us);
}

static size_t uint64s_size(const uint64_t *a, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += varint_size(a[i]);
    return len;
}

/* A packed repeated uint64; none is left out. */
static uint8_t *uint64s_put(uint8_t *p, unsigned field, const uint64_t *a, size_t n)
{
    if (!n) return p;
    p = len_put(p, field, uint64s_size(a, n));
    for (size_t i = 0; i < n; i++)
        p = varint_put(p, a[i]);
    return p;
}

/* A packed repeated double: each its 8 bytes, little-endian, as the
 * machine holds them (protobuf-c copies them so on such machines). */
static uint8_t *doubles_put(uint8_t *p, unsigned field, const double *a, size_t n)
{
    if (!n) return p;
    p = len_put(p, field, 8 * n);
    memcpy(p, a, 8 * n);
    return p + 8 * n;
}

/* Whether the head is all this packer writes (see above). */
static int head_by_hand(const Arena__MatchLog *log)
{
    if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__) return 0; /* doubles_put */
    if (log->n_actions || log->base.n_unknown_fields) return 0;
    if (log->rules && log->rules->base.n_unknown_fields) return 0;
    if (log->tc && log->tc->base.n_unknown_fields) return 0;
    for (size_t i = 0; i < log->n_bots; i++)
        if (log->bots[i]->base.n_unknown_fields) return 0;
    return 1;
}

/* The bytes of fields 1-17 of a log head_by_hand takes (head_put's). */
static size_t head_size(const Arena__MatchLog *log)
{
    size_t n = num_size(1, log->format) + str_size(2, log->game) + str_size(3, log->options);
    if (log->rules) n += len_field_size(4, identity_size(log->rules));
    for (size_t i = 0; i < log->n_bots; i++)
        n += len_field_size(5, identity_size(log->bots[i]));
    n += num_size(6, log->match_seed);
    if (log->n_bot_seeds) n += len_field_size(7, uint64s_size(log->bot_seeds, log->n_bot_seeds));
    if (log->tc) n += len_field_size(8, tc_size(log->tc));
    if (log->n_returns) n += len_field_size(10, 8 * log->n_returns);
    return n + num_size(11, int32_wire((int32_t)log->end)) + str_size(12, log->end_detail) +
           num_size(13, zigzag32(log->culprit)) + str_size(14, log->tournament) +
           num_size(15, log->match_index) + num_size(16, (uint64_t)log->started_unix_ms) +
           num_size(17, (uint64_t)log->duration_us);
}

static uint8_t *head_put(uint8_t *p, const Arena__MatchLog *log)
{
    p = num_put(p, 1, log->format);
    p = str_put(p, 2, log->game);
    p = str_put(p, 3, log->options);
    p = identity_put(p, 4, log->rules);
    for (size_t i = 0; i < log->n_bots; i++)
        p = identity_put(p, 5, log->bots[i]);
    p = num_put(p, 6, log->match_seed);
    p = uint64s_put(p, 7, log->bot_seeds, log->n_bot_seeds);
    p = tc_put(p, 8, log->tc);
    p = doubles_put(p, 10, log->returns, log->n_returns);
    p = num_put(p, 11, int32_wire((int32_t)log->end));
    p = str_put(p, 12, log->end_detail);
    p = num_put(p, 13, zigzag32(log->culprit));
    p = str_put(p, 14, log->tournament);
    p = num_put(p, 15, log->match_index);
    p = num_put(p, 16, (uint64_t)log->started_unix_ms);
    return num_put(p, 17, (uint64_t)log->duration_us);
}

/* --- the whole log ---------------------------------------------------------- */

/* The log without its columns: the head, for head_put or protobuf-c. */
static Arena__MatchLog pack_head(const Arena__MatchLog *log)
{
    Arena__MatchLog head = disk_view(log);
    head.n_action_seat = head.n_action_id = head.n_action_think_us = head.n_action_cpu_us = 0;
    head.n_start_think_us = head.n_start_cpu_us = head.n_stand_in_ply = 0;
    return head;
}

size_t matchlog_pack_room(const Arena__MatchLog *log)
{
    Arena__MatchLog head = pack_head(log);
    size_t n = head_by_hand(&head) ? head_size(&head) : arena__match_log__get_packed_size(&head);
    return n + COL_N * (2 + COL_LEN_ROOM) +
           10 * (log->n_action_seat + log->n_action_id + log->n_action_think_us +
                 log->n_action_cpu_us + log->n_start_think_us + log->n_start_cpu_us +
                 log->n_stand_in_ply);
}

size_t matchlog_pack(const Arena__MatchLog *log, uint8_t *out)
{
    Arena__MatchLog head = pack_head(log);
    uint8_t *p =
        head_by_hand(&head) ? head_put(out, &head) : out + arena__match_log__pack(&head, out);
    p = column_sint32(p, COL_SEAT, log->action_seat, log->n_action_seat);
    p = column_sint32(p, COL_ID, log->action_id, log->n_action_id);
    p = column_int64(p, COL_THINK, log->action_think_us, log->n_action_think_us);
    p = column_int64(p, COL_CPU, log->action_cpu_us, log->n_action_cpu_us);
    p = column_int64(p, COL_START_THINK, log->start_think_us, log->n_start_think_us);
    p = column_int64(p, COL_START_CPU, log->start_cpu_us, log->n_start_cpu_us);
    p = column_sint32(p, COL_STAND_IN, log->stand_in_ply, log->n_stand_in_ply);
    return (size_t)(p - out);
}

int matchlog_segment_append(uint8_t **buf, size_t *len, size_t *cap, const Arena__MatchLog *log)
{
    /* The log packed after room for its own length, which is then written
     * in front of it and the log moved down to meet it. */
    size_t room = 1 + COL_LEN_ROOM + matchlog_pack_room(log);
    if (*len + room > *cap) {
        size_t c = *cap ? *cap : 4096;
        while (c < *len + room)
            c *= 2;
        *buf = xrealloc(*buf, c);
        *cap = c;
    }
    uint8_t *start = *buf + *len, *body = start + 1 + COL_LEN_ROOM;
    size_t n = matchlog_pack(log, body);
    uint8_t *q = start;
    *q++ = 0x0a; /* field 1 of the segment, length-delimited */
    q = varint_put(q, n);
    if (q != body) memmove(q, body, n);
    *len = (size_t)(q + n - *buf);
    return 0;
}
