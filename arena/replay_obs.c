/* replay_obs.c -- any protobuf-c message as JSON, walking its descriptor. */
#include "replay_obs.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "games/kurnik.pb-c.h"
#include "games/kursk.pb-c.h"
#include "games/morris.pb-c.h"
#include "games/querni.pb-c.h"
#include "games/rugby.pb-c.h"
#include "games/soccer.pb-c.h"

/* `lean`: bookkeeping a picture never shows, left out of compact replays
 * (morris's history is the repetition keys since the last irreversible move:
 * it changes every ply and would be a third of a replay). */
static const struct {
    const char *game;
    const ProtobufCMessageDescriptor *obs;
    const char *lean;
} obs_table[] = {
    {"morris", &arena__morris__observation__descriptor, "history"},
    {"soccer", &arena__soccer__observation__descriptor, NULL},
    {"kurnik", &arena__kurnik__observation__descriptor, NULL},
    {"querni", &arena__querni__observation__descriptor, NULL},
    {"kursk", &arena__kursk__observation__descriptor, NULL},
    {"rugby", &arena__rugby__observation__descriptor, NULL},
};

static const ProtobufCMessageDescriptor *find_lean(const char *game, const char **lean)
{
    for (size_t i = 0; game && i < sizeof obs_table / sizeof *obs_table; i++)
        if (!strcmp(obs_table[i].game, game)) {
            if (lean) *lean = obs_table[i].lean;
            return obs_table[i].obs;
        }
    return NULL;
}

static const ProtobufCMessageDescriptor *find(const char *game)
{
    return find_lean(game, NULL);
}

/* Numbers without printf: a replay writes hundreds of thousands of them. */
static void put_u64(FILE *out, uint64_t v)
{
    char buf[24];
    int i = (int)sizeof buf;
    do
        buf[--i] = (char)('0' + v % 10);
    while (v /= 10);
    fwrite(buf + i, 1, sizeof buf - (size_t)i, out);
}

static void put_i64(FILE *out, int64_t v)
{
    if (v < 0) {
        fputc('-', out);
        put_u64(out, (uint64_t)0 - (uint64_t)v);
    } else {
        put_u64(out, (uint64_t)v);
    }
}

int replay_obs_known(const char *game)
{
    return find(game) != NULL;
}

static void write_message(FILE *out, const ProtobufCMessage *m);

/* One value of field f stored at p. */
static void write_value(FILE *out, const ProtobufCFieldDescriptor *f, const void *p)
{
    switch (f->type) {
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_SINT32:
    case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_ENUM:
        put_i64(out, *(const int32_t *)p);
        break;
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_FIXED32:
        put_u64(out, *(const uint32_t *)p);
        break;
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
        put_i64(out, *(const int64_t *)p);
        break;
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64:
        /* JSON numbers lose bits past 2^53: keys (morris history) as strings */
        fputc('"', out);
        put_u64(out, *(const uint64_t *)p);
        fputc('"', out);
        break;
    case PROTOBUF_C_TYPE_FLOAT:
        jsonw_num(out, 6, *(const float *)p);
        break;
    case PROTOBUF_C_TYPE_DOUBLE:
        jsonw_num(out, 9, *(const double *)p);
        break;
    case PROTOBUF_C_TYPE_BOOL:
        fputs(*(const protobuf_c_boolean *)p ? "true" : "false", out);
        break;
    case PROTOBUF_C_TYPE_STRING:
        jsonw_str(out, *(char *const *)p);
        break;
    case PROTOBUF_C_TYPE_BYTES: {
        const ProtobufCBinaryData *b = p;
        fputc('[', out);
        for (size_t i = 0; i < b->len; i++) {
            if (i) fputc(',', out);
            put_u64(out, b->data[i]);
        }
        fputc(']', out);
        break;
    }
    case PROTOBUF_C_TYPE_MESSAGE:
        write_message(out, *(ProtobufCMessage *const *)p);
        break;
    }
}

