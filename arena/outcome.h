/* outcome.h -- the one table of how a match can end: code, short name and the
 * phrase used in tables and logs. Values equal proto's ARENA__END_REASON__*. */
#ifndef ARENA_OUTCOME_H
#define ARENA_OUTCOME_H

#include <stddef.h>

#define OUTCOME_TABLE(X)                                                                           \
    X(NORMAL, 0, "normal", "ended by the rules")                                                   \
    X(TIME, 1, "time", "lost on time")                                                             \
    X(CRASH, 2, "crash", "crashed")                                                                \
    X(ILLEGAL, 3, "illegal", "illegal action")                                                     \
    X(SANDBOX, 4, "sandbox", "sandbox violation")                                                  \
    X(GARBAGE, 5, "garbage", "unreadable reply")                                                   \
    X(SETUP, 6, "setup", "failed to start")                                                        \
    X(ADJUDICATION, 7, "adjudication", "adjudicated")

typedef enum outcome {
#define OUTCOME_ENUM(name, value, short_name, phrase) OUTCOME_##name = value,
    OUTCOME_TABLE(OUTCOME_ENUM)
#undef OUTCOME_ENUM
} outcome;

const char *outcome_name(int code);   /* "time" */
const char *outcome_phrase(int code); /* "lost on time" */
/* "lost on time: no answer within 350 ms", or the detail alone when it already
 * says what happened ("crashed: signal 11 ...", "sandbox violation: openat"). */
void outcome_describe(int code, const char *detail, char *buf, size_t len);

#endif
