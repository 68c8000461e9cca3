/* outcome.h -- the one table of how a match can end: code, short name, the
 * phrase used in tables and logs, whether it is a forfeit (a seat at fault
 * loses), and the sentence that follows the culprit's name ("random lost on
 * time"). Every message about a forfeit -- replay, tournament, match, check,
 * progress lines -- is worded from here. Values equal proto's
 * ARENA__END_REASON__*. */
#ifndef ARENA_OUTCOME_H
#define ARENA_OUTCOME_H

#include <stddef.h>

/* X(NAME, value, short name, phrase, forfeit, sentence after the culprit) */
#define OUTCOME_TABLE(X)                                                                           \
    X(NORMAL, 0, "normal", "ended by the rules", 0, "")                                            \
    X(TIME, 1, "time", "lost on time", 1, "lost on time")                                          \
    X(CRASH, 2, "crash", "crashed", 1, "crashed")                                                  \
    X(ILLEGAL, 3, "illegal", "illegal action", 1, "lost by illegal action")                        \
    X(SANDBOX, 4, "sandbox", "sandbox violation", 1, "lost by sandbox violation")                  \
    X(GARBAGE, 5, "garbage", "unreadable reply", 1, "lost by unreadable reply")                    \
    X(SETUP, 6, "setup", "failed to start", 1, "failed to start")                                  \
    X(ADJUDICATION, 7, "adjudication", "adjudicated", 0, "")

typedef enum outcome {
#define OUTCOME_ENUM(name, value, short_name, phrase, forfeit, sentence) OUTCOME_##name = value,
    OUTCOME_TABLE(OUTCOME_ENUM)
#undef OUTCOME_ENUM
} outcome;

const char *outcome_name(int code);   /* "time" */
const char *outcome_phrase(int code); /* "lost on time" */
/* "lost on time: no answer within 350 ms", or the detail alone when it already
 * says what happened ("crashed: signal 11 ...", "sandbox violation: openat"). */
void outcome_describe(int code, const char *detail, char *buf, size_t len);
/* 1 when the code is a forfeit: the culprit seat loses (time, crash, illegal,
 * sandbox, garbage, setup). */
int outcome_is_forfeit(int code);
/* The forfeit as a sentence about its culprit: "random lost on time: no answer
 * within 350 ms", "Black lost by illegal action: answered r3", "x crashed:
 * signal 11 (...)". A detail that repeats the phrase is not said twice. For a
 * code that is no forfeit: outcome_describe's text. */
void outcome_blame(int code, const char *who, const char *detail, char *buf, size_t len);

#endif
