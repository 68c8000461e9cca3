/* outcome.c -- names, phrases and sentences of match end reasons, generated
 * from one table (outcome.h). */
#include <stdio.h>
#include <string.h>

#include "outcome.h"

const char *outcome_name(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase, forfeit, sentence)                           \
    case value:                                                                                    \
        return short_name;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return "unknown";
}

const char *outcome_phrase(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase, forfeit, sentence)                           \
    case value:                                                                                    \
        return phrase;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return "unknown";
}

void outcome_describe(int code, const char *detail, char *buf, size_t len)
{
    const char *phrase = outcome_phrase(code);
    if (!detail || !*detail)
        snprintf(buf, len, "%s", phrase);
    else if (strncmp(detail, phrase, strlen(phrase)) == 0)
        snprintf(buf, len, "%s", detail);
    else
        snprintf(buf, len, "%s: %s", phrase, detail);
}

int outcome_is_forfeit(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase, forfeit, sentence)                           \
    case value:                                                                                    \
        return forfeit;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return 0;
}

static const char *outcome_sentence(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase, forfeit, sentence)                           \
    case value:                                                                                    \
        return sentence;
        OUTCOME_TABLE(OUTCOME_CASE)
#undef OUTCOME_CASE
    }
    return "";
}

void outcome_blame(int code, const char *who, const char *detail, char *buf, size_t len)
{
    if (!outcome_is_forfeit(code)) {
        outcome_describe(code, detail, buf, len);
        return;
    }
    const char *phrase = outcome_phrase(code);
    size_t pl = strlen(phrase);
    if (!detail) detail = "";
    if (strncmp(detail, phrase, pl) == 0) { /* "crashed: signal 11": the sentence says it */
        detail += pl;
        while (*detail == ':' || *detail == ' ')
            detail++;
    }
    snprintf(buf, len, "%s %s%s%s", who, outcome_sentence(code), *detail ? ": " : "", detail);
}
