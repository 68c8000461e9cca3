/* replay_obs.c -- any protobuf-c message as JSON, walking its descriptor. */
#include "replay_obs.h"

#include <inttypes.h>
#include <string.h>

#include "jsonw.h"
#include "games/kurnik.pb-c.h"
#include "games/kursk.pb-c.h"
#include "games/morris.pb-c.h"
#include "games/querni.pb-c.h"
#include "games/rugby.pb-c.h"
#include "games/soccer.pb-c.h"

static const struct {
    const char *game;
    const ProtobufCMessageDescriptor *obs;
} obs_table[] = {
    {"morris", &arena__morris__observation__descriptor},
    {"soccer", &arena__soccer__observation__descriptor},
    {"kurnik", &arena__kurnik__observation__descriptor},
    {"querni", &arena__querni__observation__descriptor},
    {"kursk", &arena__kursk__observation__descriptor},
    {"rugby", &arena__rugby__observation__descriptor},
};

static const ProtobufCMessageDescriptor *find(const char *game)
{
    for (size_t i = 0; game && i < sizeof obs_table / sizeof *obs_table; i++)
        if (!strcmp(obs_table[i].game, game)) return obs_table[i].obs;
    return NULL;
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
        fprintf(out, "%" PRId32, *(const int32_t *)p);
        break;
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_FIXED32:
        fprintf(out, "%" PRIu32, *(const uint32_t *)p);
        break;
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
        fprintf(out, "%" PRId64, *(const int64_t *)p);
        break;
    case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_FIXED64:
        /* JSON numbers lose bits past 2^53: keys (morris history) as strings */
        fprintf(out, "\"%" PRIu64 "\"", *(const uint64_t *)p);
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
        for (size_t i = 0; i < b->len; i++)
            fprintf(out, "%s%u", i ? "," : "", b->data[i]);
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
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF &&
            *(const uint32_t *)(base + f->quantifier_offset) != f->id)
            continue; /* not the member of its oneof that is set */
        if (f->label == PROTOBUF_C_LABEL_OPTIONAL && f->quantifier_offset &&
            f->type != PROTOBUF_C_TYPE_MESSAGE && f->type != PROTOBUF_C_TYPE_STRING &&
            !*(const protobuf_c_boolean *)(base + f->quantifier_offset))
            continue; /* proto2 optional, not present */
        fprintf(out, "%s\"%s\":", first ? "" : ",", f->name);
        first = 0;
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
    fputc('}', out);
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
