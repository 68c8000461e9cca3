/* outcome.c -- names and phrases of match end reasons, generated from one table. */
#include <stdio.h>
#include <string.h>

#include "outcome.h"

const char *outcome_name(int code)
{
    switch (code) {
#define OUTCOME_CASE(name, value, short_name, phrase)                                              \
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
#define OUTCOME_CASE(name, value, short_name, phrase)                                              \
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