static size_t value_size(const ProtobufCFieldDescriptor *f)
{
    switch (f->type) {
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64:
        return 8;
    case PROTOBUF_C_TYPE_DOUBLE:
        return sizeof(double);
    case PROTOBUF_C_TYPE_BOOL:
        return sizeof(protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING:
        return sizeof(char *);
    case PROTOBUF_C_TYPE_BYTES:
        return sizeof(ProtobufCBinaryData);
    case PROTOBUF_C_TYPE_MESSAGE:
        return sizeof(ProtobufCMessage *);
    default:
        return 4;
    }
}

/* 1 when field f of the message at base is to be written (a oneof member
 * that is set, a proto2 optional that is present, any proto3 field). */
static int field_present(const ProtobufCFieldDescriptor *f, const char *base)
{
    if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF &&
        *(const uint32_t *)(base + f->quantifier_offset) != f->id)
        return 0;
    if (f->label == PROTOBUF_C_LABEL_OPTIONAL && f->quantifier_offset &&
        f->type != PROTOBUF_C_TYPE_MESSAGE && f->type != PROTOBUF_C_TYPE_STRING &&
        !*(const protobuf_c_boolean *)(base + f->quantifier_offset))
        return 0;
    return 1;
}

/* "name":value */
static void write_field(FILE *out, const ProtobufCFieldDescriptor *f, const char *base)
{
    fputc('"', out);
    fputs(f->name, out);
    fputs("\":", out);
    if (f->label == PROTOBUF_C_LABEL_REPEATED) {
        size_t n = *(const size_t *)(base + f->quantifier_offset);
        const char *arr = *(char *const *)(base + f->offset);
        size_t sz = value_size(f);
        fputc('[', out);
        for (size_t k = 0; k < n; k++) {
            if (k) fputc(',', out);
            write_value(out, f, arr + k * sz);
        }
        fputc(']', out);
    } else {
        write_value(out, f, base + f->offset);
    }
}

static void write_message(FILE *out, const ProtobufCMessage *m)
{
    if (!m) {
        fputs("null", out);
        return;
    }
    const ProtobufCMessageDescriptor *d = m->descriptor;
    const char *base = (const char *)m;
    fputc('{', out);
    int first = 1;
    for (unsigned i = 0; i < d->n_fields; i++) {
        if (!field_present(&d->fields[i], base)) continue;
        if (!first) fputc(',', out);
        first = 0;
        write_field(out, &d->fields[i], base);
    }
    fputc('}', out);
}

int replay_obs_fields(const char *game, const uint8_t *buf, size_t len, int lean, char ***fields,
                      size_t *n)
{
    const char *skip = NULL;
    const ProtobufCMessageDescriptor *d = find_lean(game, &skip);
    ProtobufCMessage *m = d ? protobuf_c_message_unpack(d, NULL, len, buf) : NULL;
    *fields = NULL;
    *n = 0;
    if (!m) return -1;
    char **f = calloc(d->n_fields ? d->n_fields : 1, sizeof *f);
    int rc = f ? 0 : -1;
    for (unsigned i = 0; f && i < d->n_fields; i++) {
        if (!field_present(&d->fields[i], (const char *)m)) continue;
        if (lean && skip && !strcmp(skip, d->fields[i].name)) continue;
        size_t sz = 0;
        FILE *mem = open_memstream(&f[*n], &sz);
        if (!mem) {
            rc = -1;
            break;
        }
        write_field(mem, &d->fields[i], (const char *)m);
        fclose(mem);
        (*n)++;
    }
    protobuf_c_message_free_unpacked(m, NULL);
    *fields = f;
    if (rc) replay_obs_fields_free(f, *n), *fields = NULL, *n = 0;
    return rc;
}

void replay_obs_fields_free(char **fields, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(fields[i]);
    free(fields);
}

int replay_obs_json(FILE *out, const char *game, const uint8_t *buf, size_t len)
{
    const ProtobufCMessageDescriptor *d = find(game);
    ProtobufCMessage *m = d ? protobuf_c_message_unpack(d, NULL, len, buf) : NULL;
    if (!m) {
        fputs("null", out);
        return -1;
    }
    write_message(out, m);
    protobuf_c_message_free_unpacked(m, NULL);
    return 0;
}
